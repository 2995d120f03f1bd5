// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/render';
import { ApiError, apiCall, apiUrl } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiCall', () => {
  it('builds the URL from the route table, leaving empty query values out', () => {
    expect(apiUrl('getProduct', { params: { id: 12 } })).toBe('/api/products/12');
    expect(
      apiUrl('listProducts', {
        query: { university: 'ucab', q: 'cálculo', category: undefined, minPrice: 0 },
      }),
    ).toBe('/api/products?university=ucab&q=c%C3%A1lculo&minPrice=0');
  });

  it('parses the response with the route schema', async () => {
    const api = fakeApi(() => ({ body: { items: [], total: null, nextCursor: null, extra: 'dropped' } }));
    const page = await apiCall('listProducts', { query: { limit: 4 } });
    expect(page).toEqual({ items: [], total: null, nextCursor: null });
    expect(api.requests[0].method).toBe('GET');
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

  it('turns an error body into an ApiError with the status and the Spanish message', async () => {
    fakeApi(() => ({
      status: 404,
      body: { error: { code: 'NotFound', message: 'Producto no encontrado' } },
    }));
    const err = await apiCall('getProduct', { params: { id: 999 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'NotFound', message: 'Producto no encontrado' });
  });

  it('refuses a response that does not match the schema', async () => {
    fakeApi(() => ({ body: { items: 'nope' } }));
    await expect(apiCall('listUniversities', {})).rejects.toMatchObject({ code: 'InvalidResponse' });
  });
});
