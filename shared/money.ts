/**
 * THE money formatter (issue 14, docs/decisions/033): every price the app shows goes through here,
 * with es-VE conventions through Intl (decimal comma, '.' between thousands, always 2 decimals).
 * Prices are USD as published ('US$ 12,50'); the bolívar equivalent is written 'Bs. 6.585,88', as
 * Venezuelans write the bolívar today. The spec's message texts ('… por ${price}') are not prices
 * shown here: they keep the spec's wording and the stored number.
 */
const AMOUNT = new Intl.NumberFormat('es-VE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Spanish data may leave four-digit amounts ungrouped ('6585,88'); a price always groups.
  useGrouping: 'always',
} as Intl.NumberFormatOptions);

/** 6585.876 → '6.585,88'. */
export function formatAmount(amount: number): string {
  return AMOUNT.format(amount);
}

/** A price in dollars: 12.5 → 'US$ 12,50'. */
export function formatUsd(amount: number): string {
  return `US$ ${formatAmount(amount)}`;
}

/** An amount in bolívares: 6585.88 → 'Bs. 6.585,88'. */
export function formatBs(amount: number): string {
  return `Bs. ${formatAmount(amount)}`;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy', the date of a rate as the BCV and Venezuelans write it. */
export function formatRateDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** A dollar price in bolívares at a rate (Bs. per US$), to the cent. */
export function toBolivares(usd: number, rate: number): number {
  return Math.round(usd * rate * 100) / 100;
}

/** 'US$ 12,50 · ≈ Bs. 6.585,88 (tasa BCV del 21/11/2026)': a price beside its bolívar equivalent. */
export function formatUsdWithBs(usd: number, rate: { rate: number; date: string } | null): string {
  if (!rate) return formatUsd(usd);
  return `${formatUsd(usd)} · ≈ ${formatBs(toBolivares(usd, rate.rate))} (tasa BCV del ${formatRateDate(rate.date)})`;
}
