import { logger } from '../../commons/observability';
import type { Deal, ReviewRepository } from '../../ports/deals';

/**
 * The review windows' timed steps (issue 40), run by the minute's notification sweep (in AWS the
 * schedule of infra/constructs/notifications.ts; locally the stack's sweeper): two days before a
 * window closes it is marked reminded (the stream then mails whoever has not written); when it
 * closes, a lone review becomes visible and counts, in one transaction with the deal. Each step is
 * a write conditioned on the deal as read, so two sweeps never do one twice.
 */
const SWEEP_PAGE = 100;

export async function sweepReviewWindows(deps: {
  reviews: ReviewRepository;
  now: () => Date;
}): Promise<{ due: number; reminded: number; closed: number }> {
  const now = deps.now();
  const at = now.toISOString();
  const due = await deps.reviews.due(at, SWEEP_PAGE);
  let reminded = 0;
  let closed = 0;
  const failures: unknown[] = [];
  for (const deal of due) {
    try {
      if (await step(deps, deal, now)) {
        if (deal.review_until && Date.parse(deal.review_until) <= now.getTime()) closed += 1;
        else reminded += 1;
      }
    } catch (error) {
      failures.push(error);
      logger.error('review window step failed; the next sweep tries again', {
        productId: deal.product_id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} of ${due.length} review windows failed`);
  return { due: due.length, reminded, closed };
}

/** The deal's due step; false when another sweep (or a review) changed it first. */
async function step(deps: { reviews: ReviewRepository }, deal: Deal, now: Date): Promise<boolean> {
  if (!deal.review_until) return false;
  const at = now.toISOString();
  if (Date.parse(deal.review_until) <= now.getTime()) {
    const { buyer, seller } = await deps.reviews.ofDeal(deal.product_id);
    return deps.reviews.closeWindow(deal, { ...deal, reviews_done_at: at }, buyer ?? seller);
  }
  return deps.reviews.markReminded(deal, { ...deal, reminded_at: at });
}
