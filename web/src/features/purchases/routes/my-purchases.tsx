import { useEffect } from 'react';
import { RequireSession } from '@/components/layout/require-session';
import { ProductCard } from '@/components/product/product-card';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { PURCHASE_STATE_LABELS, type PurchaseEntry } from '#shared/deals';
import { usePurchases } from '../api/get-purchases';
import './my-purchases.css';

/**
 * 'Mis Compras' (issue 40): the listings the person contacted ('Contactar por WhatsApp') or asked
 * about, their latest first, each with where it stands now; /login first without a session.
 */
export function Component() {
  useDocumentMeta('Mis Compras');
  return (
    <div className="container page">
      <h1 className="page-title">Mis Compras</h1>
      <RequireSession>{() => <Purchases />}</RequireSession>
    </div>
  );
}

const how = (e: PurchaseEntry) =>
  e.contacted_at && e.asked_at
    ? 'Contactaste al vendedor y le preguntaste'
    : e.contacted_at
      ? 'Contactaste al vendedor'
      : 'Le preguntaste al vendedor';

function Purchases() {
  const { data, error, isLoading } = usePurchases();

  useEffect(() => {
    if (error) console.error('No se pudieron cargar tus compras', error);
  }, [error]);

  if (isLoading) return <p className="muted">Cargando…</p>;
  if (error) return <p className="muted">No se pudieron cargar tus compras. Inténtalo de nuevo más tarde.</p>;
  const items = data?.items ?? [];
  if (items.length === 0)
    return (
      <div className="empty-state">
        <p className="muted">
          Aquí verás los productos por los que contactaste a un vendedor o le hiciste una pregunta, y cómo
          van.
        </p>
        <Link to={paths.home.getHref()} className={buttonClass('primary')}>
          Explorar productos
        </Link>
      </div>
    );
  return (
    <ul className="product-grid purchases">
      {items.map((e) => (
        <li key={e.product.id} className="purchases__item">
          <ProductCard product={e.product} />
          <p className="purchases__state">
            <span className={`badge purchases__badge purchases__badge--${e.state}`}>
              {PURCHASE_STATE_LABELS[e.state]}
            </span>{' '}
            <span className="muted">{how(e)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
