import { CAREER_LABELS, CATEGORY_LABELS, type Career, type Category } from '#shared/enums';
import type { University } from '#shared/schemas';
import { slugify } from '#shared/text';
import { paths } from '@/config/paths';
import { SITE_NAME } from './site-basics';
import { pageHead } from './site';
import type { HeadContext, NoPrivateFields, PageHead } from './types';

/** The listing pages' heads: the chooser, a university's marketplace, search, global, careers, categories. */

type HeadUniversity = Pick<University, 'id' | 'name' | 'full_name'> & NoPrivateFields;

/** / and /select-university (one page: canonical '/'), with the site's WebSite + SearchAction data. */
export function chooserHead(ctx: HeadContext): PageHead {
  const home = new URL('/', ctx.origin).href;
  return pageHead(
    {
      title: 'Elige tu universidad',
      description: 'Compra y vende dentro de tu universidad: UCAB, USM, UNIMET y UCV.',
      path: paths.home.getHref(),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          inLanguage: 'es-VE',
          url: home,
          potentialAction: {
            '@type': 'SearchAction',
            target: `${new URL(paths.search.path, ctx.origin).href}?q={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    },
    ctx,
  );
}

/**
 * /marketplace?university={id}: 'Marketplace de {name}' as its header says; 'Marketplace' when the
 * university did not load (the canonical URL names it all the same).
 */
export function marketplaceHead(
  input: { universityId: string; university: HeadUniversity | null },
  ctx: HeadContext,
): PageHead {
  const { university } = input;
  return pageHead(
    {
      title: university ? `Marketplace de ${university.name}` : 'Marketplace',
      description: university
        ? `Productos de la comunidad de ${university.full_name}: libros, electrónica, ropa y más.`
        : 'Productos de tu comunidad universitaria: libros, electrónica, ropa y más.',
      path: paths.marketplace.getHref(input.universityId),
    },
    ctx,
  );
}

export interface SearchHeadInput {
  /** The visitor's text as typed (trimmed here); empty for /search alone. */
  q: string;
  /** Matching products; null when not counted (index down) or not loaded. */
  total: number | null;
  university: HeadUniversity | null;
}

/** /search?q=…: 'Resultados para "{q}"'; not indexed when empty (no text, or nothing found). */
export function searchHead(input: SearchHeadInput, ctx: HeadContext): PageHead {
  const q = input.q.trim();
  const where = input.university ? ` en ${input.university.name}` : '';
  const found =
    input.total === null
      ? null
      : `${input.total} ${input.total === 1 ? 'producto encontrado' : 'productos encontrados'}`;
  return pageHead(
    {
      title: q ? `Resultados para "${q}"` : 'Resultados de Búsqueda',
      description: q
        ? `${found ?? 'Productos'} para "${q}"${where}.`
        : `Busca productos de tu comunidad universitaria${where}.`,
      path: paths.search.getHref(q),
      noindex: !q || input.total === 0,
    },
    ctx,
  );
}

export function globalHead(ctx: HeadContext): PageHead {
  return pageHead(
    {
      title: 'Marketplace Global',
      description: 'Productos de estudiantes de todas las universidades de Venezuela.',
      path: paths.globalMarketplace.getHref(),
    },
    ctx,
  );
}

export function careersHead(ctx: HeadContext): PageHead {
  return pageHead(
    {
      title: 'Carreras',
      description:
        'Encuentra productos para tu carrera: economía, arquitectura, ingeniería, derecho, comunicación y psicología.',
      path: paths.careers.getHref(),
    },
    ctx,
  );
}

/** /carrera/{slug}; the one-line description is the career page's own copy (features/careers). */
export function careerHead(input: { career: Career; description: string }, ctx: HeadContext): PageHead {
  const label = CAREER_LABELS[input.career];
  return pageHead(
    {
      title: `Productos de ${label}`,
      description: input.description,
      path: paths.career.getHref(slugify(label)),
    },
    ctx,
  );
}

/** /categoria/{category}; the description is the category page's own copy (features/categories). */
export function categoryHead(input: { category: Category; description: string }, ctx: HeadContext): PageHead {
  return pageHead(
    {
      title: CATEGORY_LABELS[input.category],
      description: input.description,
      path: paths.category.getHref(input.category),
    },
    ctx,
  );
}
