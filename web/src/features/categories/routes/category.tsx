import { Navigate, useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { CATEGORY_LABELS, type Category } from '#shared/enums';
import { CategoryIcon, categoryTheme } from '@/components/catalog-icons';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { clientHeadContext, useDocumentHead } from '@/lib/document-meta';
import { categoryHead } from '@/lib/page-head/listings';
import { notFoundHead } from '@/lib/page-head/pages';
import { getSelectedUniversity } from '@/lib/storage';
import { CATEGORY_DESCRIPTIONS, skeletonCountFor } from '../category-copy';
import { ScopedListing } from '@/components/product/scoped-listing';
import { matchCategory } from '../match-category';
import '../categories.css';

/** /categoria/{category}, which also serves the dedicated pages (tickets, ropa, electronica). */
export function Component() {
  const category = matchCategory(useParams().category);
  if (!category) return <CategoryNotFound />;
  return <CategoryPage category={category} />;
}

function CategoryNotFound() {
  useDocumentHead(notFoundHead('category', clientHeadContext()));
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
  const universityId = getSelectedUniversity();
  useDocumentHead(
    categoryHead({ category, description: CATEGORY_DESCRIPTIONS[category] }, clientHeadContext()),
  );
  if (!universityId) return <Navigate to={paths.selectUniversity.getHref()} replace />;
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
        query={{ university: universityId, category, sort: 'newest' }}
        label={label}
        skeletonCount={skeletonCountFor(category)}
      />
    </div>
  );
}
