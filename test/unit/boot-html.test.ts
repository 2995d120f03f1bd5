import { describe, expect, it } from 'vitest';
import { bootHtml } from '../../web/boot-html';

/** index.html's head as Vite writes it (build), with the app's entry, its imports and the stylesheet. */
const VITE_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mercado Universitario</title>
    <script type="application/ld+json">{"@type":"WebSite"}</script>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/react-c.js">
    <link rel="modulepreload" crossorigin href="/assets/first-screen-d.js">
    <link rel="stylesheet" crossorigin href="/assets/index-e.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const early = {
  src: '/assets/early-f.js',
  imports: ['/assets/first-screen-d.js', '/assets/preload-helper-g.js'],
};

/** The app's modules in the order they run (the build's import graph), the entry last. */
const app = ['/assets/runtime-b.js', '/assets/react-c.js', '/assets/index-a.js'];
const screens = {
  product: ['/assets/common-h.js', '/assets/product-i.js', '/assets/product-j.css'],
  marketplace: ['/assets/common-h.js', '/assets/marketplace-k.js'],
};
const input = {
  html: VITE_HTML,
  early,
  metaName: 'app-modules',
  app,
  screens,
  screenMetaName: 'screen-modules',
};

describe('index.html for the early script to start the app', () => {
  const html = bootHtml(input);
  const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  const tags = [...head.matchAll(/<(link|script|meta)\b[^>]*>/g)].map((m) => m[0]);

  it('fetches nothing of the app before the early script asks for it', () => {
    expect(html).not.toContain('src="/assets/index-a.js"');
    expect(html).not.toContain('href="/assets/react-c.js"');
    expect(html).not.toContain('href="/assets/runtime-b.js"');
  });

  it('lists the modules the early script does not load itself in the order they run, the entry last', () => {
    expect(tags).toContain(
      '<meta name="app-modules" content="/assets/runtime-b.js /assets/react-c.js /assets/index-a.js">',
    );
  });

  it("lists each first screen's files", () => {
    expect(tags).toContain(
      '<meta name="screen-modules" data-screen="product" content="/assets/common-h.js /assets/product-i.js /assets/product-j.css">',
    );
    expect(tags).toContain(
      '<meta name="screen-modules" data-screen="marketplace" content="/assets/common-h.js /assets/marketplace-k.js">',
    );
  });

  it('puts the stylesheet, then the early script and its imports, right after the viewport', () => {
    const viewport = tags.findIndex((t) => t.startsWith('<meta name="viewport"'));
    expect(tags.slice(viewport + 1, viewport + 5)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-e.css">',
      '<script type="module" async crossorigin src="/assets/early-f.js">',
      '<link rel="modulepreload" crossorigin href="/assets/first-screen-d.js">',
      '<link rel="modulepreload" crossorigin href="/assets/preload-helper-g.js">',
    ]);
    expect(head.match(/rel="stylesheet"/g)).toHaveLength(1);
    // The rest of the document is untouched.
    expect(html).toContain('<script type="application/ld+json">{"@type":"WebSite"}</script>');
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it("fails the build when Vite's output no longer looks as expected", () => {
    expect(() =>
      bootHtml({ ...input, html: VITE_HTML.replace(/<script type="module"[^\n]*\n/, '') }),
    ).toThrow(/one entry script/);
    expect(() =>
      bootHtml({ ...input, html: VITE_HTML.replace(/<link rel="stylesheet"[^\n]*\n/, '') }),
    ).toThrow(/stylesheet/);
    // The ordered list must be the modules Vite lists, the entry last.
    expect(() =>
      bootHtml({ ...input, app: ['/assets/index-a.js', '/assets/runtime-b.js', '/assets/react-c.js'] }),
    ).toThrow(/not those ordered/);
    expect(() => bootHtml({ ...input, app: ['/assets/runtime-b.js', '/assets/index-a.js'] })).toThrow(
      /not those ordered/,
    );
  });
});
