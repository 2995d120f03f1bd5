import { describe, expect, it } from 'vitest';
import { clientRouteTable } from '#shared/routes';
import {
  isAppNavigation,
  navigationShell,
  isFailedRender,
  isHashedAsset,
  isImage,
  isPublicApiRead,
  isRenderedPageLoad,
  isRuntimeConfig,
  mayKeep,
  publicReadPatterns,
  type RequestFacts,
} from './cache-rules';

const ORIGIN = 'https://mercado.example';
const patterns = publicReadPatterns(clientRouteTable());

function req(path: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  return {
    method: init.method ?? 'GET',
    url: new URL(path, ORIGIN),
    mode: init.mode ?? 'cors',
    headers,
  } satisfies RequestFacts;
}

describe('public API reads the worker keeps', () => {
  it('are the GETs of the public routes of the route table: listings, a product, related, questions, universities', () => {
    for (const path of [
      '/api/products',
      '/api/products?university=ucab&q=casio&sort=price_asc',
      '/api/products/42',
      '/api/products/42/related',
      '/api/products/42/questions',
      '/api/universities',
      '/api/universities/ucab',
    ]) {
      expect(isPublicApiRead(req(path), ORIGIN, patterns), path).toBe(true);
    }
  });

  it('never include personal or signed-in routes, the health check, or unknown paths', () => {
    for (const path of [
      '/api/me/profile',
      '/api/me/favorites',
      '/api/me/products',
      '/api/me/notifications',
      '/api/products/42/contact',
      '/api/products/42/report',
      '/api/health',
      '/api/products/42/questions/7/answer',
      '/api/products/42/extra',
    ]) {
      expect(isPublicApiRead(req(path), ORIGIN, patterns), path).toBe(false);
    }
  });

  it('never include a request carrying a token or a cookie, a write, or another origin', () => {
    expect(
      isPublicApiRead(
        req('/api/products/42/questions', { headers: { authorization: 'Bearer t' } }),
        ORIGIN,
        patterns,
      ),
    ).toBe(false);
    expect(isPublicApiRead(req('/api/products', { headers: { cookie: 'a=b' } }), ORIGIN, patterns)).toBe(
      false,
    );
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isPublicApiRead(req('/api/products/42/questions', { method }), ORIGIN, patterns), method).toBe(
        false,
      );
    }
    const foreign = { ...req('/api/products'), url: new URL('https://elsewhere.example/api/products') };
    expect(isPublicApiRead(foreign, ORIGIN, patterns)).toBe(false);
  });

  it('are matched by whole path segments ({id} is one segment)', () => {
    expect(patterns.some((p) => p.test('/api/products/42/related'))).toBe(true);
    expect(patterns.some((p) => p.test('/api/products/4/2/related'))).toBe(false);
    expect(patterns.some((p) => p.test('/api/productsX'))).toBe(false);
  });
});

describe('files and page loads', () => {
  it('keeps hashed files, images and the runtime config by path, same origin, GET only', () => {
    expect(isHashedAsset(req('/assets/index-abc123.js'), ORIGIN)).toBe(true);
    expect(isHashedAsset(req('/assets/index-abc123.js', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isImage(req('/images/products/42/0-480.webp'), ORIGIN)).toBe(true);
    expect(isImage(req('/images/products/42/0.jpg?w=320'), ORIGIN)).toBe(true);
    const foreignImage = { ...req('/x'), url: new URL('https://cdn.example/images/a.jpg') };
    expect(isImage(foreignImage, ORIGIN)).toBe(false);
    expect(isRuntimeConfig(req('/runtime-config.json'), ORIGIN)).toBe(true);
    expect(isRuntimeConfig(req('/runtime-config.json.bak'), ORIGIN)).toBe(false);
  });

  it("answers page loads of client-side routes with the shell, as the CloudFront function's rule", () => {
    for (const path of ['/', '/marketplace', '/product/42', '/search?q=libro', '/notificaciones/baja']) {
      expect(isAppNavigation(req(path, { mode: 'navigate' }), ORIGIN), path).toBe(true);
    }
    for (const path of [
      '/sw.js',
      '/manifest.webmanifest',
      '/api/health',
      '/images/a',
      '/local-s3/b',
      '/robots.txt',
    ]) {
      expect(isAppNavigation(req(path, { mode: 'navigate' }), ORIGIN), path).toBe(false);
    }
    // A fetch of a route path is not a page load.
    expect(isAppNavigation(req('/marketplace'), ORIGIN)).toBe(false);
  });

  it('takes the loads of the pages the server renders from the network, and keeps them: a navigation, or the page handing over its own document', () => {
    const rendered = [
      '/',
      '/marketplace',
      '/search?q=libro',
      '/global-marketplace',
      '/product/42',
      '/vendedor/abc',
      '/carreras',
      '/carrera/ingenieria-informatica',
      '/categoria/libros',
      // Issue 38: the public pages without per-person data.
      '/login',
      '/register?email=ana%40est.ucab.edu.ve',
      '/reset-password',
      '/compra-segura',
    ];
    for (const path of rendered) {
      expect(isRenderedPageLoad(req(path, { mode: 'navigate' }), ORIGIN), path).toBe(true);
      expect(isRenderedPageLoad(req(path, { headers: { accept: 'text/html' } }), ORIGIN), path).toBe(true);
    }
    // Screens the server does not render (their own precached shell), other spellings, files and
    // the API: the shell's rule or none.
    for (const path of [
      '/profile',
      '/new-product',
      '/admin',
      '/Product/42',
      '/product/42/',
      '/api/products/42',
      '/sw.js',
    ]) {
      expect(isRenderedPageLoad(req(path, { mode: 'navigate' }), ORIGIN), path).toBe(false);
    }
    // A plain fetch of a page's path (the app's own, or a script's) is not a page load.
    expect(isRenderedPageLoad(req('/product/42'), ORIGIN)).toBe(false);
    expect(
      isRenderedPageLoad(req('/product/42', { headers: { accept: 'application/json, text/html' } }), ORIGIN),
    ).toBe(false);
    // Only same-origin GETs.
    expect(isRenderedPageLoad(req('/product/42', { method: 'POST', mode: 'navigate' }), ORIGIN)).toBe(false);
    const foreign = { ...req('/x', { mode: 'navigate' }), url: new URL('https://otro.example/product/42') };
    expect(isRenderedPageLoad(foreign, ORIGIN)).toBe(false);
  });
});

describe('what a page load gets from the precache (issue 38)', () => {
  // What the build precaches: index.html and the shells of the pages served a shell only.
  const precached = new Set([
    '/index.html',
    '/shells/profile.html',
    '/shells/admin.html',
    '/shells/favorites.html',
  ]);
  const isPrecached = (url: string) => precached.has(url);

  it("is the page's own static shell when it is precached: the bar and its loading state, offline too", () => {
    expect(navigationShell('/profile', isPrecached)).toBe('/shells/profile.html');
    expect(navigationShell('/favoritos', isPrecached)).toBe('/shells/favorites.html');
    expect(navigationShell('/admin/users', isPrecached)).toBe('/shells/admin.html');
  });

  it('is the generic index.html for any other page, or a shell the worker does not hold', () => {
    // A rendered page's shell is not precached (its kept copy answers offline).
    expect(navigationShell('/product/42', isPrecached)).toBe('/index.html');
    expect(navigationShell('/no-existe', isPrecached)).toBe('/index.html');
    expect(navigationShell('/profile/', isPrecached)).toBe('/index.html');
    // An older worker's precache, without the page's shell.
    expect(navigationShell('/alertas', isPrecached)).toBe('/index.html');
  });
});

describe('answers the worker may keep', () => {
  const response = (status: number, cacheControl?: string) => ({
    status,
    headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
  });

  it('are 200s the server did not mark no-store or private', () => {
    expect(mayKeep(response(200, 'public, max-age=30, stale-while-revalidate=60'))).toBe(true);
    expect(mayKeep(response(200))).toBe(true);
    expect(mayKeep(response(200, 'no-store'))).toBe(false);
    expect(mayKeep(response(200, 'private, no-store'))).toBe(false);
    expect(mayKeep(response(200, 'max-age=0, private'))).toBe(false);
    expect(mayKeep(response(404, 'public, max-age=30'))).toBe(false);
    expect(mayKeep(response(503))).toBe(false);
  });
});

describe("a rendered page's answer that is no page", () => {
  it('is a throttled render (429, which CloudFront cannot fail over) or a 5xx; a page, a redirect or a 404 page is not', () => {
    for (const status of [429, 500, 502, 503, 504]) expect(isFailedRender(status), String(status)).toBe(true);
    for (const status of [200, 302, 400, 403, 404, 410])
      expect(isFailedRender(status), String(status)).toBe(false);
  });
});
