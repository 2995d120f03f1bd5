import type { ReportStatus } from '#shared/statuses';
import type { AuditEntry } from '#shared/admin';
import type { ProductReport } from '#shared/reports';
import type { Product } from '#shared/schemas';
import type { Page } from './repositories';
import type { CreateTerms } from './idempotency';

/**
 * Reports of products (docs/decisions/019-reports-and-holds.md). One per reporter and product: the
 * key is the rule, so a repeat, however concurrent, is refused by the table itself.
 */
export interface ReportRepository {
  /**
   * Writes a new report; false when this reporter's report of the product exists (nothing changed).
   * With `terms`, its first answer and the daily slot go in the same transaction (decision 041).
   */
  createIfAbsent(report: ProductReport, terms?: CreateTerms): Promise<boolean>;
  /** A reporter's report of a product; `consistent` reads the latest write. */
  get(productId: number, reporterId: string, opts?: { consistent?: boolean }): Promise<ProductReport | null>;
  /** Every report of a product, read consistently (the hold rule must see the latest ones). */
  listByProduct(productId: number): Promise<ProductReport[]>;
  /** The reports of one status, newest first (the admin's queue). */
  listByStatus(status: ReportStatus, limit: number, cursor?: string): Promise<Page<ProductReport>>;
  /** What a user reported, newest first. */
  listByReporter(reporterId: string, limit: number): Promise<ProductReport[]>;
  /**
   * Stores the decision on a report that is still pending, with its audit records and, when given,
   * the product's new state (conditioned on its state as read): all or nothing. False when the
   * report is no longer pending or the product changed.
   */
  decide(
    report: ProductReport,
    decided: ProductReport,
    product: { current: Product; next: Product } | null,
    audits: AuditEntry[],
  ): Promise<boolean>;
}
