/**
 * `npm run bench -- reviews`: the seller page with 200 reviews against the same page with none
 * (issue 40: it must stay within today's product-page budgets). Its own stack with the demo data
 * (in memory), no edge cache; 200 confirmed deals of the demo seller with both
 * reviews written through the repositories (as the API writes them), then, side by side in one run:
 * the rendered page's answer time (each request rendered) and
 * bytes, and `GET /api/sellers/{id}`'s time and bytes, for the seller with 200 reviews and a
 * catalogue seller with none. The goal is the uncached product page's (render.ts).
 */
import { createDealRepository } from '../../functions/adapters/dynamodb/deals';
import { createTableAccess } from '../../functions/adapters/dynamodb/client';
import { createInterestRepository } from '../../functions/adapters/dynamodb/interests';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createReviewRepository } from '../../functions/adapters/dynamodb/reviews';
import type { Deal } from '../../functions/ports/deals';
import { DEMO_SELLER_PRODUCTS } from '../demo/questions';
import { startLocalStack } from '../local/stack';
import { buildWebIfStale } from '../local/web-build';
import { RENDER_GOALS } from './render';
import { fmt, percentile } from './stats';

type Line = (label: string, value: string, verdict?: boolean) => void;

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 200);
const SAMPLES = Number(process.env.BENCH_REVIEW_SAMPLES ?? 40);

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: 'manual' });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: res.status };
}

async function sample(url: (i: number) => string) {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await timed(url(i));
    if (r.status !== 200) throw new Error(`${url(i)} answered ${r.status}`);
    ms.push(r.ms);
    bytes = r.bytes;
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), bytes };
}

export async function reviewFigures(line: Line): Promise<void> {
  await buildWebIfStale({ quiet: true });
  // No edge cache: every page request is rendered (the product page budget is a render's).
  const stack = await startLocalStack({ port: 0, seed: true, quiet: true, edgeCache: false });
  try {
    const access = createTableAccess({ endpoint: stack.dynamodbEndpoint, tableName: stack.tableName });
    const products = createProductRepository(access);
    const deals = createDealRepository(access);
    const reviews = createReviewRepository(access);
    const interests = createInterestRepository(access);
    const template = await products.get(DEMO_SELLER_PRODUCTS[0].id, { consistent: true });
    const sellerId = template?.owner_id;
    if (!template || !sellerId) throw new Error('the demo seller has no listing');
    // Another seller with listings and no review: the same page, empty.
    const other = (await products.get(1, { consistent: true }))?.owner_id;
    if (!other) throw new Error('demo product 1 has no seller');

    const t0 = performance.now();
    for (let n = 0; n < REVIEWS; n++) {
      const id = 900_000 + n;
      const buyer = `bench-buyer-${n}`;
      const at = new Date(Date.now() - (REVIEWS - n) * 60_000).toISOString();
      await products.putIfAbsent({
        ...template,
        id,
        title: `Artículo vendido ${n}`,
        status: 'active',
        created_at: at,
      });
      await interests.record(id, buyer, 'contact', at);
      const product = await products.get(id, { consistent: true });
      if (!product) throw new Error(`product ${id} missing`);
      const named: Deal = {
        product_id: id,
        seller_id: sellerId,
        buyer_id: buyer,
        title: product.title,
        state: 'pending',
        named_at: at,
        sold_at: at,
        answer_by: at,
        code: '000000',
        code_tries: 0,
      };
      await deals.changeStatus(product, 'sold', { kind: 'name', deal: named, replacing: null });
      const confirmed: Deal = { ...named, state: 'confirmed', confirmed_at: at, review_until: at };
      await deals.settle(named, confirmed);
      const text = `Reseña ${n}: todo bien, llegó puntual y el artículo estaba como en las fotos.`;
      const base = { product_id: id, title: product.title, created_at: at, counted: true, text };
      const mine = {
        ...base,
        side: 'buyer' as const,
        author_id: buyer,
        subject_id: sellerId,
        stars: 1 + (n % 5),
      };
      const theirs = { ...base, side: 'seller' as const, author_id: sellerId, subject_id: buyer, stars: 5 };
      const next = { ...confirmed, buyer_reviewed: true };
      await reviews.write(confirmed, next, mine, null, at);
      await reviews.write(
        next,
        { ...next, seller_reviewed: true, reviews_done_at: at },
        theirs,
        { ...mine },
        at,
      );
    }
    line(`${REVIEWS} confirmed deals with both reviews written`, fmt(performance.now() - t0));

    // Warm: the render module and the catalog's handlers (the warm ping's work in AWS).
    await timed(`${stack.url}/vendedor/${other}?warm=1`);
    await timed(`${stack.url}/api/sellers/${other}`);
    const page = (id: string) => () => `${stack.url}/vendedor/${id}`;
    const api = (id: string) => () => `${stack.url}/api/sellers/${id}`;
    const none = await sample(page(other));
    const many = await sample(page(sellerId));
    const apiNone = await sample(api(other));
    const apiMany = await sample(api(sellerId));
    line(
      'seller page render p50 / p95, no reviews',
      `${fmt(none.p50)} / ${fmt(none.p95)}, ${(none.bytes / 1024).toFixed(1)} KB`,
    );
    line(
      `seller page render p50 / p95, ${REVIEWS} reviews`,
      `${fmt(many.p50)} / ${fmt(many.p95)}, ${(many.bytes / 1024).toFixed(1)} KB (${(many.p50 / none.p50).toFixed(2)}×)`,
      many.p50 < RENDER_GOALS.uncachedProductMs,
    );
    line(
      `GET /api/sellers/{id} p50, none / ${REVIEWS} reviews`,
      `${fmt(apiNone.p50)} / ${fmt(apiMany.p50)} (${(apiMany.p50 / apiNone.p50).toFixed(2)}×), ${(apiNone.bytes / 1024).toFixed(1)} / ${(apiMany.bytes / 1024).toFixed(1)} KB`,
    );
    console.log(`  goal at p50: the uncached product page's, < ${RENDER_GOALS.uncachedProductMs} ms`);
  } finally {
    await stack.stop();
  }
}
