import { useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { CATEGORY_LABELS, type Category } from '#shared/enums';
import { CategoryIcon, categoryTheme } from '@/components/catalog-icons';
import { buttonClass } from '@/components/ui/button';
import { ChooseUniversityFirst, chooseUniversityFirst } from '@/components/choose-university-first';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { categoryHead } from '@/lib/page-head/listings';
import { notFoundHead } from '@/lib/page-head/pages';
import { getInfiniteProductsQueryOptions } from '@/lib/api/get-infinite-products';
import type { ProductsQuery } from '@/lib/api/get-products';
import type { Prefetch } from '@/lib/render-context';
import { useShownUniversity } from '@/lib/selected-university';
import { CATEGORY_DESCRIPTIONS, skeletonCountFor } from '../category-copy';
import { ScopedListing } from '@/components/product/scoped-listing';
import { matchCategory } from '../match-category';
import '../categories.css';

/** /categoria/{category}, which also serves the dedicated pages (tickets, ropa, electronica). */
const listingQuery = (university: string, category: Category): ProductsQuery => ({
  university,
  category,
  sort: 'newest',
});

/** The server's render: the listing's first page in the chosen university; 404 for an unknown category. */
export const prefetch: Prefetch = async ({ url, params, university, queryClient }) => {
  const category = matchCategory(params.category);
  if (!category) return { status: 404 };
  if (!university) return chooseUniversityFirst(url);
  await queryClient.prefetchInfiniteQuery(
    getInfiniteProductsQueryOptions(listingQuery(university, category)),
  );
  return undefined;
};

export function Component() {
  const category = matchCategory(useParams().category);
  if (!category) return <CategoryNotFound />;
  return <CategoryPage category={category} />;
}

function CategoryNotFound() {
  useDocumentHead((ctx) => notFoundHead('category', ctx));
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Categoría no encontrada</h1>
        <p className="muted">La categoría que buscas no existe.</p>
        <Link to={paths.marketplace.getHref()} className={buttonClass('primary')}>
          Volver al marketplace
        </Link>
      </div>
    </div>
  );
}

function CategoryPage({ category }: { category: Category }) {
  const label = CATEGORY_LABELS[category];
  const universityId = useShownUniversity();
  useDocumentHead((ctx) => categoryHead({ category, description: CATEGORY_DESCRIPTIONS[category] }, ctx));
  if (!universityId) return <ChooseUniversityFirst />;
  // categoryTheme falls back to 'otros' for anything it has no colours for.
  const theme = categoryTheme(category);

  return (
    <div className="container page">
      <nav className="breadcrumb" aria-label="Ruta de navegación">
        <ol>
          <li>
            <Link to={paths.marketplace.getHref()}>Marketplace</Link>
          </li>
          <li aria-current="page">{label}</li>
        </ol>
      </nav>
      <header className="category-header" style={{ background: theme.bg }}>
        <span className="category-header__icon" style={{ color: theme.fg }}>
          <CategoryIcon id={category} size={32} />
        </span>
        <div className="category-header__text">
          <h1 className="page-title">{label}</h1>
          <p className="category-header__description">{CATEGORY_DESCRIPTIONS[category]}</p>
        </div>
      </header>
      <ScopedListing
        query={listingQuery(universityId, category)}
        label={label}
        skeletonCount={skeletonCountFor(category)}
      />
    </div>
  );
}
