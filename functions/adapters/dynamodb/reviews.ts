import { REVIEW_PAIR_DAYS } from '#shared/reviews';
import { INDEXES, keys } from '#shared/table';
import type { ReputationSums, Review, ReviewRepository } from '../../ports/deals';
import type { TableAccess } from './client';
import {
  dealEntity,
  dealWhile,
  reputationEntity,
  reputationAdded,
  auditEntity,
  reviewEntity,
  reviewPairEntity,
  reviewReportEntity,
} from './entities';
import { both, present } from './entity';
import { transactCreate } from './idempotency';
import { type Expr, settled, tableOf, type WriteOp } from './table';

const CONFLICT_RETRIES = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whom a review is about, as what: the buyer's review is of the seller, and the other way round. */
const subjectAs = (r: Review) => (r.side === 'buyer' ? 'seller' : 'buyer') as 'seller' | 'buyer';

/** A review's stars added to (1) or taken from (-1) its subject's sums as what it reviewed them. */
const moved = (r: Review, sign: 1 | -1): WriteOp => {
  const as = subjectAs(r);
  return reputationAdded(r.subject_id, { [`${as}_stars`]: sign * r.stars, [`${as}_reviews`]: sign });
};

/** A review becoming visible moves its subject's average, if it counts and is not hidden. */
const counts = (r: Review): WriteOp[] => (r.counted && !r.hidden_at ? [moved(r, 1)] : []);

const sumsOf = (r: Partial<ReputationSums> | null): ReputationSums => ({
  deals_sold: r?.deals_sold ?? 0,
  deals_bought: r?.deals_bought ?? 0,
  seller_stars: r?.seller_stars ?? 0,
  seller_reviews: r?.seller_reviews ?? 0,
  buyer_stars: r?.buyer_stars ?? 0,
  buyer_reviews: r?.buyer_reviews ?? 0,
});

const notReviewedBy = (side: Review['side']): Expr => ({
  expression: 'attribute_not_exists(#rvside)',
  names: { '#rvside': `${side}_reviewed` },
});
const notVisible: Expr = { expression: 'attribute_not_exists(visible_at)' };

export function createReviewRepository(access: TableAccess): ReviewRepository {
  const table = tableOf(access);
  return {
    async ofDeal(productId) {
      const [buyer, seller] = await table.batchGet(
        [keys.review(productId, 'buyer'), keys.review(productId, 'seller')],
        { consistent: true },
      );
      return { buyer: reviewEntity.parse(buyer), seller: reviewEntity.parse(seller) };
    },

    async write(deal, next, review, other, now, terms) {
      const written: Review = other ? { ...review, visible_at: now } : review;
      const ops: WriteOp[] = [
        reviewEntity.create(written),
        dealEntity.put(next, {
          condition: both(dealWhile.withReviewsAsRead(deal), notReviewedBy(review.side)),
        }),
      ];
      if (other) {
        // The second review: both appear at once, and both move the averages they count in.
        ops.push(
          reviewEntity.put({ ...other, visible_at: now }, { condition: both(present, notVisible) }),
          ...counts(written),
          ...counts(other),
        );
      }
      const pairAt = ops.length;
      if (review.counted) {
        ops.push(
          reviewPairEntity.put(
            {
              author_id: review.author_id,
              subject_id: review.subject_id,
              counted_until: new Date(Date.parse(now) + REVIEW_PAIR_DAYS * DAY_MS).toISOString(),
            },
            {
              condition: {
                expression: 'attribute_not_exists(pk) OR counted_until <= :pnow',
                values: { ':pnow': now },
              },
            },
          ),
        );
      }
      // With the request's first answer (decision 041): a retried post answers what the first did.
      const failed = await transactCreate(table, ops, terms);
      if (failed === null) return 'written';
      if (failed === 0) return 'alreadyReviewed';
      return failed === pairAt ? 'pairCounted' : 'changed';
    },

    async due(now, limit) {
      const { items } = await table.queryOnce(
        { index: INDEXES.gsi7, pk: keys.dealsDuePartition, sk: { lte: `${now}#~` } },
        { limit },
      );
      return dealEntity.parseAll(items);
    },

    async closeWindow(deal, next, lone) {
      const ops: WriteOp[] = [dealEntity.put(next, { condition: dealWhile.withReviewsAsRead(deal) })];
      if (lone && next.reviews_done_at) {
        ops.push(
          reviewEntity.put(
            { ...lone, visible_at: next.reviews_done_at },
            { condition: both(present, notVisible) },
          ),
          ...counts(lone),
        );
      }
      const outcome = await table.transact(ops, { conflictRetries: CONFLICT_RETRIES });
      if (outcome.ok) return true;
      if (outcome.failed >= 0) return false;
      throw new Error(`review window transaction cancelled: ${outcome.reasons.join(', ') || 'conflict'}`);
    },

    async markReminded(deal, next) {
      return table.write(dealEntity.put(next, { condition: dealWhile.withReviewsAsRead(deal) }));
    },

    async listOfSeller(sellerId, page) {
      return reviewEntity.queryPage(
        table,
        { index: INDEXES.gsi1, pk: keys.reviewsOf(sellerId), newestFirst: true },
        page,
      );
    },

    async reply(productId, side, text, at) {
      return table.write(
        reviewEntity.update(
          { product_id: productId, side },
          { expression: 'SET reply_text = :rtext, reply_at = :rat', values: { ':rtext': text, ':rat': at } },
          { condition: { expression: 'attribute_exists(visible_at) AND attribute_not_exists(reply_text)' } },
        ),
      );
    },

    async report(report) {
      return table.write(reviewReportEntity.create(report));
    },

    async pendingReports(productId, side) {
      const all = await reviewReportEntity.queryAll(table, {
        pk: keys.productPartition(productId),
        sk: { beginsWith: keys.reviewReportPrefix(side) },
        consistent: true,
      });
      return all.filter((r) => r.status === 'pending');
    },

    async listReports(status, page) {
      return reviewReportEntity.queryPage(
        table,
        { index: INDEXES.gsi1, pk: keys.reviewReportsByStatus(status), newestFirst: true },
        page,
      );
    },

    async decide(review, hide, reports, audit, at) {
      const ops: WriteOp[] = reports.map((r) =>
        reviewReportEntity.put(
          { ...r, status: hide ? 'hidden' : 'kept', decided_at: at },
          {
            condition: {
              expression: '#rrstatus = :rrpending',
              names: { '#rrstatus': 'status' },
              values: { ':rrpending': 'pending' },
            },
          },
        ),
      );
      if (hide) {
        ops.push(
          reviewEntity.put(
            { ...review, hidden_at: at },
            {
              condition: both(present, { expression: 'attribute_not_exists(hidden_at)' }),
            },
          ),
          // A hidden review leaves the average it was in (only a visible, counted one was).
          ...(review.visible_at && review.counted ? [moved(review, -1)] : []),
        );
      }
      ops.push(auditEntity.create(audit));
      return settled(await table.transact(ops, { conflictRetries: CONFLICT_RETRIES }));
    },

    async reputation(userId) {
      return sumsOf(await reputationEntity.get(table, { user_id: userId }));
    },

    async reputations(userIds) {
      const items = await table.batchGet(
        userIds.map((id) => reputationEntity.key({ user_id: id })),
        { consistent: true },
      );
      return items.map((item) => sumsOf(reputationEntity.parse(item)));
    },
  };
}
