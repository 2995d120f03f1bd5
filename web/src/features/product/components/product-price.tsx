import { lazy, Suspense } from 'react';
import { formatUsd } from '#shared/money';
import { useExchangeRate } from '@/lib/api/get-exchange-rate';

// Rendered at once (its chunk loads beside the rate's request), shown once both are in.
const BolivarEquivalent = lazy(() => import('./bolivar-equivalent'));

/**
 * The product page's price: US$ as published and, beside it, the bolívar equivalent at the BCV's
 * official rate with its date ('US$ 12,50 · ≈ Bs. 6.585,88 (tasa BCV del 21/11/2026)'). Without a
 * rate, or with one older than 3 business days (decision 033), the equivalent is left out rather than
 * shown wrong; the price never waits for the rate.
 */
export function ProductPrice({ price }: { price: number }) {
  const rate = useExchangeRate().data?.rate;
  return (
    <p className="product-price">
      {formatUsd(price)}
      <Suspense fallback={null}>
        <BolivarEquivalent price={price} rate={rate} />
      </Suspense>
    </p>
  );
}
