import type { Reputation } from '#shared/reviews';
import { plural } from '@/lib/page-head/seller';
import { oneDecimal } from './rating-text';
import './reviews.css';

/** Stars as drawn ('★★★★☆'), read as 'N de 5 estrellas'. */
export function Stars({ value }: { value: number }) {
  const n = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={`${n} de 5 estrellas`}>
      {'★'.repeat(n)}
      <span className="stars__empty">{'☆'.repeat(5 - n)}</span>
    </span>
  );
}

/** A person's figures as a seller: '★ 4,5 · 12 reseñas · 20 ventas completadas' (issue 40). */
export function sellerReputationText(r: Reputation): string {
  const reviews =
    r.seller_average === null
      ? 'Sin reseñas todavía'
      : `★ ${oneDecimal(r.seller_average)} · ${plural(r.seller_reviews, 'reseña', 'reseñas')}`;
  return r.deals_completed > 0
    ? `${reviews} · ${plural(r.deals_completed, 'venta completada', 'ventas completadas')}`
    : reviews;
}

/** A person's rating as a buyer: an average only, never a list ('Como comprador: ★ 5,0 (3)'). */
export function buyerReputationText(r: Reputation): string | null {
  return r.buyer_average === null
    ? null
    : `Como comprador: ★ ${oneDecimal(r.buyer_average)} (${plural(r.buyer_reviews, 'reseña', 'reseñas')})`;
}
