/**
 * Alerts (docs/decisions/031): the time to find the saved searches a new listing matches, on the
 * local engine's reverse index (functions/adapters/search/embedded-alerts.ts), with 1,000 and with
 * 100,000 saved searches. Goal: p95 ≤ 20 ms at 100,000, and growth well under linear (100× the
 * saved searches must cost far less than 100× the time).
 *
 * The saved searches are what people save: one to three words of the demo catalogue (whole words,
 * prefixes, a typo in one of five, synonyms), often with a category, a condition or a price range,
 * spread over four universities (the demo's); the listings are the catalogue's templates with random
 * prices. Run: `npm run bench -- alerts` (or `npx tsx scripts/bench/alerts.ts`).
 */
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import type { MatchableSearch } from '../../functions/ports/alerts';
import type { SearchDocument } from '../../functions/ports/search-index';
import { CATEGORIES, CONDITIONS } from '#shared/enums';
import { ITEM_SYNONYMS } from '#shared/synonyms';
import { tokenize } from '#shared/text';
import { TEMPLATES } from '../demo/catalogue';
import { DEMO_UNIVERSITIES, prng } from '../demo/data';
import { fmt, percentile } from './stats';

const GOAL_P95_MS = 20;
const UNIVERSITIES = DEMO_UNIVERSITIES.map((u) => u.id);
const LISTINGS = Number(process.env.BENCH_SAMPLES ?? 1000);

const random = prng(2031);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const words = [
  ...new Set(TEMPLATES.flatMap(([title, , , , , tags]) => tokenize(`${title} ${tags.join(' ')}`))),
].filter((w) => w.length >= 3 && !/^\d+$/.test(w));

function typo(w: string): string {
  const i = Math.floor(random() * w.length);
  return `${w.slice(0, i)}${String.fromCharCode(97 + Math.floor(random() * 26))}${w.slice(i + 1)}`;
}

function savedSearches(n: number): MatchableSearch[] {
  return Array.from({ length: n }, (_, i) => {
    const count = 1 + Math.floor(random() * random() * 3);
    const q = Array.from({ length: count }, () => {
      const r = random();
      const w = pick(words);
      if (r < 0.2 && w.length >= 5) return typo(w);
      if (r < 0.35) return w.slice(0, Math.max(3, Math.ceil(w.length * 0.6)));
      if (r < 0.45) return pick(pick(ITEM_SYNONYMS));
      return w;
    }).join(' ');
    const r = random();
    return {
      id: `s${i}`,
      user_id: `u${i % (n / 3 || 1)}`,
      enabled: random() > 0.05,
      university: pick(UNIVERSITIES),
      ...(random() < 0.1 ? { category: pick(CATEGORIES) } : { q }),
      ...(r < 0.3 ? { maxPrice: Math.round(20 + random() * 300) } : {}),
      ...(r > 0.85 ? { condition: pick(CONDITIONS) } : {}),
    };
  });
}

function listings(n: number): SearchDocument[] {
  return Array.from({ length: n }, (_, i) => {
    const [title, category, low, high, career, tags, description] = pick(TEMPLATES);
    return {
      id: i + 1,
      title,
      price: Math.round((low + random() * (high - low)) * 100) / 100,
      category,
      career,
      condition: pick(CONDITIONS),
      image: null,
      university_id: pick(UNIVERSITIES),
      created_at: new Date().toISOString(),
      description,
      tags: [...tags],
      seller_name: 'María Pérez',
    };
  });
}

type Line = (label: string, value: string, verdict?: boolean) => void;

async function measure(count: number, line: Line): Promise<{ p50: number; p95: number }> {
  const index = createEmbeddedSavedSearchIndex();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  await index.put(savedSearches(count));
  const built = performance.now() - t0;
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const docs = listings(LISTINGS);
  for (const d of docs.slice(0, 50)) await index.match(d, null); // warm-up
  const times: number[] = [];
  let matched = 0;
  for (const d of docs) {
    const s = performance.now();
    matched += (await index.match(d, 'seller')).length;
    times.push(performance.now() - s);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const label = `alerts: match a new listing, ${count.toLocaleString('en-US')} saved searches`;
  line(
    label,
    `p50 ${fmt(p50)}  p95 ${fmt(p95)}  (${(matched / docs.length).toFixed(1)} matches/listing)`,
    count < 100_000 || p95 <= GOAL_P95_MS,
  );
  line(`  built in ${fmt(built)}, about ${heap.toFixed(0)} MB of heap`, '');
  return { p50, p95 };
}

export async function alertFigures(line: Line): Promise<void> {
  const small = await measure(1_000, line);
  const large = await measure(100_000, line);
  const ratio = large.p95 / small.p95;
  line('alerts: p95 at 100,000 ÷ p95 at 1,000 (100× the searches)', `${ratio.toFixed(1)}×`, ratio < 20);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await alertFigures((label, value, verdict) =>
    console.log(`${label.padEnd(60)} ${value}${verdict === undefined ? '' : verdict ? '  ✓' : '  ✗'}`),
  );
}
