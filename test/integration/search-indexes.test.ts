import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIndexBody } from '../../functions/adapters/search/opensearch';
import { buildPercolatorIndexBody } from '../../functions/adapters/search/opensearch-alerts';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { handler } from '../../functions/app/jobs/search-indexes';
import { ENV } from '../../functions/commons/env';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import {
  deleteIndexes,
  localOpenSearch,
  localSearchIndex,
  openSearchRequest,
  uniqueIndexName,
} from '../support/opensearch';
import { searchTerms } from '#shared/search-terms';

/**
 * The stage's custom resource that makes the search indexes at deploy (issue 42, decision 060),
 * on the real OpenSearch node (decision 044): its answers are received as CloudFormation's
 * presigned URL would receive them, by a local HTTP server.
 */
const health = handlerOf('health');

interface Answer {
  Status: 'SUCCESS' | 'FAILED';
  Reason?: string;
  PhysicalResourceId: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
}

let server: Server;
let responseUrl: string;
const answers: { contentType: string | undefined; method: string | undefined; body: Answer }[] = [];
const products = uniqueIndexName('deploy');
const savedSearches = `${products}-saved-searches`;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  useTestTable();
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      answers.push({ contentType: req.headers['content-type'], method: req.method, body: JSON.parse(text) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/presigned?X-Amz-Signature=x`;
  for (const name of [ENV.openSearchLocalEndpoint, ENV.openSearchIndex, ENV.openSearchAlertsIndex])
    saved[name] = process.env[name];
  // The function's environment, as the stack sets it (the local node instead of the domain).
  process.env[ENV.openSearchLocalEndpoint] = localOpenSearch().node;
  process.env[ENV.openSearchIndex] = products;
  process.env[ENV.openSearchAlertsIndex] = savedSearches;
});

afterEach(() => {
  answers.length = 0;
  process.env[ENV.openSearchLocalEndpoint] = localOpenSearch().node;
  process.env[ENV.openSearchIndex] = products;
  process.env[ENV.openSearchAlertsIndex] = savedSearches;
});

afterAll(async () => {
  resetContext();
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await new Promise((resolve) => server.close(resolve));
  await deleteIndexes(products, savedSearches, `${products}-*`);
});

function event(
  requestType: 'Create' | 'Update' | 'Delete',
  physicalId = 'SearchIndexes-search-indexes',
): CloudFormationCustomResourceEvent {
  const properties = {
    ServiceToken: 'arn:aws:lambda:us-east-1:111111111111:function:maker',
    ProductsIndex: products,
    SavedSearchesIndex: savedSearches,
    Mappings: '0123456789abcdef',
  };
  const common = {
    ServiceToken: properties.ServiceToken,
    ResponseURL: responseUrl,
    StackId: 'arn:aws:cloudformation:us-east-1:111111111111:stack/Marketplace-dev/1',
    RequestId: `request-${requestType}`,
    LogicalResourceId: 'SearchIndexes',
    ResourceType: 'Custom::SearchIndexes',
    ResourceProperties: properties,
  };
  if (requestType === 'Create') return { ...common, RequestType: 'Create' };
  if (requestType === 'Update')
    return {
      ...common,
      RequestType: 'Update',
      PhysicalResourceId: physicalId,
      OldResourceProperties: properties,
    };
  return { ...common, RequestType: 'Delete', PhysicalResourceId: physicalId };
}

/** The handler run on the event: the one answer it sent to the presigned URL. */
async function run(e: CloudFormationCustomResourceEvent): Promise<Answer> {
  await handler(e);
  expect(answers).toHaveLength(1);
  const [answer] = answers;
  // A PUT with no content type: what the presigned URL was signed for.
  expect(answer.method).toBe('PUT');
  expect(answer.contentType ?? '').toBe('');
  expect(answer.body).toMatchObject({
    StackId: e.StackId,
    RequestId: e.RequestId,
    LogicalResourceId: e.LogicalResourceId,
  });
  answers.length = 0;
  return answer.body;
}

/** An index's mapping and (non-volatile) settings, to see that an Update changed nothing. */
async function layout(index: string) {
  const mapping = (await openSearchRequest('GET', `/${index}/_mapping`)) as Record<string, unknown>;
  const settings = (await openSearchRequest('GET', `/${index}/_settings`)) as Record<
    string,
    { settings: { index: Record<string, unknown> } }
  >;
  const [concrete] = Object.keys(settings);
  const { uuid, creation_date } = settings[concrete].settings.index;
  return { concrete, uuid, creation_date, mapping: Object.values(mapping) };
}

describe('the search indexes made at deploy (decision 060)', () => {
  it('Create on an empty engine makes both indexes with their mappings, and health then says ok', async () => {
    setContextForTests({ search: localSearchIndex(products) });
    // A fresh stage before: no index, health 503 (decision 044's consequence).
    expect((await invoke(health, apiEvent('health'))).status).toBe(503);

    const answer = await run(event('Create'));
    expect(answer.Status).toBe('SUCCESS');
    expect(answer.PhysicalResourceId).toBe('SearchIndexes-search-indexes');

    const productsMapping = (await openSearchRequest('GET', `/${products}/_mapping`)) as Record<
      string,
      { mappings: { properties: Record<string, unknown> } }
    >;
    const expectedProducts = buildIndexBody() as { mappings: { properties: Record<string, unknown> } };
    expect(Object.keys(productsMapping[products].mappings.properties).sort()).toEqual(
      Object.keys(expectedProducts.mappings.properties).sort(),
    );
    const savedMapping = (await openSearchRequest('GET', `/${savedSearches}/_mapping`)) as Record<
      string,
      { mappings: { properties: Record<string, { type?: string }> } }
    >;
    const expectedSaved = buildPercolatorIndexBody() as { mappings: { properties: Record<string, unknown> } };
    expect(Object.keys(savedMapping[savedSearches].mappings.properties).sort()).toEqual(
      Object.keys(expectedSaved.mappings.properties).sort(),
    );
    expect(savedMapping[savedSearches].mappings.properties.query.type).toBe('percolator');

    const ok = await invoke(health, apiEvent('health'));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'ok', parts: { search: 'ok' } });
    // And a search is answered by the engine (nothing found), not by the fallback.
    const found = await localSearchIndex(products).search({
      terms: searchTerms('laptop'),
      sort: 'newest',
      limit: 5,
      offset: 0,
    });
    expect(found).toEqual({ items: [], total: 0 });
  });

  it('Update on existing indexes changes nothing and keeps their documents', async () => {
    const table = useTestTable();
    const product = await makeProduct(table, {
      university_id: uniqueUniversity('d'),
      title: 'Pizarra blanca',
    });
    await localSearchIndex(products).upsert([toSearchDocument(product)]);
    const before = [await layout(products), await layout(savedSearches)];

    const answer = await run(event('Update'));
    expect(answer).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'SearchIndexes-search-indexes' });
    expect([await layout(products), await layout(savedSearches)]).toEqual(before);
    expect(await localSearchIndex(products).ids!()).toEqual([product.id]);
  });

  it('Update where a reindex left an alias under the name keeps the alias and its index', async () => {
    const rebuild = await localSearchIndex(products).beginRebuild!();
    await rebuild.swap();
    const before = await layout(products);
    expect(before.concrete).not.toBe(products);

    expect((await run(event('Update'))).Status).toBe('SUCCESS');
    expect(await layout(products)).toEqual(before);
  });

  it('Delete answers SUCCESS and keeps both indexes', async () => {
    const answer = await run(event('Delete', 'SearchIndexes-search-indexes'));
    expect(answer).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'SearchIndexes-search-indexes' });
    expect(await localSearchIndex(products).ready()).toBe(true);
    await expect(openSearchRequest('GET', `/${savedSearches}/_mapping`)).resolves.toBeDefined();
  });

  it('answers FAILED with the reason when the engine refuses the index', async () => {
    // A name OpenSearch refuses (upper case): the real engine's 400.
    process.env[ENV.openSearchIndex] = 'Refused-Name';
    process.env[ENV.openSearchAlertsIndex] = `${products}-refused`;
    const answer = await run(event('Create'));
    expect(answer.Status).toBe('FAILED');
    expect(answer.Reason).toMatch(/^Search indexes not made: .*invalid_index_name_exception/);
    expect(answer.PhysicalResourceId).toBe('SearchIndexes-search-indexes');
  });

  it('answers FAILED, never hangs, when the engine cannot be reached', async () => {
    // A port nobody listens on: the domain unreachable.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    process.env[ENV.openSearchLocalEndpoint] = `http://127.0.0.1:${port}`;
    const answer = await run(event('Update'));
    expect(answer.Status).toBe('FAILED');
    expect(answer.Reason).toMatch(/^Search indexes not made: .*fetch failed/);
    // CloudFormation keeps the physical id it sent (an Update never replaces the resource).
    expect(answer.PhysicalResourceId).toBe('SearchIndexes-search-indexes');
  });
});
