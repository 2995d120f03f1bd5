// The server's render runs where there is no window, document or localStorage (node).
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '@/lib/api-client';
import { defaultCatalog, detail, serveCatalog } from '@/testing/fake-catalog';
import { product } from '@/testing/fixtures';
import { RENDER_DATA_MS, type RenderState, render, renderShellDocuments } from './entry-server';

const ORIGIN = 'https://mercado.test';
const NOW = Date.parse('2026-03-10T15:00:00.000Z');
const page = (url: string, university: string | null = 'ucab') =>
  render(url, { origin: ORIGIN, now: NOW, university });
const stateOf = (state: string) => JSON.parse(state) as RenderState;

afterEach(() => setApiTransport(null));

describe('server render of the first screens', () => {
  it('renders a product with its title, price, seller and university, and carries its answers in the state', async () => {
    serveCatalog();
    const { status, html, state } = await page('/product/42');
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="product-title">Calculadora Casio fx-991</h1>');
    expect(html).toContain('US$ 25,00');
    expect(html).toContain('Universidad Católica Andrés Bello');
    expect(html).toContain('María Pérez');
    expect(html).toContain('Como nueva, con estuche.');
    expect(html).not.toContain('Cargando producto...');
    // No streaming script (the CSP allows none inline).
    expect(html).not.toContain('<script');
    const parsed = stateOf(state);
    expect(parsed.render).toEqual({ university: 'ucab', now: NOW, origin: ORIGIN });
    expect(
      parsed.queries.queries.some((q) => JSON.stringify(q.state.data).includes('Calculadora Casio')),
    ).toBe(true);
  });

  it("gives a product's link preview its price in bolívares at the API's rate (the spec's 'US$ 190,00 · ≈ Bs. …')", async () => {
    serveCatalog({
      ...defaultCatalog(),
      details: [detail({ price: 190, condition: 'usado' })],
      rate: { date: '2026-03-10', rate: 526.8704, source: 'bcv', recorded_at: '2026-03-10T12:00:00.000Z' },
    });
    const { head } = await page('/product/42');
    expect(head.description).toBe(
      'US$ 190,00 · ≈ Bs. 100.105,38 (tasa BCV del 10/03/2026) · Usado · Universidad Católica Andrés Bello',
    );
    // Without a rate, the dollars only.
    serveCatalog({ ...defaultCatalog(), details: [detail({ price: 190, condition: 'usado' })] });
    expect((await page('/product/42')).head.description).toBe(
      'US$ 190,00 · Usado · Universidad Católica Andrés Bello',
    );
  });

  it.each(['/product/013', '/product/13abc', '/product/999'])(
    'answers 404 with "Producto no encontrado" for %s',
    async (url) => {
      serveCatalog();
      const { status, html } = await page(url);
      expect(status).toBe(404);
      expect(html).toContain('Producto no encontrado');
      expect(html).not.toContain('product-title');
    },
  );

  it('answers 404 for a seller id the API refuses or does not know, and renders a known one', async () => {
    serveCatalog();
    for (const url of ['/vendedor/no%20such', '/vendedor/unknown-seller']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).toContain('Vendedor no encontrado');
    }
    const { status, html } = await page('/vendedor/seller-1');
    expect(status).toBe(200);
    expect(html).toContain('María Pérez');
    expect(html).toContain('Calculadora Casio fx-991');
  });

  it("renders the marketplace's sections with their cards for the chosen university", async () => {
    const asked = serveCatalog();
    const { status, html } = await page('/marketplace');
    expect(status).toBe(200);
    expect(html).toContain('Libro de Cálculo I');
    expect(html).toContain('Audífonos Sony');
    expect(html).toContain('Marketplace de UCAB');
    expect(html).not.toContain('Cargando productos increíbles...');
    expect(asked).toContain('/api/universities/ucab');
  });

  it("renders the marketplace of the university it is given (a link's ?university= or the cookie: document.ts), and sends a visitor with none to the chooser", async () => {
    serveCatalog({
      ...defaultCatalog(),
      products: [product({ id: 5, title: 'Mesa USM', university_id: 'usm' })],
    });
    const named = await page('/marketplace?university=usm', 'usm');
    expect(named.html).toContain('Mesa USM');
    expect(named.html).toContain('Marketplace de USM');
    // With none: the chooser in its place, at the address the app moves to before it hydrates.
    const none = await page('/marketplace', null);
    expect(none.status).toBe(200);
    expect(none.html).not.toContain('Marketplace de');
    expect(none.html).toContain('Elige tu universidad');
    expect(stateOf(none.state).location).toBe('/select-university?next=%2Fmarketplace');
    // A page rendered as asked carries no location.
    expect(stateOf(named.state).location).toBeUndefined();
  });

  it('renders the search results for ?q=', async () => {
    serveCatalog();
    const { status, html } = await page('/search?q=aud%C3%ADfonos');
    expect(status).toBe(200);
    expect(html).toContain('Audífonos Sony');
    expect(html).not.toContain('Libro de Cálculo I');
    expect(html).toContain('<h2 class="section__title">audífonos</h2>');
  });

  it('renders the chooser, the global marketplace, the careers, a career and a category with their data', async () => {
    serveCatalog();
    expect((await page('/')).html).toContain('Universidad Metropolitana');
    expect((await page('/select-university')).html).toContain('Universidad Central de Venezuela');
    const global = await page('/global-marketplace');
    expect(global.html).toContain('Bata de laboratorio');
    expect((await page('/carreras')).html).toContain('Ingeniería');
    const career = await page('/carrera/ingenieria');
    expect(career.html).toContain('Libro de Cálculo I');
    expect(career.html).not.toContain('Bata de laboratorio');
    const category = await page('/categoria/libros');
    expect(category.html).toContain('Libro de Cálculo I');
    expect(category.html).not.toContain('Audífonos Sony');
    expect((await page('/categoria/nada')).status).toBe(404);
  });

  it('renders the pending state (skeleton and loading text) when the API does not answer in time', async () => {
    serveCatalog(defaultCatalog(), Number.POSITIVE_INFINITY);
    const started = Date.now();
    const product = await page('/product/42');
    expect(Date.now() - started).toBeLessThan(RENDER_DATA_MS + 1_000);
    expect(product.status).toBe(200);
    expect(product.html).toContain('Cargando producto...');
    expect(product.html).toContain('skeleton');
    expect(stateOf(product.state).queries.queries).toEqual([]);
    const marketplace = await page('/marketplace');
    expect(marketplace.html).toContain('Cargando productos increíbles...');
    expect(marketplace.html).toContain('skeleton');
  });

  it('keeps two concurrent renders apart (their data, their university)', async () => {
    const catalog = defaultCatalog();
    catalog.details.push(detail({ id: 43, title: 'Guitarra Yamaha', price: 120, university_id: 'usm' }));
    serveCatalog(catalog, 30);
    const [a, b] = await Promise.all([
      render('/product/42', { origin: ORIGIN, now: NOW, university: 'ucab' }),
      render('/product/43', { origin: ORIGIN, now: NOW + 1, university: 'usm' }),
    ]);
    expect(a.html).toContain('Calculadora Casio fx-991');
    expect(a.html).not.toContain('Guitarra Yamaha');
    expect(b.html).toContain('Guitarra Yamaha');
    expect(b.html).not.toContain('Calculadora Casio fx-991');
    expect(stateOf(a.state).render.university).toBe('ucab');
    expect(stateOf(b.state).render).toMatchObject({ university: 'usm', now: NOW + 1 });
    expect(JSON.stringify(stateOf(b.state).queries)).not.toContain('"detail",42');
    expect(JSON.stringify(stateOf(a.state).queries)).not.toContain('Guitarra Yamaha');
  });
});

describe('the public pages without per-person data (issue 38)', () => {
  /** The error screens a render must never show as the page. */
  const expectNoErrorScreen = (html: string) => {
    expect(html).not.toContain('Unexpected Application Error!');
    expect(html).not.toContain('Página no encontrada');
  };

  it.each([
    ['/login', 'Iniciar Sesión', ['Correo electrónico', 'Contraseña', 'Continuar con Google']],
    ['/register', 'Crear cuenta', ['Nombre completo', 'Cédula', 'Confirmar contraseña']],
    ['/forgot-password', '¿Olvidaste tu contraseña?', ['Enviar enlace']],
    ['/terms-and-conditions', 'Términos y Condiciones', ['Naturaleza del servicio']],
    ['/privacy-policy', 'Política de Privacidad', []],
    ['/compra-segura', 'Compra segura', ['Volver al marketplace']],
  ])(
    'renders %s in the app bar with its heading and content, and its own head',
    async (url, heading, texts) => {
      const calls: string[] = [];
      setApiTransport(async (asked) => {
        calls.push(asked);
        return new Response('{}', { status: 500 });
      });
      const { status, html, head, degraded } = await page(url, null);
      expect(status).toBe(200);
      expect(degraded).toBe(false);
      expect(html).toContain('<header class="navbar">');
      expect(html).toContain(`<h1 class="page-title">${heading}</h1>`);
      for (const text of texts) expect(html, text).toContain(text);
      expectNoErrorScreen(html);
      expect(html).not.toContain('<script');
      // The head of its own (lib/page-head/pages.ts), the same the screen sets on a navigation.
      expect(head.title).toMatch(/ \| Mercado Universitario$/);
      expect(head.canonical).toBe(`${ORIGIN}${url}`);
      // No data: nothing asked of the API.
      expect(calls).toEqual([]);
    },
  );

  it("renders the sign-up's and the sign-in's code screens while this browser's registration is unknown to the server", async () => {
    for (const [url, heading] of [
      ['/register?email=ana%40est.ucab.edu.ve', 'Verifica tu correo'],
      ['/email-verification?email=ana%40est.ucab.edu.ve', 'Verificación requerida'],
    ]) {
      const { status, html, head } = await page(url, null);
      expect(status, url).toBe(200);
      expect(html, url).toContain(`<h1 class="page-title">${heading}</h1>`);
      expect(html, url).toContain('<div class="auth-card" aria-busy="true">');
      expect(html, url).toContain('spinner');
      // Not the form, and not the screen of a browser without the registration.
      expect(html, url).not.toContain('Nombre completo');
      expect(html, url).not.toContain('No encontramos en este navegador');
      expect(head.robots, url).toBe(url.startsWith('/register') ? 'index, follow' : 'noindex, follow');
      expectNoErrorScreen(html);
    }
  });

  it("renders the reset form as the mail's link opens it: its fragment is the browser's to read", async () => {
    const { status, html, head } = await page('/reset-password', null);
    expect(status).toBe(200);
    expect(html).toContain('Ingresa tu nueva contraseña.');
    expect(html).not.toContain('Acceso no válido');
    expect(html).toContain('Guardar nueva contraseña');
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
    expect(head.robots).toBe('noindex, follow');
  });
});

describe('the static shells (decision 052: what the origin serves when the render fails)', () => {
  const TEMPLATE =
    '<!doctype html><html lang="es"><head><title>Mercado Universitario</title></head><body><div id="root"></div></body></html>';
  const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';

  it("draws each kind's layout, bar and loading state with no API call, into the template's #root", async () => {
    const calls: string[] = [];
    setApiTransport(async (url) => {
      calls.push(url);
      return new Response('{}', { status: 500 });
    });
    const shells = await renderShellDocuments(TEMPLATE);
    expect(calls).toEqual([]);
    const loading: Record<string, string> = {
      '/shells/marketplace.html': 'Cargando productos increíbles...',
      '/shells/global.html': 'Cargando productos increíbles...',
      '/shells/search.html': 'Buscando productos...',
      '/shells/product.html': 'Cargando producto...',
      '/shells/seller.html': 'Cargando vendedor...',
      '/shells/category-libros.html': 'Cargando productos...',
      '/shells/career-ingenieria.html': 'Cargando productos...',
    };
    for (const [path, text] of Object.entries(loading)) expect(mainOf(shells[path] ?? '')).toContain(text);
    for (const [path, html] of Object.entries(shells)) {
      expect(path).toMatch(/^\/shells\/[a-z-]+\.html$/);
      // Not a render: the app renders over it rather than hydrating it, and it carries no state.
      expect(html).not.toContain('data-server-rendered');
      expect(html).not.toContain('render-state');
      // The app bar, or the admin area's own frame.
      expect(html).toMatch(
        path === '/shells/admin.html' ? /<div class="admin-shell">/ : /<header class="navbar">/,
      );
      expect(html).toContain('<title>Mercado Universitario</title>');
      expect(mainOf(html).length).toBeGreaterThan(0);
      expect(html, path).not.toContain('Unexpected Application Error!');
      expect(html, path).not.toContain('Página no encontrada');
    }
    // A career's shell titles its own career only.
    expect(shells['/shells/career-ingenieria.html']).toContain('Ingeniería');
    expect(shells['/shells/career-economia.html']).not.toContain('Ingeniería');
  }, 60_000);
});

describe('the static shells of the pages served a shell only (issue 38)', () => {
  const TEMPLATE =
    '<!doctype html><html lang="es"><head><title>Mercado Universitario</title></head><body><div id="root"></div></body></html>';
  const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const SPINNER = '<span class="spinner spinner--lg" role="status">';

  it('draws each page with its layout and the session being read (its loading state), never a redirect or an error', async () => {
    const shells = await renderShellDocuments(TEMPLATE);
    // The session's pages: the bar and `RequireSession`'s spinner where the person's data will be.
    for (const name of [
      'new-product',
      'profile',
      'my-products',
      'settings',
      'favorites',
      'alerts',
      'chats',
      'verify-email',
    ]) {
      const html = shells[`/shells/${name}.html`] ?? '';
      expect(html, name).toContain('<header class="navbar">');
      expect(mainOf(html), name).toContain(SPINNER);
    }
    // The mails' one-click pages, as they send their link's token.
    for (const [name, heading] of [
      ['notifications-unsubscribe', 'Notificaciones por correo'],
      ['alerts-unsubscribe', 'Alertas por correo'],
    ]) {
      const main = mainOf(shells[`/shells/${name}.html`] ?? '');
      expect(main, name).toContain(heading);
      expect(main, name).toContain('Procesando tu solicitud...');
    }
    for (const name of ['renew-by-link', 'sold-by-link'])
      expect(mainOf(shells[`/shells/${name}.html`] ?? ''), name).toContain('Procesando tu solicitud...');
    expect(mainOf(shells['/shells/auth-callback.html'] ?? '')).toContain('Procesando autenticación...');
    expect(mainOf(shells['/shells/my-purchases.html'] ?? '')).toContain('Mis Compras');
    // The admin area: its own frame (the sidebar with its pages, no app bar) and its spinner.
    const admin = shells['/shells/admin.html'] ?? '';
    expect(admin).not.toContain('<header class="navbar">');
    expect(admin).toContain('aria-label="Administración"');
    expect(admin).toContain('>Reportes</a>');
    expect(mainOf(admin)).toContain(SPINNER);
    // Its stylesheet and chunk are in the head, as a screen's are (server/assets.ts): not in this
    // test's manifest, so only the rendered frame is checked here.
    // Nobody's data: no e-mail, no sign-out (the session is not known yet).
    expect(admin).not.toContain('Cerrar sesión');
  }, 60_000);
});
