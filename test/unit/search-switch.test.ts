import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import {
  handleSearchSwitch,
  SEARCH_SWITCH_PATH,
  type SwitchableSearchIndex,
  setSearchIndexMode,
  switchableSearchIndex,
} from '../../scripts/local/search-switch';
import { CONTRACT_DOCS } from '../contract/search-index.contract';
import { searchTerms } from '#shared/search-terms';

/** The local stack's switch that makes its search index fail or hang (scripts/local/search-switch.ts). */
const query = { terms: searchTerms('casio'), sort: 'newest', limit: 5, offset: 0 } as const;
let index: SwitchableSearchIndex;
let server: Server;
let origin: string;

beforeAll(async () => {
  index = switchableSearchIndex(createEmbeddedSearchIndex());
  await index.upsert(CONTRACT_DOCS);
  server = createServer((req, res) => {
    if (req.url === SEARCH_SWITCH_PATH) void handleSearchSwitch(index, req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  index.setMode('ok');
  await new Promise((done) => server.close(done));
});

describe('the search index switch', () => {
  it("'fail' makes searches reject at once and the index not ready; writes still go through", async () => {
    await setSearchIndexMode(origin, 'fail');
    await expect(index.search(query)).rejects.toThrow(/local switch/);
    expect(await index.ready()).toBe(false);
    await index.remove([1]);
    await setSearchIndexMode(origin, 'ok');
    expect((await index.search(query)).total).toBe(0);
    await index.upsert(CONTRACT_DOCS);
    expect((await index.search(query)).total).toBe(1);
  });

  it("'hang' makes searches wait until the switch moves; 'ok' answers again", async () => {
    expect(await setSearchIndexMode(origin, 'hang')).toBe('hang');
    let settled = false;
    const pending = index.search(query).finally(() => {
      settled = true;
    });
    pending.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);
    expect(await setSearchIndexMode(origin)).toBe('hang');
    await setSearchIndexMode(origin, 'ok');
    await expect(pending).rejects.toThrow(/hang ended/);
    expect((await index.search(query)).items.map((p) => p.id)).toEqual([1]);
  });

  it('takes only GET, or PUT with a JSON mode', async () => {
    const url = new URL(SEARCH_SWITCH_PATH, origin);
    expect((await fetch(url, { method: 'POST', body: 'mode=fail' })).status).toBe(405);
    expect((await fetch(url, { method: 'PUT', body: '{"mode":"fail"}' })).status).toBe(415);
    const bad = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"mode":"off"}',
    });
    expect(bad.status).toBe(400);
    expect(index.mode).toBe('ok');
  });
});
