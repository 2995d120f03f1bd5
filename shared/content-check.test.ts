import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, characterCount, isRepetitive, quickContentCheck } from './content-check';

const { tooShort, tooLong, repetitive, spam } = CONTENT_MESSAGES;

/** `n` distinct words ('palabra1 palabra2 …'), no digit run anywhere near 10. */
const distinctWords = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i + 1}`).join(' ');
/** A text of exactly `n` characters made of distinct words (never repetitive, never spam). */
function textOfLength(n: number): string {
  let text = '';
  for (let i = 1; text.length < n; i += 1) text += `${text ? ' ' : ''}voz${i.toString(36)}`;
  return text.slice(0, n).trimEnd().padEnd(n, 'x');
}

describe('quick content check: length', () => {
  it('refuses under 3 characters and accepts 3', () => {
    expect(quickContentCheck('')).toBe(tooShort);
    expect(quickContentCheck('ok')).toBe(tooShort);
    expect(quickContentCheck('¿Y?')).toBeNull();
    expect(quickContentCheck('Sí.')).toBeNull();
  });

  it('judges the trimmed text', () => {
    expect(quickContentCheck('   ok   ')).toBe(tooShort);
    expect(quickContentCheck('  hola  ')).toBeNull();
  });

  it('counts characters as people do: an emoji is one', () => {
    expect(characterCount('👍👍')).toBe(2);
    expect(quickContentCheck('👍👍')).toBe(tooShort);
    expect(quickContentCheck('👍👍👍')).toBeNull();
  });

  it('accepts 2000 characters and refuses 2001', () => {
    const max = textOfLength(2000);
    expect(characterCount(max)).toBe(2000);
    expect(quickContentCheck(max)).toBeNull();
    expect(quickContentCheck(`${max}y`)).toBe(tooLong);
    // Length is judged before anything else: 2001 'a's are too long, not spam.
    expect(quickContentCheck('a'.repeat(2001))).toBe(tooLong);
  });
});

describe('quick content check: repetition (over 10 words, under 30 % unique)', () => {
  it('never judges 10 words or fewer', () => {
    const ten = Array(10).fill('hola').join(' ');
    expect(isRepetitive(ten)).toBe(false);
    expect(quickContentCheck(ten)).toBeNull();
  });

  it('refuses 11 words with 3 distinct (27 %) and accepts 11 with 4 (36 %)', () => {
    const three = 'hola hola hola hola mundo mundo mundo mundo adios adios adios';
    const four = 'hola hola hola hola mundo mundo mundo mundo adios adios chao';
    expect(quickContentCheck(three)).toBe(repetitive);
    expect(quickContentCheck(four)).toBeNull();
  });

  it('sits exactly on the 30 % edge: 6 of 20 words (30 %) passes, 6 of 21 does not', () => {
    const words = (distinct: number, total: number) =>
      Array.from({ length: total }, (_, i) => `w${i % distinct}x`).join(' ');
    expect(quickContentCheck(words(6, 20))).toBeNull();
    expect(quickContentCheck(words(6, 21))).toBe(repetitive);
  });

  it('ignores case, accents and punctuation around words', () => {
    expect(quickContentCheck('¿Está? ESTÁ, esta... está! esta esta Esta esta ESTA esta está')).toBe(repetitive);
  });

  it('accepts a long real question', () => {
    expect(quickContentCheck(distinctWords(60))).toBeNull();
  });
});

describe('quick content check: spam patterns', () => {
  it('refuses a visible character 11 times in a row, accepts 10', () => {
    expect(quickContentCheck(`¿Sigue disponible? ${'a'.repeat(11)}`)).toBe(spam);
    expect(quickContentCheck(`¿Sigue disponible? ${'a'.repeat(10)}`)).toBeNull();
    expect(quickContentCheck(`Hola${'!'.repeat(11)}`)).toBe(spam);
    expect(quickContentCheck(`Hola${'!'.repeat(10)}`)).toBeNull();
    // Spaces are not a character anyone sees.
    expect(quickContentCheck(`Hola${' '.repeat(15)}¿está disponible?`)).toBeNull();
  });

  it('refuses links', () => {
    for (const text of [
      'Mira https://oferta.example/x',
      'Entra en www.ofertas.net ya',
      'Visita miTienda.com',
      'Escríbeme a t.me/vendedor',
      'Más fotos en tienda.ve',
    ])
      expect(quickContentCheck(text), text).toBe(spam);
    // A sentence without a space after the full stop is not a link.
    expect(quickContentCheck('Perfecto.Nos vemos mañana en la UCV')).toBeNull();
  });

  it('refuses 10 digits in a row, accepts 9', () => {
    expect(quickContentCheck('Llámame al 0414123456')).toBe(spam);
    expect(quickContentCheck('Mi cédula es 041412345')).toBeNull();
    // Full-width digits are digits.
    expect(quickContentCheck('Llámame al ０４１４１２３４５６')).toBe(spam);
  });

  it('refuses mentions of WhatsApp, Telegram, Instagram or Facebook in any case', () => {
    for (const text of [
      '¿Tienes WhatsApp?',
      'pásame tu WHATSAPP',
      'escríbeme por telegram',
      'Sígueme en InStAgRaM',
      'búscame en facebook',
      'mándame un wasap',
      'mi ｗｈａｔｓａｐｐ es este',
    ])
      expect(quickContentCheck(text), text).toBe(spam);
  });

  it('lets the questions a buyer really asks through', () => {
    for (const text of [
      '¿Todavía está disponible?',
      '¿Acepta pago móvil?',
      '¿Hace entregas en la UCV?',
      '¿Lo entregas en la biblioteca el martes a las 10?',
      '¿Cuánto es lo menos? Te puedo dar 20 $',
    ])
      expect(quickContentCheck(text), text).toBeNull();
  });
});
