import { describe, expect, it } from 'vitest';
import { CAREER_THEMES, CATEGORY_THEMES } from './catalog-icons';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('category and career badge colours', () => {
  it('checks contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  // The badges' text is 12 px semibold: normal text for WCAG, so 4.5:1 (axe's color-contrast).
  for (const [kind, themes] of [
    ['category', CATEGORY_THEMES],
    ['career', CAREER_THEMES],
  ] as const) {
    it(`gives every ${kind} badge text at least 4.5:1 on its background`, () => {
      const low = Object.entries(themes)
        .map(([id, t]) => ({ id, ratio: Number(contrast(t.fg, t.bg).toFixed(2)) }))
        .filter((r) => r.ratio < 4.5);
      expect(low).toEqual([]);
    });
  }
});
