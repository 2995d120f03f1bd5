import { ProductGrid } from '@/components/product/product-grid';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import type { Category } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { useRelatedProducts } from '../api/get-related-products';

/**
 * 'Productos relacionados': its own query, so their answer re-renders this section rather than the
 * whole page (one long task less on a slow phone). Below a phone's first screen: laid out when near.
 */
export function RelatedProducts({ productId, category }: { productId: number; category: Category }) {
  const related = useRelatedProducts(productId);
  const items = (related.data?.items ?? [])
    .filter((p) => p.id !== productId)
    .slice(0, LIMITS.relatedProducts);
  if (!related.isPending && items.length === 0) return null;
  return (
    <section className="section section--below" aria-labelledby="related-title">
      <div className="section__header">
        <h2 id="related-title" className="section__title">
          Productos relacionados
        </h2>
        <Link to={paths.category.getHref(category)} className="section__link">
          Ver todos
        </Link>
      </div>
      <ProductGrid products={items} loading={related.isPending} skeletonCount={LIMITS.relatedProducts} />
    </section>
  );
}
