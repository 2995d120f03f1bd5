/**
 * `npm run bench`: prints the figures the issue's budgets are checked against.
 * 1. The /marketplace route's initial JavaScript (gzip) from the production build.
 * 2. GET /api/products (through the local server, i.e. HTTP + handler + index count) p50/p95
 *    against a raw DynamoDB Query of the same page, measured in the same run.
 * 3. The same listing with 1,000 and with 50,000 products in the table (p50 ratio).
 * 4. The Lambda bundles as the stack builds them: size of each, and load time of each in a fresh
 *    Node process against a module holding only the DynamoDB document client (medians, one run).
 * 3b. The admin dashboard (GET /api/admin/dashboard) at both sizes: counters, not counts (p50 ratio).
 * 5. The public mail routes' answer time for an address with an account and one without
 *    (scripts/bench/accounts-timing.ts): the medians must not tell them apart.
 * 6. Lighthouse (mobile, simulated Slow 4G) on the first pages, against a stack with the demo data
 *    (scripts/bench/lighthouse.ts): performance, LCP, TBT, CLS, accessibility, best practices, SEO,
 *    marked against the goals of decision 024 (docs/decisions/024-phone-speed.md).
 * It starts its own in-memory local stacks on free ports and never touches .data/.
 * `npm run bench -- web|lambda|listing|accounts|lighthouse` runs one part only (listing includes the dashboard);
 * `npm run bench -- images` prints the marketplace's image bytes with and without the photos' sizes
 * (scripts/bench/images.ts); `npm run bench -- expiry` the expiry job's run at two table sizes
 * (scripts/bench/listing-expiry.ts).
 * `npm run bench -- alerts` prints the time to match a new listing against 1,000 and 100,000 saved
 * searches on the local engine (scripts/bench/alerts.ts, decision 031).
 * `npm run bench -- search-agreement` starts a real OpenSearch node (port 4150) and prints how often
 * it and the embedded engine give the same first 10 results and total for student searches on the
 * demo catalogue and the relevance corpus, with every difference (scripts/bench/search-agreement.ts,
 * decision 046).
 * `npm run bench -- start` prints the local stack's start time and memory with the embedded engine and
 * with a real OpenSearch node, side by side (scripts/bench/local-start.ts, decision 044).
 * `npm run bench -- indexing` prints the records per second the table stream's dispatcher gets
 * through (table write → stream → dispatcher → index, counts and alerts exact) on the embedded
 * engine and on a real OpenSearch node, the median of BENCH_INDEXING_RUNS runs; with
 * INDEXING_BASE=<rev> an earlier commit's beside it (scripts/bench/indexing.ts, decision 051).
 * `npm run bench -- percolation` starts a real OpenSearch node (port 4151) and prints one
 * percolation of a batch of 1,000 listings against 300 saved searches: as the adapter does it, with
 * the listings whole, without the searches' typo clauses, and with no search (scripts/bench/percolation.ts).
 * `npm run bench -- data-layer` prints the DynamoDB adapters' lines and raw SDK commands, with
 * DATA_LAYER_BASE=<rev> an earlier commit's beside them (scripts/bench/data-layer.ts, decision 056).
 * `LIGHTHOUSE_BASE=<rev> npm run bench -- lighthouse-ab` runs the Lighthouse part for the working
 * tree and an earlier commit side by side, interleaved (scripts/bench/lighthouse-ab.ts, decision 038).
 * `npm run bench -- render` prints the rendered pages' answer time on the local origin: a page the
 * edge holds and a product page it does not, p50/p95 (scripts/bench/render.ts, issue 27).
 * `npm run bench -- sign-in` prints a local SRP sign-in through the proxy (`signInLocal`) against
 * the USER_PASSWORD_AUTH flow it replaced, straight to cognito-local, p50/p95 and their ratio,
 * interleaved in one run (scripts/bench/sign-in.ts, issue 42, decision 059).
 * `npm run bench -- taps` prints, per rendered page kind and per design of when the app's scripts
 * load (today's wait for the first photos, at once at low priority, right after the first paint),
 * on a throttled phone: LCP, FCP, first paint → app ready, and the time from a control being
 * visible to its tap being answered, with lost taps; medians of BENCH_TAPS_RUNS (default 5), with
 * the floor page's LCP (scripts/bench/taps.ts, issue 38).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTableAccess } from '../../functions/adapters/dynamodb/client';
import { writeProducts } from '../local/table-fill';
import { CATEGORIES, CAREERS, CONDITIONS } from '#shared/enums';
import type { Product } from '#shared/schemas';
import { productListingKey } from '#shared/table';
import { startLocalStack } from '../local/stack';
import { buildWebIfStale } from '../local/web-build';
import {
  BUNDLE_BUDGET_KB,
  buildBaselineBundle,
  buildLambdaBundles,
  loadTimeMs,
  RENDER_BUNDLE_BUDGET_KB,
} from './lambda-bundles';
import { fmt, percentile, sample } from './stats';
import { lazyChunkJs, routeInitialJs } from './web-size';
import { accountTimingFigures } from './accounts-timing';
import { adminToken, dashboardFigures, waitForCounts } from './admin-dashboard';
import { lighthouseFigures } from './lighthouse';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'silent';

const ROOT = resolve(import.meta.dirname, '../..');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const PAGE = 24;
const UNIVERSITIES = ['ucab', 'usm', 'unimet', 'ucv'];
const BUDGET = { jsKb: 150, apiVsRaw: 1.5, scale: 1.2, bundleKb: BUNDLE_BUDGET_KB, loadVsDynamo: 1.5 };
/** Decision 024's goals for a phone's first load (tighter than decision 006's budget). */
const JS_GOALS = { marketplaceKb: 110, productKb: 120 };
/** Fresh-process loads per bundle (each a new Node process, interleaved so noise hits all alike). */
const LOAD_SAMPLES = Number(process.env.BENCH_LOAD_SAMPLES ?? 15);

function line(label: string, value: string, verdict?: boolean) {
  const mark = verdict === undefined ? '' : verdict ? '  ✓ within budget' : '  ✗ OVER BUDGET';
  console.log(`${label.padEnd(52)} ${value}${mark}`);
}

async function webFigures() {
  await buildWebIfStale({ quiet: true });
  // The entry and the screen's chunk with their imports: what the rendered document loads.
  const size = routeInitialJs(join(ROOT, 'web/dist'), 'features/marketplace/routes/marketplace.tsx');
  line(
    '/marketplace initial JS (gzip)',
    `${size.gzipKb.toFixed(1)} KB (${size.files.length} files, ${size.rawKb.toFixed(0)} KB raw)`,
    size.gzipKb <= BUDGET.jsKb,
  );
  line('  as it travels (brotli, local origin and CloudFront)', `${size.brotliKb.toFixed(1)} KB`);
  console.log(
    `  decision 024's goal ≤ ${JS_GOALS.marketplaceKb} KB gzip: ${size.gzipKb <= JS_GOALS.marketplaceKb ? '✓ met' : '✗ not met'}`,
  );
  // The product page, its questions section and its report dialog (lazy chunks of their own).
  const product = routeInitialJs(join(ROOT, 'web/dist'), 'features/product/routes/product.tsx');
  line(
    '/product/:id initial JS (gzip)',
    `${product.gzipKb.toFixed(1)} KB (${product.files.length} files, ${product.rawKb.toFixed(0)} KB raw)`,
    product.gzipKb <= BUDGET.jsKb,
  );
  line('  as it travels (brotli)', `${product.brotliKb.toFixed(1)} KB`);
  console.log(
    `  decision 024's goal ≤ ${JS_GOALS.productKb} KB gzip: ${product.gzipKb <= JS_GOALS.productKb ? '✓ met' : '✗ not met'}`,
  );
  const questions = lazyChunkJs(
    join(ROOT, 'web/dist'),
    'features/product/components/questions-section.tsx',
    product.files,
  );
  line(
    '  + questions section chunk (gzip)',
    `${questions.gzipKb.toFixed(1)} KB (${questions.files.length} files, ${questions.rawKb.toFixed(0)} KB raw)`,
  );
}

function fakeProduct(id: number, createdAt: number): Product {
  return {
    id,
    title: `Producto de banco ${id}`,
    description: 'Artículo usado en buen estado, generado para medir el listado.',
    price: (id % 500) + 0.5,
    category: CATEGORIES[id % CATEGORIES.length],
    condition: CONDITIONS[id % 2],
    career: CAREERS[id % CAREERS.length],
    image: null,
    images: [],
    tags: ['banco'],
    seller_name: 'Banco',
    seller_email: 'banco@est.ucab.edu.ve',
    whatsapp_number: '584141234567',
    university_id: UNIVERSITIES[id % UNIVERSITIES.length],
    status: 'active',
    owner_id: null,
    created_at: new Date(createdAt).toISOString(),
  };
}

async function fill(from: number, to: number) {
  const base = Date.parse('2025-01-01T00:00:00Z');
  const products: Product[] = [];
  for (let id = from; id <= to; id++) products.push(fakeProduct(id, base + id * 1000));
  await writeProducts(products);
}

/**
 * Waits until the search index holds `expected` products. It fails once the index has stopped
 * growing for INDEX_STALL_MS, not after a fixed time: the stream dispatcher's work per product
 * (index, counts, saved-search matching) makes 50,000 products take 10–20 minutes on this machine.
 */
const INDEX_STALL_MS = 2 * 60_000;
async function waitForIndex(url: string, expected: number) {
  let held: number | null = null;
  let grewAt = Date.now();
  for (;;) {
    const res = await fetch(`${url}/api/products?q=banco&limit=1`);
    const body = (await res.json()) as { total: number | null };
    if (body.total !== null && body.total >= expected) return;
    if (body.total !== held) {
      held = body.total;
      grewAt = Date.now();
    } else if (Date.now() - grewAt > INDEX_STALL_MS)
      throw new Error(
        `index holds ${body.total} of ${expected} products, unchanged for ${INDEX_STALL_MS / 1000} s`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function listingFigures(url: string, label: string) {
  const { doc, tableName } = createTableAccess();
  const { index, pk } = productListingKey({ university: 'ucab' });
  const raw = await sample(SAMPLES, () =>
    doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.pk },
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: PAGE,
      }),
    ),
  );
  const api = await sample(SAMPLES, async () => {
    const res = await fetch(`${url}/api/products?university=ucab&limit=${PAGE}`);
    if (res.status !== 200) throw new Error(`GET /api/products answered ${res.status}`);
    await res.arrayBuffer();
  });
  const r50 = percentile(raw, 50);
  const a50 = percentile(api, 50);
  line(`[${label}] raw DynamoDB Query p50 / p95`, `${fmt(r50)} / ${fmt(percentile(raw, 95))}`);
  line(`[${label}] GET /api/products p50 / p95`, `${fmt(a50)} / ${fmt(percentile(api, 95))}`);
  line(`[${label}] API p50 ÷ raw Query p50`, `${(a50 / r50).toFixed(2)}×`, a50 / r50 <= BUDGET.apiVsRaw);
  return { api: a50, raw: r50 };
}

async function lambdaFigures() {
  const dir = join(ROOT, 'node_modules/.cache/lambda-bundles');
  const bundles = await buildLambdaBundles(dir);
  const baseline = await buildBaselineBundle(dir);
  const files: [string, string][] = [
    ['baseline', baseline],
    ...bundles.map((b): [string, string] => [b.name, b.file]),
  ];
  const loads = new Map<string, number[]>(files.map(([name]) => [name, []]));
  for (let i = 0; i < LOAD_SAMPLES; i++)
    for (const [name, file] of files) loads.get(name)!.push(loadTimeMs(file));
  const base = percentile(loads.get('baseline')!, 50);
  line('load of a module with only the DynamoDB document client', `${fmt(base)} (median of ${LOAD_SAMPLES})`);
  for (const b of bundles) {
    // The render function's own budget counts the render module beside its bundle (decision 054).
    const kb = b.totalBytes / 1024;
    const load = percentile(loads.get(b.name)!, 50);
    const budget = b.name === 'render' ? RENDER_BUNDLE_BUDGET_KB : BUDGET.bundleKb;
    line(`Lambda bundle ${b.name} (minified)`, `${kb.toFixed(1)} KB`, kb <= budget);
    line(
      `  load ${b.name} ÷ DynamoDB-only module`,
      `${fmt(load)}, ${(load / base).toFixed(2)}×`,
      load / base <= BUDGET.loadVsDynamo,
    );
  }
}

/** `npm run bench -- lambda` (or web, listing, accounts) runs one part only. */
const only = process.argv[2];

async function main() {
  console.log(`Benchmarks (${SAMPLES} samples each, page of ${PAGE}, node ${process.version})\n`);
  // Image bytes of the marketplace with and without the photos' sizes (decision 022): on request only.
  if (only === 'images') return (await import('./images')).runImageBench(line);
  // Alerts' matching (decision 031): in-memory, on request only.
  if (only === 'alerts') return (await import('./alerts')).alertFigures(line);
  // The stream's indexing rate on both engines (decision 051): on request only.
  if (only === 'indexing') return (await import('./indexing')).indexingFigures(line);
  // One percolation of a stream batch and what it is made of (decision 051): on request only.
  if (only === 'percolation') return (await import('./percolation')).percolationFigures(line);
  if (only === 'expiry') return (await import('./listing-expiry')).runExpiryBench(line);
  // The engines' agreement (decision 046): a real OpenSearch node of its own, on request only.
  if (only === 'search-agreement') return (await import('./search-agreement')).searchAgreementFigures(line);
  // The local stack's start and memory on each engine (decision 044): on request only.
  if (only === 'start') return (await import('./local-start')).localStartFigures(line);
  // The seller page with 200 reviews against none (issue 40): on request only.
  if (only === 'reviews') return (await import('./reviews')).reviewFigures(line);
  // What one push costs its sender (issue 41): on request only.
  if (only === 'push') return (await import('./push')).pushFigures(line);
  // A local SRP sign-in beside the password flow it replaced (issue 42): on request only.
  if (only === 'sign-in') return (await import('./sign-in')).signInFigures(line);
  // The server render's answer times (issue 27): on request only.
  if (only === 'render') return (await import('./render')).renderFigures(line);
  // The first tap against the first paint, per design of the app's loading (issue 38): on request only.
  if (only === 'taps') return (await import('./taps')).tapsFigures();
  // The DynamoDB adapters' size and raw SDK commands (decision 056): on request only.
  if (only === 'data-layer') return (await import('./data-layer')).dataLayerFigures();
  // Two builds side by side (LIGHTHOUSE_BASE=<rev>): on request only.
  if (only === 'lighthouse-ab') return (await import('./lighthouse-ab')).lighthouseAb();
  if (!only || only === 'web') await webFigures();
  if (!only || only === 'lambda') await lambdaFigures();
  if (!only || only === 'lighthouse') {
    await buildWebIfStale({ quiet: true });
    // Its own stack with the demo data (in memory): the pages need products and photos.
    const demo = await startLocalStack({ port: 0, seed: true, quiet: true, edgeCache: true });
    try {
      await lighthouseFigures(demo, line);
    } finally {
      await demo.stop();
    }
  }
  if (only && only !== 'listing' && only !== 'accounts') return;
  const stack = await startLocalStack({ port: 0, seed: false, quiet: true });
  try {
    if (!only || only === 'accounts') await accountTimingFigures(stack, line);
    if (only === 'accounts') return;
    await fill(1, 1000);
    await waitForIndex(stack.url, 1000);
    const token = await adminToken(stack);
    await waitForCounts(stack, token, 1000, line);
    const small = await listingFigures(stack.url, '1,000 products');
    const dashSmall = await dashboardFigures(stack, token, '1,000 products', SAMPLES, line);
    const large = Number(process.env.BENCH_LARGE ?? 50_000);
    await fill(1001, large);
    await waitForIndex(stack.url, large);
    // A new sign-in: indexing 50,000 products outlasts the first ID token (15 minutes, as in AWS).
    const later = await adminToken(stack);
    await waitForCounts(stack, later, large, line);
    const big = await listingFigures(stack.url, `${large.toLocaleString('en')} products`);
    line(
      `listing p50 ${large.toLocaleString('en')} ÷ 1,000 products`,
      `${(big.api / small.api).toFixed(2)}×`,
      big.api / small.api <= BUDGET.scale,
    );
    const dashBig = await dashboardFigures(
      stack,
      later,
      `${large.toLocaleString('en')} products`,
      SAMPLES,
      line,
    );
    line(
      `dashboard p50 ${large.toLocaleString('en')} ÷ 1,000 products`,
      `${(dashBig / dashSmall).toFixed(2)}×`,
    );
    // DynamoDB Local's own calls slow down as its table grows (SQLite underneath; DynamoDB does
    // not): the dashboard is judged in units of one raw Query measured at the same size.
    const perQuerySmall = dashSmall / small.raw;
    const perQueryBig = dashBig / big.raw;
    line(
      '  dashboard ÷ raw Query p50 (1,000 → large)',
      `${perQuerySmall.toFixed(2)}× → ${perQueryBig.toFixed(2)}×`,
      perQueryBig / perQuerySmall <= BUDGET.scale,
    );
  } finally {
    await stack.stop();
  }
}

if (!existsSync(join(ROOT, 'node_modules'))) throw new Error('Run npm install first');
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
