import { describe, expect, it } from 'vitest';
import { parseProductId, parseUniversityId } from './ids';
import { productIdSchema, universityIdSchema } from './schemas';

// The web app reads ids with these zod-free parsers; the API with the schemas. Both must agree.
const PRODUCT_IDS: unknown[] = [
  '1',
  '12',
  '999999999999999',
  '1000000000000000',
  '0',
  '012',
  '+12',
  '-1',
  '1e1',
  '0x10',
  '12.0',
  ' 12',
  '12 ',
  '١٢',
  '',
  12,
  null,
  undefined,
];

describe('product ids', () => {
  it('reads a canonical positive integer of at most 15 digits as its number', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId('12')).toBe(12);
    expect(parseProductId('999999999999999')).toBe(999_999_999_999_999);
  });

  it('refuses every other spelling, so one product has one URL', () => {
    for (const raw of [
      '0',
      '012',
      '+12',
      '-1',
      '1e1',
      '0x10',
      '12.0',
      ' 12',
      '12 ',
      '١٢',
      '',
      '1000000000000000',
    ])
      expect(parseProductId(raw), raw).toBeNull();
    expect(parseProductId(12)).toBeNull();
    expect(parseProductId(undefined)).toBeNull();
  });

  it('agrees with productIdSchema on every case', () => {
    for (const raw of PRODUCT_IDS) {
      const parsed = productIdSchema.safeParse(raw);
      expect(parseProductId(raw), String(raw)).toBe(parsed.success ? parsed.data : null);
    }
  });
});

describe('university ids', () => {
  it('agrees with universityIdSchema (trimmed, lower-cased, 2–20 of a-z 0-9 -)', () => {
    for (const raw of ['ucab', ' UCAB ', 'usb-2', 'u', 'a'.repeat(21), 'uc ab', 'ucáb', '', 7, null]) {
      const parsed = universityIdSchema.safeParse(raw);
      expect(parseUniversityId(raw), String(raw)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
