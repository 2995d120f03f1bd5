import { ProductCard } from '@/components/product/product-card';
import type { ProductSummary } from '#shared/schemas';

/** 'Vistos recientemente': the locally stored history (newest first), without the product on screen. */
export function RecentlyViewed({ products }: { products: readonly ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section className="section" aria-labelledby="recently-viewed-title">
      <div className="section__header">
        <h2 id="recently-viewed-title" className="section__title">
          Vistos recientemente
        </h2>
      </div>
      <ul className="recent-strip">
        {products.map((product) => (
          <li key={product.id} className="recent-strip__item">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
