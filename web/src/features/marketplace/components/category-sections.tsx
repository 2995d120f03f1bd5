import { useDeferredValue } from 'react';
import { CATEGORY_LABELS } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { CategoryIcon, categoryTheme } from '@/components/catalog-icons';
import { FIRST_ROW, ProductGrid } from '@/components/product/product-grid';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { useCategorySections } from '../api/get-category-sections';
import { withFilters } from '../hooks/use-filters';

/**
 * No search and no filters: one section per filter category with up to 4 products and 'Ver todos'
 * (a link to this page with that category as filter: it works before the app runs); categories
 * without products are hidden.
 */
export function CategorySections({ universityId }: { universityId: string }) {
  // The cards render in a background render, which React splits into short tasks: the answers land
  // together (decision 024) and 32 cards rendered at once held a slow phone's main thread for
  // ~300 ms (Lighthouse's TBT). Meanwhile the previous view (the skeleton) stays on screen.
  // The data keeps its identity while unchanged (structural sharing): no background render repeats.
  // A server-rendered page's first render (its hydration) has the data at once and shows it whole.
  const { data, isError } = useCategorySections(universityId);
  const sections = useDeferredValue(data);

  if (!sections && !isError) {
    return (
      <section className="section" aria-busy="true">
        <p className="results-count">Cargando productos increíbles...</p>
        <ProductGrid products={[]} loading skeletonCount={LIMITS.skeletonCards} />
      </section>
    );
  }

  const visible = (sections ?? []).filter((s) => s.items.length > 0);
  if (visible.length === 0) {
    return <p className="empty-text">No se encontraron productos</p>;
  }

  return (
    <>
      {visible.map(({ category, items }, index) => {
        const theme = categoryTheme(category);
        return (
          <section
            // Below the first, a phone's first screen never shows them: the browser lays them out
            // and paints them when they come near (CSS content-visibility, decision 035).
            className={index === 0 ? 'section' : 'section section--below'}
            key={category}
            aria-labelledby={`section-${category}`}
          >
            <div className="section__header">
              <h2 className="section__title" id={`section-${category}`}>
                <span
                  className="carousel__icon carousel__icon--sm"
                  style={{ background: theme.bg, color: theme.fg }}
                >
                  <CategoryIcon id={category} size={20} />
                </span>
                {CATEGORY_LABELS[category]}
              </h2>
              <Link
                className={buttonClass('ghost', 'sm')}
                to={{ search: `?${withFilters(new URLSearchParams(), { category })}` }}
                aria-label={`Ver todos: ${CATEGORY_LABELS[category]}`}
              >
                Ver todos
              </Link>
            </div>
            {/* Only the first section's first row is above the fold on a phone. */}
            <ProductGrid
              products={items.slice(0, LIMITS.categoryPreview)}
              eagerCount={index === 0 ? FIRST_ROW : 0}
            />
          </section>
        );
      })}
    </>
  );
}
