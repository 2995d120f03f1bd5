import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';
import { afterAll } from 'vitest';
import { createOpenSearchIndex } from '../../functions/adapters/search/opensearch';
import { runSearchIndexContract } from '../contract/search-index.contract';

/**
 * The SearchIndex contract against a REAL OpenSearch endpoint. It exists only when
 * OPENSEARCH_TEST_ENDPOINT is set (vitest.config.ts does not even load this file otherwise, so
 * nothing is reported as passed or skipped without a domain). Requests are SigV4-signed with the
 * default credential chain and AWS_REGION; set OPENSEARCH_TEST_AUTH=none for an unsecured local
 * cluster. Every test gets a fresh index, deleted at the end.
 *
 *   OPENSEARCH_TEST_ENDPOINT=https://search-….es.amazonaws.com AWS_REGION=us-east-1 \
 *     npx vitest run --project integration test/integration/search-opensearch.test.ts
 */
const endpoint = process.env.OPENSEARCH_TEST_ENDPOINT;

if (endpoint) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const client =
    process.env.OPENSEARCH_TEST_AUTH === 'none'
      ? new Client({ node: endpoint })
      : new Client({
          ...AwsSigv4Signer({ region, service: 'es', getCredentials: defaultProvider() }),
          node: endpoint,
        });
  const created: string[] = [];
  let n = 0;

  runSearchIndexContract('opensearch (live)', async () => {
    const index = `contract-${Date.now()}-${n++}`;
    created.push(index);
    const search = createOpenSearchIndex({ node: endpoint, index, region, client, refresh: 'wait_for' });
    await search.ensureIndex();
    return search;
  });

  afterAll(async () => {
    if (created.length > 0)
      await client.indices.delete({ index: created.join(','), ignore_unavailable: true });
  });
}
