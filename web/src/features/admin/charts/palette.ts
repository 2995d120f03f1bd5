/** Series colours of the charts (colour-blind-safe order, dark enough for white backgrounds). */
export const CHART_COLORS = ['#1e40af', '#b45309', '#047857', '#be185d', '#0e7490', '#7c3aed', '#4b5563'];

export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length];

const count = new Intl.NumberFormat('es-VE');
export const formatCount = (n: number): string => count.format(n);

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/**
 * '2026-11-03' → '3 nov': a calendar day as written, never shifted by a time zone (ICU versions
 * disagree on the abbreviation's dot, so the months are spelled here).
 */
export const formatDay = (isoDay: string): string => {
  const [, month, day] = isoDay.slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month - 1] ?? ''}`.trim();
};
