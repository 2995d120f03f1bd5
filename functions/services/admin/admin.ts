import {
  ADMIN_MESSAGES,
  DASHBOARD_DAYS,
  DASHBOARD_RECENT_AUDIT,
  DASHBOARD_RECENT_REPORTS,
} from '#shared/admin-messages';
import type {
  AdminJob,
  AdminProductsQuery,
  AdminReport,
  AdminUniversity,
  AdminUniversityRequest,
  AdminUser,
  AuditEntityType,
  AuditEntry,
  Dashboard,
  JobKind,
  ReportDecisionBody,
  RequestDecisionBody,
  UniversityCreateBody,
  UniversityUpdateBody,
} from '#shared/admin';
import type { AuditAction } from '#shared/admin-messages';
import { CATEGORIES } from '#shared/enums';
import { REPORT_STATUSES, type ReportStatus, type Role, isOnOffer } from '#shared/statuses';
import { UNIVERSITY_ID_PATTERN } from '#shared/ids';
import type { ProductReport } from '#shared/reports';
import type { Product, University } from '#shared/schemas';
import { ADMIN_COUNTS, keys } from '#shared/table';
import { fold, slugify } from '#shared/text';
import { type AuthContext, isAdmin, isSuperAdmin } from '../../commons/auth';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type {
  AdminStore,
  DomainConflict,
  JobLauncher,
  JobStore,
  RoleDirectory,
  StoredRequest,
  StoredUniversity,
} from '../../ports/admin';
import type { ProfileRepository } from '../../ports/accounts';
import type { CountStore } from '../../ports/counts';
import type { ImageStore } from '../../ports/images';
import type { ReportRepository } from '../../ports/reports';
import type { Page, ProductRepository } from '../../ports/repositories';
import { ownImageKeys } from '../publishing/images';

/**
 * The admin area (issue 10; docs/decisions/025): every route's rules. The router checked the
 * caller's group already (the token's, then the pool's: decision 043); each action checks it again, and writes its change with its audit record in one transaction.
 */
export interface AdminDeps {
  adminStore: AdminStore;
  jobStore: JobStore;
  jobLauncher: JobLauncher;
  products: ProductRepository;
  reports: ReportRepository;
  profiles: ProfileRepository;
  counts: CountStore;
  now: () => Date;
  newId: () => string;
}

/** Rounds an action re-reads and retries when its item changed under it (a race, never a loop). */
export const ROUNDS = 3;

export function requireAdmin(auth: AuthContext | null): AuthContext {
  if (!auth || !isAdmin(auth)) throw new ForbiddenError(ADMIN_MESSAGES.forbidden);
  return auth;
}

/** An admin action's audit record (written in the same transaction as the change). */
export function auditOf(
  deps: Pick<AdminDeps, 'now' | 'newId'>,
  auth: AuthContext,
  what: {
    action: AuditAction;
    entityType: AuditEntityType;
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    notes?: string | null;
  },
): AuditEntry {
  return {
    id: deps.newId(),
    at: deps.now().toISOString(),
    actor_id: auth.userId,
    actor_email: auth.email,
    action: what.action,
    entity_type: what.entityType,
    entity_id: what.entityId,
    before: what.before,
    after: what.after,
    notes: what.notes ?? null,
  };
}

// ------------------------------------------------------------------ dashboard

/** The last `n` UTC days, oldest first, as yyyy-mm-dd. */
export function lastDays(now: Date, n: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: n }, (_, i) =>
    new Date(today - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export async function dashboard(deps: AdminDeps, auth: AuthContext | null): Promise<Dashboard> {
  requireAdmin(auth);
  const universities = (await deps.adminStore.listUniversities()).filter((u) => !u.deleting_job_id);
  const days = lastDays(deps.now(), DASHBOARD_DAYS);
  const dailyNames = universities.flatMap((u) => days.map((d) => ADMIN_COUNTS.daily(d, u.id)));
  const headline = [
    keys.global(),
    ADMIN_COUNTS.everyProduct,
    ADMIN_COUNTS.profiles,
    keys.reportsByStatus('pending'),
    ADMIN_COUNTS.universities,
  ];
  const categoryNames = CATEGORIES.map((c) => keys.globalCategory(c));
  const [values, recent, audit, jobs] = await Promise.all([
    deps.counts.values([...headline, ...categoryNames, ...dailyNames]),
    recentReports(deps),
    deps.adminStore.listAudit(null, DASHBOARD_RECENT_AUDIT),
    Promise.all((['reindex', 'deleteUniversity'] as JobKind[]).map((k) => deps.jobStore.latest(k, 1))),
  ]);
  const [active, total, profiles, pending, universityCount] = values;
  const categoryValues = values.slice(headline.length, headline.length + categoryNames.length);
  const daily = values.slice(headline.length + categoryNames.length);
  return {
    counts: {
      products_active: active,
      products_total: total,
      profiles,
      pending_reports: pending,
      universities: universityCount,
    },
    recent_reports: recent,
    daily_listings: {
      days,
      series: universities.map((u, i) => ({
        university_id: u.id,
        name: u.name,
        counts: daily.slice(i * days.length, (i + 1) * days.length),
      })),
    },
    categories: CATEGORIES.map((category, i) => ({ category, count: categoryValues[i] })),
    recent_audit: audit.items,
    latest_jobs: jobs.flat(),
  };
}

/** The newest reports of any status: the newest few of each status's queue, merged. */
async function recentReports(deps: AdminDeps): Promise<AdminReport[]> {
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
  deps: Pick<AdminDeps, 'products'>,
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

// ------------------------------------------------------------------ audit

export async function listAudit(
  deps: AdminDeps,
  auth: AuthContext | null,
  query: { entity_type?: AuditEntityType; entity_id?: string; limit: number; cursor?: string },
): Promise<Page<AuditEntry>> {
  requireAdmin(auth);
  const scope =
    query.entity_type && query.entity_id
      ? { entityType: query.entity_type, entityId: query.entity_id }
      : null;
  return deps.adminStore.listAudit(scope, query.limit, query.cursor);
}

// ------------------------------------------------------------------ products

const CANONICAL_ID = /^[1-9][0-9]{0,14}$/;

export async function listProducts(
  deps: AdminDeps,
  auth: AuthContext | null,
  query: AdminProductsQuery,
): Promise<Page<Product>> {
  requireAdmin(auth);
  const q = query.q?.trim();
  if (q && CANONICAL_ID.test(q.replace(/^#/, ''))) {
    // A product id: one GetItem, whatever the filters say of it.
    const p = await deps.products.get(Number(q.replace(/^#/, '')));
    const fits =
      p &&
      (!query.status || p.status === query.status) &&
      (!query.university || p.university_id === query.university);
    if (fits || !query.cursor) return { items: fits && p ? [p] : [], nextCursor: null };
  }
  const words = q ? fold(q).split(/\s+/).filter(Boolean) : undefined;
  return deps.adminStore.listProducts(
    { status: query.status, university: query.university, words },
    query.limit,
    query.cursor,
  );
}

export async function getProduct(deps: AdminDeps, auth: AuthContext | null, id: number): Promise<Product> {
  requireAdmin(auth);
  const p = await deps.products.get(id, { consistent: true });
  if (!p) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
  return p;
}

/** The admin's toggle: active ↔ inactive (a sold product stays sold). The index follows by the stream. */
export async function setProductStatus(
  deps: AdminDeps,
  auth: AuthContext | null,
  id: number,
  status: 'active' | 'inactive',
): Promise<Product> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const p = await deps.products.get(id, { consistent: true });
    if (!p) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
    if (p.status === 'sold') throw new ConflictError(ADMIN_MESSAGES.soldStatus);
    if (p.status === 'expired') throw new ConflictError(ADMIN_MESSAGES.expiredStatus);
    // A reserved listing is on offer: 'active' leaves it reserved (the seller's choice).
    if (p.status === status || (status === 'active' && p.status === 'reserved')) return p;
    const next: Product = { ...p, status };
    const audit = auditOf(deps, admin, {
      action: 'product.status',
      entityType: 'product',
      entityId: String(id),
      before: { status: p.status },
      after: { status },
    });
    if (await deps.adminStore.replaceProduct(p, next, audit)) return next;
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

/**
 * Deletes any product: the item and its audit record at once; then its photos (a failure leaves
 * files, never a broken product). Its questions and favorites go through the stream dispatcher;
 * its reports stay, with their snapshot.
 */
export async function deleteProduct(
  deps: AdminDeps & { images: ImageStore },
  auth: AuthContext | null,
  id: number,
): Promise<{ id: number; deleted: true }> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const p = await deps.products.get(id, { consistent: true });
    if (!p) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
    const audit = auditOf(deps, admin, {
      action: 'product.delete',
      entityType: 'product',
      entityId: String(id),
      before: productSnapshot(p),
      after: null,
    });
    if (await deps.adminStore.deleteProduct(p, audit)) {
      await deps.images
        .delete(ownImageKeys(id, p.images))
        .catch((e: unknown) => logger.warn('product images not deleted', { id, error: String(e) }));
      return { id, deleted: true };
    }
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

const productSnapshot = (p: Product) => ({
  title: p.title,
  price: p.price,
  category: p.category,
  status: p.status,
  university_id: p.university_id,
  seller_name: p.seller_name,
  seller_email: p.seller_email,
  owner_id: p.owner_id,
  held_at: p.held_at ?? null,
  created_at: p.created_at,
});

// ------------------------------------------------------------------ reports

export async function listReports(
  deps: AdminDeps,
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
  deps: AdminDeps,
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
    if (await deps.adminStore.decideReport(report, decided, change, audits)) {
      const state = next ?? product;
      return { ...decided, product: state ? { status: state.status, held: !!state.held_at } : null };
    }
  }
  throw new ConflictError(ADMIN_MESSAGES.reportNotPending);
}

// ------------------------------------------------------------------ users

export async function listUsers(
  deps: AdminDeps,
  auth: AuthContext | null,
  query: { q?: string; limit: number; cursor?: string },
): Promise<Page<AdminUser>> {
  requireAdmin(auth);
  return deps.adminStore.listUsers(query.q?.toLowerCase(), query.limit, query.cursor);
}

export async function setUserVerification(
  deps: AdminDeps,
  auth: AuthContext | null,
  userId: string,
  verified: boolean,
): Promise<AdminUser> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const user = await deps.adminStore.getUser(userId);
    if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    if (!user.university_email) throw new BadRequestError(ADMIN_MESSAGES.noInstitutionalEmail);
    if (user.university_email_verified === verified) return user;
    const audit = auditOf(deps, admin, {
      action: 'user.verification',
      entityType: 'user',
      entityId: userId,
      before: {
        university_email_verified: user.university_email_verified,
        university_email: user.university_email,
      },
      after: { university_email_verified: verified, university_email: user.university_email },
    });
    const out = await deps.adminStore.setVerification(user, verified, audit);
    if (out === 'taken') throw new ConflictError(ADMIN_MESSAGES.institutionalEmailTaken);
    // Never a verification for a deleted university, nor for an address outside its domain (decision 042).
    if (out === 'closed') throw new ConflictError(ADMIN_MESSAGES.verificationUniversityClosed);
    if (out) return out;
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

/**
 * Grants or removes the admin role (super_admin only: one stolen admin session cannot mint more
 * admins); never one's own role, never a super_admin's. The Cognito group changes at once; the
 * person's token carries it from their next sign-in (or refresh). The profile mirrors the groups.
 */
export async function setUserAdminRole(
  deps: AdminDeps & { roles: RoleDirectory },
  auth: AuthContext | null,
  userId: string,
  grant: boolean,
): Promise<{ user: AdminUser; message: string }> {
  const admin = requireAdmin(auth);
  if (!isSuperAdmin(admin)) throw new ForbiddenError(ADMIN_MESSAGES.superAdminOnly);
  if (userId === admin.userId) throw new ForbiddenError(ADMIN_MESSAGES.ownRole);
  const user = await deps.adminStore.getUser(userId);
  if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  const before = await deps.roles.groupsOf(user.email);
  if (!before) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  if (before.includes('super_admin')) throw new ForbiddenError(ADMIN_MESSAGES.superAdminTarget);
  if (before.includes('admin') !== grant) await deps.roles.setMember(user.email, 'admin', grant);
  const after = (await deps.roles.groupsOf(user.email)) ?? [];
  const roles = (['admin', 'super_admin'] as Role[]).filter((r) => after.includes(r));
  const audit = auditOf(deps, admin, {
    action: 'user.role',
    entityType: 'user',
    entityId: userId,
    before: { roles: user.roles },
    after: { roles },
  });
  const saved = await deps.adminStore.setRoles(user, roles, audit);
  if (!saved) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return { user: saved, message: ADMIN_MESSAGES.roleNextSignIn };
}

// ------------------------------------------------------------------ universities

async function withListedCounts(deps: AdminDeps, list: StoredUniversity[]): Promise<AdminUniversity[]> {
  const counts = await deps.counts.values(list.map((u) => keys.byUniversity(u.id)));
  return list.map((u, i) => ({ ...u, listed_products: counts[i] }));
}

export async function listUniversities(
  deps: AdminDeps,
  auth: AuthContext | null,
): Promise<{ items: AdminUniversity[]; total: number }> {
  requireAdmin(auth);
  const items = await withListedCounts(deps, await deps.adminStore.listUniversities());
  return { items, total: items.length };
}

const universitySnapshot = (u: University) => ({
  name: u.name,
  full_name: u.full_name,
  email_domain: u.email_domain,
  city: u.city ?? null,
  logo: u.logo ?? null,
});

/** The admin's Spanish explanation of a domain conflict (decision 042), naming the other university. */
async function domainConflictError(deps: AdminDeps, conflict: DomainConflict): Promise<ConflictError> {
  const other = await deps.adminStore.getUniversity(conflict.universityId);
  const template = {
    taken: ADMIN_MESSAGES.domainTaken,
    under: ADMIN_MESSAGES.domainUnderOther,
    over: ADMIN_MESSAGES.domainOverOther,
  }[conflict.kind];
  const message = template
    .replace('{domain}', conflict.domain)
    .replace('{other}', conflict.other)
    .replace('{university}', other?.name ?? conflict.universityId);
  return new ConflictError(message, [{ path: 'email_domain', message }]);
}

/**
 * Creates a university. Its e-mail domain is claimed in the same transaction (decision 042): a
 * domain another university has, or a parent or a subdomain of one, is a 409 naming it (a public
 * provider or a shared suffix was refused already by the body's schema).
 */
export async function createUniversity(
  deps: AdminDeps,
  auth: AuthContext | null,
  body: UniversityCreateBody,
): Promise<AdminUniversity> {
  const admin = requireAdmin(auth);
  const { request_id, ...fields } = body;
  const university: University = { ...fields, created_at: deps.now().toISOString() };
  // Universities stored before the claims (until the first reindex backfills them) count too.
  await deps.adminStore.backfillDomainClaims();
  const audit = auditOf(deps, admin, {
    action: 'university.create',
    entityType: 'university',
    entityId: university.id,
    before: null,
    after: { ...universitySnapshot(university), ...(request_id ? { request_id } : {}) },
  });
  const outcome = await deps.adminStore.createUniversity(university, audit);
  if (outcome === 'exists') throw new ConflictError(ADMIN_MESSAGES.universityExists);
  if (outcome !== 'created') throw await domainConflictError(deps, outcome);
  return { ...university, listed_products: 0, deleting_job_id: null };
}

/** Edits a university (the id is fixed); a new e-mail domain is checked and claimed as on creation. */
export async function updateUniversity(
  deps: AdminDeps,
  auth: AuthContext | null,
  id: string,
  body: UniversityUpdateBody,
): Promise<AdminUniversity> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.adminStore.getUniversity(id);
    if (!current) throw new NotFoundError(ADMIN_MESSAGES.universityNotFound);
    if (current.deleting_job_id) throw new ConflictError(ADMIN_MESSAGES.universityDeleting);
    const next: University = { ...body, id, created_at: current.created_at };
    if (next.email_domain !== current.email_domain) await deps.adminStore.backfillDomainClaims();
    const audit = auditOf(deps, admin, {
      action: 'university.update',
      entityType: 'university',
      entityId: id,
      before: universitySnapshot(current),
      after: universitySnapshot(next),
    });
    const outcome = await deps.adminStore.updateUniversity(current, next, audit);
    if (outcome === 'updated') return (await withListedCounts(deps, [{ ...next, deleting_job_id: null }]))[0];
    if (outcome !== 'changed') throw await domainConflictError(deps, outcome);
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

export function newJob(
  deps: Pick<AdminDeps, 'now' | 'newId'>,
  auth: AuthContext,
  kind: JobKind,
  target: string | null,
): AdminJob {
  const at = deps.now().toISOString();
  return {
    id: deps.newId(),
    kind,
    status: 'queued',
    target,
    processed: 0,
    indexed: null,
    drift: null,
    error: null,
    started_by: auth.email ?? auth.userId,
    created_at: at,
    updated_at: at,
    finished_at: null,
  };
}

/** Launches a job's run; a launch that fails leaves it queued for the schedule to pick up. */
async function launch(deps: Pick<AdminDeps, 'jobLauncher'>, jobId: string) {
  await deps.jobLauncher
    .launch(jobId)
    .catch((e: unknown) =>
      logger.warn('job launch failed; the schedule will run it', { jobId, error: String(e) }),
    );
}

/**
 * Takes the university out of selection at once (it leaves the public list in the same write) and
 * starts the job that deletes its products; the item itself goes when they are gone. Repeating the
 * call answers the running job.
 */
export async function deleteUniversity(
  deps: AdminDeps,
  auth: AuthContext | null,
  id: string,
): Promise<{ university_id: string; job: AdminJob }> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.adminStore.getUniversity(id);
    if (!current) throw new NotFoundError(ADMIN_MESSAGES.universityNotFound);
    if (current.deleting_job_id) {
      const running = await deps.jobStore.get(current.deleting_job_id);
      if (running) {
        const { cursor: _c, lease_until: _l, ...job } = running;
        return { university_id: id, job };
      }
    }
    const job = newJob(deps, admin, 'deleteUniversity', id);
    const audit = auditOf(deps, admin, {
      action: 'university.delete',
      entityType: 'university',
      entityId: id,
      before: universitySnapshot(current),
      after: { job_id: job.id },
    });
    if (await deps.adminStore.markUniversityDeleting(current, job, audit)) {
      await launch(deps, job.id);
      return { university_id: id, job };
    }
  }
  throw new ConflictError(ADMIN_MESSAGES.universityDeleting);
}

// ------------------------------------------------------------------ university requests

async function withRequester(deps: AdminDeps, list: StoredRequest[]): Promise<AdminUniversityRequest[]> {
  const ids = [...new Set(list.map((r) => r.requester_id).filter((x): x is string => !!x))];
  const profiles = new Map(
    await Promise.all(ids.map(async (id) => [id, await deps.profiles.get(id)] as const)),
  );
  return list.map((r) => {
    const p = r.requester_id ? profiles.get(r.requester_id) : null;
    return {
      ...r,
      requester_name: p?.full_name || ADMIN_MESSAGES.anonymousRequester,
      requester_email: p?.university_email || ADMIN_MESSAGES.notAvailable,
    };
  });
}

export async function listUniversityRequests(
  deps: AdminDeps,
  auth: AuthContext | null,
  query: { status?: string; limit: number; cursor?: string },
): Promise<Page<AdminUniversityRequest>> {
  requireAdmin(auth);
  const page = await deps.adminStore.listRequests(query.status, query.limit, query.cursor);
  return { items: await withRequester(deps, page.items), nextCursor: page.nextCursor };
}

/** A slug from a short name ('USB' → 'usb'), cut to the id's length; '' when nothing is left. */
export function suggestUniversityId(name: string): string {
  const slug = slugify(name)
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/, '');
  return UNIVERSITY_ID_PATTERN.test(slug) ? slug : '';
}

export async function decideUniversityRequest(
  deps: AdminDeps,
  auth: AuthContext | null,
  requestId: string,
  body: RequestDecisionBody,
) {
  const admin = requireAdmin(auth);
  const current = await deps.adminStore.getRequest(requestId);
  if (!current) throw new NotFoundError(ADMIN_MESSAGES.requestNotFound);
  if (current.status !== 'pending') throw new ConflictError(ADMIN_MESSAGES.requestNotPending);
  const next: StoredRequest = {
    ...current,
    status: body.status,
    admin_notes: body.admin_notes,
    reviewed_at: deps.now().toISOString(),
  };
  const audit = auditOf(deps, admin, {
    action: 'request.decide',
    entityType: 'universityRequest',
    entityId: requestId,
    before: { status: current.status },
    after: { status: body.status },
    notes: body.admin_notes,
  });
  // Only a pending request is decided: of two concurrent decisions one wins, the other is a 409.
  if (!(await deps.adminStore.decideRequest(current, next, audit)))
    throw new ConflictError(ADMIN_MESSAGES.requestNotPending);
  const [request] = await withRequester(deps, [next]);
  return {
    request,
    university_draft:
      body.status === 'approved'
        ? {
            id: suggestUniversityId(current.university_name),
            name: current.university_name,
            full_name: current.university_full_name,
            email_domain: current.email_domain.toLowerCase(),
            city: current.city || null,
            logo: null,
            request_id: current.id,
          }
        : null,
  };
}

// ------------------------------------------------------------------ jobs

/** One reindex at a time: the lock is claimed with the job, in one conditional write (409 otherwise). */
export async function startReindex(deps: AdminDeps, auth: AuthContext | null): Promise<AdminJob> {
  const admin = requireAdmin(auth);
  const job = newJob(deps, admin, 'reindex', null);
  const audit = auditOf(deps, admin, {
    action: 'index.reindex',
    entityType: 'index',
    entityId: 'search',
    before: null,
    after: { job_id: job.id },
  });
  const claimed = await deps.jobStore.createClaimed(job, audit);
  if (!('created' in claimed)) throw new ConflictError(ADMIN_MESSAGES.reindexRunning);
  await launch(deps, job.id);
  return job;
}

export async function listJobs(
  deps: AdminDeps,
  auth: AuthContext | null,
  kind?: JobKind,
): Promise<{ items: AdminJob[] }> {
  requireAdmin(auth);
  const kinds: JobKind[] = kind ? [kind] : ['reindex', 'deleteUniversity'];
  const lists = await Promise.all(kinds.map((k) => deps.jobStore.latest(k, 10)));
  return { items: lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at)) };
}

export async function getJob(deps: AdminDeps, auth: AuthContext | null, id: string): Promise<AdminJob> {
  requireAdmin(auth);
  const job = await deps.jobStore.get(id);
  if (!job) throw new NotFoundError(ADMIN_MESSAGES.jobNotFound);
  const { cursor: _c, lease_until: _l, ...out } = job;
  return out;
}
