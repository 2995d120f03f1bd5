import { LIMITS } from '#shared/limits';
import type { ProductSummary } from '#shared/schemas';
import { Skeleton } from '../ui/skeleton';
import { ProductCard } from './product-card';

// Cards in the widest layout's first row (4 columns): a page's first grid loads these at once.
export { FIRST_ROW } from './image-sizes';

export interface ProductGridProps {
  products: readonly ProductSummary[];
  loading?: boolean;
  skeletonCount?: number;
  /** Shown when not loading and there are no products. */
  emptyText?: string;
  /** Cards whose photo loads at once (the page's first row); the rest load lazily. @default 0 */
  eagerCount?: number;
  /** The seller's rating on each card (ProductCard's). @default true */
  sellerRating?: boolean;
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" data-testid="product-skeleton">
      <Skeleton className="product-card__media" />
      <div className="product-card__body">
        <Skeleton className="skeleton--text" />
        <Skeleton className="skeleton--text skeleton--short" />
      </div>
    </div>
  );
}

/** Cards in 1/2/3/4 columns by width (CSS); skeleton cards while loading. */
export function ProductGrid({
  products,
  loading = false,
  skeletonCount = LIMITS.skeletonCards,
  emptyText,
  eagerCount = 0,
  sellerRating = true,
}: ProductGridProps) {
  if (loading) {
    return (
      <div className="product-grid" aria-busy="true">
        {Array.from({ length: skeletonCount }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (products.length === 0) return emptyText ? <p className="empty-text">{emptyText}</p> : null;
  return (
    <ul className="product-grid">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < eagerCount} sellerRating={sellerRating} />
        </li>
      ))}
    </ul>
  );
}
