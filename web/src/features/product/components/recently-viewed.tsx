import { useEffect, useState } from 'react';
import { ProductCard } from '@/components/product/product-card';
import { addRecentlyViewed } from '@/lib/recently-viewed';
import type { ProductSummary } from '#shared/schemas';

const sameIds = (a: readonly ProductSummary[], b: readonly ProductSummary[]) =>
  a.length === b.length && a.every((p, i) => p.id === b[i].id);

/**
 * 'Vistos recientemente': records the product on screen and shows the locally stored history (newest
 * first) without it. Its state is its own, so recording re-renders this section, not the page.
 */
export function RecentlyViewed({ current }: { current: ProductSummary }) {
  // Empty in the first render, as on the server (the history is this browser's): the effect shows it.
  const [products, setProducts] = useState<ProductSummary[]>([]);
  useEffect(() => {
    const next = addRecentlyViewed(current).filter((p) => p.id !== current.id);
    setProducts((shown) => (sameIds(shown, next) ? shown : next));
  }, [current]);
  if (products.length === 0) return null;
  return (
    <section className="section section--below" aria-labelledby="recently-viewed-title">
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
