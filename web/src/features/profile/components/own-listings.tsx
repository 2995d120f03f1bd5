import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '@/components/ui/link';
import { isOnOffer, PRODUCT_STATUS_LABELS } from '#shared/statuses';
import { DEAL_MESSAGES, handoffOpen, type InterestedPerson, type SellerDeal } from '#shared/deals';
import { EXPIRY_MESSAGES, expiryLabel } from '#shared/listing-expiry';
import { photoSrcSet } from '#shared/photos';
import { formatUsd } from '#shared/money';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Popover } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useOwnProducts } from '@/lib/api/get-own-products';
import { useDeleteOwnProduct } from '../api/delete-own-product';
import { interestedQueryOptions, useEnterHandoffCode } from '../api/deals';
import { useReviewDeal } from '@/lib/api/reviews';
import { type OwnStatusChange, useSetOwnProductStatus } from '../api/mark-product-sold';
import { useRenewOwnProduct } from '../api/renew-own-product';
import { BuyerDialog, HandoffDialog, NOBODY } from './deal-dialogs';
import { ReviewForm } from '@/components/reviews/review-form';
import { Dialog } from '@/components/ui/dialog';
import { REVIEW_MESSAGES } from '#shared/reviews';

type OwnProduct = NonNullable<ReturnType<typeof useOwnProducts>['data']>['items'][number];

/** The thumbnail's CSS width (profile.css), for the browser to pick the smallest size (decision 022). */
const THUMB_SIZES = '64px';

/**
 * The listing's first photo, small; decorative (the title beside it names the product). Without a
 * photo (or when it fails) a plain tile: no request for a stand-in picture.
 */
function Thumbnail({ product }: { product: OwnProduct }) {
  const [failed, setFailed] = useState(false);
  if (!product.image || failed) return <span className="own-listing__thumb own-listing__thumb--empty" />;
  const variants = product.image_variants?.[product.image];
  const srcSet = photoSrcSet(product.image, variants);
  return (
    <img
      className="own-listing__thumb"
      src={product.image}
      srcSet={srcSet}
      sizes={srcSet ? THUMB_SIZES : undefined}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** Where a listing's deal stands, as its seller reads it (issue 40). */
function dealLine(deal: SellerDeal): string {
  if (deal.stage === 'reserved') return `Reservado para ${deal.buyer_name}`;
  const stand = {
    to_confirm: 'Esperando su confirmación',
    unanswered: 'No confirmó a tiempo',
    confirmed: 'Entrega confirmada',
    disputed: 'Dijo que no lo recibió',
  }[deal.stage];
  return `Vendido a ${deal.buyer_name} · ${stand}`;
}

const dateFormat = new Intl.DateTimeFormat('es-VE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'America/Caracas', // the community's day, whatever the device's zone
});

/**
 * The seller's listings (profile's 'Mis Publicaciones' and /my-products): title, price, date,
 * status badge; 'Marcar como reservado' / 'Marcar como disponible' and 'Marcar como vendido' while
 * on offer (issue 13); 'Vence en N días' while on offer, 'Vencido' with 'Renovar' once expired
 * (decision 030); 'Eliminar' after a confirmation.
 */
export function OwnListings() {
  const { toast } = useToast();
  const { data, isLoading, isError } = useOwnProducts();
  const setStatus = useSetOwnProductStatus();
  const remove = useDeleteOwnProduct();
  const renew = useRenewOwnProduct();
  const [confirming, setConfirming] = useState<OwnProduct | null>(null);
  const queryClient = useQueryClient();
  const handoff = useEnterHandoffCode();
  // The buyer chooser, once the people who came for the listing are read (issue 40).
  const [choosing, setChoosing] = useState<{
    product: OwnProduct;
    status: 'sold' | 'reserved';
    people: InterestedPerson[];
  } | null>(null);
  const [handing, setHanding] = useState<OwnProduct | null>(null);
  const [reviewing, setReviewing] = useState<OwnProduct | null>(null);
  const reviewBuyer = useReviewDeal();

  useEffect(() => {
    if (isError) toast({ title: 'Error al cargar tus productos', variant: 'destructive' });
  }, [isError, toast]);

  if (isLoading)
    return (
      <div className="own-listings">
        <Skeleton className="own-listings__skeleton" />
        <Skeleton className="own-listings__skeleton" />
      </div>
    );
  const items = data?.items ?? [];
  // Inactive listings were taken down by an admin: the owner still sees them, as Inactivo.
  if (items.length === 0)
    return (
      <div className="empty-state">
        <p className="muted">Aún no has publicado productos.</p>
        <Link to={paths.newProduct.getHref()} className={buttonClass('primary')}>
          Publicar Producto
        </Link>
      </div>
    );

  const DONE: Record<OwnStatusChange['status'], string> = {
    sold: 'Producto marcado como vendido',
    reserved: 'Producto marcado como reservado',
    active: 'Producto disponible de nuevo',
  };
  const change = (p: OwnProduct, status: OwnStatusChange['status'], buyerId?: string | null) =>
    setStatus.mutate(
      { id: p.id, status, buyerId },
      {
        onSuccess: () => {
          setChoosing(null);
          toast({ title: DONE[status] });
        },
        onError: (err) =>
          toast({
            title: status === 'sold' ? 'Error al marcar como vendido' : 'Error al cambiar el estado',
            description: err instanceof Error ? err.message : undefined,
            variant: 'destructive',
          }),
      },
    );
  // Selling or reserving asks whom for, among the people who came for the listing; when nobody
  // came (and no one was named before) there is nobody to choose and the change is made at once.
  const closeDeal = async (p: OwnProduct, status: 'sold' | 'reserved') => {
    let people: InterestedPerson[];
    try {
      people = (await queryClient.fetchQuery(interestedQueryOptions(p.id))).items;
    } catch (err) {
      toast({
        title: status === 'sold' ? 'Error al marcar como vendido' : 'Error al cambiar el estado',
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
      return;
    }
    if (people.length === 0 && !p.deal) change(p, status, null);
    else setChoosing({ product: p, status, people });
  };
  const confirmHandoff = (code: string) => {
    const p = handing;
    if (!p) return;
    handoff.mutate(
      { id: p.id, code },
      {
        onSuccess: () => {
          setHanding(null);
          toast({ title: DEAL_MESSAGES.confirmed });
        },
      },
    );
  };
  // 'Renovar' (decision 030): an expired listing is back at once; one on offer gets a new period.
  const renewListing = (p: OwnProduct) =>
    renew.mutate(p.id, {
      onSuccess: () => toast({ title: EXPIRY_MESSAGES.renewed }),
      onError: (err) =>
        toast({
          title: 'Error al renovar la publicación',
          description: err instanceof Error ? err.message : undefined,
          variant: 'destructive',
        }),
    });
  const now = new Date();
  const confirmDelete = () => {
    const p = confirming;
    if (!p) return;
    remove.mutate(p.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: 'Producto eliminado correctamente' });
      },
      onError: () => toast({ title: 'Error al eliminar el producto', variant: 'destructive' }),
    });
  };

  return (
    <>
      <ul className="own-listings">
        {items.map((p) => (
          <li key={p.id} className="own-listing">
            <Thumbnail product={p} />
            <div className="own-listing__text">
              {isOnOffer(p.status) && !p.held_at ? (
                <Link to={paths.product.getHref(p.id)} className="own-listing__title">
                  {p.title}
                </Link>
              ) : (
                <span className="own-listing__title">{p.title}</span>
              )}
              <span className="own-listing__meta">
                {formatUsd(p.price)} · {dateFormat.format(new Date(p.created_at))}
              </span>
              {isOnOffer(p.status) && !p.held_at && p.expires_at && (
                // Only the seller sees when a listing expires (Caracas calendar days).
                <span className="own-listing__meta own-listing__expiry">
                  {expiryLabel(p.expires_at, now)}
                </span>
              )}
              {p.deal && <span className="own-listing__meta own-listing__deal">{dealLine(p.deal)}</span>}
              {p.deal && !p.held_at && handoffOpen(p.deal.stage, p.deal.code_tries_left) && (
                <button
                  type="button"
                  className={buttonClass('outline', 'sm', 'own-listing__renew')}
                  aria-label={`Confirmar entrega de ${p.title}`}
                  onClick={() => {
                    handoff.reset();
                    setHanding(p);
                  }}
                >
                  Confirmar entrega
                </button>
              )}
              {p.deal?.can_review && (
                <button
                  type="button"
                  className={buttonClass('outline', 'sm', 'own-listing__renew')}
                  aria-label={`Calificar al comprador de ${p.title}`}
                  onClick={() => {
                    reviewBuyer.reset();
                    setReviewing(p);
                  }}
                >
                  Calificar al comprador
                </button>
              )}
              {p.held_at && (
                <span className="own-listing__meta">
                  Oculto mientras un administrador revisa los reportes que recibió.
                </span>
              )}
              {p.status === 'expired' && !p.held_at && (
                // In the text column: the row's grid keeps its photo, text, badge and menu areas.
                <button
                  type="button"
                  className={buttonClass('primary', 'sm', 'own-listing__renew')}
                  aria-label={`${EXPIRY_MESSAGES.renew} ${p.title}`}
                  disabled={renew.isPending && renew.variables === p.id}
                  onClick={() => renewListing(p)}
                >
                  {EXPIRY_MESSAGES.renew}
                </button>
              )}
            </div>
            {p.held_at ? (
              // Held for review by reports: out of every listing until an admin looks at it.
              <Badge variant="outline">En revisión</Badge>
            ) : (
              <Badge variant={isOnOffer(p.status) ? 'default' : 'secondary'}>
                {PRODUCT_STATUS_LABELS[p.status]}
              </Badge>
            )}
            <Popover
              label={`Acciones de ${p.title}`}
              trigger={(props) => (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Acciones de ${p.title}`}
                  {...props}
                >
                  ⋮
                </button>
              )}
            >
              {(close) => (
                <ul className="menu">
                  {isOnOffer(p.status) &&
                    !p.held_at &&
                    (
                      [
                        p.status === 'reserved'
                          ? (['Marcar como disponible', () => change(p, 'active')] as const)
                          : (['Marcar como reservado', () => void closeDeal(p, 'reserved')] as const),
                        ['Marcar como vendido', () => void closeDeal(p, 'sold')] as const,
                        [EXPIRY_MESSAGES.renew, () => renewListing(p)] as const,
                      ] as const
                    ).map(([label, act]) => (
                      <li key={label}>
                        <button
                          type="button"
                          className="menu__item"
                          onClick={() => {
                            close();
                            act();
                          }}
                        >
                          {label}
                        </button>
                      </li>
                    ))}
                  {p.status === 'expired' && !p.held_at && (
                    <li>
                      <button
                        type="button"
                        className="menu__item"
                        onClick={() => {
                          close();
                          void closeDeal(p, 'sold');
                        }}
                      >
                        Marcar como vendido
                      </button>
                    </li>
                  )}
                  <li>
                    <button
                      type="button"
                      className="menu__item"
                      onClick={() => {
                        close();
                        setConfirming(p);
                      }}
                    >
                      Eliminar
                    </button>
                  </li>
                </ul>
              )}
            </Popover>
          </li>
        ))}
      </ul>
      {choosing && (
        <BuyerDialog
          status={choosing.status}
          title={choosing.product.title}
          people={choosing.people}
          preselected={choosing.product.deal?.buyer_id ?? (choosing.people.length === 0 ? NOBODY : null)}
          busy={setStatus.isPending}
          onCancel={() => setChoosing(null)}
          onChoose={(buyerId) => change(choosing.product, choosing.status, buyerId)}
        />
      )}
      {handing?.deal && (
        <HandoffDialog
          title={handing.title}
          buyerName={handing.deal.buyer_name}
          busy={handoff.isPending}
          error={handoff.error?.message ?? null}
          onCancel={() => setHanding(null)}
          onSubmit={confirmHandoff}
        />
      )}
      {reviewing?.deal && (
        <Dialog
          open
          onClose={() => setReviewing(null)}
          title="Calificar al comprador"
          description={`«${reviewing.title}». Solo una vez, hasta 14 días después de confirmada la entrega.`}
        >
          <ReviewForm
            about={reviewing.deal.buyer_name}
            busy={reviewBuyer.isPending}
            error={reviewBuyer.error?.message ?? null}
            onSend={({ stars, text }) =>
              reviewBuyer.mutate(
                { productId: reviewing.id, stars, text },
                {
                  onSuccess: (done) => {
                    setReviewing(null);
                    toast({ title: done.visible ? REVIEW_MESSAGES.posted : REVIEW_MESSAGES.postedHidden });
                  },
                },
              )
            }
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmDelete}
        title="¿Eliminar producto?"
        description={`"${confirming?.title ?? ''}" se eliminará de forma permanente. Esta acción no se puede deshacer.`}
        busy={remove.isPending}
      />
    </>
  );
}
