import { useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { CAREER_LABELS, type Career } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { CareerIcon } from '@/components/career-icons';
import { careerTheme } from '@/components/catalog-icons';
import { buttonClass } from '@/components/ui/button';
import { ChooseUniversityFirst, chooseUniversityFirst } from '@/components/choose-university-first';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { careerHead } from '@/lib/page-head/listings';
import { notFoundHead } from '@/lib/page-head/pages';
import { getInfiniteProductsQueryOptions } from '@/lib/api/get-infinite-products';
import type { ProductsQuery } from '@/lib/api/get-products';
import type { Prefetch } from '@/lib/render-context';
import { useShownUniversity } from '@/lib/selected-university';
import { CAREER_DESCRIPTIONS } from '../career-copy';
import { ScopedListing } from '@/components/product/scoped-listing';
import { matchCareer } from '../match-career';
import '../careers.css';

const listingQuery = (university: string, career: Career): ProductsQuery => ({
  university,
  career,
  sort: 'newest',
});

/** The server's render: the listing's first page in the chosen university; 404 for an unknown career. */
export const prefetch: Prefetch = async ({ url, params, university, queryClient }) => {
  const career = matchCareer(params.career);
  if (!career) return { status: 404 };
  if (!university) return chooseUniversityFirst(url);
  await queryClient.prefetchInfiniteQuery(getInfiniteProductsQueryOptions(listingQuery(university, career)));
  return undefined;
};

export function Component() {
  const career = matchCareer(useParams().career);
  if (!career) return <CareerNotFound />;
  return <CareerPage career={career} />;
}

function CareerNotFound() {
  useDocumentHead((ctx) => notFoundHead('career', ctx));
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Carrera no encontrada</h1>
        <p className="muted">La carrera que buscas no existe.</p>
        <Link to={paths.home.getHref()} className={buttonClass('primary')}>
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}

function CareerPage({ career }: { career: Career }) {
  const label = CAREER_LABELS[career];
  const universityId = useShownUniversity();
  useDocumentHead((ctx) => careerHead({ career, description: CAREER_DESCRIPTIONS[career] }, ctx));
  if (!universityId) return <ChooseUniversityFirst />;
  const theme = careerTheme(career);

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
      <header className="career-header">
        <span className="career-header__icon" style={{ background: theme.bg, color: theme.fg }}>
          <CareerIcon id={career} size={32} />
        </span>
        <div>
          <h1 className="page-title">{label}</h1>
          <p className="page-subtitle">{CAREER_DESCRIPTIONS[career]}</p>
        </div>
      </header>
      <ScopedListing
        query={listingQuery(universityId, career)}
        label={label}
        skeletonCount={LIMITS.skeletonCards}
      />
    </div>
  );
}
