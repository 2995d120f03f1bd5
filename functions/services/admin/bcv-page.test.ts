import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BcvLayoutError, parseBcvNumber, parseBcvPage } from './bcv-page';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/bcv/${name}`, import.meta.url), 'utf8');

describe('the BCV page parser (saved copies of https://www.bcv.org.ve/)', () => {
  it("reads the dollar's rate, not the euro's or the others', and the 'Fecha Valor'", () => {
    expect(parseBcvPage(fixture('bcv-2026-11-20.html'))).toEqual({ date: '2026-11-20', rate: 526.8704 });
  });

  it('reads a rate written with a thousands separator', () => {
    expect(parseBcvPage(fixture('bcv-2026-11-24-thousands.html'))).toEqual({
      date: '2026-11-24',
      rate: 1052.1743,
    });
  });

  it('throws on a changed layout (the rates in a table, no dolar block)', () => {
    expect(() => parseBcvPage(fixture('bcv-changed-layout.html'))).toThrow(BcvLayoutError);
    expect(() => parseBcvPage(fixture('bcv-changed-layout.html'))).toThrow(/no <div id="dolar"> block/);
  });

  it('throws when the dolar block holds no number', () => {
    expect(() => parseBcvPage(fixture('bcv-rate-unavailable.html'))).toThrow(
      /unreadable rate 'No disponible'/,
    );
  });

  it("throws when the 'Fecha Valor' has no machine-readable date", () => {
    expect(() => parseBcvPage(fixture('bcv-date-missing.html'))).toThrow(/Fecha Valor/);
  });

  it('throws on an empty page, two dolar blocks, or a block that is not USD', () => {
    const page = fixture('bcv-2026-11-20.html');
    expect(() => parseBcvPage('')).toThrow(BcvLayoutError);
    const block = page.slice(page.indexOf('<div id="dolar"'), page.indexOf('<div class="pull-right'));
    expect(() => parseBcvPage(page.replace(block, block + block))).toThrow(/more than one/);
    expect(() => parseBcvPage(page.replace('<span> USD</span>', '<span> EUR</span>'))).toThrow(
      /no USD label/,
    );
  });

  it('reads only numbers written as the BCV writes them', () => {
    expect(parseBcvNumber(' 36,12345678 ')).toBe(36.12345678);
    expect(parseBcvNumber('1.234,50')).toBe(1234.5);
    for (const bad of ['36.12', '36', '1,234.50', '0,00', '-36,12', '36,1', '12.34,56']) {
      expect(() => parseBcvNumber(bad), bad).toThrow(BcvLayoutError);
    }
  });
});
