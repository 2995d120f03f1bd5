import { describe, expect, it } from 'vitest';
import { chooserNext, RENDERED_PAGES, renderedPageOf, shellPathOf } from './pages';

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
  ])('%s is the %s page', (path, kind) => {
    expect(renderedPageOf(path)).toBe(kind);
  });

  it.each([
    ['a trailing slash', ['/marketplace/', '/product/12/', '/select-university/', '/carreras/']],
    ['another case', ['/Marketplace', '/PRODUCT/12']],
    ['a double slash', ['//', '//marketplace']],
    ['a missing or extra segment', ['/product', '/product/', '/product/12/fotos', '/vendedor', '/carrera']],
    ['an unknown path', ['/favoritos', '/login', '/compra-segura', '/terms-and-conditions', '/no-existe']],
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

describe('RENDERED_PAGES', () => {
  it('lists each kind once', () => {
    const kinds = RENDERED_PAGES.map((page) => page.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('sends each router pattern to the renderer by the matching CloudFront pattern (a parameter is `*`)', () => {
    for (const page of RENDERED_PAGES)
      expect(page.cloudFrontPatterns).toEqual(page.routes.map((route) => route.replace(/:\w+/g, '*')));
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
  ])('%s → %s', (path, shell) => {
    expect(shellPathOf(path)).toBe(shell);
  });

  it('has none for a page that is not rendered (the generic index.html)', () => {
    for (const path of ['/login', '/admin', '/assets/app.js', '/product/12/', '/Marketplace'])
      expect(shellPathOf(path)).toBeUndefined();
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
    ['a page that is not rendered', '/login'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_why, value) => {
    expect(chooserNext(value)).toBeNull();
  });
});
