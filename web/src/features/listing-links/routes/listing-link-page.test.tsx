// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPIRY_MESSAGES } from '#shared/listing-expiry';
import { type FakeRequest, fakeApi, renderApp } from '@/testing/render';

const TOKEN = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

/** The two link routes, answering `answers` in turn (then success). */
function linkApi(...answers: { status: number; message: string }[]) {
  const api = fakeApi((req: FakeRequest) => {
    const action = /^\/api\/listing-links\/(renew|sold)$/.exec(req.url.pathname)?.[1];
    if (!action) return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
    const next = answers.shift();
    if (next) return { status: next.status, body: { error: { code: 'x', message: next.message } } };
    return {
      body: {
        result: action === 'renew' ? 'renewed' : 'sold',
        product: { id: 42, title: 'Guitarra', status: action === 'renew' ? 'active' : 'sold' },
      },
    };
  });
  return {
    posts: () =>
      api.requests
        .filter((r) => r.url.pathname.startsWith('/api/listing-links/'))
        .map((r) => [r.method, r.url.pathname, (r.body as { token: string }).token]),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reminder's links (decision 030)", () => {
  it('renews with one POST, without a session, and says so in Spanish', async () => {
    const api = linkApi();
    renderApp(`/publicacion/renovar#token=${TOKEN}`);
    expect(await screen.findByText(EXPIRY_MESSAGES.renewed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver publicación' }).getAttribute('href')).toBe('/product/42');
    expect(api.posts()).toEqual([['POST', '/api/listing-links/renew', TOKEN]]);
  });

  it('marks it sold through its own route', async () => {
    const api = linkApi();
    renderApp(`/publicacion/vendida#token=${TOKEN}`);
    expect(await screen.findByText(EXPIRY_MESSAGES.markedSold)).toBeTruthy();
    expect(api.posts()).toEqual([['POST', '/api/listing-links/sold', TOKEN]]);
  });

  it('says why a used or expired link is refused, and calls nothing without a token', async () => {
    linkApi({ status: 409, message: EXPIRY_MESSAGES.usedLink });
    renderApp(`/publicacion/renovar#token=${TOKEN}`);
    expect(await screen.findByText(EXPIRY_MESSAGES.usedLink)).toBeTruthy();
    expect(screen.queryByText(EXPIRY_MESSAGES.renewed)).toBeNull();
    cleanup();
    const api = linkApi();
    renderApp('/publicacion/renovar');
    expect(await screen.findByText(EXPIRY_MESSAGES.invalidLink)).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });
});
