import { useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { formatUsd } from '#shared/money';
import { SELLER_ID_PATTERN } from '#shared/ids';
import { ProductGrid } from '@/components/product/product-grid';
import { SellerFacts } from '@/components/trust/seller-facts';
import { Button, buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { notFoundHead } from '@/lib/page-head/pages';
import { sellerHead } from '@/lib/page-head/seller';
import { getSellerQueryOptions, useSeller } from '@/lib/api/get-seller';
import type { Prefetch } from '@/lib/render-context';
import { SellerReviews } from '../components/seller-reviews';
import '../trust.css';

/** The server's render: the seller; 404 for an id the API would refuse or does not know. */
export const prefetch: Prefetch = async ({ params, queryClient }) => {
  const id = params.id ?? '';
  if (!SELLER_ID_PATTERN.test(id)) return { status: 404 };
  const seller = await queryClient.fetchQuery(getSellerQueryOptions(id)).catch(() => undefined);
  return seller === null ? { status: 404 } : undefined;
};

/**
 * /vendedor/{id}: who the seller is (issue 14; decision 032) — name, verified institutional e-mail,
 * membership, counts, active listings and (unless they hid them) their sold items, and their
 * reputation and reviews as a seller (issue 40). Public.
 */
export function Component() {
  const raw = useParams().id ?? '';
  // An id the API would refuse names no seller: not found, without asking.
  const id = SELLER_ID_PATTERN.test(raw) ? raw : null;
  const seller = useSeller(id);
  useDocumentHead((ctx) => (seller.data ? sellerHead(seller.data, ctx) : null));
  if (id === null) return <SellerNotFound />;

  if (seller.isError) {
    return (
      <div className="container page">
        <div className="empty-state" role="alert">
          <h1 className="page-title">No se pudo cargar el vendedor</h1>
          <p className="muted">Revisa tu conexión e inténtalo de nuevo.</p>
          <Button onClick={() => seller.refetch()}>Reintentar</Button>
        </div>
      </div>
    );
  }
  // The API's 404 arrives as null (lib/api/get-seller.ts).
  if (seller.data === null) return <SellerNotFound />;
  if (!seller.data)
    return (
      <div className="container page seller-page" aria-busy="true">
        <span className="visually-hidden" role="status">
          Cargando vendedor...
        </span>
        <Skeleton className="skeleton--text skeleton--short" />
        <Skeleton className="skeleton--text" />
      </div>
    );

  const s = seller.data;
  const initial = s.display_name.trim().charAt(0).toUpperCase() || 'U';
  return (
    <div className="container page seller-page">
      <header className="seller-page__header">
        <span className="disc seller-page__avatar" aria-hidden="true">
          {initial}
        </span>
        <div>
          <h1 className="page-title seller-page__name">{s.display_name}</h1>
          <SellerFacts seller={s} />
        </div>
      </header>

      <section className="section" aria-labelledby="seller-active-title">
        <h2 id="seller-active-title" className="section__title">
          Publicaciones activas
        </h2>
        <ProductGrid
          products={s.listings}
          emptyText="Este vendedor no tiene publicaciones activas."
          eagerCount={4}
          sellerRating={false}
        />
      </section>

      {!s.sold_hidden && s.sold_listings.length > 0 && (
        <section className="section" aria-labelledby="seller-sold-title">
          <h2 id="seller-sold-title" className="section__title">
            Vendidos
          </h2>
          <ul className="seller-sold">
            {s.sold_listings.map((p) => (
              <li key={p.id} className="seller-sold__item">
                <span className="seller-sold__title">{p.title}</span>
                <span className="seller-sold__price">{formatUsd(p.price)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <SellerReviews seller={s} />

      <p className="muted seller-page__safety">
        ¿Vas a comprarle? Lee los <Link to={paths.safeBuying.getHref()}>consejos de compra segura</Link>.
      </p>
    </div>
  );
}

function SellerNotFound() {
  useDocumentHead((ctx) => notFoundHead('seller', ctx));
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Vendedor no encontrado</h1>
        <p className="muted">Es posible que la cuenta ya no exista o que el enlace no sea correcto.</p>
        <Link to={paths.marketplace.getHref()} className={buttonClass('primary')}>
          Volver al marketplace
        </Link>
      </div>
    </div>
  );
}
