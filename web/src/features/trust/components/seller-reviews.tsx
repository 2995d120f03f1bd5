import { useState } from 'react';
import {
  type PublicReview,
  REVIEW_MESSAGES,
  REVIEW_REPORT_COMMENT_MAX,
  REVIEW_REPORT_MESSAGES,
} from '#shared/reviews';
import type { Seller } from '#shared/trust';
import { ReplyForm } from '@/components/reviews/review-form';
import { Stars } from '@/components/reviews/stars';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { caracasDayLabel } from '@/lib/spanish-dates';
import { getSellerReviewsPage, reportReview } from '../api/seller-reviews';
import { useReplyToReview } from '@/lib/api/reviews';

/**
 * The seller's reviews as a seller (issue 40), newest first, with their replies: the first page
 * comes with the seller (rendered on the server), 'Ver más reseñas' asks for the next. The seller
 * themself may reply once to each.
 */
export function SellerReviews({ seller }: { seller: Seller }) {
  const [more, setMore] = useState<PublicReview[]>([]);
  const [cursor, setCursor] = useState<string | null>(seller.reviews.next_cursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const userId = useSignedInUserId();
  const isSeller = userId === seller.id;
  const items = [...seller.reviews.items, ...more];

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await getSellerReviewsPage(seller.id, cursor);
      setMore((m) => [...m, ...page.items]);
      setCursor(page.next_cursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="section" aria-labelledby="seller-reviews-title">
      <h2 id="seller-reviews-title" className="section__title">
        Reseñas como vendedor
      </h2>
      {items.length === 0 ? (
        <p className="muted">
          Todavía no tiene reseñas. Solo quien le compró, con la compra confirmada por los dos, puede dejar
          una.
        </p>
      ) : (
        <ul className="review-list">
          {items.map((r) => (
            <ReviewItem
              key={`${r.product_id}-${r.side}`}
              review={r}
              canReply={isSeller}
              canReport={userId !== null}
            />
          ))}
        </ul>
      )}
      {failed && (
        <p role="alert" className="field__error">
          No se pudieron cargar más reseñas. Inténtalo de nuevo.
        </p>
      )}
      {cursor && (
        <Button variant="outline" onClick={loadMore} disabled={loading}>
          {loading ? 'Cargando...' : 'Ver más reseñas'}
        </Button>
      )}
    </section>
  );
}

function ReviewItem({
  review,
  canReply,
  canReport,
}: {
  review: PublicReview;
  canReply: boolean;
  canReport: boolean;
}) {
  const { toast } = useToast();
  const [reply, setReply] = useState(review.reply_text);
  const [replying, setReplying] = useState(false);
  const replyTo = useReplyToReview();
  const send = (text: string) =>
    replyTo.mutate(
      { productId: review.product_id, side: review.side, text },
      {
        onSuccess: (done) => {
          setReply(done.reply_text);
          setReplying(false);
          toast({ title: REVIEW_MESSAGES.replyPosted });
        },
      },
    );
  return (
    <li className="review-list__item">
      <Stars value={review.stars} />
      <p className="review-list__meta">
        {review.author_name}
        {review.author_verified && ' · ✓ Correo institucional verificado'} ·{' '}
        {caracasDayLabel(new Date(review.visible_at))} · Compró «{review.title}»
      </p>
      {review.text && <p className="review-list__text">{review.text}</p>}
      {reply ? (
        <p className="review-list__reply">
          <strong>Respuesta del vendedor:</strong> {reply}
        </p>
      ) : (
        canReply &&
        (replying ? (
          <ReplyForm busy={replyTo.isPending} error={replyTo.error?.message ?? null} onSend={send} />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
            Responder
          </Button>
        ))
      )}
      {canReport && <ReportReview review={review} />}
    </li>
  );
}

/** 'Reportar reseña': an optional comment, then an admin decides (the author is refused by the API). */
function ReportReview({ review }: { review: PublicReview }) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await reportReview(review.product_id, review.side, comment.trim() || null);
      setOpen(false);
      toast({ title: REVIEW_REPORT_MESSAGES.reported });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo enviar el reporte.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="review-list__report" onClick={() => setOpen(true)}>
        Reportar reseña
      </Button>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title="Reportar reseña"
          description={`La reseña de ${review.author_name} sobre «${review.title}». Un administrador la revisará.`}
        >
          <label htmlFor={`report-${review.product_id}-${review.side}`} className="field__label">
            Comentario (opcional)
          </label>
          <textarea
            id={`report-${review.product_id}-${review.side}`}
            className="input review-form__text"
            rows={3}
            maxLength={REVIEW_REPORT_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          {error && (
            <p role="alert" className="field__error">
              {error}
            </p>
          )}
          <div className="dialog__footer">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button variant="destructive" disabled={busy} onClick={() => void send()}>
              {busy ? 'Enviando...' : 'Enviar reporte'}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
