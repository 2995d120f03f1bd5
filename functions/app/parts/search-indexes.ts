import { openSearchSavedSearchIndex } from './saved-search-index';
import { openSearchProductsIndex } from './search';

/**
 * Both indexes of this environment's OpenSearch made, with their current mappings, by the adapters'
 * own `ensureIndex` (the mapping is written once, in the adapters): a missing index is created, an
 * existing one — or the alias a reindex left under its name — gains the fields added since, and one
 * another instance made meanwhile is fine. Run at deploy by the stage's custom resource
 * (functions/app/jobs/search-indexes.ts, decision 060) and at the local stack's start with
 * SEARCH_ENGINE=opensearch, so health is ok and searches are answered before the first listing.
 */
export async function ensureOpenSearchIndexes() {
  const search = openSearchProductsIndex();
  const savedSearchIndex = openSearchSavedSearchIndex();
  await Promise.all([search.ensureIndex(), savedSearchIndex.ensureIndex()]);
  return { search, savedSearchIndex };
}
