import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
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

describe('the Spanish sentences of zod issues (decision 043)', () => {
  const first = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
  const shape = z.strictObject({
    price: z.number(),
    title: z.string().check(z.minLength(1), z.maxLength(5)),
    tags: z.array(z.string()).check(z.maxLength(2)),
    active: z.boolean(),
    email: z.email(),
    kind: z.enum(['a', 'b']),
  });
  const valid = { price: 1, title: 'x', tags: [], active: true, email: 'a@b.co', kind: 'a' };

  it('name the field and say what it must be', () => {
    expect(first(shape, { ...valid, price: '5' })).toBe('El campo «price» debe ser un número.');
    expect(first(shape, { ...valid, active: 'sí' })).toBe('El campo «active» debe ser verdadero o falso.');
    expect(first(shape, { ...valid, title: '' })).toBe('El campo «title» no puede estar vacío.');
    expect(first(shape, { ...valid, title: 'abcdef' })).toBe('El campo «title» admite como máximo 5 caracteres.');
    expect(first(shape, { ...valid, tags: ['a', 'b', 'c'] })).toBe('El campo «tags» admite como máximo 2 elementos.');
    expect(first(shape, { ...valid, tags: [1] })).toBe('El campo «tags.0» debe ser un texto.');
    expect(first(shape, { ...valid, email: 'no' })).toBe('El campo «email» debe ser un correo electrónico válido.');
    expect(first(shape, { ...valid, kind: 'c' })).toBe('El campo «kind» debe ser uno de: «a», «b».');
    const { price: _price, ...withoutPrice } = valid;
    expect(first(shape, withoutPrice)).toBe('Falta el campo «price».');
  });

  it('name keys a schema does not allow, and speak of the value when there is no field', () => {
    expect(first(shape, { ...valid, admin: true })).toBe('Campo no permitido: «admin».');
    expect(first(shape, { ...valid, a: 1, b: 2 })).toBe('Campos no permitidos: «a», «b».');
    expect(first(shape, 'texto')).toBe('El valor debe ser un objeto.');
    expect(first(z.number().check(z.maximum(10)), 11)).toBe('El valor debe ser como máximo 10.');
  });

  it("never replace a schema's own message", () => {
    expect(first(z.string().check(z.minLength(3, 'Muy corto')), 'a')).toBe('Muy corto');
  });
});
