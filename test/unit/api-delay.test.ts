import { describe, expect, it } from 'vitest';
import type { HttpResult } from '../../functions/http/api-event';
import { API_DELAY_MAX_MS, delayedInvokeApi, parseApiDelay } from '../../scripts/local/api-delay';

const ok: HttpResult = { statusCode: 200, headers: {}, cookies: [], body: Buffer.from('{}') };
const request = { method: 'GET', url: '/api/products', headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1', host: 'x' };

describe('the local API delay switch (issue 27)', () => {
  it('accepts a whole number of milliseconds from 0 to the maximum, and nothing else', () => {
    expect(parseApiDelay('{"ms":5000}')).toEqual({ ms: 5000 });
    expect(parseApiDelay('{"ms":0}')).toEqual({ ms: 0 });
    expect(parseApiDelay(`{"ms":${API_DELAY_MAX_MS}}`)).toEqual({ ms: API_DELAY_MAX_MS });
    for (const body of ['{"ms":-1}', '{"ms":1.5}', '{"ms":"5000"}', `{"ms":${API_DELAY_MAX_MS + 1}}`, '{}', 'null', 'nope'])
      expect(parseApiDelay(body)).toHaveProperty('error');
  });

  it('answers at once when off, and each request that much later when set', async () => {
    let calls = 0;
    const api = delayedInvokeApi(async () => {
      calls++;
      return ok;
    });
    expect(api.ms).toBe(0);
    let started = performance.now();
    await api.invokeApi(request);
    expect(performance.now() - started).toBeLessThan(40);
    api.setMs(150);
    started = performance.now();
    const answer = api.invokeApi(request);
    // The handler is not called before the delay is over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
    expect(await answer).toBe(ok);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(calls).toBe(2);
  });
});
