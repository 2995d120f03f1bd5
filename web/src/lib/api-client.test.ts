// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes as fullTable } from 'virtual:api-routes';
import { apiRoutes as publicReads } from 'virtual:api-routes/public-reads';
import { API_MESSAGES } from '#shared/messages';
import { fakeApi } from '../testing/render';
import {
  ApiError,
  type ApiTransport,
  apiCall,
  apiUrl,
  revalidatePublicReads,
  setApiTransport,
  setTokenProvider,
} from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiCall', () => {
  it('starts with the public reads only, and loads the rest of the table for another route', async () => {
    const names = Object.keys(publicReads);
    expect(names).toContain('listProducts');
    expect(names).not.toContain('getProfile');
    for (const route of Object.values(publicReads))
      expect(route).toMatchObject({ method: 'GET', auth: 'public' });
    expect(Object.keys(fullTable).length).toBeGreaterThan(names.length);
    const api = fakeApi(() => ({ body: { id: 'u1' } }));
    await apiCall('getProfile', {});
    expect(api.requests[0].url.pathname).toBe('/api/me/profile');
  });

  it('builds the URL from the route table, leaving empty query values out', () => {
    expect(apiUrl('getProduct', { params: { id: 12 } })).toBe('/api/products/12');
    expect(
      apiUrl('listProducts', {
        query: { university: 'ucab', q: 'cálculo', category: undefined, minPrice: 0 },
      }),
    ).toBe('/api/products?university=ucab&q=c%C3%A1lculo&minPrice=0');
  });

  it('returns the response body as the server sent it (the server strips it with the route schema)', async () => {
    const page = { items: [], total: null, nextCursor: null };
    const api = fakeApi(() => ({ body: page }));
    await expect(apiCall('listProducts', { query: { limit: 4 } })).resolves.toEqual(page);
    expect(api.requests[0].method).toBe('GET');
    expect(api.requests[0].url.search).toBe('?limit=4');
  });

  it('sends JSON bodies with the route method', async () => {
    const api = fakeApi((req) => ({
      status: 201,
      body: { ...(req.body as object), id: 'r', status: 'pending', requester_id: null, created_at: 'x' },
    }));
    await apiCall('createUniversityRequest', {
      body: { university_name: 'A', university_full_name: 'B', email_domain: 'a.edu.ve', city: 'C' },
    });
    expect(api.requests[0]).toMatchObject({ method: 'POST', body: { university_name: 'A' } });
    expect(api.requests[0].url.pathname).toBe('/api/university-requests');
  });

  it('sends one Idempotency-Key per submission of a create: the same for its retries, a new one after a success or new content', async () => {
    let status = 503;
    const api = fakeApi((req) =>
      status === 201
        ? {
            status,
            body: {
              ...(req.body as object),
              id: 'r',
              status: 'pending',
              requester_id: null,
              created_at: 'x',
            },
          }
        : { status, body: { error: { code: 'unavailable', message: 'No disponible' } } },
    );
    const body = {
      university_name: 'UNEG',
      university_full_name: 'U. de Guayana',
      email_domain: 'uneg.edu.ve',
      city: 'Puerto Ordaz',
    };
    const send = (b: typeof body) => apiCall('createUniversityRequest', { body: b }).catch((e: unknown) => e);
    const keyOf = (i: number) => api.requests[i].headers.get('idempotency-key');

    expect(await send(body)).toBeInstanceOf(ApiError);
    await send(body); // the person presses again after the failure
    status = 201;
    await Promise.all([send(body), send(body)]); // a double click
    await send(body); // the same content again, after the success: a new submission
    await send({ ...body, city: 'Ciudad Bolívar' }); // other content: another submission

    expect(keyOf(0)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect([keyOf(1), keyOf(2), keyOf(3)]).toEqual([keyOf(0), keyOf(0), keyOf(0)]);
    expect(keyOf(4)).not.toBe(keyOf(0));
    expect(keyOf(5)).not.toBe(keyOf(4));
    expect(keyOf(5)).not.toBe(keyOf(0));
  });

  it('sends no Idempotency-Key to a route that takes none', async () => {
    const api = fakeApi(() => ({ body: { items: [], total: null, nextCursor: null } }));
    await apiCall('listProducts', {});
    expect(api.requests[0].headers.has('idempotency-key')).toBe(false);
  });

  it('turns an error body into an ApiError with the status and the Spanish message', async () => {
    fakeApi(() => ({
      status: 404,
      body: { error: { code: 'NotFound', message: 'Producto no encontrado' } },
    }));
    const err = await apiCall('getProduct', { params: { id: 999 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'NotFound', message: 'Producto no encontrado' });
  });

  it('keeps well-formed error details and drops malformed ones', async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'ValidationError',
          message: 'Datos no válidos',
          details: [{ path: 'city', message: 'Campo obligatorio' }, { path: 3 }, 'x'],
        },
      },
    }));
    const err = await apiCall('listUniversities', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      code: 'ValidationError',
      message: 'Datos no válidos',
      details: [{ path: 'city', message: 'Campo obligatorio' }],
    });
  });

  it('turns a malformed error body into an ApiError with the status and the generic Spanish message', async () => {
    fakeApi(() => ({ status: 503, body: { error: 'Service Unavailable' } }));
    const err = await apiCall('getProduct', { params: { id: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'HttpError', message: API_MESSAGES.internal });
  });

  it('turns a non-JSON error body into an ApiError with the status and the generic Spanish message', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const err = await apiCall('getProduct', { params: { id: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 502, code: 'HttpError', message: API_MESSAGES.internal });
  });

  it("says 'too many requests' in Spanish for the gateway's own 429, whose body is not the API's", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message: 'Too Many Requests' }), { status: 429 }),
    );
    const err = await apiCall('getProduct', { params: { id: 1 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: 'too_many_requests', message: API_MESSAGES.tooManyRequests });
  });

  it('refuses a successful response that is not a JSON object', async () => {
    vi.stubGlobal('fetch', async () => new Response('<!doctype html><title>SPA</title>', { status: 200 }));
    await expect(apiCall('listUniversities', {})).rejects.toMatchObject({
      status: 200,
      code: 'InvalidResponse',
      message: API_MESSAGES.internal,
    });
  });

  it('reports a network failure as status 0 with the generic Spanish message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiCall('listUniversities', {})).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      message: API_MESSAGES.internal,
    });
  });
});

describe('revalidation after one’s own changes', () => {
  it('makes public reads revalidate with the server for a while, private ones untouched', async () => {
    sessionStorage.clear();
    const fetchMock = vi.fn(
      async () => new Response('{"items":[],"total":0,"nextCursor":null}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiCall('listProducts', {});
    expect((fetchMock.mock.calls[0] as unknown[])[1]).not.toHaveProperty('cache');
    revalidatePublicReads();
    await apiCall('listProducts', {});
    expect((fetchMock.mock.calls[1] as unknown[])[1]).toMatchObject({ cache: 'no-cache' });
    revalidatePublicReads(Date.now() - 100_000);
    await apiCall('listProducts', {});
    expect((fetchMock.mock.calls[2] as unknown[])[1]).not.toHaveProperty('cache');
    vi.unstubAllGlobals();
  });
});

describe('the API transport', () => {
  afterEach(() => {
    setApiTransport(null);
    setTokenProvider(null);
  });

  /** A transport that records what it receives and answers as the API would; fetch must not be used. */
  function recordingTransport(answer: (url: string, init: RequestInit) => Response) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const transport: ApiTransport = async (url, init) => {
      calls.push({ url, init });
      return answer(url, init);
    };
    setApiTransport(transport);
    return { calls, fetchMock };
  }

  it('receives every call (method, URL, headers) instead of fetch, and its answer is the result', async () => {
    const product = { id: 12, title: 'Silla' };
    const { calls, fetchMock } = recordingTransport(() => Response.json(product));
    await expect(apiCall('getProduct', { params: { id: 12 } })).resolves.toEqual(product);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/products/12');
    expect(calls[0].init).toMatchObject({ method: 'GET', headers: { accept: 'application/json' } });
    expect(calls[0].init.body).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('receives a write with its JSON body, its token and its Idempotency-Key', async () => {
    setTokenProvider(async () => 'id-token');
    const { calls } = recordingTransport((_, init) =>
      Response.json(
        { ...JSON.parse(String(init.body)), id: 'r', status: 'pending', requester_id: 'u1', created_at: 'x' },
        { status: 201 },
      ),
    );
    const body = { university_name: 'A', university_full_name: 'B', email_domain: 'a.edu.ve', city: 'C' };
    await expect(apiCall('createUniversityRequest', { body })).resolves.toMatchObject({ id: 'r', city: 'C' });
    expect(calls[0].url).toBe('/api/university-requests');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: 'Bearer id-token',
      'idempotency-key': expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    expect(JSON.parse(String(calls[0].init.body))).toEqual(body);
  });

  it('turns its error answers and failures into ApiErrors as with fetch', async () => {
    recordingTransport(() =>
      Response.json({ error: { code: 'NotFound', message: 'Producto no encontrado' } }, { status: 404 }),
    );
    await expect(apiCall('getProduct', { params: { id: 999 } })).rejects.toMatchObject({
      status: 404,
      code: 'NotFound',
      message: 'Producto no encontrado',
    });
    setApiTransport(async () => {
      throw new Error('handler crashed');
    });
    await expect(apiCall('listUniversities', {})).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      message: API_MESSAGES.internal,
    });
  });

  it('goes back to fetch once reset', async () => {
    const { calls, fetchMock } = recordingTransport(() => Response.json({ items: [] }));
    setApiTransport(null);
    await apiCall('listUniversities', {});
    expect(calls).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
