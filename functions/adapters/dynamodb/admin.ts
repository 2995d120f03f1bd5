import { domainOfEmail, profileSchema } from '#shared/account-schemas';
import type { AdminJob, AdminUser } from '#shared/admin';
import { ROLES } from '#shared/statuses';
import { entityKey, INDEXES, KEY, keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type { AdminStore, JobStore } from '../../ports/admin';
import type { TableAccess } from './client';
import { auditEntity, jobClaim, jobEntity, jobLockEntity, type StoredJob } from './entities';
import { heldValue } from './entity';
import { legacyOp, settled, tableOf } from './table';
import { universityOpenCheck } from './universities';

/**
 * The admin area's storage (docs/decisions/025). Every change an admin makes to a product, a
 * report, a university or a request is made by that domain's repository, under the same rules as
 * anyone's, with its audit record in the same transaction; what is the admin's own is here: the
 * audit log, the users' roles and verification, and the background jobs.
 */

const storedJob = (j: StoredJob | null) =>
  j ? { ...j, cursor: j.cursor ?? null, lease_until: j.lease_until ?? null } : null;

const publicJob = (j: ReturnType<typeof storedJob>): AdminJob | null => {
  if (!j) return null;
  const { cursor: _c, lease_until: _l, ...job } = j;
  return job;
};

function toAdminUser(item: Record<string, unknown> | undefined): AdminUser | null {
  if (!item) return null;
  const parsed = profileSchema.safeParse(heldValue(item));
  if (!parsed.success) {
    logger.warn('skipping malformed profile item', { pk: item.pk });
    return null;
  }
  const roles = Array.isArray(item.roles) ? ROLES.filter((r) => (item.roles as unknown[]).includes(r)) : [];
  return { ...parsed.data, roles };
}

export function createAdminStore(table: TableAccess): AdminStore {
  const { tableName } = table;
  const t = tableOf(table);

  const get = async (key: { pk: string; sk: string }) => t.get(key, { consistent: true });

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

    async listUsers(emailPrefix, limit, cursor) {
      const page = await t.queryPage(
        {
          index: INDEXES.gsi1,
          pk: keys.profilesPartition,
          ...(emailPrefix ? { sk: { beginsWith: emailPrefix } } : {}),
        },
        { limit, cursor },
      );
      return { items: page.items.map(toAdminUser).filter((u) => u !== null), nextCursor: page.nextCursor };
    },

    getUser: async (userId) => toAdminUser(await get(keys.profile(userId))),

    async setVerification(user, verified, audit) {
      const address = user.university_email?.toLowerCase() ?? '';
      if (verified && !user.university_id) return 'closed';
      const profileUpdate = {
        Update: {
          TableName: tableName,
          Key: keys.profile(user.user_id),
          // When it was verified (null once not): the seller page's badge says the month (decision 032).
          // Verified again, an ended verification's reason goes (decision 042).
          UpdateExpression: `SET university_email_verified = :v, university_email_verified_at = :at${verified ? ' REMOVE university_email_ended' : ''}`,
          ConditionExpression: `attribute_exists(${KEY.pk}) AND university_email = :e${verified ? ' AND university_id = :u' : ''}`,
          ExpressionAttributeValues: {
            ':v': verified,
            ':e': user.university_email,
            ':at': verified ? new Date().toISOString() : null,
            ...(verified ? { ':u': user.university_id } : {}),
          },
        },
      };
      // The claim first: its condition failing means another account holds the address.
      const claim = verified
        ? {
            Put: {
              TableName: tableName,
              Item: {
                ...entityKey('institutionalClaim', keys.institutionalClaim(address)),
                user_id: user.user_id,
              },
              ConditionExpression: `attribute_not_exists(${KEY.pk}) OR user_id = :me`,
              ExpressionAttributeValues: { ':me': user.user_id },
            },
          }
        : {
            Delete: {
              TableName: tableName,
              Key: keys.institutionalClaim(address),
              ConditionExpression: `attribute_not_exists(${KEY.pk}) OR user_id = :me`,
              ExpressionAttributeValues: { ':me': user.user_id },
            },
          };
      // Verifying: only for a university that exists, is not being deleted and has the address's domain.
      const open =
        verified && user.university_id
          ? [universityOpenCheck(tableName, user.university_id, domainOfEmail(address))]
          : [];
      const outcome = await t.transact([
        legacyOp(claim),
        legacyOp(profileUpdate),
        auditEntity.create(audit),
        ...open.map(legacyOp),
      ]);
      if (!outcome.ok) {
        if (verified && outcome.reasons[0] === 'ConditionalCheckFailed') return 'taken';
        if (verified && outcome.reasons[3] === 'ConditionalCheckFailed') return 'closed';
        if (settled(outcome) === false) return null;
      }
      return toAdminUser(await get(keys.profile(user.user_id)));
    },

    async setRoles(user, roles, audit) {
      const ok = settled(
        await t.transact([
          legacyOp({
            Update: {
              TableName: tableName,
              Key: keys.profile(user.user_id),
              UpdateExpression: 'SET #roles = :roles',
              ConditionExpression: `attribute_exists(${KEY.pk})`,
              ExpressionAttributeNames: { '#roles': 'roles' },
              ExpressionAttributeValues: { ':roles': roles },
            },
          }),
          auditEntity.create(audit),
        ]),
      );
      return ok ? toAdminUser(await get(keys.profile(user.user_id))) : null;
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
