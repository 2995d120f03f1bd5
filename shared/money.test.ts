import { describe, expect, it } from 'vitest';
import { formatRateDate, formatUsdWithBs, toBolivares } from './exchange-rate';
import { formatAmount, formatBs, formatUsd } from './money';

describe('money formatting (es-VE)', () => {
  it("writes every amount as es-VE's Intl formatter does, without building one on the first screen", () => {
    const intl = new Intl.NumberFormat('es-VE', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    // Whole prices, cents, half cents (the rounding edge), large amounts and bolívar conversions.
    const amounts = [
      0,
      -0,
      -0.004,
      -12.5,
      1e-7,
      1e21,
      0.005,
      0.015,
      1.005,
      1.115,
      2.675,
      999.995,
      1000,
      99999.999,
      1e9 + 0.5,
      12345678.905,
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++) amounts.push(Math.round(random() * 10 ** (1 + (i % 9))) / 1000);
    for (let i = 0; i < 2000; i++) amounts.push(random() * 10 ** (i % 8));
    for (const amount of amounts) expect(formatAmount(amount), String(amount)).toBe(intl.format(amount));
  });

  it('writes a decimal comma, a dot between thousands and always 2 decimals', () => {
    expect(formatAmount(12.5)).toBe('12,50');
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(6585.876)).toBe('6.585,88');
    expect(formatAmount(1234567.5)).toBe('1.234.567,50');
    expect(formatAmount(999.999)).toBe('1.000,00');
  });

  it("writes dollars as 'US$' and bolívares as 'Bs.'", () => {
    expect(formatUsd(12.5)).toBe('US$ 12,50');
    expect(formatUsd(1250)).toBe('US$ 1.250,00');
    expect(formatBs(6585.88)).toBe('Bs. 6.585,88');
  });

  it('converts to the cent and writes the rate date dd/mm/yyyy', () => {
    expect(toBolivares(12.5, 526.8704)).toBe(6585.88);
    expect(toBolivares(0.1, 36.12345678)).toBe(3.61);
    expect(formatRateDate('2026-11-21')).toBe('21/11/2026');
  });

  it("writes the issue's line: price, bolívar equivalent and the rate's date", () => {
    expect(formatUsdWithBs(12.5, { rate: 526.8704, date: '2026-11-21' })).toBe(
      'US$ 12,50 · ≈ Bs. 6.585,88 (tasa BCV del 21/11/2026)',
    );
    expect(formatUsdWithBs(12.5, null)).toBe('US$ 12,50');
  });
});
