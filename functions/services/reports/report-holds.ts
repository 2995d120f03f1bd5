import { isOnOffer, REPORT_STATUSES, type ReportStatus } from '#shared/statuses';
import type { ProductReport } from '#shared/reports';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type { CountStore } from '../../ports/counts';
import type { ReportRepository } from '../../ports/reports';
import type { ProductRepository } from '../../ports/repositories';
import { MalformedRecordError, type StreamChange } from '../../ports/stream';

/**
 * What follows a report, in the table stream's dispatcher (docs/decisions/019-reports-and-holds.md):
 * the counts per status and the automatic hold of a product for review, and the admin's release of
 * it. Apart from the request side (services/reports.ts), so the dispatcher carries none of it.
 */

/** Distinct verified reporters whose pending reports hold a product for review. */
export const HOLD_THRESHOLD = 3;

// --- The automatic hold -------------------------------------------------------------------------

/**
 * How many people vouch for a hold: reporters with a pending report made since the last release,
 * who held a verified institutional address when they reported, counted by distinct address (one
 * address belongs to one account at a time, but may move between accounts). Unverified reports
 * stay in the admin's queue and never hide a listing, so throwaway accounts cannot silence a seller.
 */
export function holdVotes(reports: readonly ProductReport[], releasedAt?: string | null): number {
  const addressByReporter = new Map<string, string>();
  for (const r of reports) {
    if (r.status !== 'pending' || !r.reporter_verified || !r.reporter_university_email) continue;
    if (releasedAt && r.created_at <= releasedAt) continue;
    addressByReporter.set(r.reporter_id, r.reporter_university_email.trim().toLowerCase());
  }
  return new Set(addressByReporter.values()).size;
}

export interface HoldDeps {
  products: ProductRepository;
  reports: ReportRepository;
  now: () => Date;
}

/** A few rounds settle a hold that raced with another change of the product. */
const HOLD_ROUNDS = 3;

/**
 * Run by the stream dispatcher for each new report: recounts the product's reports (read
 * consistently, so the last of concurrent reports sees them all) and holds the product once
 * HOLD_THRESHOLD people vouch for it. Idempotent: a replayed record finds the product held (or
 * released since, which its older reports no longer outvote). True when the product is held.
 */
export async function evaluateHold(deps: HoldDeps, productId: number): Promise<boolean> {
  for (let round = 0; round < HOLD_ROUNDS; round++) {
    const product = await deps.products.get(productId, { consistent: true });
    // Only a product on offer (active or reserved) is hidden by reports.
    if (!product || !isOnOffer(product.status)) return false;
    if (product.held_at) return true;
    const votes = holdVotes(await deps.reports.listByProduct(productId), product.hold_released_at);
    if (votes < HOLD_THRESHOLD) return false;
    if (await deps.products.hold(productId, deps.now().toISOString(), product.hold_released_at ?? null)) {
      logger.info('product held for review by reports', { productId, votes });
      return true;
    }
  }
  throw new Error(`the hold of product ${productId} kept racing other changes`);
}

/**
 * The admin's review lifts a hold (the admin area's route comes with it): the product is listed
 * again if still active, and reports made before now no longer count towards a new hold. Null when
 * the product is not held (or is gone).
 */
export async function releaseHold(
  deps: Pick<HoldDeps, 'products' | 'now'>,
  productId: number,
): Promise<Product | null> {
  return deps.products.releaseHold(productId, deps.now().toISOString());
}

// --- Counts per status (the dashboard's pending reports) -------------------------------------------

export interface ReportCountDeps {
  reports: Pick<ReportRepository, 'get'>;
  counts: CountStore;
}

const COUNT_ROUNDS = 8;

/**
 * Makes a report counted in exactly its status's count (COUNT#REPORTS#<status>), as the listing
 * counts do for products (docs/decisions/016): idempotent per report, exact under replays and races.
 */
export async function settleReportCounts(
  deps: ReportCountDeps,
  productId: number,
  reporterId: string,
): Promise<void> {
  const member = keys.reportMember(productId, reporterId);
  for (let round = 0; round < COUNT_ROUNDS; round++) {
    const [from] = await deps.counts.memberships([member]);
    const report = await deps.reports.get(productId, reporterId, { consistent: true });
    const to = report ? [keys.reportsByStatus(report.status)] : [];
    if (from.counts.length === to.length && from.counts.every((c) => to.includes(c))) return;
    const guard = {
      key: keys.report(productId, reporterId),
      attributes: report ? { status: report.status } : null,
    };
    if (await deps.counts.move(member, from, to, guard)) return;
  }
  throw new Error(`the report counts of ${member} kept changing under ${COUNT_ROUNDS} attempts`);
}

/** Reports per status (the admin dashboard shows the pending ones). */
export async function reportCounts(
  deps: Pick<ReportCountDeps, 'counts'>,
): Promise<Record<ReportStatus, number>> {
  const values = await deps.counts.values(REPORT_STATUSES.map((s) => keys.reportsByStatus(s)));
  return Object.fromEntries(REPORT_STATUSES.map((s, i) => [s, values[i]])) as Record<ReportStatus, number>;
}

const reportPk = /^PRODUCT#(\d{1,16})$/;
const reportSk = /^REPORT#(.+)$/;

/** The product and reporter of a change to a report item. */
export function reportKeyOf(change: StreamChange): { productId: number; reporterId: string } {
  const pk = typeof change.keys.pk === 'string' ? reportPk.exec(change.keys.pk) : null;
  const sk = typeof change.keys.sk === 'string' ? reportSk.exec(change.keys.sk) : null;
  if (!pk || !sk)
    throw new MalformedRecordError(
      `unexpected report key ${String(change.keys.pk)} / ${String(change.keys.sk)}`,
    );
  return { productId: Number(pk[1]), reporterId: sk[1] };
}
