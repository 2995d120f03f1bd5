import type { AdminStore } from '../ports/admin';
import type { FavoriteRepository, ProfileRepository } from '../ports/accounts';
import type { CountStore } from '../ports/counts';
import type { QuestionRepository } from '../ports/questions';
import type { ReportRepository } from '../ports/reports';
import type { ProductRepository } from '../ports/repositories';
import type { StreamChange } from '../ports/stream';
import type { SearchIndex } from '../ports/search-index';
import { deliverMailRequest, type MailDeliveryDeps } from '../services/accounts';
import {
  profileIdOf,
  settleProfileCount,
  settleUniversityCount,
  universityIdOf,
} from '../services/admin-counts';
import {
  type AlertDeps,
  alertOnNewListings,
  removeSavedSearchesOfProfile,
  syncSavedSearch,
} from '../services/alert-notifications';
import { notifyHold } from '../services/hold-notifications';
import { indexChanges, productIdOf } from '../services/indexer';
import { settleProductCountsOf } from '../services/listing-counts';
import { type NotifyDeps, notifyQuestionChange } from '../services/question-notifications';
import { deleteProductQuestions } from '../services/questions';
import { evaluateHold, reportKeyOf, settleReportCounts } from '../services/report-holds';
import type { ChangeStep } from '../stream/dispatcher';
import type { StreamEntity } from '../stream/filter';

/** What the stream's handlers use (each part is built on first use: indexing never builds the pool's client). */
export interface StreamContext extends MailDeliveryDeps, NotifyDeps, AlertDeps {
  search: SearchIndex;
  products: ProductRepository;
  counts: CountStore;
  questions: QuestionRepository;
  reports: ReportRepository;
  favorites: FavoriteRepository;
  profiles: ProfileRepository;
  adminStore: AdminStore;
}

/**
 * The table's changes, by entity, and what follows each. A product's change:
 * 1. settles the product's listing counts to its current state (idempotent, so a retry of the
 *    record, after the index failed below, changes nothing twice); first, so listing totals stay
 *    right while the search index is down; the batch's products in shared transactions
 *    (docs/decisions/051);
 * 2. when the product was deleted (by its owner or later by an admin), deletes its questions
 *    (idempotent batched deletes of one Query; before the index, so an index outage never keeps them);
 * 3. updates the search index (the ONLY way anything reaches it, so it can always be rebuilt from
 *    the table), the batch's changes in one bulk write (docs/decisions/051);
 * 4. when reports just held it for review, mails its seller (hold-notifications.ts).
 * A new mail request (a public mail route answered already) is looked up and mailed, so that
 * route's answer and its time are the same for every address (docs/decisions/014). Its later
 * changes (the TTL's removal) are nothing to act on.
 * A report's change settles the report counts per status (the dashboard's pending reports); a new
 * report recounts its product's reports and holds the product for review when enough verified
 * people reported it (docs/decisions/019); the hold is a product change, which then leaves the
 * listing counts and the search index through the product's handlers above.
 * A product's, profile's or university's change also settles the admin dashboard's counts (every
 * product, new listings per day and university, profiles, universities; docs/decisions/025), and a
 * deleted product's favorites are deleted.
 * A new question e-mails the seller, an answer the asker: the first at once, later ones within 15
 * minutes gathered into one mail (idempotent under replays; docs/decisions/020).
 * A product that goes on offer (published, renewed, reactivated) alerts the saved searches it
 * matches; a saved search's change keeps the reverse index in step; a removed profile takes its
 * saved searches with it (docs/decisions/031).
 * Its keys are the stream's filter (functions/stream/filter.ts): other entities' changes, such as
 * the counts', never reach the dispatcher.
 */
export const streamHandlers: { readonly [E in StreamEntity]: readonly ChangeStep<StreamContext>[] } = {
  product: [
    // The batch's products settled together: each shared count touched once (decision 051).
    {
      async batch(changes, ctx) {
        const failures = new Map<StreamChange, unknown>();
        const ids = new Map<StreamChange, number>();
        for (const change of changes) {
          try {
            const id = productIdOf(change);
            if (id !== null) ids.set(change, id);
          } catch (error) {
            failures.set(change, error);
          }
        }
        const failed = await settleProductCountsOf(ctx, [...ids.values()]);
        for (const [change, id] of ids) if (failed.has(id)) failures.set(change, failed.get(id));
        return failures;
      },
    },
    async (change, ctx) => {
      const id = productIdOf(change);
      if (id !== null && change.eventName === 'REMOVE') await deleteProductQuestions(ctx, id);
    },
    // A deleted product's favorites go too (gsi1 FAVORITED#<id>; idempotent deletes).
    async (change, ctx) => {
      const id = productIdOf(change);
      if (id !== null && change.eventName === 'REMOVE') await ctx.favorites.removeAllOfProduct(id);
    },
    // The run's changes in ONE bulk write, each product's last change winning (decision 051).
    { batch: (changes, { search }) => indexChanges(search, changes) },
    // After the index: a record retried because the index failed does not mail the seller again.
    (change, ctx) => notifyHold(ctx, change),
    // Alerts last, the run's new listings percolated at once (idempotent per person: a retried
    // record mails nobody twice).
    { batch: (changes, ctx) => alertOnNewListings(ctx, changes) },
  ],
  savedSearch: [(change, ctx) => syncSavedSearch(ctx, change)],
  report: [
    async (change, ctx) => {
      const { productId, reporterId } = reportKeyOf(change);
      await settleReportCounts(ctx, productId, reporterId);
    },
    async (change, ctx) => {
      if (change.eventName === 'INSERT') await evaluateHold(ctx, reportKeyOf(change).productId);
    },
  ],
  question: [(change, ctx) => notifyQuestionChange(ctx, change)],
  // The admin dashboard's counts of profiles and universities (docs/decisions/025).
  profile: [
    (change, ctx) => settleProfileCount(ctx, profileIdOf(change)),
    (change, ctx) => removeSavedSearchesOfProfile(ctx, change),
  ],
  university: [(change, ctx) => settleUniversityCount(ctx, universityIdOf(change))],
  mailRequest: [
    async (change, ctx) => {
      if (change.eventName === 'INSERT') await deliverMailRequest(ctx, change.newImage);
    },
  ],
};
