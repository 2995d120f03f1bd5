import { describe, expect, it } from 'vitest';
import {
  chooserNext,
  cloudFrontPatternsOf,
  PAGE_PATTERNS,
  RENDERED_PAGES,
  renderedPageOf,
  shellPages,
  shellFiles,
  shellLocationOf,
  shellLocations,
  shellPageFiles,
  shellPageOf,
  shellPathOf,
} from './pages';

describe('renderedPageOf', () => {
  it.each([
    ['/', 'chooser'],
    ['/select-university', 'chooser'],
    ['/marketplace', 'marketplace'],
    ['/search', 'search'],
    ['/global-marketplace', 'global'],
    ['/product/12', 'product'],
    ['/product/013', 'product'], // a bad id is the product page's 404, rendered by it
    ['/vendedor/u-123', 'seller'],
    ['/carreras', 'careers'],
    ['/carrera/ingenieria', 'career'],
    ['/categoria/libros', 'category'],
    ['/categoria/electr%C3%B3nica', 'category'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/email-verification', 'email-verification'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password', 'reset-password'],
    ['/terms-and-conditions', 'terms'],
    ['/privacy-policy', 'privacy'],
    ['/compra-segura', 'safe-buying'],
  ])('%s is the %s page', (path, kind) => {
    expect(renderedPageOf(path)).toBe(kind);
  });

  it.each([
    ['a trailing slash', ['/marketplace/', '/product/12/', '/select-university/', '/carreras/']],
    ['another case', ['/Marketplace', '/PRODUCT/12']],
    ['a double slash', ['//', '//marketplace']],
    ['a missing or extra segment', ['/product', '/product/', '/product/12/fotos', '/vendedor', '/carrera']],
    ['a page that needs the session', ['/favoritos', '/profile', '/new-product', '/alertas']],
    ['an unknown path', ['/no-existe', '/logins', '/registro']],
    ['the API', ['/api', '/api/', '/api/products', '/api/products/12', '/api/universities']],
    ['images', ['/images/products/12/a.webp', '/images/universities/ucab.png']],
    [
      'a file',
      [
        '/index.html',
        '/assets/index-abc123.js',
        '/sw.js',
        '/manifest.webmanifest',
        '/favicon.ico',
        '/product/12.png',
        '/runtime-config.json',
      ],
    ],
    ['the admin area', ['/admin', '/admin/products', '/admin/users/u1']],
    ['a prefix of a page', ['/marketplaces', '/search-results', '/carrerass', '/productos/12']],
  ])('renders nothing at %s', (_, paths) => {
    for (const path of paths) expect(renderedPageOf(path), path).toBeUndefined();
  });
});

describe('shellPageOf: the pages served a static shell only (issue 38)', () => {
  it.each([
    ['/new-product', 'new-product'],
    ['/profile', 'profile'],
    ['/my-products', 'my-products'],
    ['/settings', 'settings'],
    ['/favoritos', 'favorites'],
    ['/alertas', 'alerts'],
    ['/my-purchases', 'my-purchases'],
    ['/chats', 'chats'],
    ['/verify-email', 'verify-email'],
    ['/auth/callback', 'auth-callback'],
    ['/notificaciones/baja', 'notifications-unsubscribe'],
    ['/alertas/baja', 'alerts-unsubscribe'],
    ['/publicacion/renovar', 'renew-by-link'],
    ['/publicacion/vendida', 'sold-by-link'],
    ['/admin', 'admin'],
    ['/admin/users', 'admin'],
    ['/admin/exchange-rate', 'admin'],
  ])('%s is the %s page', (path, kind) => {
    expect(shellPageOf(path)).toBe(kind);
    expect(renderedPageOf(path), 'rendered and shell only at once').toBeUndefined();
  });

  it.each([
    ['a rendered page', ['/', '/login', '/product/12', '/compra-segura']],
    ['another spelling', ['/profile/', '/Profile', '/admin/', '/admin/users/u1', '/alertas/baja/x']],
    ['an unknown path', ['/no-existe', '/profiles', '/administrador']],
    ['a file', ['/admin/app.js', '/shells/profile.html', '/index.html']],
  ])('is none at %s', (_, paths) => {
    for (const path of paths) expect(shellPageOf(path), path).toBeUndefined();
  });

  it('lists each kind once, none of them a rendered kind', () => {
    const kinds = [...RENDERED_PAGES, ...shellPages()].map((page) => page.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it("draws each shell at one of its page's own paths", () => {
    for (const page of shellPages())
      expect(shellPageOf(new URL(shellLocationOf(page), 'http://x').pathname), page.kind).toBe(page.kind);
  });

  it('gives every pattern of PAGE_PATTERNS to a rendered page', () => {
    const routes = RENDERED_PAGES.flatMap((page) => page.routes);
    for (const pattern of Object.values(PAGE_PATTERNS)) expect(routes, pattern).toContain(pattern);
  });
});

describe('RENDERED_PAGES', () => {
  it('lists each kind once', () => {
    const kinds = RENDERED_PAGES.map((page) => page.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('sends each router pattern to the renderer by the matching CloudFront pattern (a parameter is `*`)', () => {
    const product = RENDERED_PAGES.find((page) => page.kind === 'product');
    expect(product && cloudFrontPatternsOf(product)).toEqual(['/product/*']);
    const chooser = RENDERED_PAGES.find((page) => page.kind === 'chooser');
    expect(chooser && cloudFrontPatternsOf(chooser)).toEqual(['/', '/select-university']);
    const patterns = RENDERED_PAGES.flatMap(cloudFrontPatternsOf);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('shellPathOf: the static shell served when the render fails (decision 052)', () => {
  it.each([
    ['/', '/shells/chooser.html'],
    ['/select-university', '/shells/chooser.html'],
    ['/marketplace', '/shells/marketplace.html'],
    ['/search', '/shells/search.html'],
    ['/global-marketplace', '/shells/global.html'],
    ['/product/12', '/shells/product.html'],
    ['/vendedor/abc-123', '/shells/seller.html'],
    ['/carreras', '/shells/careers.html'],
    // The career's and category's screens title their parameter: one shell per value.
    ['/carrera/ingenieria', '/shells/career-ingenieria.html'],
    ['/categoria/libros', '/shells/category-libros.html'],
    ['/login', '/shells/login.html'],
    ['/compra-segura', '/shells/safe-buying.html'],
    // The pages served a shell only (issue 38).
    ['/profile', '/shells/profile.html'],
    ['/favoritos', '/shells/favorites.html'],
    ['/admin', '/shells/admin.html'],
    ['/admin/reports', '/shells/admin.html'],
    ['/publicacion/renovar', '/shells/renew-by-link.html'],
  ])('%s → %s', (path, shell) => {
    expect(shellPathOf(path)).toBe(shell);
  });

  it('has none for a path that is no page of either list (the generic index.html)', () => {
    for (const path of ['/no-existe', '/assets/app.js', '/product/12/', '/Marketplace', '/admin/a/b'])
      expect(shellPathOf(path)).toBeUndefined();
  });

  it('names a file the build writes for every location it draws, each once', () => {
    const files = shellFiles();
    expect(new Set(files).size).toBe(files.length);
    expect(files).toHaveLength(shellLocations().length);
    expect(files).toContain('/shells/profile.html');
    // The service worker precaches the shell-only pages' shells, all of them written.
    expect(shellPageFiles()).toHaveLength(shellPages().length);
    for (const file of shellPageFiles()) expect(files).toContain(file);
  });
});

describe('chooserNext', () => {
  it.each([
    ['/marketplace', '/marketplace'],
    ['/search?q=calculadora&sort=price_asc', '/search?q=calculadora&sort=price_asc'],
    ['/carrera/ingenieria', '/carrera/ingenieria'],
    ['/categoria/libros?min=5', '/categoria/libros?min=5'],
  ])('%s goes back to %s', (value, path) => {
    expect(chooserNext(value)).toBe(path);
  });

  it.each([
    ['another origin', 'https://evil.example/marketplace'],
    ['a protocol-relative URL', '//evil.example/marketplace'],
    ['a backslash that browsers read as a slash', '/\\evil.example/marketplace'],
    ['a script URL', 'javascript:alert(1)'],
    ['a page that does not show the chosen university', '/product/12'],
    ['the chooser itself (a loop)', '/select-university?next=/marketplace'],
    ['a page that does not show the chosen university', '/login'],
    ['a page served a shell only', '/profile'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_why, value) => {
    expect(chooserNext(value)).toBeNull();
  });
});
