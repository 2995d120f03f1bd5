import { afterAll } from 'vitest';
import {
  type AwsCredentials,
  createOpenSearchIndex,
  credentialsFromEnv,
  signedRequest,
} from '../../functions/adapters/search/opensearch';
import { createOpenSearchSavedSearchIndex } from '../../functions/adapters/search/opensearch-alerts';
import { runSavedSearchIndexContract } from '../contract/saved-search-index.contract';
import { runSearchIndexContract } from '../contract/search-index.contract';

/**
 * The SearchIndex contract against a REAL OpenSearch endpoint. It exists only when
 * OPENSEARCH_TEST_ENDPOINT is set (vitest.config.ts does not even load this file otherwise, so
 * nothing is reported as passed or skipped without a domain). Requests are SigV4-signed with the
 * credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN and AWS_REGION (an
 * unsecured local cluster ignores the signature: set OPENSEARCH_TEST_AUTH=none to sign with dummy
 * keys). Every test gets a fresh index, deleted at the end.
 *
 *   OPENSEARCH_TEST_ENDPOINT=https://search-….es.amazonaws.com AWS_REGION=us-east-1 \
 *     npx vitest run --project integration test/integration/search-opensearch.test.ts
 */
const endpoint = process.env.OPENSEARCH_TEST_ENDPOINT;

if (endpoint) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const credentials = (): AwsCredentials =>
    process.env.OPENSEARCH_TEST_AUTH === 'none'
      ? { accessKeyId: 'unsigned', secretAccessKey: 'unsigned' }
      : credentialsFromEnv();
  const created: string[] = [];
  let n = 0;

  runSearchIndexContract('opensearch (live)', async () => {
    const index = `contract-${Date.now()}-${n++}`;
    created.push(index);
    const search = createOpenSearchIndex({ node: endpoint, index, region, credentials, refresh: 'wait_for' });
    await search.ensureIndex();
    return search;
  });

  // The saved searches' percolator (alerts, docs/decisions/031) passes the embedded matcher's contract.
  runSavedSearchIndexContract('opensearch percolator (live)', async () => {
    const index = `contract-alerts-${Date.now()}-${n++}`;
    created.push(index);
    const alerts = createOpenSearchSavedSearchIndex({
      node: endpoint,
      index,
      region,
      credentials,
      refresh: 'wait_for',
    });
    await alerts.ensureIndex();
    return alerts;
  });

  afterAll(async () => {
    if (created.length > 0)
      await signedRequest(endpoint, region, credentials, {
        method: 'DELETE',
        path: `/${created.map(encodeURIComponent).join(',')}?ignore_unavailable=true`,
      });
  });
}
