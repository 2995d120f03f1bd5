import { expect, it, vi } from 'vitest';
import { createTableAccess } from '../../functions/adapters/dynamodb/client';
import { startLocalStack } from '../../scripts/local/stack';
import { makeProduct, uniqueUniversity } from '../support/backend';

/**
 * `SEARCH_ENGINE=opensearch npm start` (docs/decisions/044): the stack starts its own OpenSearch
 * node, a listing written to the table reaches it through the stream, the API's search answers from
 * it (not from the DynamoDB fallback), and stopping the stack stops the node.
 */
it('serves search from a real OpenSearch node, fed by the stream, and stops it with the stack', async () => {
  const stack = await startLocalStack({ port: 0, quiet: true, searchEngine: 'opensearch' });
  const node = stack.search.endpoint;
  try {
    expect(stack.search.engine).toBe('opensearch');
    expect(node).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${stack.url}/api/health`);
    expect(await health.json()).toEqual({
      status: 'ok',
      parts: { table: 'ok', search: 'ok', auth: 'ok', mail: 'ok', images: 'ok' },
    });
    // The stack set the handlers' environment: this table access is the stack's table.
    const university = uniqueUniversity('os');
    const product = await makeProduct(createTableAccess(), {
      university_id: university,
      title: 'Pizarra acrílica',
    });
    await vi.waitFor(
      async () => {
        const res = await fetch(`${node}/products/_search?q=id:${product.id}`);
        expect(((await res.json()) as { hits: { total: { value: number } } }).hits.total.value).toBe(1);
      },
      { timeout: 20_000, interval: 200 },
    );
    const search = async () => {
      const res = await fetch(`${stack.url}/api/products?university=${university}&q=pizarras%20acrilicas`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id);
    };
    expect(await search()).toEqual([product.id]);
    // The node answers, not the fallback: taken out of the node's index (the table still lists it),
    // the listing is no longer found.
    await fetch(`${node}/products/_doc/${product.id}?refresh=true`, { method: 'DELETE' });
    expect(await search()).toEqual([]);
  } finally {
    await stack.stop();
  }
  await expect(fetch(`${node}/`)).rejects.toThrow('fetch failed');
}, 180_000);
