import { createOpenSearchIndex, type OpenSearchConnection } from '../../adapters/search/opensearch';
import { ENV, isLocal, optionalEnv, requireEnv } from '../../commons/env';
import type { SearchIndex } from '../../ports/search-index';
import type { PartFactories } from '../context';

export const DEFAULT_SEARCH_TIMEOUT_MS = 1500;

/**
 * Where OpenSearch is: the domain, signed with the function's role (AWS), or the local node,
 * unsigned (the local stack with SEARCH_ENGINE=opensearch, decision 044).
 */
export function openSearchConnection(): OpenSearchConnection {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const local = optionalEnv(ENV.openSearchLocalEndpoint);
  if (local === undefined) return { node: requireEnv(ENV.openSearchEndpoint), region };
  // Unsigned requests are for the local node only: a deployed function never sends one.
  if (!isLocal()) throw new Error(`${ENV.openSearchLocalEndpoint} is set outside the local stack`);
  return { node: local, region, unsigned: true };
}

/**
 * The search index: OpenSearch where SEARCH_BACKEND=opensearch (the stack sets it, with the
 * endpoint and the grant, on the areas whose routes search; the local stack with
 * SEARCH_ENGINE=opensearch, with its node). The local stack's default, the embedded engine, is
 * provided instead (functions/app/context.ts provideParts), so that engine never ships in a Lambda.
 */
function createSearchIndex(): SearchIndex {
  const backend = optionalEnv(ENV.searchBackend);
  if (backend !== 'opensearch')
    throw new Error(`${ENV.searchBackend} must be 'opensearch' here (found ${backend ?? 'nothing'})`);
  return openSearchProductsIndex();
}

/** The products index on this environment's OpenSearch (the local stack also makes it at start). */
export function openSearchProductsIndex() {
  return createOpenSearchIndex({
    ...openSearchConnection(),
    index: optionalEnv(ENV.openSearchIndex, 'products')!,
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
