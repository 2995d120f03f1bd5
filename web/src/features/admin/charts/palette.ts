/** Series colours of the charts (colour-blind-safe order, dark enough for white backgrounds). */
export const CHART_COLORS = ['#1e40af', '#b45309', '#047857', '#be185d', '#0e7490', '#7c3aed', '#4b5563'];

export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length];

const count = new Intl.NumberFormat('es-VE');
export const formatCount = (n: number): string => count.format(n);

const dayFormat = new Intl.DateTimeFormat('es-VE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '2026-11-03' → '3 nov' (a calendar day, read in UTC so it never shifts). */
export const formatDay = (isoDay: string): string => dayFormat.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
