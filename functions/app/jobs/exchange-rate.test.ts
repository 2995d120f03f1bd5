import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeRate } from '#shared/exchange-rate';
import { lambdaContext } from '../../../test/support/events';
import { METRIC } from '../../commons/metric-names';
import { resetObservabilityForTests } from '../../commons/observability';
import type { ExchangeRateStore } from '../../ports/exchange-rates';
import { resetContext, setContextForTests } from '../context';
import { handler } from './exchange-rate';

/**
 * The rate job's Lambda entry as Lambda runs it (middy, Powertools): the page fetched over https
 * (global fetch stubbed with a saved copy), parsed, and a failure logged as an error and counted
 * (`BcvRateFailures`) with the invocation failing. The table is an in-memory store here; the real
 * one is tested in test/integration/exchange-rates.test.ts.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/bcv/${name}`, import.meta.url), 'utf8');

function memoryStore() {
  const items = new Map<string, ExchangeRate>();
  const puts: ExchangeRate[] = [];
  const store: ExchangeRateStore = {
    newestOnOrBefore: async (date) =>
      [...items.values()].filter((r) => r.date <= date).sort((a, b) => b.date.localeCompare(a.date))[0] ??
      null,
    newestBefore: async (date) =>
      [...items.values()].filter((r) => r.date < date).sort((a, b) => b.date.localeCompare(a.date))[0] ??
      null,
    oldestAfter: async (date) =>
      [...items.values()].filter((r) => r.date > date).sort((a, b) => a.date.localeCompare(b.date))[0] ??
      null,
    get: async (date) => items.get(date) ?? null,
    history: async (limit) =>
      [...items.values()].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit),
    put: async (next, current) => {
      if ((items.get(next.date) ?? null)?.recorded_at !== current?.recorded_at) return false;
      items.set(next.date, next);
      puts.push(next);
      return true;
    },
  };
  return { store, puts };
}

async function run(page: string, status = 200) {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  // Powertools writes errors to stderr and everything else (EMF metrics too) to stdout.
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(capture),
    vi.spyOn(process.stderr, 'write').mockImplementation(capture),
  ];
  const fetchMock = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(page, { status, headers: { 'content-type': 'text/html' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  let error: unknown = null;
  try {
    await handler({}, lambdaContext('exchange-rate'));
  } catch (err) {
    error = err;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  const json = lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
  return { error, json, fetchMock };
}

describe('the BCV rate job entry', () => {
  const saved = { ...process.env };
  let memory: ReturnType<typeof memoryStore>;

  // Once for the file: the entry's middleware keeps the metrics instance of its first invocation, as in
  // Lambda (each invocation flushes what it counted).
  beforeAll(() => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    process.env.LOG_LEVEL = 'info';
    process.env.APP_STAGE = 'test';
    resetObservabilityForTests();
  });
  afterAll(() => {
    process.env = { ...saved };
    resetObservabilityForTests();
  });
  beforeEach(() => {
    memory = memoryStore();
    setContextForTests({ exchangeRates: memory.store, now: () => new Date('2026-11-23T21:00:00Z') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetContext();
  });

  it("fetches https://www.bcv.org.ve/, stores the page's rate and counts it", async () => {
    const { error, json, fetchMock } = await run(fixture('bcv-2026-11-20.html'));
    expect(error).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('https://www.bcv.org.ve/');
    expect(memory.puts).toMatchObject([{ date: '2026-11-20', rate: 526.8704, source: 'bcv' }]);
    expect(json.find((l) => METRIC.bcvRatesStored in l)).toMatchObject({ [METRIC.bcvRatesStored]: 1 });
    expect(json.some((l) => METRIC.bcvRateFailures in l)).toBe(false);
  });

  it('fails loudly on a changed layout: an error logged, BcvRateFailures counted, nothing stored', async () => {
    const { error, json } = await run(fixture('bcv-changed-layout.html'));
    expect(error).toBeInstanceOf(Error);
    expect(memory.puts).toEqual([]);
    expect(json.find((l) => l.level === 'ERROR')).toMatchObject({
      message: 'bcv rate job failed: nothing stored',
      error: { name: 'BcvLayoutError' },
    });
    expect(json.find((l) => METRIC.bcvRateFailures in l)).toMatchObject({ [METRIC.bcvRateFailures]: 1 });
  });

  it('fails loudly when the site answers an error', async () => {
    const { error, json } = await run('Service Unavailable', 503);
    expect(String(error)).toMatch(/BCV page answered 503/);
    expect(memory.puts).toEqual([]);
    expect(json.find((l) => METRIC.bcvRateFailures in l)).toMatchObject({ [METRIC.bcvRateFailures]: 1 });
  });
});
