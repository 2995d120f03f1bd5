import { createOpenSearchIndex } from '../../adapters/search/opensearch';
import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import type { SearchIndex } from '../../ports/search-index';
import type { PartFactories } from '../context';

export const DEFAULT_SEARCH_TIMEOUT_MS = 1500;

/**
 * The search index: OpenSearch where SEARCH_BACKEND=opensearch (the stack sets it, with the
 * endpoint and the grant, on the areas whose routes search). The local stack provides its embedded
 * engine instead (functions/app/context.ts provideParts), so the engine never ships in a Lambda.
 */
function createSearchIndex(): SearchIndex {
  const backend = optionalEnv(ENV.searchBackend);
  if (backend !== 'opensearch')
    throw new Error(`${ENV.searchBackend} must be 'opensearch' here (found ${backend ?? 'nothing'})`);
  return createOpenSearchIndex({
    node: requireEnv(ENV.openSearchEndpoint),
    index: optionalEnv(ENV.openSearchIndex, 'products')!,
    region: process.env.AWS_REGION ?? 'us-east-1',
  });
}

function searchTimeout(): number {
  const raw = Number(optionalEnv(ENV.searchTimeoutMs));
  return Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_SEARCH_TIMEOUT_MS;
}

export const searchParts = {
  search: createSearchIndex,
  searchTimeoutMs: searchTimeout,
} satisfies PartFactories<'search' | 'searchTimeoutMs'>;
