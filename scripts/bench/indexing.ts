/**
 * Indexing at the speed of the stream (issue 26, docs/decisions/051-indexing-in-bulk.md): how many
 * product records a second the table's stream dispatcher gets through, on each search engine, with
 * saved searches in place so that matching is part of the cost.
 *
 * Per engine: a local stack of its own (in memory), four universities, BENCH_INDEXING_SEARCHES
 * saved searches (default 300) of 100 people who each have an address (the first match of their
 * day is mailed at once, through the SES emulator), then BENCH_INDEXING_N new listings (default
 * 5,000), written into the table while the stream's delivery is held, so they wait in the stream
 * as a backlog (an import, a reindex, a dispatcher that was failing). The clock runs from the
 * release until (a) the search index holds every listing, (b) every listing count is exact (each
 * listing partition, and the admin's counts, checked against the listings written) and (c) every
 * saved search holds in 'Nuevos para ti' exactly the listings the embedded matcher says it matches
 * (the oracle: the same rule record by record). A count or an alert that overshoots, or that stops
 * moving for BENCH_INDEXING_STALL_MS, fails the run. The writes are timed apart: they are the
 * bench's own, and DynamoDB Local takes them at a few hundred a second on this machine, which
 * would otherwise be the figure. A stack that cannot hold its stream (a base revision before
 * decision 051's fourth pass) is timed from the first write, and the line says so.
 *
 *   npm run bench -- indexing                       both engines, the working tree
 *   INDEXING_BASE=<rev> npm run bench -- indexing   the same for <rev> (in a temporary worktree,
 *                                                   this file copied in), then the working tree
 *   BENCH_INDEXING_ENGINES=opensearch …             one engine only
 *   BENCH_INDEXING_RUNS=<n> (default 3)             runs per engine (a fresh stack each); the median
 *                                                   is the figure
 *
 * Run alone (`npx tsx scripts/bench/indexing.ts`) it prints one JSON line per engine after its
 * figures, which the A/B run reads from the base's process. It uses only what the stack, the
 * table's adapters and the embedded matcher offered before decision 051, so that an earlier commit
 * can run it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { createSavedSearchRepository } from '../../functions/adapters/dynamodb/alerts';
import { createTableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { writeProducts } from '../local/table-fill';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import type { MatchableSearch } from '../../functions/ports/alerts';
import { productCounts } from '../../functions/services/catalog/listing-counts';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { CATEGORIES, CONDITIONS } from '#shared/enums';
import type { Product } from '#shared/schemas';
import { MAX_NEW_PER_SEARCH, MAX_SAVED_SEARCHES } from '#shared/alerts';
import { type SearchEngine, startLocalStack } from '../local/stack';

const ROOT = resolve(import.meta.dirname, '../..');
const N = Number(process.env.BENCH_INDEXING_N ?? 5_000);
const SEARCHES = Number(process.env.BENCH_INDEXING_SEARCHES ?? 300);
const PEOPLE = 100;
/** Runs per engine; the median is reported. */
const RUNS = Number(process.env.BENCH_INDEXING_RUNS ?? 3);
const STALL_MS = Number(process.env.BENCH_INDEXING_STALL_MS ?? 120_000);
/** Each engine is measured without saved searches (the listing bench's case) and with them. */
const MODES = (process.env.BENCH_INDEXING_MODES ?? `0,${SEARCHES}`).split(',').map(Number);
const ENGINES = (process.env.BENCH_INDEXING_ENGINES ?? 'embedded,opensearch').split(',') as SearchEngine[];
const UNIVERSITIES = ['ucab', 'usm', 'unimet', 'ucv'];
const SELLER = 'bench-seller';
/** The last session's figure for the listing bench's 50,000 products (decision 051's starting point). */
export const BEFORE_RECORDS_PER_S = 28;
const GOAL = 10 * BEFORE_RECORDS_PER_S;
const RESULT_PREFIX = 'INDEXING_RESULT ';

type Line = (label: string, value: string, verdict?: boolean) => void;

/**
 * The DynamoDB calls the stack makes, by operation (DynamoDB Local is slower per call than
 * DynamoDB, so the calls per listing are the figure that carries over to AWS). Counted at the
 * SDK's HTTP layer of this process; the bench's own writes and checks run in `benchOwn` and are
 * left out.
 */
const benchOwn = new AsyncLocalStorage<true>();
const dynamoCalls = new Map<string, number>();
const originalRequest = http.request;
(http as { request: typeof http.request }).request = ((...args: Parameters<typeof http.request>) => {
  const options = args.find((a) => typeof a === 'object' && a !== null && 'headers' in a) as
    | { headers?: Record<string, unknown> }
    | undefined;
  const target = options?.headers?.['x-amz-target'] ?? options?.headers?.['X-Amz-Target'];
  if (typeof target === 'string' && !benchOwn.getStore()) {
    const op = target.split('.').at(-1) ?? target;
    dynamoCalls.set(op, (dynamoCalls.get(op) ?? 0) + 1);
  }
  return originalRequest(...(args as Parameters<typeof originalRequest>));
}) as typeof http.request;

export interface IndexingResult {
  engine: SearchEngine;
  n: number;
  writeMs: number;
  totalMs: number;
  recordsPerS: number;
  matches: number;
  /** Saved searches in place. */
  searches: number;
  /** The stack's DynamoDB calls per listing, by operation (and `total`). */
  callsPerListing: Record<string, number>;
}

/** A small deterministic generator (the same listings and searches in every run and tree). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The words listings and searches share: made-up words of 6 to 9 letters, so a search matches a
 * few dozen listings (well under 'Nuevos para ti''s cap) and the typo rule brings in a few more.
 */
function vocabulary(count: number): string[] {
  const random = prng(47);
  const consonants = 'bcdfglmnprstvz';
  const vowels = 'aeiou';
  const words = new Set<string>();
  while (words.size < count) {
    const length = 6 + Math.floor(random() * 4);
    let w = '';
    for (let i = 0; i < length; i++)
      w += i % 2 === 0 ? consonants[Math.floor(random() * 14)] : vowels[Math.floor(random() * 5)];
    words.add(w);
  }
  return [...words];
}

const WORDS = vocabulary(150);

export function listing(id: number, createdAt: string): Product {
  return {
    id,
    title: `Producto de banco ${WORDS[id % WORDS.length]}`,
    description: `Artículo ${WORDS[(id * 7) % WORDS.length]} generado para medir la indexación.`,
    price: (id % 300) + 0.5,
    category: CATEGORIES[id % CATEGORIES.length],
    condition: CONDITIONS[id % 2],
    career: null,
    image: null,
    images: [],
    tags: ['banco'],
    seller_name: 'Banco',
    seller_email: 'banco@est.ucab.edu.ve',
    whatsapp_number: null,
    university_id: UNIVERSITIES[id % UNIVERSITIES.length],
    status: 'active',
    owner_id: SELLER,
    created_at: createdAt,
  };
}

export function savedSearches(count: number): MatchableSearch[] {
  const random = prng(2026);
  return Array.from({ length: count }, (_, i) => {
    const r = random();
    return {
      id: `bench-${String(i).padStart(4, '0')}`,
      user_id: `bench-person-${i % PEOPLE}`,
      enabled: true,
      university: UNIVERSITIES[Math.floor(random() * UNIVERSITIES.length)],
      q: WORDS[Math.floor(random() * WORDS.length)],
      ...(r < 0.2 ? { category: CATEGORIES[Math.floor(random() * CATEGORIES.length)] } : {}),
      ...(r > 0.8 ? { maxPrice: 50 + Math.floor(random() * 200) } : {}),
    };
  });
}

async function writeAll(products: Product[]): Promise<void> {
  await benchOwn.run(true, () => writeProducts(products));
}

async function indexedCount(url: string): Promise<number> {
  const res = await fetch(`${url}/api/products?q=banco&limit=1`);
  if (!res.ok) return -1;
  return ((await res.json()) as { total: number | null }).total ?? -1;
}

/** The first difference between two maps of counts, or null. */
function difference(expected: Map<string, number>, actual: Map<string, number>): string | null {
  for (const [name, want] of expected) {
    const got = actual.get(name) ?? 0;
    if (got !== want) return `${name}: ${got} of ${want}`;
  }
  return null;
}

/** Each saved search's 'Nuevos para ti' (every search, page by page). */
async function newListings(
  repository: ReturnType<typeof createSavedSearchRepository>,
): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  let cursor: string | undefined;
  do {
    const page = await repository.page(cursor, 500);
    for (const s of page.items) out.set(s.id, new Set(s.new_ids));
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return out;
}

async function runEngine(engine: SearchEngine, searchCount: number, line: Line): Promise<IndexingResult> {
  const stack = await startLocalStack({ port: 0, seed: false, quiet: true, searchEngine: engine });
  try {
    const table = createTableAccess();
    const created = new Date().toISOString();
    for (const id of UNIVERSITIES)
      await createUniversityRepository(table).putIfAbsent({
        id,
        name: id.toUpperCase(),
        full_name: `Universidad ${id}`,
        email_domain: `${id}.bench.edu.ve`,
        created_at: created,
      });
    const profiles = createProfileRepository(table);
    for (let i = 0; i < PEOPLE; i++)
      await profiles.createIfAbsent({
        user_id: `bench-person-${i}`,
        email: `persona${i}@correo.bench`,
        full_name: `Persona ${i}`,
        university_email: null,
        university_email_verified: false,
        university_id: null,
        created_at: created,
      });
    const searches = savedSearches(searchCount);
    const repository = createSavedSearchRepository(table);
    for (const s of searches) {
      const outcome = await repository.create({ ...s, created_at: created, new_ids: [] }, MAX_SAVED_SEARCHES);
      if (outcome !== 'created') throw new Error(`saved search ${s.id}: ${outcome}`);
    }
    // The matcher is fed by the stream: a first listing through the index means the searches
    // written before it went through too (one shard locally); then the percolator's refresh.
    const probe = listing(N + 1, created);
    await writeAll([{ ...probe, owner_id: null }]);
    const waitFrom = Date.now();
    while ((await indexedCount(stack.url)) < 1) {
      if (Date.now() - waitFrom > 60_000) throw new Error('the stream did not take the first listing');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1500));

    // What record-by-record processing ends with: the counts of every listing, and each search's matches.
    const products = Array.from({ length: N }, (_, i) => listing(i + 1, created));
    const expectedCounts = new Map<string, number>();
    for (const p of [{ ...probe, owner_id: null }, ...products])
      for (const c of productCounts(p)) expectedCounts.set(c, (expectedCounts.get(c) ?? 0) + 1);
    const oracle = createEmbeddedSavedSearchIndex();
    await oracle.put(searches);
    const expectedNew = new Map<string, Set<number>>(searches.map((s) => [s.id, new Set<number>()]));
    let matches = 0;
    for (const p of products)
      for (const m of await oracle.match(toSearchDocument(p), SELLER)) {
        expectedNew.get(m.id)?.add(p.id);
        matches += 1;
      }
    const capped = [...expectedNew.values()].filter((ids) => ids.size >= MAX_NEW_PER_SEARCH).length;
    if (capped > 0) throw new Error(`${capped} saved searches would reach the cap of 'Nuevos para ti'`);

    const counts = createCountStore(table);
    const names = [...expectedCounts.keys()];
    dynamoCalls.clear();
    const { stream } = stack as { stream?: { hold(): Promise<void>; release(): void } };
    await stream?.hold();
    const writeStarted = performance.now();
    await writeAll(products);
    const writeMs = performance.now() - writeStarted;
    const started = stream ? performance.now() : writeStarted;
    stream?.release();
    let progress = '';
    let movedAt = Date.now();
    for (;;) {
      // The cheap check first; the counts and the saved searches once the index is complete.
      const indexed = await indexedCount(stack.url);
      let countsOff: string | null = 'not read';
      let alertsOff: string | null = 'not read';
      let alerted = 0;
      if (indexed === N + 1) {
        const values = await benchOwn.run(true, () => counts.values(names));
        const actualCounts = new Map(names.map((name, i) => [name, values[i]]));
        for (const [name, want] of expectedCounts)
          if ((actualCounts.get(name) ?? 0) > want)
            throw new Error(`count ${name} overshot: ${actualCounts.get(name)} of ${want}`);
        countsOff = difference(expectedCounts, actualCounts);
        alertsOff = null;
        const actualNew = await benchOwn.run(true, () => newListings(repository));
        for (const [id, want] of expectedNew) {
          const got = actualNew.get(id) ?? new Set();
          alerted += got.size;
          const extra = [...got].filter((p) => !want.has(p));
          if (extra.length > 0)
            throw new Error(`saved search ${id} got listings it does not match: ${extra}`);
          if (got.size !== want.size) alertsOff ??= `${id}: ${got.size} of ${want.size}`;
        }
        if (countsOff === null && alertsOff === null) break;
      }
      const now = `${indexed} ${countsOff} ${alerted}`;
      if (now !== progress) {
        progress = now;
        movedAt = Date.now();
      } else if (Date.now() - movedAt > STALL_MS)
        throw new Error(
          `[${engine}] stalled: index ${indexed} of ${N + 1}, counts ${countsOff ?? 'exact'}, alerts ${alertsOff ?? 'exact'}`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
    const totalMs = performance.now() - started;
    const recordsPerS = N / (totalMs / 1000);
    const callsPerListing: Record<string, number> = {};
    let total = 0;
    for (const [op, n] of [...dynamoCalls].sort((a, b) => b[1] - a[1])) {
      callsPerListing[op] = Number((n / N).toFixed(2));
      // The stream's reads are the mapping's, not the dispatcher's.
      if (!['GetRecords', 'GetShardIterator', 'DescribeStream'].includes(op)) total += n;
    }
    callsPerListing.total = Number((total / N).toFixed(2));
    line(
      `[${engine}] ${N.toLocaleString('en')} new listings, ${searchCount} saved searches`,
      `${recordsPerS.toFixed(0)} records/s (${stream ? 'backlog drained' : 'from the first write'} in ${(totalMs / 1000).toFixed(1)} s; written in ${(writeMs / 1000).toFixed(1)} s)`,
      engine === 'opensearch' ? recordsPerS >= GOAL : undefined,
    );
    line(`  index, every count and ${matches} alert matches exact`, '✓');
    line(
      '  DynamoDB calls per listing (table only)',
      `${callsPerListing.total} — ${Object.entries(callsPerListing)
        .filter(([op]) => op !== 'total')
        .map(([op, n]) => `${op} ${n}`)
        .join(', ')}`,
    );
    return { engine, n: N, writeMs, totalMs, recordsPerS, matches, searches: searchCount, callsPerListing };
  } finally {
    await stack.stop();
  }
}

/** The working tree's figures, engine by engine: the median of RUNS runs (each on a fresh stack). */
export async function indexingFiguresHere(line: Line): Promise<IndexingResult[]> {
  const out: IndexingResult[] = [];
  for (const engine of ENGINES)
    for (const searchCount of MODES) {
      const runs: IndexingResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runEngine(engine, searchCount, line));
      const median = [...runs].sort((a, b) => a.recordsPerS - b.recordsPerS)[Math.floor(runs.length / 2)];
      line(
        `[${engine}] ${searchCount === 0 ? 'no saved searches' : `with ${searchCount} saved searches`}, median of ${runs.length} runs`,
        `${median.recordsPerS.toFixed(0)} records/s (goal on OpenSearch: ≥ ${GOAL})`,
        engine === 'opensearch' ? median.recordsPerS >= GOAL : undefined,
      );
      out.push(median);
    }
  return out;
}

/** This bench in a worktree of `rev` (this file copied in, node_modules and .cache linked). */
async function baseFigures(rev: string): Promise<IndexingResult[]> {
  const work = mkdtempSync(join(tmpdir(), 'mercado-indexing-ab-'));
  const tree = join(work, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: ROOT, stdio: 'ignore' });
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    symlinkSync(join(ROOT, '.cache'), join(tree, '.cache'));
    copyFileSync(join(ROOT, 'scripts/bench/indexing.ts'), join(tree, 'scripts/bench/indexing.ts'));
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/bench/indexing.ts'], {
        cwd: tree,
        env: process.env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      child.once('error', fail);
      child.once('exit', (code) =>
        code === 0 ? done(text) : fail(new Error(`the base's bench exited with ${code}:\n${text}`)),
      );
    });
    return output
      .split('\n')
      .filter((l) => l.startsWith(RESULT_PREFIX))
      .map((l) => JSON.parse(l.slice(RESULT_PREFIX.length)) as IndexingResult);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
    rmSync(work, { recursive: true, force: true });
  }
}

/** `npm run bench -- indexing`: the working tree's figures, and the base's beside them (INDEXING_BASE). */
export async function indexingFigures(line: Line): Promise<void> {
  const rev = process.env.INDEXING_BASE;
  const base = rev ? await baseFigures(rev) : [];
  const here = await indexingFiguresHere(line);
  if (!rev) return;
  const sha = execFileSync('git', ['rev-parse', '--short', rev], { cwd: ROOT, encoding: 'utf8' }).trim();
  console.log(`\nIndexing side by side (${N.toLocaleString('en')} listings, ${SEARCHES} saved searches):`);
  for (const h of here) {
    const b = base.find((r) => r.engine === h.engine && (r.searches ?? SEARCHES) === h.searches);
    console.log(
      `${h.engine.padEnd(11)} ${String(h.searches).padStart(3)} searches ${sha}: ${b ? `${b.recordsPerS.toFixed(0)} records/s` : '—'}   working tree: ${h.recordsPerS.toFixed(0)} records/s${b ? `   (${(h.recordsPerS / b.recordsPerS).toFixed(1)}×)` : ''}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'silent';
  const line: Line = (label, value, verdict) =>
    console.log(`${label.padEnd(60)} ${value}${verdict === undefined ? '' : verdict ? '  ✓' : '  ✗'}`);
  indexingFiguresHere(line).then(
    (results) => {
      for (const r of results) console.log(`${RESULT_PREFIX}${JSON.stringify(r)}`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
