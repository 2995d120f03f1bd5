import { describe, expect, it } from 'vitest';
import { parsePercolateManyResponse } from './opensearch-alerts';
import { bulkFailures } from './opensearch';

/**
 * What the real node cannot be made to answer (test/integration/indexing-bulk.test.ts has the rest):
 * a malformed answer to a batch's bulk write or percolation fails the whole batch (it is retried),
 * never counts an item the answer does not name as written or matched.
 */
describe('a malformed answer to a stream batch', () => {
  const ok = (id: string) => ({ index: { _id: id, status: 200 } });

  it('a bulk answer naming fewer items than were sent fails the batch', () => {
    expect(() => bulkFailures({ errors: false, items: [ok('1')] }, 2)).toThrow(/answered 1 items of 2/);
    expect(() => bulkFailures({ took: 3 }, 1)).toThrow();
  });

  it('a bulk answer names each refused item by its position', () => {
    const refused = {
      index: { _id: '2', status: 400, error: { type: 'mapper_parsing_exception', reason: 'x' } },
    };
    expect(
      bulkFailures({ errors: true, items: [ok('1'), refused, { delete: { _id: '3', status: 404 } }] }, 3),
    ).toEqual([{ at: 1, reason: 'OpenSearch bulk index of 2 failed (mapper_parsing_exception: x)' }]);
  });

  it('a percolation naming a listing slot the request did not hold, or none, fails the batch', () => {
    const hit = (slots: unknown) => ({
      hits: {
        hits: [{ _source: { search_id: 's', user_id: 'u' }, fields: { _percolator_document_slot: slots } }],
      },
    });
    expect(parsePercolateManyResponse(hit([1]), 2)).toEqual([{ search_id: 's', user_id: 'u', slots: [1] }]);
    expect(() => parsePercolateManyResponse(hit([2]), 2)).toThrow(/out of range/);
    expect(() =>
      parsePercolateManyResponse({ hits: { hits: [{ _source: { search_id: 's', user_id: 'u' } }] } }, 1),
    ).toThrow();
  });
});
