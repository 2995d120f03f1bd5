import { Link } from '@/components/ui/link';
import { EXPIRY_MESSAGES } from '#shared/listing-expiry';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useHashTokenOnce } from '@/hooks/use-hash-token-once';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { type ListingLinkAction, useListingLink } from '../api/use-listing-link';

const TITLES: Record<ListingLinkAction, string> = {
  renew: 'Renovar publicación',
  sold: 'Marcar como vendida',
};

/**
 * The page of a reminder mail's link: it acts once on opening, without signing in, and says in
 * Spanish what happened (renewed, marked sold) or why not (used, expired, not valid).
 */
export function ListingLinkPage({ action }: { action: ListingLinkAction }) {
  useDocumentMeta(TITLES[action]);
  const link = useListingLink(action);
  const { mutate } = link;
  const token = useHashTokenOnce(mutate);

  const listLink = (
    <Link to={paths.myProducts.getHref()} className={buttonClass('outline')}>
      Ir a Mis publicaciones
    </Link>
  );
  // A refusal (4xx but 429) says why; anything else (a 429, an outage) may work on a retry.
  const refused =
    link.error instanceof ApiError &&
    link.error.status >= 400 &&
    link.error.status < 500 &&
    link.error.status !== 429;

  return (
    <div className="container page">
      <div className="empty-state" aria-live="polite">
        <h1 className="page-title">{TITLES[action]}</h1>
        {!token ? (
          <>
            <p>{EXPIRY_MESSAGES.invalidLink}</p>
            {listLink}
          </>
        ) : link.isSuccess ? (
          <>
            <p>{link.data.result === 'renewed' ? EXPIRY_MESSAGES.renewed : EXPIRY_MESSAGES.markedSold}</p>
            <p className="muted">«{link.data.product.title}»</p>
            {link.data.result === 'renewed' ? (
              <Link to={paths.product.getHref(link.data.product.id)} className={buttonClass('primary')}>
                Ver publicación
              </Link>
            ) : null}
            {listLink}
          </>
        ) : refused ? (
          <>
            <p>{link.error?.message}</p>
            {listLink}
          </>
        ) : link.isError ? (
          <>
            <p>No pudimos completar tu solicitud. Inténtalo de nuevo.</p>
            <button type="button" className={buttonClass('primary')} onClick={() => mutate(token)}>
              Intentar de nuevo
            </button>
          </>
        ) : (
          <Spinner label="Procesando tu solicitud..." />
        )}
      </div>
    </div>
  );
}
