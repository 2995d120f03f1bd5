import { createOpenSearchSavedSearchIndex } from '../../adapters/search/opensearch-alerts';
import { ENV, isLocal, optionalEnv } from '../../commons/env';
import type { SavedSearchIndex } from '../../ports/alerts';
import type { PartFactories } from '../context';
import { openSearchConnection } from './search';

/**
 * The saved searches' reverse index (docs/decisions/031): OpenSearch's percolator where
 * SEARCH_BACKEND=opensearch (the stack sets it on the stream dispatcher, with the grant). The local
 * stack provides its embedded matcher instead, so that never ships in a Lambda.
 */
function createSavedSearchIndex(): SavedSearchIndex {
  const backend = optionalEnv(ENV.searchBackend);
  // Locally the stack (and a test that exercises alerts) provides the embedded matcher; a local
  // process without one (tests of other features) has no saved searches to match.
  if (backend !== 'opensearch' && isLocal()) return NO_SAVED_SEARCHES;
  if (backend !== 'opensearch')
    throw new Error(`${ENV.searchBackend} must be 'opensearch' here (found ${backend ?? 'nothing'})`);
  return openSearchSavedSearchIndex();
}

/** The saved searches' percolator index on this environment's OpenSearch (beside the products index). */
export function openSearchSavedSearchIndex() {
  const products = optionalEnv(ENV.openSearchIndex, 'products')!;
  return createOpenSearchSavedSearchIndex({
    ...openSearchConnection(),
    index: optionalEnv(ENV.openSearchAlertsIndex, `${products}-saved-searches`)!,
  });
}

const NO_SAVED_SEARCHES: SavedSearchIndex = {
  put: async () => undefined,
  remove: async () => undefined,
  match: async () => [],
  matchEach: async (listings) => listings.map(() => []),
};

export const savedSearchIndexParts = {
  savedSearchIndex: createSavedSearchIndex,
} satisfies PartFactories<'savedSearchIndex'>;
