import { describe, expect, it } from 'vitest';
import {
  cleanTags,
  listingFieldsSchema,
  normalizeWhatsapp,
  PUBLISH_MESSAGES,
  sanitizeTag,
  tagsSchema,
  whatsappSchema,
} from './product-form';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('WhatsApp number', () => {
  it('normalises as the spec says', () => {
    expect(normalizeWhatsapp('04141234567')).toBe('584141234567');
    expect(normalizeWhatsapp('4141234567')).toBe('584141234567');
    expect(normalizeWhatsapp('584141234567')).toBe('584141234567');
    // 11 digits not starting 04 stay as they are.
    expect(normalizeWhatsapp('14155552671')).toBe('14155552671');
  });

  it('drops separators people type, and a leading +', () => {
    expect(whatsappSchema.parse('0414-123 45 67')).toBe('584141234567');
    expect(whatsappSchema.parse('(0414) 123.45.67')).toBe('584141234567');
    expect(whatsappSchema.parse('+58 414 1234567')).toBe('584141234567');
  });

  it('refuses empty, letters, too short and too long with the spec messages', () => {
    expect(messages(whatsappSchema.safeParse(''))).toEqual([PUBLISH_MESSAGES.whatsappRequired]);
    expect(messages(whatsappSchema.safeParse(undefined))).toEqual([PUBLISH_MESSAGES.whatsappRequired]);
    expect(messages(whatsappSchema.safeParse('0414abc4567'))).toEqual([PUBLISH_MESSAGES.phoneDigitsOnly]);
    expect(messages(whatsappSchema.safeParse('041412345'))).toEqual([
      'El número debe tener al menos 10 dígitos',
    ]);
    expect(messages(whatsappSchema.safeParse('1234567890123456'))).toEqual([
      'El número no puede tener más de 15 dígitos',
    ]);
  });
});

describe('tags', () => {
  it('lower-cases, cleans, cuts at 20 characters and drops duplicates', () => {
    expect(sanitizeTag('  Cálculo   II! ')).toBe('cálculo ii');
    expect(sanitizeTag('<script>')).toBe('script');
    expect(sanitizeTag('x'.repeat(30))).toHaveLength(20);
    expect(cleanTags(['Libro', 'libro', ' LIBRO ', '', '!!!', 'Física'])).toEqual(['libro', 'física']);
  });

  it('refuses more than 10', () => {
    expect(tagsSchema.safeParse(Array.from({ length: 10 }, (_, i) => `t${i}`)).success).toBe(true);
    expect(messages(tagsSchema.safeParse(Array.from({ length: 11 }, (_, i) => `t${i}`)))).toEqual([
      'Máximo 10 etiquetas',
    ]);
  });
});

describe('listing fields', () => {
  const valid = { title: 'Calculadora Casio', price: 25, category: 'electronica' };

  it('applies the defaults: condition usado, no career, no description', () => {
    expect(listingFieldsSchema.parse(valid)).toEqual({
      ...valid,
      description: null,
      condition: 'usado',
      career: null,
    });
  });

  it('gives the spec message for each required field', () => {
    expect(messages(listingFieldsSchema.safeParse({ ...valid, title: '   ' }))).toEqual([
      'El título es requerido',
    ]);
    expect(messages(listingFieldsSchema.safeParse({ ...valid, price: 0 }))).toEqual([
      'El precio debe ser mayor a 0',
    ]);
    expect(messages(listingFieldsSchema.safeParse({ ...valid, price: -5 }))).toEqual([
      'El precio debe ser mayor a 0',
    ]);
    expect(messages(listingFieldsSchema.safeParse({ ...valid, category: '' }))).toEqual([
      'La categoría es requerida',
    ]);
    expect(messages(listingFieldsSchema.safeParse({ ...valid, condition: 'roto' }))).toEqual([
      PUBLISH_MESSAGES.conditionRequired,
    ]);
  });

  it('takes prices in cents only, and numbers only', () => {
    expect(listingFieldsSchema.parse({ ...valid, price: 19.99 }).price).toBe(19.99);
    expect(messages(listingFieldsSchema.safeParse({ ...valid, price: 19.999 }))).toEqual([
      PUBLISH_MESSAGES.priceStep,
    ]);
    expect(listingFieldsSchema.safeParse({ ...valid, price: '25' }).success).toBe(false);
    expect(listingFieldsSchema.safeParse({ ...valid, price: Number.NaN }).success).toBe(false);
  });

  it('refuses hostile input: enormous strings, unknown career, extra fields', () => {
    expect(listingFieldsSchema.safeParse({ ...valid, title: 'x'.repeat(5 * 1024 * 1024) }).success).toBe(
      false,
    );
    expect(listingFieldsSchema.safeParse({ ...valid, career: 'astrologia' }).success).toBe(false);
    expect(listingFieldsSchema.safeParse({ ...valid, status: 'sold' }).success).toBe(false);
  });
});
