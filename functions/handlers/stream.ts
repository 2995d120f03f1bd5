import type { ChangeHandlers } from '../stream/dispatcher';
import type { SearchIndex } from '../ports/search-index';
import { deliverMailRequest, type MailDeliveryDeps } from '../services/accounts';
import { actionFor } from '../services/indexer';

/** What the stream's handlers use (each part is built on first use: indexing never builds the pool's client). */
export interface StreamContext extends MailDeliveryDeps {
  search: SearchIndex;
}

/**
 * The table's changes, by entity, and what follows each:
 * - a product's change updates the search index (the ONLY way anything reaches it, so it can
 *   always be rebuilt from the table);
 * - a new mail request (a public mail route answered already) is looked up and mailed, so that
 *   route's answer and its time are the same for every address (docs/decisions/014). Its later
 *   changes (the TTL's removal) are nothing to act on.
 */
export const streamHandlers: ChangeHandlers<StreamContext> = {
  product: [
    async (change, { search }) => {
      const action = actionFor(change);
      if (action?.kind === 'upsert') await search.upsert([action.doc]);
      else if (action?.kind === 'remove') await search.remove([action.id]);
    },
  ],
  mailRequest: [
    async (change, ctx) => {
      if (change.eventName === 'INSERT') await deliverMailRequest(ctx, change.newImage);
    },
  ],
};
