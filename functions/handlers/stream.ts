import type { FavoriteRepository, ProfileRepository } from '../ports/accounts';
import type { CountStore } from '../ports/counts';
import type { QuestionRepository } from '../ports/questions';
import type { ReportRepository } from '../ports/reports';
import type { ProductRepository, UniversityRepository } from '../ports/repositories';
import type { StreamChange } from '../ports/stream';
import type { SearchIndex } from '../ports/search-index';
import { deliverMailRequest, type MailDeliveryDeps } from '../services/accounts/accounts';
import {
  profileIdOf,
  settleProfileCount,
  settleUniversityCount,
  universityIdOf,
} from '../services/admin/admin-counts';
import {
  type AlertDeps,
  alertOnceIndexed,
  removeSavedSearchesOfProfile,
  syncSavedSearch,
  touchesMatcher,
} from '../services/notifications/alert-notifications';
import {
  dealChangeMails,
  notifyDealChange,
  notifyReviewShown,
  reviewShownOf,
} from '../services/notifications/deal-notifications';
import { notifyHold } from '../services/notifications/hold-notifications';
import {
  type ListingRatingDeps,
  rateListingsOfSeller,
  restampListings,
  sellerRatingMoved,
} from '../services/deals/listing-ratings';
import { indexChanges, productIdOf } from '../services/search/indexer';
import { releaseDevicesOfProfile } from '../services/push/devices';
import {
  type PushNotifyDeps,
  pushDealChange,
  pushQuestionChange,
  pushReportDecision,
  pushReviewShown,
} from '../services/push/push-notifications';
import { settleProductCountsOf } from '../services/catalog/listing-counts';
import {
  type NotifyDeps,
  notifyQuestionChange,
  questionChangeMayNotify,
} from '../services/notifications/question-notifications';
import { deleteProductQuestions } from '../services/questions/questions';
import { evaluateHold, reportKeyOf, settleReportCounts } from '../services/reports/report-holds';
import type { EntityHandlers } from '../stream/dispatcher';
import type { StreamEntity } from '../stream/filter';

/** What the stream's handlers use (each part is built on first use: indexing never builds the pool's client). */
export interface StreamContext
  extends MailDeliveryDeps,
    NotifyDeps,
    AlertDeps,
    ListingRatingDeps,
    PushNotifyDeps {
  search: SearchIndex;
  products: ProductRepository;
  counts: CountStore;
  questions: QuestionRepository;
  reports: ReportRepository;
  favorites: FavoriteRepository;
  profiles: ProfileRepository;
  universities: UniversityRepository;
}

/**
 * The table's changes, by entity, and what follows each. A product's change goes through three
 * lanes side by side (independent stores, each with its own failures; a change any of them fails
 * is retried through all three, every step idempotent; docs/decisions/051, fourth pass):
 * - its listing counts, settled to the product's current state (idempotent per product: a retry,
 *   or a replay after another lane failed, changes nothing twice); the batch's products in shared
 *   transactions; beside the index, so listing totals stay right while the search index is down;
 * - when the product was deleted (by its owner or later by an admin), its questions and favorites
 *   deleted (idempotent batched deletes of one Query; beside the index, so an index outage never
 *   keeps them);
 * - the search index (the ONLY way anything reaches it, so it can always be rebuilt from the
 *   table), the batch's changes in one bulk write; then the alerts of the listings that went on
 *   offer, percolated at once (after the index: the listing is found when its alert is opened;
 *   idempotent per person by `seen`).
 * Then, only once every lane succeeded for it: when reports just held it for review, its seller is
 *   mailed (hold-notifications.ts: a mail, so no other lane's retry may send it twice).
 * A new mail request (a public mail route answered already) is looked up and mailed, so that
 * route's answer and its time are the same for every address (docs/decisions/014). Its later
 * changes (the TTL's removal) are nothing to act on.
 * A report's change settles the report counts per status (the dashboard's pending reports); a new
 * report recounts its product's reports and holds the product for review when enough verified
 * people reported it (docs/decisions/019); the hold is a product change, which then leaves the
 * listing counts and the search index through the product's handlers above.
 * A product's, profile's or university's change also settles the admin dashboard's counts (every
 * product, new listings per day and university, profiles, universities; docs/decisions/025).
 * A new question e-mails the seller, an answer the asker: the first at once, later ones within 15
 * minutes gathered into one mail (idempotent under replays; docs/decisions/020).
 * A sale closed with a named buyer mails the buyer '¿Recibiste «…»?'; a review window's reminder
 * mails whoever has not reviewed; a review made visible mails its subject (issue 40). A seller's
 * rating that moved is stamped on their listings on offer, and a listed product's change re-checks
 * its stamp (a fourth product lane; services/deals/listing-ratings.ts).
 * Each of those mails also pushes to the person's devices at once, under their switch for its kind
 * (services/push/push-notifications.ts; issue 41): as a `last` step, so no other step's retry
 * pushes twice, and never failing (a push service's trouble costs that push only). A deleted
 * profile's devices go with it.
 * A product that goes on offer (published, renewed, reactivated) alerts the saved searches it
 * matches; a saved search's change keeps the reverse index in step; a removed profile takes its
 * saved searches with it (docs/decisions/031).
 * `concerns` drops, before the batch is cut into runs, the changes an entity's handlers would pass
 * over (a saved search's 'Nuevos para ti', a removed question, a mail request's removal): written
 * between a batch's products, they would otherwise cut its run of products into runs of one.
 * Its keys are the stream's filter (functions/stream/filter.ts): other entities' changes, such as
 * the counts', never reach the dispatcher.
 */
export const streamHandlers: { readonly [E in StreamEntity]: EntityHandlers<StreamContext> } = {
  product: {
    lanes: [
      [
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
      ],
      [
        async (change, ctx) => {
          const id = productIdOf(change);
          if (id !== null && change.eventName === 'REMOVE') await deleteProductQuestions(ctx, id);
        },
        // A deleted product's favorites go too (gsi1 FAVORITED#<id>; idempotent deletes).
        async (change, ctx) => {
          const id = productIdOf(change);
          if (id !== null && change.eventName === 'REMOVE') await ctx.favorites.removeAllOfProduct(id);
        },
      ],
      [
        // The run's changes in ONE bulk write, each product's last change winning (decision 051),
        // its new listings alerted once the index took them (alert-notifications.ts).
        { batch: (changes, ctx) => alertOnceIndexed(ctx, changes, () => indexChanges(ctx.search, changes)) },
      ],
      // A listing whose seller's rating moved meanwhile is stamped again (listing-ratings.ts).
      [{ batch: (changes, ctx) => restampListings(ctx, changes) }],
    ],
    // Last: a record retried because a lane failed does not mail (or push to) the seller again.
    last: [(change, ctx) => notifyHold(ctx, change), (change, ctx) => pushReportDecision(ctx, change)],
  },
  savedSearch: { concerns: touchesMatcher, lanes: [[(change, ctx) => syncSavedSearch(ctx, change)]] },
  report: {
    lanes: [
      [
        async (change, ctx) => {
          const { productId, reporterId } = reportKeyOf(change);
          await settleReportCounts(ctx, productId, reporterId);
        },
        async (change, ctx) => {
          if (change.eventName === 'INSERT') await evaluateHold(ctx, reportKeyOf(change).productId);
        },
      ],
    ],
  },
  question: {
    concerns: questionChangeMayNotify,
    lanes: [[(change, ctx) => notifyQuestionChange(ctx, change)]],
    last: [(change, ctx) => pushQuestionChange(ctx, change)],
  },
  // The admin dashboard's counts of profiles and universities (docs/decisions/025).
  profile: {
    lanes: [
      [
        (change, ctx) => settleProfileCount(ctx, profileIdOf(change)),
        (change, ctx) => removeSavedSearchesOfProfile(ctx, change),
        (change, ctx) => releaseDevicesOfProfile(ctx, change),
      ],
    ],
  },
  university: { lanes: [[(change, ctx) => settleUniversityCount(ctx, universityIdOf(change))]] },
  // A sale closed with a named buyer asks them whether they received it; a review window about to
  // close reminds whoever has not written; a review made visible tells its subject (issue 40).
  deal: {
    concerns: dealChangeMails,
    lanes: [[(change, ctx) => notifyDealChange(ctx, change)]],
    last: [(change, ctx) => pushDealChange(ctx, change)],
  },
  review: {
    concerns: (change) => reviewShownOf(change) !== null,
    lanes: [[(change, ctx) => notifyReviewShown(ctx, change)]],
    last: [(change, ctx) => pushReviewShown(ctx, change)],
  },
  // A seller's average moved: their listings on offer carry it, and the index through them.
  reputation: { concerns: sellerRatingMoved, lanes: [[(change, ctx) => rateListingsOfSeller(ctx, change)]] },
  // Only a new request is mailed; its removal (the TTL's) is nothing to act on.
  mailRequest: {
    concerns: (change) => change.eventName === 'INSERT',
    lanes: [[(change, ctx) => deliverMailRequest(ctx, change.newImage)]],
  },
};
