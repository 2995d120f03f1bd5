import { useState } from 'react';
import { type AdminReviewReport, REVIEW_REPORT_MESSAGES } from '#shared/reviews';
import { Stars } from '@/components/reviews/stars';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useAdminReviewReports, useDecideReview } from '../api/review-reports';
import { messageOf } from '../errors';

type Group = { key: string; first: AdminReviewReport; reports: AdminReviewReport[] };

/** The pending reports grouped by review: one decision decides them all. */
const byReview = (items: readonly AdminReviewReport[]): Group[] => {
  const groups = new Map<string, Group>();
  for (const r of items) {
    const key = `${r.product_id}:${r.side}`;
    const g = groups.get(key);
    if (g) g.reports.push(r);
    else groups.set(key, { key, first: r, reports: [r] });
  }
  return [...groups.values()];
};

/**
 * 'Reseñas reportadas' (issue 40), on the reports screen: each reported review with what it says,
 * who wrote it about whom, and its reports; 'Ocultar reseña' takes it out of the seller's page and
 * of the average, 'Mantener' keeps it. Audited on the server.
 */
export function ReviewReports() {
  const { toast } = useToast();
  const list = useAdminReviewReports();
  const decide = useDecideReview();
  const [error, setError] = useState<string | null>(null);
  const groups = byReview(list.data?.items ?? []);
  const act = (g: Group, action: 'hide' | 'keep') => {
    setError(null);
    decide.mutate(
      { productId: g.first.product_id, side: g.first.side, action, notes: null },
      {
        onSuccess: () =>
          toast({ title: action === 'hide' ? REVIEW_REPORT_MESSAGES.hidden : REVIEW_REPORT_MESSAGES.kept }),
        onError: (err) => setError(messageOf(err)),
      },
    );
  };
  return (
    <section className="section" aria-labelledby="admin-review-reports">
      <h2 id="admin-review-reports" className="section__title">
        Reseñas reportadas
      </h2>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {list.isError ? (
        <p className="field__error" role="alert">
          {messageOf(list.error)}
        </p>
      ) : list.isPending ? null : groups.length === 0 ? (
        <p className="empty-text">No hay reseñas reportadas pendientes</p>
      ) : (
        <ul className="admin-requests">
          {groups.map((g) => {
            const review = g.first.review;
            return (
              <li key={g.key} className="admin-card" aria-label={`Reseña de «${review?.title ?? ''}»`}>
                {review ? (
                  <>
                    <Stars value={review.stars} />
                    <p>
                      {review.author_name} sobre {review.subject_name} · «{review.title}»
                    </p>
                    {review.text && <blockquote className="review-list__text">{review.text}</blockquote>}
                  </>
                ) : (
                  <p className="muted">La reseña ya no existe.</p>
                )}
                <ul className="muted">
                  {g.reports.map((r) => (
                    <li key={r.reporter_id}>
                      Reportada por {r.reporter_name}
                      {r.comment ? `: «${r.comment}»` : ''}
                    </li>
                  ))}
                </ul>
                <div className="admin-actions">
                  <Button
                    variant="destructive"
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => act(g, 'hide')}
                  >
                    Ocultar reseña
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => act(g, 'keep')}
                  >
                    Mantener
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
