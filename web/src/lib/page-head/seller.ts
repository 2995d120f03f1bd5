import type { Seller } from '#shared/trust';
import { paths } from '@/config/paths';
import { pageHead } from './site';
import type { HeadContext, NoPrivateFields, PageHead } from './types';

/** What a seller's head may read: the public seller answer's identity and counts, never a contact. */
export type HeadSeller = Pick<
  Seller,
  'id' | 'display_name' | 'university_name' | 'verified' | 'active_count' | 'sold_count'
> &
  NoPrivateFields;

/** '1 reseña', '3 reseñas'. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '3 publicaciones activas · 1 vendida', as the seller page's facts say it (SellerFacts). */
export function sellerCountsText(seller: Pick<Seller, 'active_count' | 'sold_count'>): string {
  return `${plural(seller.active_count, 'publicación activa', 'publicaciones activas')} · ${plural(seller.sold_count, 'vendida', 'vendidas')}`;
}

/** /vendedor/{id}: the public name, the verified university and the counts. */
export function sellerHead(seller: HeadSeller, ctx: HeadContext): PageHead {
  const verified = seller.verified
    ? `Correo institucional verificado${seller.university_name ? ` · ${seller.university_name}` : ''}`
    : null;
  return pageHead(
    {
      title: `${seller.display_name} · Vendedor`,
      description: [verified, sellerCountsText(seller)].filter(Boolean).join(' · '),
      path: paths.seller.getHref(seller.id),
      ogType: 'profile',
    },
    ctx,
  );
}
