/**
 * What one percolation of a stream batch costs on the real engine (docs/decisions/051, fifth
 * pass), and what that cost is made of: `npm run bench -- percolation`.
 *
 * A real OpenSearch node of its own (127.0.0.1:4151 or BENCH_OPENSEARCH_PORT, a temporary data
 * folder), the indexing bench's 300 saved searches (BENCH_INDEXING_SEARCHES) and a batch of its
 * 1,000 listings (BENCH_PERCOLATION_N). Four percolations of that batch, interleaved, 7 rounds,
 * medians: as the adapter percolates it (lean listings), the listings whole (while searches of the
 * layout before remain), the same stored searches without their typo clauses (what the typo
 * automata cost), and no stored search at all (what the listings alone cost).
 */
import {
  buildPercolateManyRequest,
  buildPercolatorQuery,
  createOpenSearchSavedSearchIndex,
  PERCOLATOR_LAYOUT,
} from '../../functions/adapters/search/opensearch-alerts';
import { openSearchSender } from '../../functions/adapters/search/opensearch';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { startOpenSearchLocal } from '../local/parts/opensearch';
import { listing, savedSearches } from './indexing';

type Line = (label: string, value: string, verdict?: boolean) => void;

const N = Number(process.env.BENCH_PERCOLATION_N ?? 1_000);
const SEARCHES = Number(process.env.BENCH_INDEXING_SEARCHES ?? 300);
const ROUNDS = 7;

/** A stored query without its typo clauses (`multi_match` with `fuzziness`). */
function withoutTypos(query: unknown): unknown {
  if (Array.isArray(query))
    return query
      .filter(
        (c) =>
          !(c && typeof c === 'object' && 'multi_match' in c && 'fuzziness' in (c.multi_match as object)),
      )
      .map(withoutTypos);
  if (query && typeof query === 'object')
    return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, withoutTypos(v)]));
  return query;
}

export async function percolationFigures(line: Line): Promise<void> {
  const port = Number(process.env.BENCH_OPENSEARCH_PORT ?? 4151);
  const node = await startOpenSearchLocal({ port });
  try {
    const connection = { node: node.endpoint, region: 'us-east-1', unsigned: true };
    const send = openSearchSender(connection);
    const index = (name: string) =>
      createOpenSearchSavedSearchIndex({ ...connection, index: `bench-percolation-${name}`, refresh: true });
    const searches = savedSearches(SEARCHES);
    const stored = index('searches');
    await stored.put(searches);
    const empty = index('empty');
    await empty.ensureIndex();
    const noTypos = index('no-typos');
    await noTypos.ensureIndex();
    await send({
      method: 'POST',
      path: '/bench-percolation-no-typos/_bulk?refresh=true',
      ndjson: searches.flatMap((s) => [
        { index: { _id: s.id } },
        {
          search_id: s.id,
          user_id: s.user_id,
          enabled: true,
          layout: PERCOLATOR_LAYOUT,
          query: withoutTypos(buildPercolatorQuery(s)),
        },
      ]),
    });
    const created = new Date().toISOString();
    const docs = Array.from({ length: N }, (_, i) => toSearchDocument(listing(i + 1, created)));
    const listings = docs.map((doc) => ({ doc, excludeUser: null }));
    const variants: [string, () => Promise<unknown>][] = [
      ['as the adapter does (lean listings)', () => stored.matchEach(listings)],
      [
        'the listings whole',
        () =>
          send({
            method: 'POST',
            path: '/bench-percolation-searches/_search',
            body: buildPercolateManyRequest(docs, false),
          }),
      ],
      ['the searches without their typo clauses', () => noTypos.matchEach(listings)],
      ['no stored search', () => empty.matchEach(listings)],
    ];
    for (const [, run] of variants) await run();
    const times = new Map<string, number[]>(variants.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, run] of variants) {
        const started = performance.now();
        await run();
        times.get(name)?.push(performance.now() - started);
      }
    const median = (name: string) => {
      const sorted = [...(times.get(name) ?? [])].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    };
    const floor = median('no stored search');
    for (const [name] of variants)
      line(
        `Percolating ${N.toLocaleString('en')} listings, ${SEARCHES} searches: ${name}`,
        `${median(name).toFixed(0)} ms (${(median(name) / floor).toFixed(1)}× no stored search; median of ${ROUNDS})`,
      );
  } finally {
    await node.stop();
  }
}
