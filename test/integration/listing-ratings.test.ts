import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { productEntity, reputationAdded } from '../../functions/adapters/dynamodb/entities';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { handler as dispatchStream } from '../../functions/app/stream';
import type { SearchIndex } from '../../functions/ports/search-index';
import { listProducts } from '../../functions/services/catalog/catalog';
import { type StreamPoller, startStreamPoller } from '../../scripts/local/stream-poller';
import { listProductsQuerySchema, type ProductSummary, type SellerRating } from '#shared/schemas';
import { searchTerms } from '#shared/search-terms';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { lambdaContext } from '../support/events';
import { deleteIndexes, localSearchIndex, uniqueIndexName } from '../support/opensearch';

/**
 * The seller's rating on listing cards (issue 40), through the real path: a reputation change in
 * DynamoDB Local → the stream → its listings stamped → their changes → each search engine. Read
 * back as a person's search reads it (the search index), as a plain listing reads it (the table's
 * listing index) and from the table.
 */
let table: TableAccess;
let search: SearchIndex;
let poller: StreamPoller;
const openSearchIndex = uniqueIndexName('ratings');
const WAIT = { timeout: 15_000, interval: 100 };

const person = () => `seller-${randomBytes(4).toString('hex')}`;
/** What a review made visible (or hidden) writes to its subject's sums (adapters/dynamodb/reviews.ts). */
const moveSellerSums = (sellerId: string, stars: number, reviews: number) =>
  tableOf(table).write(reputationAdded(sellerId, { seller_stars: stars, seller_reviews: reviews }));

const ratingsIn = (items: readonly ProductSummary[]) =>
  Object.fromEntries(items.map((p) => [p.id, p.seller_rating ?? null]));
/** The university's listings as the search index answers them (a text search, so never the table). */
const searched = async (university: string, word: string) =>
  ratingsIn(
    (await search.search({ terms: searchTerms(word), university, sort: 'newest', limit: 20, offset: 0 }))
      .items,
  );
/** The same university's plain listing, answered by the table's listing index (no search text). */
const listed = async (university: string) =>
  ratingsIn(
    (
      await listProducts(
        {
          products: createProductRepository(table),
          search,
          counts: createCountStore(table),
          searchTimeoutMs: 2000,
        },
        listProductsQuerySchema.parse({ university }),
      )
    ).items,
  );
const storedRating = async (id: number) =>
  (await createProductRepository(table).get(id, { consistent: true }))?.seller_rating ?? null;

beforeAll(async () => {
  table = useTestTable();
  search = createEmbeddedSearchIndex();
  setContextForTests({ search });
  poller = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    streamArn: inject('streamArn'),
    handler: (event: DynamoDBStreamEvent) => dispatchStream(event, lambdaContext('stream')),
    intervalMs: 50,
  });
});

afterAll(async () => {
  await poller?.stop();
  resetContext();
  await deleteIndexes(openSearchIndex);
});

describe.each<[string, () => SearchIndex]>([
  ['the embedded engine', () => createEmbeddedSearchIndex()],
  ['OpenSearch', () => localSearchIndex(openSearchIndex)],
])("a seller's rating on their listings, in the table and in %s", (_engine, makeIndex) => {
  beforeAll(() => {
    search = makeIndex();
    setContextForTests({ search });
  });

  it('follows the average as reviews become visible and are hidden, on the listings on offer only', async () => {
    const uni = uniqueUniversity('rt');
    const seller = person();
    const other = await makeProduct(table, {
      university_id: uni,
      owner_id: person(),
      title: 'Guitarra eléctrica',
    });
    const active = await makeProduct(table, {
      university_id: uni,
      owner_id: seller,
      title: 'Guitarra acústica',
    });
    const reserved = await makeProduct(table, {
      university_id: uni,
      owner_id: seller,
      title: 'Guitarra clásica',
      status: 'reserved',
    });
    const sold = await makeProduct(table, {
      university_id: uni,
      owner_id: seller,
      title: 'Guitarra vieja',
      status: 'sold',
    });
    await vi.waitFor(async () => expect(Object.keys(await searched(uni, 'guitarra'))).toHaveLength(3), WAIT);

    // Two reviews made visible: 5 and 4 stars.
    await moveSellerSums(seller, 9, 2);
    const first: SellerRating = { average: 4.5, reviews: 2 };
    await vi.waitFor(
      async () =>
        expect(await searched(uni, 'guitarra')).toEqual({
          [other.id]: null,
          [active.id]: first,
          [reserved.id]: first,
        }),
      WAIT,
    );
    expect(await listed(uni)).toEqual({ [other.id]: null, [active.id]: first, [reserved.id]: first });
    // A sold listing is on no card: it is left as it was.
    expect(await storedRating(sold.id)).toBeNull();

    // An admin hides the 5-star review: it leaves the average.
    await moveSellerSums(seller, -5, -1);
    const second: SellerRating = { average: 4, reviews: 1 };
    await vi.waitFor(async () => expect((await searched(uni, 'acustica'))[active.id]).toEqual(second), WAIT);
    expect((await listed(uni))[reserved.id]).toEqual(second);

    // And the last one: no review left, no rating on the cards.
    await moveSellerSums(seller, -4, -1);
    await vi.waitFor(
      async () =>
        expect(await searched(uni, 'guitarra')).toEqual({
          [other.id]: null,
          [active.id]: null,
          [reserved.id]: null,
        }),
      WAIT,
    );
    expect(await storedRating(active.id)).toBeNull();
  });

  it("a listing written without its seller's rating (published meanwhile, rewritten from an older read) is stamped again", async () => {
    const uni = uniqueUniversity('rs');
    const seller = person();
    await moveSellerSums(seller, 14, 3);
    const rating: SellerRating = { average: 4.7, reviews: 3 };
    // Published without it, as a publication that read the seller's sums just before they moved.
    const p = await makeProduct(table, {
      university_id: uni,
      owner_id: seller,
      title: 'Microscopio escolar',
    });
    await vi.waitFor(
      async () => expect(await searched(uni, 'microscopio')).toEqual({ [p.id]: rating }),
      WAIT,
    );
    expect(await storedRating(p.id)).toEqual(rating);

    // A whole-item write from a read older than the stamp (the seller's edit, a hold) drops it again.
    await table.doc.send(
      new PutCommand({ TableName: table.tableName, Item: productEntity.item({ ...p, price: 12 }) }),
    );
    await vi.waitFor(async () => expect(await storedRating(p.id)).toEqual(rating), WAIT);
    await vi.waitFor(
      async () => expect(await searched(uni, 'microscopio')).toEqual({ [p.id]: rating }),
      WAIT,
    );

    // What the buyer side of a deal earns is not what cards show: the seller's stamp stays.
    await tableOf(table).write(reputationAdded(seller, { buyer_stars: 1, buyer_reviews: 1 }));
    await new Promise((r) => setTimeout(r, 1000));
    expect(await storedRating(p.id)).toEqual(rating);
  });
});
