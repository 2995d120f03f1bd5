import { ADMIN_MESSAGES, DASHBOARD_DAYS, DASHBOARD_RECENT_AUDIT } from '#shared/admin-messages';
import type { AdminJob, AdminUser, AuditEntityType, AuditEntry, Dashboard, JobKind } from '#shared/admin';
import { CATEGORIES } from '#shared/enums';
import type { Role } from '#shared/statuses';
import { ADMIN_COUNTS, keys } from '#shared/table';
import { type AuthContext, isSuperAdmin } from '../../commons/auth';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../commons/errors';
import type { AdminStore, JobLauncher, JobStore, RoleDirectory } from '../../ports/admin';
import type { ProfileRepository } from '../../ports/accounts';
import type { CountStore } from '../../ports/counts';
import type { ReportRepository } from '../../ports/reports';
import type {
  Page,
  ProductRepository,
  UniversityRepository,
  UniversityRequestRepository,
} from '../../ports/repositories';
import { recentReports } from '../reports/report-decisions';
import { auditOf, launch, newJob, ROUNDS, requireAdmin } from './audit';

/**
 * What is the admin's own (docs/decisions/025): the dashboard, the audit log, the users' roles and
 * verification, and the background jobs. An admin's change to a product, a report, a university or
 * a request is made by that domain's service (publishing/listings.ts, reports/report-decisions.ts,
 * catalog/universities.ts, catalog/university-requests.ts) through its repository, audited.
 */
export interface AdminDeps {
  adminStore: AdminStore;
  jobStore: JobStore;
  jobLauncher: JobLauncher;
  products: ProductRepository;
  reports: ReportRepository;
  profiles: ProfileRepository;
  universities: UniversityRepository;
  universityRequests: UniversityRequestRepository;
  counts: CountStore;
  now: () => Date;
  newId: () => string;
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
  const universities = (await deps.universities.listStored()).filter((u) => !u.deleting_job_id);
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

// ------------------------------------------------------------------ users

export async function listUsers(
  deps: AdminDeps,
  auth: AuthContext | null,
  query: { q?: string; limit: number; cursor?: string },
): Promise<Page<AdminUser>> {
  requireAdmin(auth);
  return deps.profiles.listByEmail(query.q?.toLowerCase(), query.limit, query.cursor);
}

export async function setUserVerification(
  deps: AdminDeps,
  auth: AuthContext | null,
  userId: string,
  verified: boolean,
): Promise<AdminUser> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const user = await deps.profiles.getWithRoles(userId);
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
    const out = await deps.profiles.setVerification(user, verified, audit);
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
  const user = await deps.profiles.getWithRoles(userId);
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
  const saved = await deps.profiles.setRoles(user, roles, audit);
  if (!saved) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return { user: saved, message: ADMIN_MESSAGES.roleNextSignIn };
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
