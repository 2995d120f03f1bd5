import { type ReactNode, useEffect, useState } from 'react';
import { RequireSession } from '@/components/layout/require-session';
import { ProductCard } from '@/components/product/product-card';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { caracasDayMonthLabel } from '@/lib/spanish-dates';
import { type BuyerDeal, DEAL_MESSAGES, PURCHASE_STATE_LABELS, type PurchaseEntry } from '#shared/deals';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useAnswerDeal } from '../api/answer-deal';
import { usePurchases } from '../api/get-purchases';
import { useReplyToReview, useReviewDeal } from '@/lib/api/reviews';
import { ReplyForm, ReviewForm } from '@/components/reviews/review-form';
import { Stars } from '@/components/reviews/stars';
import { REVIEW_MESSAGES } from '#shared/reviews';
import './my-purchases.css';

/**
 * 'Mis Compras' (issue 40): the listings the person contacted ('Contactar por WhatsApp') or asked
 * about, their latest first, each with where it stands now (with the handoff code to show at the
 * meeting when it is held or sold for them); then the sales waiting for their answer ('¿Recibiste
 * «…»?'); /login first without a session.
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

/** The code the buyer shows the seller at the meeting, digits spaced for reading aloud. */
function HandoffCode({ deal }: { deal: BuyerDeal }) {
  if (!deal.code) return null;
  return (
    <p className="purchases__code">
      Código de entrega: <strong className="purchases__code-digits">{deal.code}</strong>
      <span className="muted"> · Muéstraselo a {deal.seller_name} cuando recibas el producto.</span>
    </p>
  );
}

function Purchases() {
  const { data, error, isLoading } = usePurchases();

  useEffect(() => {
    if (error) console.error('No se pudieron cargar tus compras', error);
  }, [error]);

  if (isLoading) return <p className="muted">Cargando…</p>;
  if (error) return <p className="muted">No se pudieron cargar tus compras. Inténtalo de nuevo más tarde.</p>;
  const items = data?.items ?? [];
  const deals = data?.deals ?? [];
  if (items.length === 0 && deals.length === 0)
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
  const dealOf = new Map(deals.map((d) => [d.product_id, d]));
  const toConfirm = deals.filter((d) => d.stage === 'to_confirm');
  const toReview = deals.filter((d) => d.can_review);
  const received = deals.filter((d) => d.received_review);
  return (
    <>
      <ul className="product-grid purchases">
        {items.map((e) => {
          const deal = dealOf.get(e.product.id);
          return (
            <li key={e.product.id} className="purchases__item">
              <ProductCard product={e.product} />
              <p className="purchases__state">
                <span className={`badge purchases__badge purchases__badge--${e.state}`}>
                  {PURCHASE_STATE_LABELS[e.state]}
                </span>{' '}
                <span className="muted">{how(e)}</span>
              </p>
              {deal && (e.state === 'reserved_for_you' || e.state === 'sold_to_you') && (
                <HandoffCode deal={deal} />
              )}
            </li>
          );
        })}
      </ul>
      <DealSection id="purchases-to-confirm" title="Por confirmar" deals={toConfirm} Item={DealToConfirm} />
      <DealSection
        id="purchases-to-review"
        title="Reseñas por escribir"
        deals={toReview}
        Item={DealToReview}
      />
      <DealSection
        id="purchases-received"
        title="Reseñas que recibiste"
        note="Solo tú las ves: a los demás se les muestra tu promedio como comprador."
        deals={received}
        Item={ReceivedReview}
      />
    </>
  );
}

/** One of the deals' sections below the listings: its heading and one item per deal, or nothing. */
function DealSection({
  id,
  title,
  note,
  deals,
  Item,
}: {
  id: string;
  title: string;
  note?: string;
  deals: readonly BuyerDeal[];
  Item: (props: { deal: BuyerDeal }) => ReactNode;
}) {
  if (deals.length === 0) return null;
  return (
    <section className="purchases__section" aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {note && <p className="muted">{note}</p>}
      <ul className="purchases__deals">
        {deals.map((d) => (
          <Item key={d.product_id} deal={d} />
        ))}
      </ul>
    </section>
  );
}

/**
 * '¿Recibiste «{title}»?' with 'Sí, lo recibí' and 'No lo recibí' (the second after a confirmation:
 * it leaves the sale disputed and closes the reviews), while the seven days last.
 */
function DealToConfirm({ deal }: { deal: BuyerDeal }) {
  const { toast } = useToast();
  const answer = useAnswerDeal();
  const [doubting, setDoubting] = useState(false);
  const send = (received: boolean) =>
    answer.mutate(
      { productId: deal.product_id, received },
      {
        onSuccess: () => {
          setDoubting(false);
          toast({ title: received ? DEAL_MESSAGES.received : DEAL_MESSAGES.notReceived });
        },
        onError: (err) =>
          toast({
            title: 'No se pudo guardar tu respuesta',
            description: err instanceof Error ? err.message : undefined,
            variant: 'destructive',
          }),
      },
    );
  return (
    <li className="purchases__deal">
      <p className="purchases__question">¿Recibiste «{deal.title}»?</p>
      <p className="muted">
        {deal.seller_name} indicó que te lo vendió.
        {deal.answer_by && ` Puedes responder hasta el ${caracasDayMonthLabel(new Date(deal.answer_by))}.`}
      </p>
      <HandoffCode deal={deal} />
      <div className="purchases__answers">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={answer.isPending}
          onClick={() => send(true)}
        >
          Sí, lo recibí
        </button>
        <button
          type="button"
          className={buttonClass('outline')}
          disabled={answer.isPending}
          onClick={() => setDoubting(true)}
        >
          No lo recibí
        </button>
      </div>
      <ConfirmDialog
        open={doubting}
        onCancel={() => setDoubting(false)}
        onConfirm={() => send(false)}
        title={`¿No recibiste «${deal.title}»?`}
        description="La venta quedará marcada como no recibida y ninguno de los dos podrá dejar una reseña."
        busy={answer.isPending}
        confirmLabel="No lo recibí"
        busyLabel="Guardando..."
      />
    </li>
  );
}

/** A confirmed deal the buyer may still review (until the window closes). */
function DealToReview({ deal }: { deal: BuyerDeal }) {
  const { toast } = useToast();
  const review = useReviewDeal();
  return (
    <li className="purchases__deal">
      <p className="purchases__question">«{deal.title}»</p>
      {deal.review_until && (
        <p className="muted">Puedes dejarla hasta el {caracasDayMonthLabel(new Date(deal.review_until))}.</p>
      )}
      <ReviewForm
        about={deal.seller_name}
        busy={review.isPending}
        error={review.error?.message ?? null}
        onSend={({ stars, text }) =>
          review.mutate(
            { productId: deal.product_id, stars, text },
            {
              onSuccess: (done) =>
                toast({ title: done.visible ? REVIEW_MESSAGES.posted : REVIEW_MESSAGES.postedHidden }),
            },
          )
        }
      />
    </li>
  );
}

/** The seller's review of the buyer, once visible: only the buyer reads it, and may reply once. */
function ReceivedReview({ deal }: { deal: BuyerDeal }) {
  const { toast } = useToast();
  const reply = useReplyToReview();
  const r = deal.received_review;
  if (!r) return null;
  return (
    <li className="purchases__deal">
      <p className="purchases__question">
        {deal.seller_name} · «{deal.title}»
      </p>
      <Stars value={r.stars} />
      {r.text && <p className="review-list__text">{r.text}</p>}
      {r.reply_text ? (
        <p className="review-list__reply">
          <strong>Tu respuesta:</strong> {r.reply_text}
        </p>
      ) : (
        <ReplyForm
          busy={reply.isPending}
          error={reply.error?.message ?? null}
          onSend={(text) =>
            reply.mutate(
              { productId: deal.product_id, side: 'seller', text },
              { onSuccess: () => toast({ title: REVIEW_MESSAGES.replyPosted }) },
            )
          }
        />
      )}
    </li>
  );
}
