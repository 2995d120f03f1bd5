import { describe, expect, it } from 'vitest';
import { createProductBodySchema, listingFieldsSchema } from './product-form';
import { universityRequestInputSchema } from './schemas';
import { updateProfileBodySchema } from './account-schemas';
import { cleanText } from './zod';

describe('text as stored', () => {
  it('is NFC and keeps no control, bidi-override, zero-width or byte-order characters', () => {
    // 'e' + combining acute becomes 'é'; a right-to-left override, NUL, zero-width space, BOM go.
    expect(cleanText('Cafe\u0301 \u202Egnp.exe\u202C\u0000\u200B\uFEFF')).toBe('Café gnp.exe');
    expect(cleanText('a\u2066b\u2069c\u200Ed\u061Ce')).toBe('abcde');
    // Single-line fields turn line breaks and tabs into a space; multi-line ones keep \n.
    expect(cleanText('uno\r\ndos\ttres')).toBe('uno dos tres');
    expect(cleanText('uno\r\ndos\n\ntres', true)).toBe('uno\ndos\n\ntres');
  });

  it('keeps the zero-width joiner inside an emoji, drops it elsewhere', () => {
    expect(cleanText('Dev 👩\u200D💻 ok')).toBe('Dev 👩\u200D💻 ok');
    expect(cleanText('ho\u200Dla')).toBe('hola');
  });

  it('is applied by the shared schemas to every text field people type', () => {
    const listing = listingFieldsSchema.parse({
      title: '\u202ELibro\u0000 de cálculo\u200B',
      description: 'Línea 1\r\nLínea\u0007 2',
      price: 10,
      category: 'libros',
    });
    expect(listing.title).toBe('Libro de cálculo');
    expect(listing.description).toBe('Línea 1\nLínea 2');
    expect(
      createProductBodySchema.parse({
        title: 'Silla\u200F',
        price: 5,
        category: 'muebles',
        whatsapp_number: '04141234567',
        university_id: 'ucab',
        tags: ['ofi\u202Ecina'],
      }),
    ).toMatchObject({ title: 'Silla', tags: ['oficina'] });
    expect(updateProfileBodySchema.parse({ full_name: 'Ana\u202E Pérez' }).full_name).toBe('Ana Pérez');
    const request = universityRequestInputSchema.parse({
      university_name: 'UNEG\u0000',
      university_full_name: 'Universidad\u2028 Nacional',
      email_domain: 'uneg.edu.ve',
      city: 'Puerto\u200B Ordaz',
      additional_info: 'Hola\r\nsomos\u202E muchos',
    });
    expect(request).toMatchObject({
      university_name: 'UNEG',
      city: 'Puerto Ordaz',
      additional_info: 'Hola\nsomos muchos',
    });
    // A title made only of invisible characters is empty, hence required.
    expect(listingFieldsSchema.safeParse({ title: '\u200B\u202E', price: 10, category: 'libros' }).success).toBe(
      false,
    );
  });
});
