import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import {
  createOpenSearchIndex,
  type OpenSearchConnection,
  signedRequest,
} from '../../functions/adapters/search/opensearch';
import { createOpenSearchSavedSearchIndex } from '../../functions/adapters/search/opensearch-alerts';

/**
 * The integration setup's real OpenSearch node (docs/decisions/044), as the tests use it: adapters on
 * indexes of their own (unsigned, writes refreshed at once so the next search sees them), raw
 * requests, and the node's state for the engine-outage tests.
 */
export function localOpenSearch(): OpenSearchConnection {
  return { node: inject('openSearchEndpoint'), region: 'us-east-1', unsigned: true };
}

/** An index name no other test uses (lower case, as OpenSearch wants). */
export function uniqueIndexName(prefix: string): string {
  return `test-${prefix}-${randomBytes(4).toString('hex')}`;
}

/** The products adapter on `index` (created at its first write, or by `ensureIndex`). */
export function localSearchIndex(index: string) {
  return createOpenSearchIndex({ ...localOpenSearch(), index, refresh: true });
}

/** The saved searches' percolator adapter on `index`. */
export function localSavedSearchIndex(index: string) {
  return createOpenSearchSavedSearchIndex({ ...localOpenSearch(), index, refresh: true });
}

/** One request to the node (JSON body), e.g. an index of no mapping, or a cluster setting. */
export async function openSearchRequest(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<unknown> {
  const { node, region } = localOpenSearch();
  return (await signedRequest(node, region, null, { method, path, ...(body ? { body } : {}) })).body;
}

/** Deletes indexes by name or pattern (missing ones are fine). */
export async function deleteIndexes(...names: string[]): Promise<void> {
  if (names.length > 0)
    await openSearchRequest('DELETE', `/${names.map(encodeURIComponent).join(',')}?ignore_unavailable=true`);
}

/**
 * The node stopped (its port closed, as an engine that is down), started again (same port and data;
 * resolves once it answers), paused (SIGSTOP: it takes connections and answers nothing, as an engine
 * that hangs) or resumed.
 */
export async function setOpenSearchNode(action: 'stop' | 'start' | 'pause' | 'resume'): Promise<void> {
  const res = await fetch(`${inject('openSearchControl')}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`the OpenSearch node did not ${action}: ${await res.text()}`);
}

/**
 * The node refusing every request that carries a body with 429, as a throttling domain does: its
 * in-flight requests breaker set to one byte (a cluster setting, which that breaker never refuses).
 */
export async function throttleOpenSearch(on: boolean): Promise<void> {
  await openSearchRequest('PUT', '/_cluster/settings', {
    transient: { 'network.breaker.inflight_requests.limit': on ? '1b' : null },
  });
}
