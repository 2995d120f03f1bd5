import type { Context } from 'aws-lambda';
import { logger } from '../../commons/observability';
import { type ExpiryRunResult, runExpiry } from '../../services/publishing/listing-expiry';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { mailParts } from '../parts/mail';
import { tableParts } from '../parts/table';
import { unsubscribeTokenParts } from '../parts/unsubscribe-tokens';

/** The expiry job's parts: the table, SES, the links' signing secret, the clock and the lifetime. */
export const parts = {
  table: tableParts,
  mail: mailParts,
  unsubscribeTokens: unsubscribeTokenParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** A run stops this long before its timeout; what is left stays due for the next run. */
const STOP_BEFORE_END_MS = 30_000;

/**
 * Lambda entry of the listing expiry job (docs/decisions/030), invoked hourly by an EventBridge
 * Scheduler schedule (locally, the stack's timer calls runExpiry with the same parts). It reads
 * only the due listings (gsi7), expires them or mails their reminder; a retry or an overlapping
 * run is harmless. Failed reminders are thrown after the run, so they count on the errors alarm
 * (they stay due and the next run mails them).
 */
export async function handler(_event: unknown, lambdaContext: Context): Promise<ExpiryRunResult> {
  const result = await runExpiry(context, {
    stop: () => lambdaContext.getRemainingTimeInMillis() < STOP_BEFORE_END_MS,
  });
  logger.info('listing expiry run', { ...result });
  if (result.failed > 0)
    throw new Error(`${result.failed} expiry reminders not sent; the next run retries them`);
  return result;
}
