/**
 * THE money formatter (issue 14, docs/decisions/033): every amount the app shows goes through here,
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
