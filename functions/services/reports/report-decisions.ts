import { ADMIN_MESSAGES, DASHBOARD_RECENT_REPORTS } from '#shared/admin-messages';
import type { AdminReport, ReportDecisionBody } from '#shared/admin';
import { REPORT_STATUSES, type ReportStatus, isOnOffer } from '#shared/statuses';
import type { ProductReport } from '#shared/reports';
import type { Product } from '#shared/schemas';
import type { AuthContext } from '../../commons/auth';
import { BadRequestError, ConflictError, NotFoundError } from '../../commons/errors';
import type { ReportRepository } from '../../ports/reports';
import type { Page, ProductRepository } from '../../ports/repositories';
import { auditOf, ROUNDS, requireAdmin } from '../admin/audit';

/**
 * The staff's side of reports (docs/decisions/019, 025): the queues by status, and the decision on
 * a report, which may change the reported product. The decision, the product's new state and their
 * audit records are one transaction of the report repository, each conditioned on what was read.
 */
export interface ReportDecisionDeps {
  reports: ReportRepository;
  products: ProductRepository;
  now: () => Date;
  newId: () => string;
}

/** The newest reports of any status: the newest few of each status's queue, merged. */
export async function recentReports(deps: ReportDecisionDeps): Promise<AdminReport[]> {
  const pages = await Promise.all(
    REPORT_STATUSES.map((s) => deps.reports.listByStatus(s, DASHBOARD_RECENT_REPORTS)),
  );
  const newest = pages
    .flatMap((p) => p.items)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .slice(0, DASHBOARD_RECENT_REPORTS);
  return withProducts(deps, newest);
}

async function withProducts(
  deps: Pick<ReportDecisionDeps, 'products'>,
  reports: ProductReport[],
): Promise<AdminReport[]> {
  const ids = [...new Set(reports.map((r) => r.product_id))];
  const products = new Map(
    await Promise.all(ids.map(async (id) => [id, await deps.products.get(id)] as const)),
  );
  return reports.map((r) => {
    const p = products.get(r.product_id);
    return { ...r, product: p ? { status: p.status, held: !!p.held_at } : null };
  });
}

export async function listReportQueue(
  deps: ReportDecisionDeps,
  auth: AuthContext | null,
  query: { status: ReportStatus; limit: number; cursor?: string },
): Promise<Page<AdminReport>> {
  requireAdmin(auth);
  const page = await deps.reports.listByStatus(query.status, query.limit, query.cursor);
  return { items: await withProducts(deps, page.items), nextCursor: page.nextCursor };
}

/**
 * What a decision does to the reported product (docs/decisions/025): resolving a report of a held
 * product keeps it from the public for good (inactive, hold lifted); resolving with
 * `deactivate_product` deactivates an active product; rejecting a report of a held product lifts
 * the hold (listed again if active; reports made before it no longer count towards a new hold).
 */
export function productAfterDecision(
  p: Product | null,
  body: ReportDecisionBody,
  at: string,
): Product | null {
  if (!p) return null;
  const held = !!p.held_at;
  const release = held ? { held_at: undefined, hold_released_at: at } : {};
  if (body.status === 'resolved' && (held || body.deactivate_product)) {
    if (!held && !isOnOffer(p.status)) return null;
    return { ...p, ...release, status: isOnOffer(p.status) ? 'inactive' : p.status };
  }
  if (body.status === 'rejected' && held) return { ...p, ...release };
  return null;
}

export async function decideReport(
  deps: ReportDecisionDeps,
  auth: AuthContext | null,
  productId: number,
  reporterId: string,
  body: ReportDecisionBody,
): Promise<AdminReport> {
  const admin = requireAdmin(auth);
  if (body.deactivate_product && body.status !== 'resolved')
    throw new BadRequestError(ADMIN_MESSAGES.deactivateNeedsResolve);
  for (let round = 0; round < ROUNDS; round++) {
    const report = await deps.reports.get(productId, reporterId, { consistent: true });
    if (!report) throw new NotFoundError(ADMIN_MESSAGES.reportNotFound);
    if (report.status !== 'pending') throw new ConflictError(ADMIN_MESSAGES.reportNotPending);
    const at = deps.now().toISOString();
    const product = await deps.products.get(productId, { consistent: true });
    const next = productAfterDecision(product, body, at);
    const decided: ProductReport = {
      ...report,
      status: body.status,
      admin_notes: body.admin_notes,
      reviewed_at: at,
    };
    const audits = [
      auditOf(deps, admin, {
        action: 'report.decide',
        entityType: 'report',
        entityId: `${productId}:${reporterId}`,
        before: { status: report.status },
        after: { status: body.status, product_status: next?.status ?? product?.status ?? null },
        notes: body.admin_notes,
      }),
    ];
    if (product && next)
      audits.push(
        auditOf(deps, admin, {
          action: 'product.status',
          entityType: 'product',
          entityId: String(productId),
          before: { status: product.status, held_at: product.held_at ?? null },
          after: { status: next.status, held_at: next.held_at ?? null, report: `${productId}:${reporterId}` },
          notes: body.admin_notes,
        }),
      );
    const change = product && next ? { current: product, next } : null;
    if (await deps.reports.decide(report, decided, change, audits)) {
      const state = next ?? product;
      return { ...decided, product: state ? { status: state.status, held: !!state.held_at } : null };
    }
  }
  throw new ConflictError(ADMIN_MESSAGES.reportNotPending);
}
