import type { Product } from '#shared/schemas';
import type { Page } from './repositories';

/**
 * The expiry job's and the renewals' access to listings (docs/decisions/030). Every write is
 * conditional on what was read, so overlapping runs and retries change each listing once.
 */
export interface ExpiryStore {
  /** Listings whose next expiry step (reminder, then expiry) is due by `now`, soonest first. */
  due(now: string, limit: number, cursor?: string): Promise<Page<Product>>;
  /**
   * Moves an on-offer listing to `expired` if it still has the status and expiry read and that
   * expiry is past `at`; it leaves the listing indexes (the stream updates counts and search).
   * False when the condition fails (another run, a renewal, a sale got there first).
   */
  expire(product: Product, at: string): Promise<boolean>;
  /**
   * Claims the reminder of the listing's current expiry (records it as mailed), if it is still on
   * offer with that expiry and not reminded for it. Exactly one claimant wins.
   */
  claimReminder(product: Product): Promise<boolean>;
  /** Gives a claimed reminder back (its mail failed), so the next run mails it. */
  releaseReminder(product: Product): Promise<void>;
  /**
   * Writes `next` (a renewal or a sale by link) over `current` if the stored listing still has
   * `current`'s status, expiry and owner and is not held. False otherwise (nothing written).
   */
  replace(current: Product, next: Product): Promise<boolean>;
}
