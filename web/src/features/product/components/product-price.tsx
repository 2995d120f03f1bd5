import { formatRateDate, toBolivares, usableRate } from '#shared/exchange-rate';
import { formatBs, formatUsd } from '#shared/money';
import { useExchangeRate } from '@/lib/api/get-exchange-rate';

/**
 * The product page's price: US$ as published and, beside it, the bolívar equivalent at the BCV's
 * official rate with its date ('US$ 12,50 · ≈ Bs. 6.585,88 (tasa BCV del 21/11/2026)'). Without a
 * rate, or with one older than 3 business days (decision 033), the equivalent is left out rather than
 * shown wrong; the price never waits for the rate.
 */
export function ProductPrice({ price }: { price: number }) {
  const rate = usableRate(useExchangeRate().data?.rate, new Date());
  return (
    <p className="product-price">
      {formatUsd(price)}
      {rate && (
        <span className="product-price__bs">
          {' '}
          · ≈ {formatBs(toBolivares(price, rate.rate))} (tasa BCV del {formatRateDate(rate.date)})
        </span>
      )}
    </p>
  );
}
