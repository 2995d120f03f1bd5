import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptsAtOnce, withoutPhotosWait } from '../../scripts/bench/taps-designs';
import { APP_SCRIPTS_TEMPLATE_ID } from '../../web/src/first-paint/app-scripts';
import { renderDocument, shellDocument } from '../../web/src/server/document';

/** index.html as Vite writes it (shortened), as in web/src/server/document.test.ts. */
const TEMPLATE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <title>Mercado Universitario</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const SCREEN_TAGS = '    <link rel="modulepreload" crossorigin href="/assets/product-e.js">\n';
const LOADER = '/assets/load-app-f.js';

const scriptTags = (html: string) =>
  html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g);

describe('scriptsAtOnce (design B)', () => {
  const rendered = renderDocument(
    TEMPLATE,
    '<title>Bici</title>',
    '<main>$1 Bici</main>',
    '{}',
    SCREEN_TAGS,
    LOADER,
  );

  it("puts the held tags live in the head at low priority, in the template's order, after the loader", () => {
    const html = scriptsAtOnce(rendered);
    expect(html).not.toContain(`<template id="${APP_SCRIPTS_TEMPLATE_ID}"`);
    expect(scriptTags(html)).toEqual([
      `<script type="module" crossorigin blocking="render" src="${LOADER}">`,
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js" fetchpriority="low">',
      '<script type="module" crossorigin src="/assets/index-a.js" fetchpriority="low">',
      '<link rel="modulepreload" crossorigin href="/assets/product-e.js" fetchpriority="low">',
    ]);
    expect(html.lastIndexOf('/assets/product-e.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves the rest of the document as it was', () => {
    const html = scriptsAtOnce(rendered);
    const withoutScripts = (doc: string) =>
      doc
        .replace(new RegExp(`<template id="${APP_SCRIPTS_TEMPLATE_ID}">[\\s\\S]*?</template>`), '')
        .replace(/<(link|script)[^>]*(modulepreload|type="module")[^>]*>(<\/script>)?/g, '')
        .replace(/\s+/g, ' ');
    expect(withoutScripts(html)).toBe(withoutScripts(rendered));
    expect(html).toContain('<div id="root"><main>$1 Bici</main></div>');
  });

  it('leaves a static shell (no template) as it is', () => {
    const shell = shellDocument(TEMPLATE, '<main>Cargando...</main>', SCREEN_TAGS, LOADER);
    expect(scriptsAtOnce(shell)).toBe(shell);
  });
});

describe('withoutPhotosWait (design C)', () => {
  const source = readFileSync(join(import.meta.dirname, '../../web/src/first-paint/app-scripts.ts'), 'utf8');

  it("sets the loader's wait for the first photos to 0 ms and changes nothing else", () => {
    const changed = withoutPhotosWait(source);
    expect(changed).toMatch(/export const FIRST_PHOTOS_WAIT_MS = 0;/);
    expect(changed.replace(/FIRST_PHOTOS_WAIT_MS = \d+;/, '')).toBe(
      source.replace(/FIRST_PHOTOS_WAIT_MS = \d+;/, ''),
    );
  });

  it('fails loudly once the wait is no longer that constant', () => {
    expect(() => withoutPhotosWait('export const OTHER = 1;')).toThrow(/FIRST_PHOTOS_WAIT_MS/);
  });
});
