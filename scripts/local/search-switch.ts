// The local stack's search index switch: make the embedded index fail or hang at run time, so the
// DynamoDB fallback (docs/decisions/016-search-fallback-and-relevance.md) can be tried by hand and
// by the E2E suite. LOCAL ONLY: it wraps the index the local stack provides (functions/app/context.ts
// provideParts) and answers on the local server outside /api; nothing under functions/ knows it.
//
//   npx tsx scripts/local/search-switch.ts fail     searches fail at once (as an unreachable domain)
//   npx tsx scripts/local/search-switch.ts hang     searches never answer (only the timeout gets past)
//   npx tsx scripts/local/search-switch.ts ok       the index answers again
//   npx tsx scripts/local/search-switch.ts          prints the current mode
// It finds the running stack through .data/local-stack.json (`--url <origin>` to name another).
// Over HTTP: GET /__local/search-index → {"mode":"ok"}; PUT with {"mode":"fail"} (JSON) sets it.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchIndex, SearchResult } from '../../functions/ports/search-index';

export const SEARCH_INDEX_MODES = ['ok', 'fail', 'hang'] as const;
export type SearchIndexMode = (typeof SEARCH_INDEX_MODES)[number];

/** Where the local server answers the switch (outside /api: API Gateway has no such route). */
export const SEARCH_SWITCH_PATH = '/__local/search-index';

export interface SwitchableSearchIndex extends SearchIndex {
  readonly mode: SearchIndexMode;
  setMode(mode: SearchIndexMode): void;
}

/**
 * The index, with a switch on its read side: 'fail' makes searches reject at once and `ready()`
 * answer false; 'hang' makes them wait until the switch moves again (then they reject: whoever
 * asked stopped waiting long ago). Writes always go through, so the index stays complete and
 * switching back to 'ok' needs no rebuild.
 */
export function switchableSearchIndex(inner: SearchIndex): SwitchableSearchIndex {
  let mode: SearchIndexMode = 'ok';
  const hanging = new Set<(error: Error) => void>();
  const hang = <T>() =>
    new Promise<T>((_, reject) => {
      hanging.add(reject);
    });
  return {
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
      if (next === 'hang') return;
      for (const reject of hanging) reject(new Error('search index hang ended (local switch)'));
      hanging.clear();
    },
    write: (writes) => inner.write(writes),
    upsert: (docs) => inner.upsert(docs),
    remove: (ids) => inner.remove(ids),
    ...(inner.ids ? { ids: () => inner.ids?.() ?? Promise.resolve([]) } : {}),
    // The reindex job's writes fail too while the switch says 'fail' (its error path, by hand).
    ...(inner.beginRebuild
      ? {
          async beginRebuild() {
            if (mode !== 'ok') throw new Error('search index made to fail (local switch)');
            const rebuild = await (inner.beginRebuild as NonNullable<SearchIndex['beginRebuild']>)();
            return {
              write: (docs) =>
                mode === 'ok'
                  ? rebuild.write(docs)
                  : Promise.reject(new Error('search index made to fail (local switch)')),
              swap: () => rebuild.swap(),
              abort: () => rebuild.abort(),
            };
          },
        }
      : {}),
    search(query): Promise<SearchResult> {
      if (mode === 'fail') return Promise.reject(new Error('search index made to fail (local switch)'));
      if (mode === 'hang') return hang<SearchResult>();
      return inner.search(query);
    },
    async ready() {
      if (mode === 'fail') return false;
      if (mode === 'hang') return hang<boolean>().catch(() => false);
      return inner.ready();
    },
  };
}

const isMode = (value: unknown): value is SearchIndexMode =>
  typeof value === 'string' && (SEARCH_INDEX_MODES as readonly string[]).includes(value);

/**
 * The switch over HTTP: GET reports the mode; PUT with a JSON body {"mode": …} sets it. PUT with
 * JSON is not a request another site's page can send without a CORS preflight, which this server
 * never grants.
 */
export function handleSearchSwitch(
  index: SwitchableSearchIndex,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (chunks.reduce((n, b) => n + b.length, 0) < 1024) chunks.push(c);
    });
    req.on('end', () => {
      if (req.method === 'GET') answer(200, { mode: index.mode });
      else if (req.method !== 'PUT') answer(405, { error: 'GET or PUT' });
      else if (!String(req.headers['content-type']).startsWith('application/json'))
        answer(415, { error: 'send JSON: {"mode": "ok" | "fail" | "hang"}' });
      else {
        let mode: unknown;
        try {
          mode = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { mode?: unknown }).mode;
        } catch {
          mode = undefined;
        }
        if (!isMode(mode)) answer(400, { error: `mode must be one of ${SEARCH_INDEX_MODES.join(', ')}` });
        else {
          index.setMode(mode);
          answer(200, { mode });
        }
      }
      done();
    });
  });
}

/** Sets (or, without a mode, reads) the switch of the stack at `origin`. */
export async function setSearchIndexMode(origin: string, mode?: SearchIndexMode): Promise<SearchIndexMode> {
  const res = await fetch(new URL(SEARCH_SWITCH_PATH, origin), {
    method: mode ? 'PUT' : 'GET',
    ...(mode ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) } : {}),
  });
  const body = (await res.json()) as { mode?: unknown; error?: unknown };
  if (!res.ok || !isMode(body.mode)) throw new Error(`${origin}${SEARCH_SWITCH_PATH}: ${String(body.error)}`);
  return body.mode;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--url');
  const stackFile = join(fileURLToPath(new URL('../..', import.meta.url)), '.data', 'local-stack.json');
  let origin = urlAt >= 0 ? args[urlAt + 1] : undefined;
  if (!origin) {
    try {
      origin = (JSON.parse(readFileSync(stackFile, 'utf8')) as { url: string }).url;
    } catch {
      console.error(
        `No running local stack (${stackFile}): start one with \`npm start\`, or pass --url <origin>.`,
      );
      process.exit(1);
    }
  }
  const wanted = args.filter((_, i) => urlAt < 0 || (i !== urlAt && i !== urlAt + 1))[0];
  if (wanted !== undefined && !isMode(wanted)) {
    console.error(`usage: search-switch.ts [${SEARCH_INDEX_MODES.join('|')}] [--url <origin>]`);
    process.exit(2);
  }
  console.log(`search index at ${origin}: ${await setSearchIndexMode(origin, wanted)}`);
}
