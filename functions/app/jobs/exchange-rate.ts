import middy from '@middy/core';
import { createBcvPageSource } from '../../adapters/http/bcv-page';
import { countMetric, logger, observe } from '../../commons/observability';
import { METRIC } from '../../commons/metric-names';
import type { BcvPageSource } from '../../ports/exchange-rates';
import { type BcvRunResult, recordBcvRate } from '../../services/admin/exchange-rates';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { tableParts } from '../parts/table';

/** The job's parts: the table (the rate history and its audit records), the clock and ids. */
export const parts = { table: tableParts, basics: basicParts };
const context = lazyContextOf(parts);

let page: BcvPageSource | undefined;

/**
 * The job's run (decision 033): read the BCV's page, store the rate of its date once. A page it cannot
 * read — a changed layout, an unbelievable figure, the site down — is logged as an error, counted
 * (`BcvRateFailures`, alarmed) and thrown, so the invocation fails and nothing is stored.
 */
export async function runExchangeRateJob(source?: BcvPageSource): Promise<BcvRunResult> {
  page ??= createBcvPageSource();
  try {
    const result = await recordBcvRate({
      exchangeRates: context.exchangeRates,
      now: context.now,
      newId: context.newId,
      bcvPage: source ?? page,
    });
    logger.info('bcv rate job', { outcome: result.outcome, date: result.rate.date, rate: result.rate.rate });
    if (result.outcome === 'stored') countMetric(METRIC.bcvRatesStored);
    return result;
  } catch (err) {
    countMetric(METRIC.bcvRateFailures);
    logger.error('bcv rate job failed: nothing stored', {
      error: err instanceof Error ? { name: err.name, message: err.message } : String(err),
    });
    throw err;
  }
}

/** Lambda entry: EventBridge Scheduler invokes it each business day (weekdays 17:00 America/Caracas). */
export const handler = middy<unknown, BcvRunResult>()
  .use(observe())
  .handler(() => runExchangeRateJob());
