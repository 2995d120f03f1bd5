import type { ChangeHandlers } from '../stream/dispatcher';
import type { SearchIndex } from '../ports/search-index';
import { actionFor } from '../services/indexer';

/** What the stream's handlers use. */
export interface StreamContext {
  search: SearchIndex;
}

/**
 * The table's changes, by entity, and what follows each: a product's change updates the search
 * index (the ONLY way anything reaches it, so it can always be rebuilt from the table).
 */
export const streamHandlers: ChangeHandlers<StreamContext> = {
  product: [
    async (change, { search }) => {
      const action = actionFor(change);
      if (action?.kind === 'upsert') await search.upsert([action.doc]);
      else if (action?.kind === 'remove') await search.remove([action.id]);
    },
  ],
};
