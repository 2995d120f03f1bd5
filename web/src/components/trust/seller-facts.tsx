import type { Seller } from '#shared/trust';
import { buyerReputationText, sellerReputationText } from '@/components/reviews/stars';
import { sellerCountsText } from '@/lib/page-head/seller';
import { monthYearLabel } from '@/lib/spanish-dates';
import './trust.css';

/** A month of the API ('2026-03') as the pages say it: 'marzo de 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return m <= 12 ? monthYearLabel(y, m) : month;
}

/**
 * What earns trust in a seller (decision 032): the verified institutional e-mail with its
 * university and month, how long they have been a member, their active and sold listings, and
 * their reputation from confirmed deals (issue 40): as a seller the average of their reviews, how
 * many, and their completed sales; as a buyer only an average.
 */
export function SellerFacts({ seller }: { seller: Seller }) {
  const buyer = buyerReputationText(seller.reputation);
  return (
    <ul className="seller-facts">
      {seller.verified ? (
        <li className="seller-facts__badge">
          <span aria-hidden="true">✓</span>{' '}
          <span>
            Correo institucional verificado
            {seller.university_name ? ` · ${seller.university_name}` : ''}
            {seller.verified_month && (
              <span className="seller-facts__month">
                {' '}
                (verificado en {monthLabel(seller.verified_month)})
              </span>
            )}
          </span>
        </li>
      ) : (
        <li className="seller-facts__unverified">Correo institucional sin verificar</li>
      )}
      <li>Miembro desde {monthLabel(seller.member_since)}</li>
      <li>{sellerCountsText(seller)}</li>
      <li className="seller-facts__reputation">{sellerReputationText(seller.reputation)}</li>
      {buyer && <li className="seller-facts__buyer">{buyer}</li>}
    </ul>
  );
}

/** An imported listing's seller, who has no account here. */
export function LegacySeller() {
  return <p className="seller-facts__legacy">Vendedor de la versión anterior</p>;
}
