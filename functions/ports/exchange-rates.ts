import type { AuditEntry } from '#shared/admin';
import type { ExchangeRate } from '#shared/exchange-rate';

/**
 * The BCV rate's history in the table (decision 033): one item per date. Every write is conditioned
 * on the item as read, in one transaction with its audit record.
 */
export interface ExchangeRateStore {
  /** The newest rate dated on or before `date` (one Query, newest first, Limit 1). */
  newestOnOrBefore(date: string): Promise<ExchangeRate | null>;
  /** The newest rate dated strictly before `date`. */
  newestBefore(date: string): Promise<ExchangeRate | null>;
  /** The oldest rate dated strictly after `date` (a past date's neighbour on the other side). */
  oldestAfter(date: string): Promise<ExchangeRate | null>;
  get(date: string): Promise<ExchangeRate | null>;
  /** The newest `limit` rates, newest first. */
  history(limit: number): Promise<ExchangeRate[]>;
  /**
   * Writes `next` with its audit record when the date's item is still `current` (absent when null);
   * false when it changed under us (nothing written).
   */
  put(next: ExchangeRate, current: ExchangeRate | null, audit: AuditEntry): Promise<boolean>;
}

/** Where the scheduled job reads the BCV's published page (its HTML). */
export interface BcvPageSource {
  fetchPage(): Promise<string>;
}
