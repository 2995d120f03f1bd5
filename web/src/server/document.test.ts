import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#shared/html';
import { APP_SCRIPTS_TEMPLATE_ID } from '../first-paint/app-scripts';
import type { PageHead } from '../lib/page-head/types';
import type { RenderRequest, RenderResult } from './types';
import { answerPage, renderDocument, shellDocument } from './document';

/** index.html as Vite writes it (web/dist/index.html, shortened). */
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

const SCREEN_TAGS =
  '    <link rel="stylesheet" crossorigin href="/assets/product-d.css">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/product-e.js">\n';

const liveTags = (html: string) =>
  html
    .replace(new RegExp(`<template id="${APP_SCRIPTS_TEMPLATE_ID}">[\\s\\S]*?</template>`), '')
    .match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>|<link rel="stylesheet"[^>]*>/g);

describe('renderDocument', () => {
  it("with the loader: it is the one live script; the app's scripts and preloads wait in the template in the order they run; the stylesheets stay", () => {
    const html = renderDocument(
      TEMPLATE,
      '<title>Bicicleta</title>',
      '<main>Bicicleta</main>',
      '{}',
      SCREEN_TAGS,
      '/assets/load-app-f.js',
    );
    expect(liveTags(html)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '<link rel="stylesheet" crossorigin href="/assets/product-d.css">',
      '<script type="module" crossorigin blocking="render" src="/assets/load-app-f.js">',
    ]);
    const held = new RegExp(`<template id="${APP_SCRIPTS_TEMPLATE_ID}">([\\s\\S]*?)</template>`).exec(
      html,
    )?.[1];
    // In the order the loader runs them: the entry's imports, the entry, the screen's files.
    expect(held).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js">' +
        '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/product-e.js">',
    );
    // The page's own head first (its photos' preloads among it), the app's tags last.
    expect(html.indexOf('<title>Bicicleta</title>')).toBeLessThan(html.indexOf('<template'));
    // Both in the head; the page's HTML untouched.
    expect(html.indexOf('</template>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"><main>Bicicleta</main></div>');
  });

  it('without the loader (a build without it): the scripts stay as index.html has them', () => {
    const html = renderDocument(TEMPLATE, '<title>Bicicleta</title>', '<main></main>', '{}', SCREEN_TAGS);
    expect(html).not.toContain('<template');
    expect(liveTags(html)).toContain('<script type="module" crossorigin src="/assets/index-a.js">');
    expect(liveTags(html)).toContain('<link rel="modulepreload" crossorigin href="/assets/product-e.js">');
  });

  it("a page's text that spells a script tag is escaped text, neither held nor run", () => {
    const title = '<script type="module" src="//evil.example/x.js"></script> $& $1';
    const html = renderDocument(
      TEMPLATE,
      `<title>${escapeHtml(title)}</title>`,
      `<h1>${escapeHtml(title)}</h1>`,
      '{}',
      '',
      '/assets/load-app-f.js',
    );
    expect(html).not.toContain('evil.example/x.js"></script>');
    expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
    expect(html).toContain(`<h1>${escapeHtml(title)}</h1>`);
    expect(html.match(/<script type="module"/g)).toHaveLength(2);
  });
});

describe('shellDocument', () => {
  it("with the loader: it runs before the app's entry (module scripts run in order) and blocks the first paint", () => {
    const html = shellDocument(TEMPLATE, '<main>Cargando...</main>', SCREEN_TAGS, '/assets/load-app-f.js');
    expect(liveTags(html)).toEqual([
      '<script type="module" crossorigin blocking="render" src="/assets/load-app-f.js">',
      '<script type="module" crossorigin src="/assets/index-a.js">',
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '<link rel="stylesheet" crossorigin href="/assets/product-d.css">',
      '<link rel="modulepreload" crossorigin href="/assets/product-e.js">',
    ]);
    expect(html).not.toContain('data-server-rendered');
    expect(html).toContain('<div id="root"><main>Cargando...</main></div>');
  });
});

describe('answerPage', () => {
  /** The university each render was asked for. */
  async function universityOf(url: string, cookie: string | null): Promise<string | null | undefined> {
    let asked: RenderRequest | undefined;
    const render = async (_url: string, request: RenderRequest): Promise<RenderResult> => {
      asked = request;
      const head: PageHead = {
        status: 200,
        title: 'Marketplace',
        description: 'Productos',
        canonical: null,
        og: { type: 'website', title: 'Marketplace', description: 'Productos', url: '/' },
        twitter: { card: 'summary' },
        jsonLd: [],
        robots: 'index, follow',
      };
      return { status: 200, head, degraded: false, html: '<main></main>', state: '{}' };
    };
    await answerPage(render, { url, cookie, origin: 'https://mercado.example', now: 0, template: TEMPLATE });
    return asked?.university;
  }

  it("renders a page that shows the chosen university with a link's ?university= before the cookie", async () => {
    expect(await universityOf('/marketplace?university=usm', 'mu_u=ucab')).toBe('usm');
    expect(await universityOf('/search?q=x&university=usm', null)).toBe('usm');
    expect(await universityOf('/marketplace', 'mu_u=ucab')).toBe('ucab');
    // Not a university id: the cookie's, as the app does (lib/selected-university.ts).
    expect(await universityOf('/marketplace?university=%3Cscript%3E', 'mu_u=ucab')).toBe('ucab');
    // A page that does not show the chosen university is the same for everyone.
    expect(await universityOf('/product/12?university=usm', 'mu_u=ucab')).toBeNull();
  });
});
