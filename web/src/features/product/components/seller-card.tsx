import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link } from '@/components/ui/link';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSeller } from '@/lib/api/get-seller';
// The facts' style is the screen's, in a rendered page's head: arriving with their chunk, it restyled
// the facts the server drew and moved what is below them.
import '@/components/trust/trust.css';

export interface SellerCardProps {
  sellerName: string;
  universityName: ReactNode;
  /** The seller's account (their public page); null for a listing imported without one. */
  sellerId?: string | null;
  /** What concerns the seller: the WhatsApp contact and the report button. */
  actions?: ReactNode;
}

// The seller's facts are below the price and the photos: their code is a chunk of its own, requested
// when the card mounts, beside the seller's answer.
const loadFacts = () => import('@/components/trust/seller-facts');
const SellerFacts = lazy(() => loadFacts().then((m) => ({ default: m.SellerFacts })));
const LegacySeller = lazy(() => loadFacts().then((m) => ({ default: m.LegacySeller })));

export function SellerCard({ sellerName, universityName, sellerId = null, actions }: SellerCardProps) {
  const initial = sellerName.trim().charAt(0).toUpperCase() || 'U';
  const seller = useSeller(sellerId);
  useEffect(() => {
    void loadFacts();
  }, []);
  return (
    <section className="seller-card" aria-labelledby="seller-card-title">
      <h2 id="seller-card-title" className="seller-card__title">
        Vendedor
      </h2>
      <div className="seller-card__person">
        <span className="seller-card__avatar" aria-hidden="true">
          {initial}
        </span>
        <div>
          <p className="seller-card__name">
            {sellerId ? (
              <Link to={paths.seller.getHref(sellerId)}>{seller.data?.display_name ?? sellerName}</Link>
            ) : (
              sellerName
            )}
          </p>
          <p className="seller-card__university">{universityName}</p>
        </div>
      </div>
      <Suspense fallback={<Skeleton className="skeleton--text" />}>
        {!sellerId ? (
          <LegacySeller />
        ) : seller.data ? (
          <SellerFacts seller={seller.data} />
        ) : seller.isPending ? (
          <Skeleton className="skeleton--text" />
        ) : null}
      </Suspense>
      {actions && <div className="seller-card__actions">{actions}</div>}
      <p className="seller-card__safety">
        <Link to={paths.safeBuying.getHref()}>Consejos para una compra segura</Link>
      </p>
    </section>
  );
}
