import type { AdminJob } from '#shared/admin';
import { INDEXES, KEY, keys } from '#shared/table';
import type { AdminStore, JobStore } from '../../ports/admin';
import type { TableAccess } from './client';
import { auditEntity, jobClaim, jobEntity, jobLockEntity, type StoredJob } from './entities';
import { settled, tableOf } from './table';

/**
 * The admin area's storage (docs/decisions/025). Every change an admin makes to a product, a
 * report, a university, a request or a profile is made by that domain's repository, under the same
 * rules as anyone's, with its audit record in the same transaction; what is the admin's own is
 * here: the audit log and the background jobs.
 */

const storedJob = (j: StoredJob | null) =>
  j ? { ...j, cursor: j.cursor ?? null, lease_until: j.lease_until ?? null } : null;

const publicJob = (j: ReturnType<typeof storedJob>): AdminJob | null => {
  if (!j) return null;
  const { cursor: _c, lease_until: _l, ...job } = j;
  return job;
};

export function createAdminStore(table: TableAccess): AdminStore {
  const t = tableOf(table);
  return {
    async appendAudit(entry) {
      settled(await t.transact([auditEntity.create(entry)]));
    },

    async listAudit(scope, limit, cursor) {
      const q = scope
        ? {
            pk: keys.auditPartition(scope.entityType, scope.entityId),
            sk: { beginsWith: 'AUDIT#' },
            newestFirst: true,
          }
        : { index: INDEXES.gsi1, pk: keys.auditAllPartition, newestFirst: true };
      return auditEntity.queryPage(t, q, { limit, cursor });
    },
  };
}

/** Job attributes (some are DynamoDB reserved words): always named by placeholder. */
const JOB_NAMES: Record<string, string> = {
  '#status': 'status',
  '#cursor': 'cursor',
  '#error': 'error',
  '#processed': 'processed',
  '#indexed': 'indexed',
  '#drift': 'drift',
  '#updated_at': 'updated_at',
  '#lease_until': 'lease_until',
  '#finished_at': 'finished_at',
};
/** The placeholders the expressions use (DynamoDB refuses unused ones). */
const usedNames = (...expressions: string[]) =>
  Object.fromEntries(
    Object.entries(JOB_NAMES).filter(([k]) => expressions.some((e) => new RegExp(`${k}\\b`).test(e))),
  );
const LEASE_UPDATE = 'SET #status = :running, #lease_until = :until, #updated_at = :now';
const LEASE_CONDITION =
  'attribute_exists(pk) AND (#status = :queued OR (#status = :running AND #lease_until < :now))';
const PROGRESS_UPDATE = 'SET #processed = :p, #cursor = :c, #lease_until = :until, #updated_at = :now';
const PAUSE_UPDATE =
  'SET #status = :queued, #processed = :p, #cursor = :c, #updated_at = :now REMOVE #lease_until';
const RUNNING = '#status = :running';
const FINISH_UPDATE =
  'SET #status = :s, #processed = :p, #indexed = :i, #drift = :d, #error = :e, #updated_at = :now, #finished_at = :now REMOVE #lease_until, #cursor';

export function createJobStore(access: TableAccess): JobStore {
  const table = tableOf(access);
  const read = async (id: string) => storedJob(await jobEntity.get(table, { id }, { consistent: true }));
  const jobUpdate = (id: string, expression: string, values: Record<string, unknown>, condition?: string) =>
    jobEntity.update(
      { id },
      { expression, names: usedNames(expression, condition ?? ''), values },
      condition ? { condition: { expression: condition } } : { upsert: true },
    );
  /** A run that no longer holds its job (its lease ended and another took it) stops here. */
  const stillRunning = (written: boolean, id: string) => {
    if (!written) throw new Error(`job ${id} is no longer running under this lease`);
  };
  return {
    get: read,

    async latest(kind, limit) {
      const { items } = await table.queryOnce(
        { index: INDEXES.gsi1, pk: keys.jobsOfKind(kind), newestFirst: true },
        { limit },
      );
      return jobEntity
        .parseAll(items)
        .map((j) => publicJob(storedJob(j)))
        .filter((j): j is AdminJob => j !== null);
    },

    async createClaimed(job, audit) {
      const outcome = await table.transact([...jobClaim(job), ...(audit ? [auditEntity.create(audit)] : [])]);
      if (outcome.ok) return { created: true };
      if (outcome.reasons[0] !== 'ConditionalCheckFailed') settled(outcome);
      const lock = await jobLockEntity.get(table, job, { consistent: true });
      return { runningJobId: lock?.job_id ?? '' };
    },

    lease: (id, now, leaseUntil) =>
      table.write(
        jobUpdate(
          id,
          LEASE_UPDATE,
          { ':running': 'running', ':queued': 'queued', ':until': leaseUntil, ':now': now },
          LEASE_CONDITION,
        ),
      ),

    async progress(id, { processed, cursor, leaseUntil, now }) {
      const values = {
        ':p': processed,
        ':c': cursor,
        ':until': leaseUntil,
        ':now': now,
        ':running': 'running',
      };
      stillRunning(await table.write(jobUpdate(id, PROGRESS_UPDATE, values, RUNNING)), id);
    },

    async pause(id, { processed, cursor, now }) {
      const values = {
        ':p': processed,
        ':c': cursor,
        ':now': now,
        ':running': 'running',
        ':queued': 'queued',
      };
      stillRunning(await table.write(jobUpdate(id, PAUSE_UPDATE, values, RUNNING)), id);
    },

    async finish(id, outcome) {
      const job = await read(id);
      if (!job) return;
      const written = await table.transact([
        jobUpdate(id, FINISH_UPDATE, {
          ':s': outcome.status,
          ':p': outcome.processed,
          ':i': outcome.indexed,
          ':d': outcome.drift,
          ':e': outcome.error,
          ':now': outcome.now,
        }),
        jobLockEntity.remove(job, {
          expression: 'attribute_not_exists(#lpk) OR job_id = :id',
          names: { '#lpk': KEY.pk },
          values: { ':id': id },
        }),
      ]);
      if (!written.ok) throw new Error(`job ${id} could not finish: ${written.reasons.join(', ')}`);
    },
  };
}
