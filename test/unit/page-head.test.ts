// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ExchangeRate } from '#shared/exchange-rate';
import type { Product, ProductDetail, University } from '#shared/schemas';
import type { Seller } from '#shared/trust';
import {
  careerHead,
  careersHead,
  categoryHead,
  chooserHead,
  globalHead,
  marketplaceHead,
  searchHead,
} from '@/lib/page-head/listings';
import { legalHead, notFoundHead } from '@/lib/page-head/pages';
import { productHead } from '@/lib/page-head/product';
import { renderHeadTags } from '@/lib/page-head/render-head-tags';
import { sellerHead } from '@/lib/page-head/seller';
import { documentTitle } from '@/lib/page-head/site-basics';
import type { PageHead } from '@/lib/page-head/types';
import { seller as fakeSeller } from '@/testing/fake-catalog';
import { universities } from '@/testing/fixtures';
import { HOSTILE_LIST } from '../fixtures/hostile-text';

const ORIGIN = 'https://mercado.test';
/** Monday 23 November 2026: a rate dated the Friday before is still usable (decision 033). */
const NOW = new Date('2026-11-23T15:00:00Z');
const ctx = { origin: ORIGIN, now: NOW };

const UCV = universities.find((u) => u.id === 'ucv') as University;

const RATE: ExchangeRate = {
  date: '2026-11-20',
  rate: 526.8704,
  source: 'bcv',
  recorded_at: '2026-11-20T21:00:00.000Z',
  recorded_by: null,
};
const publicRate = { rate: RATE.rate, date: RATE.date };

const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 42,
  title: 'Calculadora Casio fx-991',
  description: 'Como nueva, con estuche.',
  price: 190,
  category: 'electronica',
  condition: 'usado',
  career: 'ingenieria',
  image: '/images/p42-1.jpg',
  images: ['/images/p42-1.jpg', '/images/p42-2.jpg'],
  tags: ['calculadora'],
  seller_name: 'María Pérez',
  seller_id: 'seller-1',
  university_id: 'ucv',
  status: 'active',
  created_at: '2026-11-01T15:00:00.000Z',
  ...overrides,
});

const PREVIEW = { url: '/images/p42-1.w1200.jpg', width: 1200, height: 900, type: 'image/jpeg' };

const seller = (overrides: Partial<Seller> = {}): Seller =>
  fakeSeller({
    university_id: 'ucv',
    university_name: 'UCV',
    verified_month: '2026-03',
    member_since: '2026-01',
    active_count: 3,
    sold_count: 1,
    listings: [],
    ...overrides,
  });

/** The tags as a browser (or a link-preview crawler) reads them from the server's document. */
function parse(head: PageHead) {
  const html = renderHeadTags(head);
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body><p id="after">fin</p></body></html>`,
    'text/html',
  );
  const content = (key: string) =>
    doc.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
  const jsonLd = [...doc.querySelectorAll('script')].map((s) => {
    expect(s.getAttribute('type')).toBe('application/ld+json');
    return JSON.parse(s.textContent ?? '');
  });
  return {
    html,
    doc,
    content,
    jsonLd,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  };
}

/** Nothing but the tags written: no element, attribute or script a text could have added. */
function expectOnlyHeadTags(head: PageHead) {
  const { doc } = parse(head);
  const allowed: Record<string, string[]> = {
    TITLE: [],
    META: ['name', 'property', 'content'],
    LINK: ['rel', 'href'],
    SCRIPT: ['type'],
  };
  for (const el of doc.head.querySelectorAll('*')) {
    expect(Object.keys(allowed)).toContain(el.tagName);
    for (const attr of el.getAttributeNames()) expect(allowed[el.tagName]).toContain(attr);
  }
  expect(doc.head.querySelectorAll('script')).toHaveLength(head.jsonLd.length);
  expect(doc.body.innerHTML).toBe('<p id="after">fin</p>');
  expect(doc.head.querySelectorAll('title')).toHaveLength(1);
}

describe('productHead', () => {
  it('writes the title, the price with its bolívares, the condition and the university', () => {
    const head = productHead({ product: detail(), university: UCV, rate: publicRate, image: PREVIEW }, ctx);
    const { content, canonical } = parse(head);
    expect(head.status).toBe(200);
    expect(head.title).toBe('Calculadora Casio fx-991 | Mercado Universitario');
    expect(head.description).toBe(
      'US$ 190,00 · ≈ Bs. 100.105,38 (tasa BCV del 20/11/2026) · Usado · Universidad Central de Venezuela',
    );
    expect(canonical).toBe('https://mercado.test/product/42');
    expect(content('description')).toBe(head.description);
    expect(content('robots')).toBe('index, follow');
    expect(content('og:type')).toBe('product');
    expect(content('og:title')).toBe('Calculadora Casio fx-991');
    expect(content('og:description')).toBe(head.description);
    expect(content('og:url')).toBe('https://mercado.test/product/42');
    expect(content('og:site_name')).toBe('Mercado Universitario');
    expect(content('og:locale')).toBe('es_VE');
    expect(content('og:image')).toBe('https://mercado.test/images/p42-1.w1200.jpg');
    expect(content('og:image:type')).toBe('image/jpeg');
    expect(content('og:image:width')).toBe('1200');
    expect(content('og:image:height')).toBe('900');
    expect(content('og:image:alt')).toBe('Calculadora Casio fx-991');
    expect(content('twitter:card')).toBe('summary_large_image');
    expect(content('twitter:title')).toBe('Calculadora Casio fx-991');
    expect(content('twitter:description')).toBe(head.description);
    expect(content('twitter:image')).toBe('https://mercado.test/images/p42-1.w1200.jpg');
  });

  it('leaves the bolívares out without a rate or with a stale one, and the university when unknown', () => {
    const none = productHead({ product: detail(), university: UCV, rate: null }, ctx);
    expect(none.description).toBe('US$ 190,00 · Usado · Universidad Central de Venezuela');
    // Thursday 26 November: a rate of Friday the 20th is more than 3 business days old.
    const stale = productHead(
      { product: detail(), university: null, rate: publicRate },
      { origin: ORIGIN, now: new Date('2026-11-26T15:00:00Z') },
    );
    expect(stale.description).toBe('US$ 190,00 · Usado');
  });

  it('says Nuevo and NewCondition, Usado and UsedCondition, InStock while active', () => {
    const nuevo = parse(
      productHead({ product: detail({ condition: 'nuevo' }), university: UCV, rate: null }, ctx),
    );
    expect(nuevo.content('description')).toBe('US$ 190,00 · Nuevo · Universidad Central de Venezuela');
    expect(nuevo.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Calculadora Casio fx-991',
        description: 'Como nueva, con estuche.',
        image: ['https://mercado.test/images/p42-1.jpg', 'https://mercado.test/images/p42-2.jpg'],
        sku: '42',
        category: 'Electrónica',
        offers: {
          '@type': 'Offer',
          price: '190.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
          url: 'https://mercado.test/product/42',
        },
      },
    ]);
    const usado = parse(productHead({ product: detail(), university: UCV, rate: null }, ctx));
    expect(usado.jsonLd[0].offers.itemCondition).toBe('https://schema.org/UsedCondition');
  });

  it('says Reservado in the title and description and Reserved in the JSON-LD', () => {
    const head = productHead({ product: detail({ status: 'reserved' }), university: UCV, rate: null }, ctx);
    const { content, jsonLd } = parse(head);
    expect(head.title).toBe('Calculadora Casio fx-991 · Reservado | Mercado Universitario');
    expect(content('og:title')).toBe('Calculadora Casio fx-991 · Reservado');
    expect(head.description).toBe('Reservado · US$ 190,00 · Usado · Universidad Central de Venezuela');
    expect(jsonLd[0].offers.availability).toBe('https://schema.org/Reserved');
  });

  it("falls back to the site's card without a preview photo, and refuses a javascript: image", () => {
    for (const image of [undefined, { ...PREVIEW, url: 'javascript:alert(1)' }]) {
      const { content, html } = parse(
        productHead({ product: detail(), university: UCV, rate: null, image }, ctx),
      );
      expect(content('og:image')).toBe('https://mercado.test/icons/icon-512.png');
      expect(content('og:image:type')).toBe('image/png');
      expect(content('og:image:width')).toBe('512');
      expect(content('twitter:card')).toBe('summary');
      expect(html).not.toContain('javascript:');
    }
  });

  it('reads no e-mail, phone or account of a stored product, even one cast past the types', () => {
    const stored: Product = {
      ...detail(),
      seller_email: 'maria.perez@est.ucv.edu.ve',
      whatsapp_number: '+584121234567',
      owner_id: 'cognito-sub-123',
    };
    // @ts-expect-error a stored product carries the seller's e-mail and phone: not a builder's input
    productHead({ product: stored, university: UCV, rate: null }, ctx);
    // @ts-expect-error the admin's rate carries who recorded it
    productHead({ product: detail(), university: UCV, rate: { ...RATE, recorded_by: 'admin@x.ve' } }, ctx);

    const leaky = {
      product: stored,
      university: { ...UCV, email: 'rector@ucv.ve', national_id: 'V-12345678' },
      rate: { ...RATE, recorded_by: 'admin@mercado.ve' },
    } as unknown as Parameters<typeof productHead>[0];
    const html = renderHeadTags(productHead(leaky, ctx));
    for (const secret of [
      'maria.perez@',
      '4121234567',
      'cognito-sub',
      'rector@',
      'V-12345678',
      'admin@mercado',
    ])
      expect(html).not.toContain(secret);
  });
});

describe('sellerHead', () => {
  it('writes the public name, the verified university and the counts', () => {
    const head = sellerHead(seller(), ctx);
    const { content, canonical, jsonLd } = parse(head);
    expect(head.title).toBe('María Pérez · Vendedor | Mercado Universitario');
    expect(head.description).toBe(
      'Correo institucional verificado · UCV · 3 publicaciones activas · 1 vendida',
    );
    expect(canonical).toBe('https://mercado.test/vendedor/seller-1');
    expect(content('og:type')).toBe('profile');
    expect(content('og:title')).toBe('María Pérez · Vendedor');
    expect(content('og:url')).toBe('https://mercado.test/vendedor/seller-1');
    expect(content('og:image')).toBe('https://mercado.test/icons/icon-512.png');
    expect(content('twitter:card')).toBe('summary');
    expect(jsonLd).toEqual([]);
    expect(sellerHead(seller({ verified: false, active_count: 1, sold_count: 0 }), ctx).description).toBe(
      '1 publicación activa · 0 vendidas',
    );
  });

  it('reads no e-mail or phone, even one cast past the types', () => {
    const withContact = { ...seller(), email: 'maria.perez@est.ucv.edu.ve', phone: '+584121234567' };
    // @ts-expect-error an account with its e-mail is not a builder's input
    sellerHead(withContact, ctx);
    const html = renderHeadTags(sellerHead(withContact as unknown as Seller, ctx));
    expect(html).not.toContain('maria.perez@');
    expect(html).not.toContain('4121234567');
  });
});

describe('listing heads', () => {
  it("marketplace: 'Marketplace de {name}', canonical with the university", () => {
    const head = marketplaceHead({ universityId: 'ucv', university: UCV }, ctx);
    const { canonical, content } = parse(head);
    expect(head.title).toBe('Marketplace de UCV | Mercado Universitario');
    expect(head.description).toBe(
      'Productos de la comunidad de Universidad Central de Venezuela: libros, electrónica, ropa y más.',
    );
    expect(canonical).toBe('https://mercado.test/marketplace?university=ucv');
    expect(content('og:type')).toBe('website');
    const unloaded = marketplaceHead({ universityId: 'ucv', university: null }, ctx);
    expect(unloaded.title).toBe('Marketplace | Mercado Universitario');
    expect(unloaded.canonical).toBe('https://mercado.test/marketplace?university=ucv');
  });

  it('search: the query in the title, canonical /search?q=…, noindex when empty', () => {
    const head = searchHead({ q: '  libro de cálculo ', total: 3, university: UCV }, ctx);
    const { canonical, content } = parse(head);
    expect(head.title).toBe('Resultados para "libro de cálculo" | Mercado Universitario');
    expect(head.description).toBe('3 productos encontrados para "libro de cálculo" en UCV.');
    expect(canonical).toBe('https://mercado.test/search?q=libro+de+c%C3%A1lculo');
    expect(content('robots')).toBe('index, follow');
    expect(searchHead({ q: 'x', total: 1, university: null }, ctx).description).toBe(
      '1 producto encontrado para "x".',
    );

    const noText = searchHead({ q: '   ', total: 12, university: UCV }, ctx);
    expect(noText.title).toBe('Resultados de Búsqueda | Mercado Universitario');
    expect(noText.canonical).toBe('https://mercado.test/search');
    expect(noText.robots).toBe('noindex, follow');
    expect(searchHead({ q: 'nada', total: 0, university: UCV }, ctx).robots).toBe('noindex, follow');
  });

  it('global, chooser, careers, a career and a category keep the screens’ texts', () => {
    expect(globalHead(ctx)).toMatchObject({
      title: 'Marketplace Global | Mercado Universitario',
      description: 'Productos de estudiantes de todas las universidades de Venezuela.',
      canonical: 'https://mercado.test/global-marketplace',
    });
    const chooser = chooserHead(ctx);
    expect(chooser.title).toBe('Elige tu universidad | Mercado Universitario');
    expect(chooser.canonical).toBe('https://mercado.test/');
    expect(parse(chooser).jsonLd[0]).toMatchObject({
      '@type': 'WebSite',
      url: 'https://mercado.test/',
      potentialAction: { target: 'https://mercado.test/search?q={search_term_string}' },
    });
    expect(careersHead(ctx).canonical).toBe('https://mercado.test/carreras');
    expect(careerHead({ career: 'comunicacion', description: 'Cámaras.' }, ctx)).toMatchObject({
      title: 'Productos de Comunicación | Mercado Universitario',
      description: 'Cámaras.',
      canonical: 'https://mercado.test/carrera/comunicacion',
    });
    expect(categoryHead({ category: 'electronica', description: 'Laptops.' }, ctx)).toMatchObject({
      title: 'Electrónica | Mercado Universitario',
      canonical: 'https://mercado.test/categoria/electronica',
    });
  });

  it('legal pages', () => {
    expect(legalHead('terms', ctx)).toMatchObject({
      title: 'Términos y Condiciones | Mercado Universitario',
      canonical: 'https://mercado.test/terms-and-conditions',
    });
    expect(legalHead('privacy', ctx).canonical).toBe('https://mercado.test/privacy-policy');
    expect(legalHead('safeBuying', ctx).canonical).toBe('https://mercado.test/compra-segura');
  });
});

describe('notFoundHead', () => {
  it('is a 404 with its title alone: noindex, no canonical, image, price or JSON-LD', () => {
    const head = notFoundHead('product', ctx);
    const { html, content, canonical, jsonLd } = parse(head);
    expect(head.status).toBe(404);
    expect(head.title).toBe('Producto no encontrado | Mercado Universitario');
    expect(content('og:title')).toBe('Producto no encontrado');
    expect(content('robots')).toBe('noindex, follow');
    expect(canonical).toBeUndefined();
    expect(content('og:image')).toBeNull();
    expect(content('twitter:image')).toBeNull();
    expect(jsonLd).toEqual([]);
    expect(html).not.toMatch(/US\$|Bs\.|ld\+json/);
    expect(notFoundHead('seller', ctx).title).toBe('Vendedor no encontrado | Mercado Universitario');
    expect(notFoundHead('page', ctx).title).toBe('Página no encontrada | Mercado Universitario');
  });
});

describe('hostile texts stay text in every tag and attribute', () => {
  it.each(HOSTILE_LIST)('%s as a product title and description', (_, text) => {
    const head = productHead(
      {
        product: detail({ title: text, description: text }),
        university: UCV,
        rate: publicRate,
        image: PREVIEW,
      },
      ctx,
    );
    expectOnlyHeadTags(head);
    const { doc, content, jsonLd } = parse(head);
    expect(doc.title).toBe(documentTitle(text));
    expect(content('og:title')).toBe(text);
    expect(content('twitter:title')).toBe(text);
    expect(content('og:image:alt')).toBe(text);
    expect(jsonLd[0].name).toBe(text);
    expect(jsonLd[0].description).toBe(text.trim() || text);
  });

  it.each(HOSTILE_LIST)('%s as a seller name', (_, text) => {
    const head = sellerHead(seller({ display_name: text, university_name: text }), ctx);
    expectOnlyHeadTags(head);
    const { doc, content } = parse(head);
    expect(doc.title).toBe(documentTitle(`${text} · Vendedor`));
    expect(content('og:title')).toBe(`${text} · Vendedor`);
    expect(content('description')).toContain(text);
  });

  it.each(HOSTILE_LIST)('%s as a search query, never inside a script', (_, text) => {
    const head = searchHead({ q: text, total: 2, university: UCV }, ctx);
    expectOnlyHeadTags(head);
    const { doc, content, canonical, html } = parse(head);
    const q = text.trim();
    expect(doc.title).toBe(documentTitle(`Resultados para "${q}"`));
    expect(content('og:description')).toContain(q);
    expect(new URL(canonical ?? '').searchParams.get('q')).toBe(q);
    expect(html).not.toContain('<script');
  });
});
