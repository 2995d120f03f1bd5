import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { formatUsdWithBs } from '#shared/exchange-rate';
import { routes } from '#shared/routes';
import type { Product } from '#shared/schemas';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { DEMO_PRODUCT_COUNT } from '../../scripts/demo/data';
import { DEMO_CATALOGUE_SELLERS } from '../../scripts/demo/sellers';
import { DEMO_USERS } from '../../scripts/local/demo-users';
import { type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { buildWebIfStale } from '../../scripts/local/web-build';
import { FIRST_ROW } from '../../web/src/components/product/image-sizes';
import { HOSTILE_TEXTS } from '../fixtures/hostile-text';
import { decodedText, rawRequest } from '../support/raw-http';

/**
 * Issue 27: a shared link unfurls with the page's own title, description and photo. Chat apps read
 * the HTML without running JavaScript: each page kind is fetched here as WhatsApp's and Facebook's
 * crawlers fetch it, from the local origin with the demo data, and its head is read as they read it.
 */
let stack: LocalStack;
let table: TableAccess;
let dataDir: string;
const products: Product[] = [];

beforeAll(async () => {
  await buildWebIfStale({ quiet: true });
  dataDir = mkdtempSync(join(tmpdir(), 'link-previews-'));
  stack = await startLocalStack({ dataDir, port: 0, seed: true, quiet: true });
  table = createTableAccess({ endpoint: stack.dynamodbEndpoint, tableName: stack.tableName });
  // The first renders after a start load the catalog's handlers and warm the JIT (the origin renders
  // two pages at start, as the warm ping does in AWS); on a loaded machine they can outlast the 3 s
  // timeout and get the shell. Wait until a page comes back rendered, so that a slow start is not
  // taken for a crawler's answer (the shell fallback has its own tests below).
  const deadline = Date.now() + 120_000;
  while (!(await (await fetch(`${stack.url}/global-marketplace`)).text()).includes('data-server-rendered')) {
    if (Date.now() > deadline) throw new Error('no page came back rendered within 2 minutes');
  }
  const repo = createProductRepository(table);
  for (let id = 1; id <= DEMO_PRODUCT_COUNT; id++) {
    const product = await repo.get(id);
    if (product) products.push(product);
  }
}, 900_000);

afterAll(async () => {
  table?.doc.destroy();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const CRAWLERS = {
  WhatsApp: 'WhatsApp/2.23.20.0',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
} as const;
/** A phone's browser, for what the app's own first load asks for. */
const BROWSER =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function crawl(path: string, agent: string = CRAWLERS.WhatsApp, cookie?: string) {
  const res = await fetch(`${stack.url}${path}`, {
    headers: { 'user-agent': agent, ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
  return { res, html: await res.text() };
}

/** An attribute's value as a browser reads it (the entities the server writes undone). */
const unescapeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return match ? unescapeEntities(match[1]) : undefined;
}
const titleOf = (html: string) => unescapeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
/** Every <script> element's opening tag and content. */
const scriptsOf = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];

/** A public, published product with its card photo's preview JPEG and a seller account. */
function sharedProduct(): Product {
  const product = products.find(
    (p) => p.status === 'active' && p.owner_id && p.image && p.image_variants?.[p.image]?.preview,
  );
  if (!product) throw new Error('the demo data has no active product with a preview photo');
  return product;
}

describe.each(Object.entries(CRAWLERS))('link previews as %s reads them', (_, agent) => {
  it('a product: its title, price in US$ with its condition and university, photo and Product JSON-LD', async () => {
    const product = sharedProduct();
    const { res, html } = await crawl(`/product/${product.id}`, agent);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=(30|5), stale-while-revalidate=(30|5)$/,
    );
    const url = `${stack.url}/product/${product.id}`;
    expect(titleOf(html)).toContain(product.title);
    const description = metaOf(html, 'description') ?? '';
    expect(description).toMatch(/^US\$ [\d.]+,\d{2}/);
    // The demo data's BCV rate is today's: the price in bolívares beside the dollars (the spec's
    // 'US$ 190,00 · ≈ Bs. 100.105,38').
    const rateRoute = routes.getExchangeRate;
    const { rate } = z.parse(rateRoute.response, await (await fetch(`${stack.url}${rateRoute.path}`)).json());
    expect(rate).not.toBeNull();
    expect(description.startsWith(`${formatUsdWithBs(product.price, rate)} · `)).toBe(true);
    expect(description).toContain('≈ Bs. ');
    expect(description).toMatch(/Nuevo|Usado|Como nuevo|Buen estado|Aceptable/);
    expect(description).toMatch(/Universidad|Instituto/);
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'og:title')).toContain(product.title);
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(metaOf(html, 'og:type')).toBe('product');
    const image = metaOf(html, 'og:image') ?? '';
    expect(image).toMatch(/\.w1200\.jpg$/);
    expect(metaOf(html, 'og:image:type')).toBe('image/jpeg');
    const photo = await fetch(image, { headers: { 'user-agent': agent } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((await photo.arrayBuffer()).byteLength).toBeLessThan(300 * 1024);
    const ld = jsonLdOf(html).find((d) => d['@type'] === 'Product') as
      | { offers: { price: unknown; priceCurrency: string; itemCondition: string; availability: string } }
      | undefined;
    expect(ld?.offers.priceCurrency).toBe('USD');
    expect(ld?.offers.itemCondition).toMatch(/^https:\/\/schema\.org\/(NewCondition|UsedCondition)$/);
    expect(ld?.offers.availability).toMatch(/^https:\/\/schema\.org\//);
    // The page itself is in the HTML (no JavaScript needed to read it), and hydrates from its state.
    expect(html).toContain('<html lang="es" data-server-rendered>');
    expect(html).toMatch(/<script type="application\/json" id="render-state">/);
  });

  it('a seller: their name, counts and university', async () => {
    const product = sharedProduct();
    const { res, html } = await crawl(`/vendedor/${product.owner_id}`, agent);
    expect(res.status).toBe(200);
    const seller = DEMO_CATALOGUE_SELLERS.find((s) => product.seller_email?.toLowerCase() === s.email);
    if (seller) expect(titleOf(html)).toContain(seller.name);
    expect(metaOf(html, 'og:type')).toBe('profile');
    expect(metaOf(html, 'og:url')).toBe(`${stack.url}/vendedor/${product.owner_id}`);
    expect(metaOf(html, 'og:image')).toMatch(/^http:\/\/localhost:\d+\//);
  });

  it.each([
    ['/', 'Elige tu universidad', '/'],
    ['/global-marketplace', 'Marketplace Global', '/global-marketplace'],
    ['/carreras', 'Carreras', '/carreras'],
    ['/marketplace?university=ucab', 'Marketplace de UCAB', '/marketplace?university=ucab'],
    ['/search?q=libro&university=ucab', 'Resultados para "libro"', '/search?q=libro'],
    // Issue 38: the public pages without per-person data.
    ['/login', 'Iniciar Sesión', '/login'],
    ['/register', 'Registrarse', '/register'],
    ['/forgot-password', 'Recuperar contraseña', '/forgot-password'],
    ['/terms-and-conditions', 'Términos y Condiciones', '/terms-and-conditions'],
    ['/privacy-policy', 'Política de Privacidad', '/privacy-policy'],
    ['/compra-segura', 'Compra segura', '/compra-segura'],
  ])('%s: its own title, description, canonical URL and og tags', async (path, title, canonical) => {
    // /search shows the chosen university: the cookie the app writes.
    const { res, html } = await crawl(path, agent, 'mu_u=ucab');
    expect(res.status).toBe(200);
    expect(titleOf(html)).toBe(`${title} | Mercado Universitario`);
    expect(metaOf(html, 'og:title')).toBe(title);
    expect(metaOf(html, 'description')).toBeTruthy();
    expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
    expect(canonicalOf(html)).toBe(`${stack.url}${canonical}`);
    expect(metaOf(html, 'og:url')).toBe(`${stack.url}${canonical}`);
    expect(metaOf(html, 'og:image')).toBe(`${stack.url}/icons/icon-512.png`);
    // Exactly one title and one description: the shell's site-wide ones are replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });
});

describe("the accounts' per-person steps (issue 38)", () => {
  it("renders a sign-up's code screen at its address, as the screen shows it while it reads this browser's registration; not indexed where it is a person's step", async () => {
    const { res, html } = await crawl('/register?email=ana%40est.ucab.edu.ve', BROWSER);
    expect(res.status).toBe(200);
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('<h1 class="page-title">Verifica tu correo</h1>');
    expect(html).not.toContain('Nombre completo');
    // The address is a key of the page: the form at /register is another page.
    expect((await crawl('/register', BROWSER)).html).toContain('Nombre completo');
    for (const path of ['/reset-password', '/email-verification?email=ana%40est.ucab.edu.ve'])
      expect(metaOf((await crawl(path)).html, 'robots'), path).toBe('noindex, follow');
  });
});

describe('a rendered page travels as CloudFront sends it', () => {
  const raw = (path: string, acceptEncoding?: string) => rawRequest(`${stack.url}${path}`, acceptEncoding);

  it('compressed by the Accept-Encoding (brotli for a browser, gzip for a crawler that asks for it), the same page once decoded', async () => {
    const path = `/product/${sharedProduct().id}`;
    const plain = await raw(path);
    const br = await raw(path, 'gzip, deflate, br, zstd');
    const gzip = await raw(path, 'gzip');
    expect(plain.body.toString('utf8')).toContain('data-server-rendered');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    // The same render (each answer is rendered anew: only its state's clock readings differ), in a
    // fraction of the bytes.
    const page = (text: string) => text.replace(/\d{13}/g, 'T');
    expect(page(decodedText(br))).toBe(page(decodedText(plain)));
    expect(page(decodedText(gzip))).toBe(page(decodedText(plain)));
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('a page that varies by the chosen university says so beside the encoding', async () => {
    const { headers } = await raw('/marketplace?university=ucab', 'br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Cookie, Accept-Encoding');
  });
});

describe('a rendered page asks for its first row of photos before the app', () => {
  it("runs only the loader at once, the app's scripts held in its template; the first row's photos at high priority, their preloads in the head", async () => {
    const { html } = await crawl('/global-marketplace', BROWSER);
    const head = html.slice(0, html.indexOf('</head>'));
    const root = html.slice(html.indexOf('<div id="root">'));
    const live = (text: string) =>
      text
        .replace(/<template id="app-scripts">[\s\S]*?<\/template>/, '')
        .match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    // One script runs at once, the loader, and nothing is preloaded beside the photos.
    expect(live(html)).toEqual([expect.stringMatching(/src="\/assets\/load-app-[\w-]+\.js"/)]);
    // The app's entry, its imports and the screen's chunks wait in the template, as Vite wrote them.
    const held = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(head)?.[1] ?? '';
    const heldTags = held.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(heldTags.filter((tag) => tag.startsWith('<script'))).toHaveLength(1);
    expect(heldTags.length).toBeGreaterThan(5);
    expect(held).toMatch(/global-marketplace-[\w-]+\.js/);
    // Every file named there and the loader are served.
    for (const src of [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])) {
      const res = await fetch(`${stack.url}${src}`);
      expect(res.status, src).toBe(200);
      await res.arrayBuffer();
    }
    // The grid's first row (FIRST_ROW cards): eager and high; the cards below it lazy.
    const grid = root.slice(root.indexOf('class="product-grid'));
    const photos = grid.match(/<img [^>]*>/g) ?? [];
    expect(photos.slice(0, FIRST_ROW).every((img) => /fetchPriority="high"/i.test(img))).toBe(true);
    expect(photos.slice(FIRST_ROW).some((img) => /fetchPriority=/i.test(img))).toBe(false);
    // React's preloads of those photos are read with the head, not where the grid starts.
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads.filter((tag) => /fetchPriority="high"/i.test(tag))).toHaveLength(FIRST_ROW);
    expect(root).not.toContain('<link rel="preload"');
  });
});

describe('missing pages', () => {
  it.each(['/product/013', '/product/13abc', '/product/999999999'])(
    '%s answers 404 with "Producto no encontrado" and no photo, price or product data',
    async (path) => {
      const { res, html } = await crawl(path);
      expect(res.status).toBe(404);
      expect(titleOf(html)).toBe('Producto no encontrado | Mercado Universitario');
      expect(html).toContain('Producto no encontrado');
      expect(metaOf(html, 'og:image')).toBeUndefined();
      expect(metaOf(html, 'robots')).toBe('noindex, follow');
      expect(html).not.toContain('US$');
      expect(jsonLdOf(html)).toEqual([]);
    },
  );

  it.each(['/vendedor/no-existe', '/vendedor/a%20b'])(
    '%s answers 404 "Vendedor no encontrado"',
    async (path) => {
      const { res, html } = await crawl(path);
      expect(res.status).toBe(404);
      expect(titleOf(html)).toBe('Vendedor no encontrado | Mercado Universitario');
      expect(metaOf(html, 'og:image')).toBeUndefined();
    },
  );
});

describe('what an attacker puts in a shared link', () => {
  it.each(Object.entries(HOSTILE_TEXTS).filter(([name]) => name !== 'veryLong'))(
    'a hostile ?q= (%s) comes back escaped in every tag and attribute, never inside a script',
    async (_, text) => {
      const { res, html } = await crawl(
        `/search?q=${encodeURIComponent(text)}`,
        CRAWLERS.Facebook,
        'mu_u=ucab',
      );
      expect(res.status).toBe(200);
      // Read back as a browser reads it: the visitor's text, whole.
      expect(titleOf(html)).toBe(`Resultados para "${text.trim()}" | Mercado Universitario`);
      expect(metaOf(html, 'og:title')).toBe(`Resultados para "${text.trim()}"`);
      // No markup of the text survives as markup anywhere in the document.
      for (const tag of ['<img src=x', '<svg onload', '<script>alert', '</script><script>', '<b>fin</b>'])
        expect(html.includes(tag)).toBe(false);
      // Every script is a data block (JSON) or the app's own file: none runs inline, none holds the text.
      for (const [, attributes, content] of scriptsOf(html)) {
        if (/type="application\/(ld\+)?json"/.test(attributes)) {
          expect(() => JSON.parse(content)).not.toThrow();
          expect(content).not.toMatch(/<\/script|<!--/i);
        } else {
          expect(attributes).toMatch(/\bsrc="\/assets\//);
          expect(content.trim()).toBe('');
        }
      }
      // The origin's CSP still allows no inline script.
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/unsafe-inline/);
    },
  );

  it('no rendered page carries a seller e-mail, phone number or national id', async () => {
    const privateTexts = new Set<string>();
    for (const p of products) {
      if (p.seller_email) privateTexts.add(p.seller_email.toLowerCase());
      if (p.whatsapp_number) privateTexts.add(p.whatsapp_number.replace(/\D/g, ''));
    }
    for (const s of DEMO_CATALOGUE_SELLERS) privateTexts.add(s.email.toLowerCase());
    for (const u of DEMO_USERS) {
      privateTexts.add(u.email.toLowerCase());
      if (u.nationalId) privateTexts.add(u.nationalId);
    }
    expect(privateTexts.size).toBeGreaterThan(10);
    const withSeller = products.filter((p) => p.status === 'active' && p.owner_id).slice(0, 6);
    const pages = [
      '/',
      '/global-marketplace',
      '/marketplace?university=ucab',
      '/search?q=libro&university=ucab',
      ...withSeller.map((p) => `/product/${p.id}`),
      ...withSeller.map((p) => `/vendedor/${p.owner_id}`),
    ];
    for (const path of pages) {
      const { res, html } = await crawl(path, CRAWLERS.WhatsApp, 'mu_u=ucab');
      expect(res.status, path).toBe(200);
      const text = html.toLowerCase();
      const digits = html.replace(/\D/g, ' ');
      for (const secret of privateTexts) {
        if (/^\d+$/.test(secret)) expect(digits.includes(secret), `${path} shows ${secret}`).toBe(false);
        else expect(text.includes(secret.toLowerCase()), `${path} shows ${secret}`).toBe(false);
      }
    }
  });
});

describe('when the render is down', () => {
  const setMode = (mode: string) =>
    fetch(`${stack.url}/__local/render`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });

  it("a kind's static shell runs the app's scripts at once: there they paint the content", async () => {
    expect((await setMode('fail')).status).toBe(200);
    try {
      const { html } = await crawl('/global-marketplace', BROWSER);
      expect(html).not.toContain('data-server-rendered');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
      expect(html).not.toContain('<template id="app-scripts">');
      // The first-paint loader (which keeps taps, 8327bd1) runs first, the app's entry right after it.
      expect(html).toMatch(
        /<script type="module" crossorigin blocking="render" src="\/assets\/load-app-[\w-]+\.js"><\/script>\s*<script type="module" crossorigin src="\/assets\/index-/,
      );
    } finally {
      await setMode('ok');
    }
  });

  it("a public page's shell is its form or text, never an empty #root (issue 38)", async () => {
    expect((await setMode('fail')).status).toBe(200);
    try {
      const { res, html } = await crawl('/login', BROWSER);
      expect(res.status).toBe(200);
      expect(html).not.toContain('data-server-rendered');
      expect(html).toContain('<header class="navbar">');
      expect(html).toContain('<h1 class="page-title">Iniciar Sesión</h1>');
      expect(html).not.toContain('<div id="root"></div>');
    } finally {
      await setMode('ok');
    }
  });

  it.each(['fail', 'hang'])(
    'render %s: the page is the static shell, as CloudFront falls back to the bucket',
    async (mode) => {
      expect((await setMode(mode)).status).toBe(200);
      try {
        const started = Date.now();
        const { res, html } = await crawl(`/product/${sharedProduct().id}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(html).not.toContain('data-server-rendered');
        // The product kind's static shell (web/dist/shells/product.html): the bar and the screen's
        // skeleton and loading text, never an empty #root.
        expect(html).toContain('<header class="navbar">');
        expect(html).toContain('Cargando producto...');
        expect(html).not.toContain('<div id="root"></div>');
        expect(Date.now() - started).toBeLessThan(6_000);
      } finally {
        await setMode('ok');
      }
    },
  );

  it.each([
    ['/marketplace', '/marketplace'],
    ['/search?q=calculadora', '/search?q=calculadora'],
    ['/categoria/libros', '/categoria/libros'],
    // The query the edge neither keys nor forwards is not carried either.
    ['/carrera/ingenieria?utm_source=wa', '/carrera/ingenieria'],
  ])(
    "%s without ?university= nor cookie is the chooser in its place, at the chooser's address with the page as its next",
    async (path, next) => {
      const { res, html } = await crawl(path);
      // The screen's redirect without a round trip: the chooser's render, which names its address.
      expect(res.status).toBe(200);
      expect(html).toContain('Elige tu universidad');
      expect(canonicalOf(html)).toMatch(/\/select-university$|\/$/);
      const state = /<script type="application\/json" id="render-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(state ?? '{}').location).toBe(`/select-university?next=${encodeURIComponent(next)}`);
      // One answer per cookie at the edge: a visitor with a chosen university is not sent on.
      expect(res.headers.get('vary')).toContain('Cookie');
      const chosen = await crawl(path, CRAWLERS.WhatsApp, 'mu_u=ucab');
      expect(chosen.res.status).toBe(200);
      expect(chosen.html).toContain('data-server-rendered');
    },
  );

  it('with a slow API the render gives up on its data after 1 s and sends the loading state (/__local/api-delay)', async () => {
    const setDelay = (ms: number) =>
      fetch(`${stack.url}/__local/api-delay`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      });
    expect((await setDelay(-5)).status).toBe(400);
    expect(await (await fetch(`${stack.url}/__local/api-delay`)).json()).toEqual({ ms: 0 });
    expect((await setDelay(2_500)).status).toBe(200);
    try {
      const { res, html } = await crawl(`/product/${sharedProduct().id}`);
      expect(res.status).toBe(200);
      expect(html).toContain('data-server-rendered');
      expect(html).toContain('Cargando producto...');
      expect(res.headers.get('cache-control')).toContain('s-maxage=5');
      const api = Date.now();
      expect((await fetch(`${stack.url}/api/health`)).status).toBeLessThan(600);
      expect(Date.now() - api).toBeGreaterThanOrEqual(2_400);
    } finally {
      await setDelay(0);
    }
  });
});
