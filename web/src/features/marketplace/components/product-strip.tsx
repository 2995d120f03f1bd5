import { Link } from '@/components/ui/link';
import { photoSrcSet } from '#shared/photo-urls';
import type { ProductSummary } from '#shared/schemas';
import { formatUsd } from '#shared/money';
import { DEFAULT_PRODUCT_IMAGE } from '@/components/product/image-sizes';
import { paths } from '@/config/paths';

/**
 * While the strip's products load: placeholders of its items' height, so the page below it does
 * not move down when they arrive (CLS; decision 024).
 */
function StripPlaceholder() {
  return (
    <section className="strip" aria-hidden="true">
      <ul className="strip__track strip__track--still">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <div className="strip__item">
              <span className="skeleton strip__photo" />
              <span>&nbsp;</span>
              <strong>&nbsp;</strong>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The global page's scrolling strip: the first 8 products, tripled so the CSS loop never shows a gap. */
export function ProductStrip({
  products,
  loading = false,
}: {
  products: readonly ProductSummary[];
  loading?: boolean;
}) {
  if (loading) return <StripPlaceholder />;
  if (products.length === 0) return null;
  const copies = [0, 1, 2];
  return (
    <section className="strip" aria-label="Productos destacados">
      <ul className="strip__track">
        {copies.flatMap((copy) =>
          products.map((p) => (
            <li key={`${copy}-${p.id}`} aria-hidden={copy > 0 ? true : undefined}>
              <Link
                className="strip__item"
                to={paths.product.getHref(p.id)}
                tabIndex={copy > 0 ? -1 : undefined}
              >
                <img
                  src={p.image || DEFAULT_PRODUCT_IMAGE}
                  srcSet={p.image ? photoSrcSet(p.image, p.image_variants?.[p.image]) : undefined}
                  sizes="140px"
                  alt=""
                  loading="lazy"
                  width={140}
                  height={105}
                  onError={(e) => {
                    // A broken image falls back to the default one (once: the default never fails twice).
                    if (!e.currentTarget.src.endsWith(DEFAULT_PRODUCT_IMAGE)) {
                      e.currentTarget.removeAttribute('srcset');
                      e.currentTarget.src = DEFAULT_PRODUCT_IMAGE;
                    }
                  }}
                />
                <span>{p.title}</span>
                <strong>{formatUsd(p.price)}</strong>
              </Link>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
