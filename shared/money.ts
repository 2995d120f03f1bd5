/**
 * THE money formatter (issue 14, docs/decisions/033): every amount the app shows goes through here,
 * with es-VE conventions (decimal comma, '.' between thousands, always 2 decimals).
 * Prices are USD as published ('US$ 12,50'); the bolívar equivalent is written 'Bs. 6.585,88', as
 * Venezuelans write the bolívar today. The spec's message texts ('… por ${price}') are not prices
 * shown here: they keep the spec's wording and the stored number.
 */
/**
 * 6585.876 → '6.585,88': what `Intl.NumberFormat('es-VE', { minimumFractionDigits: 2,
 * maximumFractionDigits: 2, useGrouping: 'always' })` writes (a unit test compares them over
 * thousands of amounts), written out because building that formatter loads the locale's data:
 * ~80 ms of a slow phone's main thread on the first screen (decision 036). Like Intl, it rounds the
 * number's shortest decimal form (1.005 → '1,01', where `toFixed` gives 1.00), half away from zero.
 */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount)) return String(amount);
  const abs = Math.abs(amount);
  // The shortest decimal form; exponent forms only below 1e-6 (zero cents) or from 1e21 (no cents).
  const decimal = String(abs);
  let cents: bigint;
  if (decimal.includes('e')) cents = abs < 1 ? 0n : BigInt(abs) * 100n;
  else {
    const [whole, fraction = ''] = decimal.split('.');
    cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
    if ((fraction[2] ?? '0') >= '5') cents += 1n;
  }
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}${grouped},${digits.slice(-2)}`;
}

/** A price in dollars: 12.5 → 'US$ 12,50'. */
export function formatUsd(amount: number): string {
  return `US$ ${formatAmount(amount)}`;
}

/** An amount in bolívares: 6585.88 → 'Bs. 6.585,88'. */
export function formatBs(amount: number): string {
  return `Bs. ${formatAmount(amount)}`;
}
