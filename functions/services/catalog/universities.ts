import type { AdminJob, AdminUniversity, UniversityCreateBody, UniversityUpdateBody } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { API_MESSAGES } from '#shared/messages';
import type { University } from '#shared/schemas';
import { keys } from '#shared/table';
import type { AuthContext } from '../../commons/auth';
import { ConflictError, NotFoundError } from '../../commons/errors';
import type { JobLauncher, JobStore } from '../../ports/admin';
import type { CountStore } from '../../ports/counts';
import type { DomainConflict, StoredUniversity, UniversityRepository } from '../../ports/repositories';
import { auditOf, launch, newJob, ROUNDS, requireAdmin } from '../admin/audit';

/**
 * The universities: the public list, and the staff's changes (docs/decisions/025, 026, 042), each
 * made by the university repository with its audit record in the same transaction: a new
 * university with its e-mail domain's claim, an edit moving the claim, a deletion that takes it
 * out of the list at once and leaves the rest to a job.
 */
export interface UniversityAdminDeps {
  universities: UniversityRepository;
  counts: CountStore;
  jobStore: JobStore;
  jobLauncher: JobLauncher;
  now: () => Date;
  newId: () => string;
}

export async function listUniversities(deps: { universities: UniversityRepository }): Promise<University[]> {
  return deps.universities.list();
}

export async function getUniversity(
  deps: { universities: UniversityRepository },
  id: string,
): Promise<University> {
  const university = await deps.universities.get(id);
  if (!university) throw new NotFoundError(API_MESSAGES.universityNotFound);
  return university;
}

async function withListedCounts(
  deps: Pick<UniversityAdminDeps, 'counts'>,
  list: StoredUniversity[],
): Promise<AdminUniversity[]> {
  const counts = await deps.counts.values(list.map((u) => keys.byUniversity(u.id)));
  return list.map((u, i) => ({ ...u, listed_products: counts[i] }));
}

export async function listStoredUniversities(
  deps: UniversityAdminDeps,
  auth: AuthContext | null,
): Promise<{ items: AdminUniversity[]; total: number }> {
  requireAdmin(auth);
  const items = await withListedCounts(deps, await deps.universities.listStored());
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
async function domainConflictError(
  deps: UniversityAdminDeps,
  conflict: DomainConflict,
): Promise<ConflictError> {
  const other = await deps.universities.getStored(conflict.universityId);
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
  deps: UniversityAdminDeps,
  auth: AuthContext | null,
  body: UniversityCreateBody,
): Promise<AdminUniversity> {
  const admin = requireAdmin(auth);
  const { request_id, ...fields } = body;
  const university: University = { ...fields, created_at: deps.now().toISOString() };
  // Universities stored before the claims (until the first reindex backfills them) count too.
  await deps.universities.backfillDomainClaims();
  const audit = auditOf(deps, admin, {
    action: 'university.create',
    entityType: 'university',
    entityId: university.id,
    before: null,
    after: { ...universitySnapshot(university), ...(request_id ? { request_id } : {}) },
  });
  const outcome = await deps.universities.create(university, audit);
  if (outcome === 'exists') throw new ConflictError(ADMIN_MESSAGES.universityExists);
  if (outcome !== 'created') throw await domainConflictError(deps, outcome);
  return { ...university, listed_products: 0, deleting_job_id: null };
}

/** Edits a university (the id is fixed); a new e-mail domain is checked and claimed as on creation. */
export async function updateUniversity(
  deps: UniversityAdminDeps,
  auth: AuthContext | null,
  id: string,
  body: UniversityUpdateBody,
): Promise<AdminUniversity> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.universities.getStored(id);
    if (!current) throw new NotFoundError(ADMIN_MESSAGES.universityNotFound);
    if (current.deleting_job_id) throw new ConflictError(ADMIN_MESSAGES.universityDeleting);
    const next: University = { ...body, id, created_at: current.created_at };
    if (next.email_domain !== current.email_domain) await deps.universities.backfillDomainClaims();
    const audit = auditOf(deps, admin, {
      action: 'university.update',
      entityType: 'university',
      entityId: id,
      before: universitySnapshot(current),
      after: universitySnapshot(next),
    });
    const outcome = await deps.universities.update(current, next, audit);
    if (outcome === 'updated') return (await withListedCounts(deps, [{ ...next, deleting_job_id: null }]))[0];
    if (outcome !== 'changed') throw await domainConflictError(deps, outcome);
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

/**
 * Takes the university out of selection at once (it leaves the public list in the same write) and
 * starts the job that deletes its products; the item itself goes when they are gone. Repeating the
 * call answers the running job.
 */
export async function deleteUniversity(
  deps: UniversityAdminDeps,
  auth: AuthContext | null,
  id: string,
): Promise<{ university_id: string; job: AdminJob }> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.universities.getStored(id);
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
    if (await deps.universities.markDeleting(current, job, audit)) {
      await launch(deps, job.id);
      return { university_id: id, job };
    }
  }
  throw new ConflictError(ADMIN_MESSAGES.universityDeleting);
}
