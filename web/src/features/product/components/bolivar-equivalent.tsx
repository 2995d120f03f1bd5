import type { PublicRate } from '#shared/exchange-rate';
import { formatRateDate, toBolivares, usableRate } from '#shared/exchange-rate';
import { formatBs } from '#shared/money';
import { useNow } from '@/lib/render-context';

/**
 * ' · ≈ Bs. 6.585,88 (tasa BCV del 21/11/2026)' beside a price, or nothing without a usable rate
 * (none yet, or older than 3 business days: decision 033). Its own chunk: the stale rule's calendar
 * (holidays, Easter) is not needed for the first paint, and the rate arrives after it anyway.
 */
export default function BolivarEquivalent({
  price,
  rate,
}: {
  price: number;
  rate: PublicRate | null | undefined;
}) {
  // The render's clock: a page rendered on the server hydrates with the server's day (RenderContext).
  const usable = usableRate(rate, new Date(useNow()));
  if (!usable) return null;
  return (
    <span className="product-price__bs">
      <span className="product-price__sep"> · </span>≈ {formatBs(toBolivares(price, usable.rate))} (tasa BCV
      del {formatRateDate(usable.date)})
    </span>
  );
}
