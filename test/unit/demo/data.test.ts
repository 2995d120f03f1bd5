import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseProductRow, parseUniversityRow } from '../../../functions/services/publishing/product-import';
import { generateDemoExport } from '../../../scripts/demo/data';
import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  productImageSvg,
  renderProductImage,
  wrapTitle,
} from '../../../scripts/demo/images';
import { CAREERS, CATEGORIES, CONDITIONS } from '#shared/enums';

const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('demo export', () => {
  const data = generateDemoExport({ now: NOW });
  const products = data.products.map((row) => {
    const r = parseProductRow(row);
    if (!r.ok) throw new Error(`demo product ${JSON.stringify(row)} is invalid: ${r.reason}`);
    return r.value;
  });

  it('is the same for the same anchor date', () => {
    expect(generateDemoExport({ now: NOW })).toEqual(data);
  });

  it('holds the four universities of the spec, all valid import rows', () => {
    expect(data.universities.map((u) => [u.id, u.full_name, u.email_domain, u.city])).toEqual([
      ['ucab', 'Universidad Católica Andrés Bello', 'est.ucab.edu.ve', 'Caracas'],
      ['usm', 'Universidad Santa María', 'est.usm.edu.ve', 'Caracas'],
      ['unimet', 'Universidad Metropolitana', 'est.unimet.edu.ve', 'Caracas'],
      ['ucv', 'Universidad Central de Venezuela', 'est.ucv.edu.ve', 'Caracas'],
    ]);
    for (const u of data.universities) expect(parseUniversityRow(u).ok).toBe(true);
  });

  it('covers every category, career (and none), condition and university with at least 160 listings', () => {
    expect(products.length).toBeGreaterThanOrEqual(160);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(products.map((p) => p.career))).toEqual(new Set([...CAREERS, null]));
    expect(new Set(products.map((p) => p.condition))).toEqual(new Set(CONDITIONS));
    expect(new Set(products.map((p) => p.university_id))).toEqual(new Set(['ucab', 'usm', 'unimet', 'ucv']));
    // Every university has active listings in several categories.
    for (const u of data.universities) {
      const cats = new Set(
        products.filter((p) => p.university_id === u.id && p.status === 'active').map((p) => p.category),
      );
      expect(cats.size).toBeGreaterThanOrEqual(10);
    }
  });

  it('has a few sold and inactive listings, unique ids and varied prices between 1 and 900', () => {
    const statuses = products.map((p) => p.status);
    expect(statuses.filter((s) => s === 'sold').length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 'inactive').length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 'active').length).toBeGreaterThan(150);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    const prices = products.map((p) => p.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...prices)).toBeLessThanOrEqual(900);
    expect(Math.max(...prices)).toBeGreaterThan(500);
    expect(new Set(prices).size).toBeGreaterThan(60);
  });

  it('spreads created_at over the 60 days before the anchor, ids growing with the date', () => {
    const times = products.map((p) => Date.parse(p.created_at));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 60 * 86_400_000);
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(50 * 86_400_000);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('points every product at its generated image and every seller at their university domain', () => {
    for (const p of products) {
      expect(p.image).toBe(`/images/products/demo/${p.id}.webp`);
      expect(p.images[0]).toBe(p.image);
      const domain = data.universities.find((u) => u.id === p.university_id)?.email_domain;
      expect(p.seller_email.endsWith(`@${domain}`)).toBe(true);
      expect(p.whatsapp_number).toMatch(/^58(412|414|416|424|426)\d{7}$/);
    }
  });
});

describe('demo images', () => {
  it('wraps long titles into at most three lines', () => {
    expect(wrapTitle('Calculadora Casio fx-570')).toEqual(['Calculadora Casio fx-570']);
    const lines = wrapTitle(
      'Una descripción muy larga de un producto que no cabe en tres líneas de ninguna manera',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith('…')).toBe(true);
  });

  it('escapes the title inside the SVG', () => {
    expect(productImageSvg({ title: '<b>Tom & Jerry</b>', category: 'otros' })).toContain(
      '&lt;b&gt;Tom &amp;',
    );
  });

  it('renders a small 800×600 WebP', async () => {
    const webp = await renderProductImage({
      title: 'Libro de Cálculo de Stewart 7ma edición',
      category: 'libros',
    });
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: IMAGE_WIDTH, height: IMAGE_HEIGHT });
    expect(webp.length).toBeLessThan(25_000);
  });
});
