import { useOwnProducts } from '@/lib/api/get-own-products';
import { useSession } from '@/lib/session';

/**
 * Who looks at a product: a visitor (signed out), its seller (it is one of their own listings, the
 * list 'Mis Productos' shows), another signed-in user (a buyer), or not known yet (the session or
 * the own list is loading). The seller gets no contact or report button; the server refuses them
 * too (403).
 */
export type ViewerRole = 'visitor' | 'seller' | 'buyer' | 'unknown';

export function useViewerRole(productId: number): ViewerRole {
  const session = useSession();
  const own = useOwnProducts();
  if (session.status === 'signed-out') return 'visitor';
  if (session.status !== 'signed-in' || own.isPending) return 'unknown';
  // An own list that failed to load: treated as someone else's product (the server still refuses).
  return own.data?.items.some((p) => p.id === productId) ? 'seller' : 'buyer';
}
