import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { domainOfEmail, profileSchema } from '#shared/account-schemas';
import {
  type AdminJob,
  type AdminUser,
  adminJobSchema,
  type AuditEntry,
  auditEntrySchema,
} from '#shared/admin';
import { ROLES } from '#shared/statuses';
import { API_MESSAGES } from '#shared/messages';
import { productSchema, type Product, universityRequestSchema, universitySchema } from '#shared/schemas';
import { fold } from '#shared/text';
import { entityKey, INDEXES, KEY, keys, type IndexDef } from '#shared/table';
import { decodeJsonCursor, encodeJsonCursor } from '../../commons/cursor';
import { BadRequestError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type { AdminStore, JobStore, StoredRequest, StoredUniversity } from '../../ports/admin';
import type { Page } from '../../ports/repositories';
import type { TableAccess } from './client';
import { decodeDynamoCursor, encodeDynamoCursor, queryIndexAll, queryIndexPage } from './cursor';
import { productItem } from './products';
import { auditEntity, reportEntity } from './entities';
import { universityOpenCheck, universityRequestItem } from './universities';
import { isConditionalCheckFailed, stripKeys } from './items';
import {
  backfillDomainClaim,
  cancellationReasons,
  domainConflict,
  domainMoveItems,
  transactDomains,
} from './university-domains';

/** Rounds a university write retries when a domain claim it met changed before it could explain why. */
const DOMAIN_ROUNDS = 3;

/** Items the admin's product list reads at most per request when filters skip most of them. */
export const PRODUCT_SCAN_BUDGET = 600;

const auditPut = (tableName: string, e: AuditEntry) => ({
  Put: { TableName: tableName, Item: auditEntity.item(e), ConditionExpression: `attribute_not_exists(${KEY.pk})` },
});

const storedJobSchema = z.object({
  ...adminJobSchema.shape,
  cursor: z.optional(z.nullable(z.string())),
  lease_until: z.optional(z.nullable(z.string())),
});

/** The lock a running job of its kind (and target) holds: one reindex, one deletion per university. */
const jobLockItem = (job: AdminJob) => ({
  ...entityKey('jobLock', keys.jobLock(job.kind, job.target)),
  job_id: job.id,
});

export function jobItem(job: AdminJob): Record<string, unknown> {
  return {
    ...job,
    ...entityKey('job', keys.job(job.id)),
    [INDEXES.gsi1.pk]: keys.jobsOfKind(job.kind),
    [INDEXES.gsi1.sk]: `${job.created_at}#${job.id}`,
  };
}

const toJob = (item: Record<string, unknown> | undefined) => {
  if (!item) return null;
  const parsed = storedJobSchema.safeParse(stripKeys(item));
  if (!parsed.success) {
    logger.warn('skipping malformed job item', { pk: item.pk });
    return null;
  }
  return { ...parsed.data, cursor: parsed.data.cursor ?? null, lease_until: parsed.data.lease_until ?? null };
};

const publicJob = (j: ReturnType<typeof toJob>): AdminJob | null => {
  if (!j) return null;
  const { cursor: _c, lease_until: _l, ...job } = j;
  return job;
};

function toAdminUser(item: Record<string, unknown> | undefined): AdminUser | null {
  if (!item) return null;
  const parsed = profileSchema.safeParse(stripKeys(item));
  if (!parsed.success) {
    logger.warn('skipping malformed profile item', { pk: item.pk });
    return null;
  }
  const roles = Array.isArray(item.roles) ? ROLES.filter((r) => (item.roles as unknown[]).includes(r)) : [];
  return { ...parsed.data, roles };
}

function toUniversity(item: Record<string, unknown> | undefined): StoredUniversity | null {
  if (!item) return null;
  const parsed = universitySchema.safeParse(stripKeys(item));
  if (!parsed.success) return null;
  const job = item.deleting_job_id;
  return { ...parsed.data, deleting_job_id: typeof job === 'string' ? job : null };
}

const storedRequestSchema = z.object({
  ...universityRequestSchema.shape,
  reviewed_at: z.optional(z.nullable(z.string())),
});
function toRequest(item: Record<string, unknown> | undefined): StoredRequest | null {
  if (!item) return null;
  const parsed = storedRequestSchema.safeParse(stripKeys(item));
  if (parsed.success) return parsed.data;
  logger.warn('skipping malformed university request item', { pk: item.pk });
  return null;
}

export function universityItem(
  u: StoredUniversity | (Parameters<typeof universitySchema.parse>[0] & object),
) {
  const university = universitySchema.parse(u);
  return {
    ...university,
    ...entityKey('university', keys.university(university.id)),
    [INDEXES.gsi1.pk]: keys.universitiesPartition,
    [INDEXES.gsi1.sk]: `${fold(university.name)}#${university.id}`,
  };
}

/** A base-table cursor (a partition's LastEvaluatedKey), bound to that partition. */
function encodeTableCursor(key: Record<string, unknown> | undefined): string | null {
  if (!key) return null;
  return encodeJsonCursor({ k: 'd', i: 'table', key: { pk: String(key.pk), sk: String(key.sk) } });
}
const tableCursorSchema = z.strictObject({
  k: z.literal('d'),
  i: z.literal('table'),
  key: z.strictObject({ pk: z.string().check(z.maxLength(300)), sk: z.string().check(z.maxLength(300)) }),
});
function decodeTableCursor(cursor: string, pk: string): Record<string, string> {
  const parsed = tableCursorSchema.safeParse(decodeJsonCursor(cursor));
  if (!parsed.success || parsed.data.key.pk !== pk) throw new BadRequestError(API_MESSAGES.invalidCursor);
  return parsed.data.key;
}

/** The transaction was cancelled by a condition (not a conflict or a throttle). */
function isCancelledByCondition(err: unknown, index?: number): boolean {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return false;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return index === undefined
    ? reasons.some((r) => r.Code === 'ConditionalCheckFailed')
    : reasons[index]?.Code === 'ConditionalCheckFailed';
}

export function createAdminStore(table: TableAccess): AdminStore {
  const { doc, tableName } = table;

  /** Runs a transaction; false when one of its conditions failed (nothing was written). */
  const transact = async (
    items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
  ) => {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (err) {
      if (isCancelledByCondition(err)) return false;
      throw err;
    }
  };

  const get = async (key: { pk: string; sk: string }) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  const indexPage = async <T>(
    index: IndexDef,
    pk: string,
    limit: number,
    cursor: string | undefined,
    map: (item: Record<string, unknown>) => T | null,
  ): Promise<Page<T>> => {
    const page = await queryIndexPage(table, { index, pk, newestFirst: true, limit, cursor });
    return { items: page.items.map(map).filter((x): x is T => x !== null), nextCursor: page.nextCursor };
  };

  const productGuard = (p: Product) => ({
    ConditionExpression: `#status = :status AND ${p.held_at ? 'held_at = :held' : 'attribute_not_exists(held_at)'}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': p.status, ...(p.held_at ? { ':held': p.held_at } : {}) },
  });

  const queryAllIndex = (index: IndexDef, pk: string) => queryIndexAll(table, index, pk);

  /** Every university, those being deleted too (a handful of items in two index partitions). */
  async function listUniversities(): Promise<StoredUniversity[]> {
    const [listed, deleting] = await Promise.all([
      queryAllIndex(INDEXES.gsi1, keys.universitiesPartition),
      queryAllIndex(INDEXES.gsi2, keys.universitiesDeletingPartition),
    ]);
    return [...listed, ...deleting]
      .map(toUniversity)
      .filter((u): u is StoredUniversity => u !== null)
      .sort((a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id.localeCompare(b.id));
  }

  return {
    async appendAudit(entry) {
      await transact([auditPut(tableName, entry)]);
    },

    async listAudit(scope, limit, cursor) {
      const toEntry = (item: Record<string, unknown>) => {
        const parsed = auditEntrySchema.safeParse(stripKeys(item));
        return parsed.success ? parsed.data : null;
      };
      if (!scope) return indexPage(INDEXES.gsi1, keys.auditAllPartition, limit, cursor, toEntry);
      const pk = keys.auditPartition(scope.entityType, scope.entityId);
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
          ExpressionAttributeNames: { '#pk': KEY.pk, '#sk': KEY.sk },
          ExpressionAttributeValues: { ':pk': pk, ':prefix': 'AUDIT#' },
          ScanIndexForward: false,
          Limit: limit + 1,
          ...(cursor ? { ExclusiveStartKey: decodeTableCursor(cursor, pk) } : {}),
        }),
      );
      const raw = res.Items ?? [];
      const items = raw.slice(0, limit);
      return {
        items: items.map(toEntry).filter((e): e is AuditEntry => e !== null),
        nextCursor: raw.length > limit ? encodeTableCursor(items.at(-1)) : null,
      };
    },

    async listProducts(filter, limit, cursor) {
      const index = INDEXES.gsi6;
      const pk = keys.everyProduct();
      let start: Record<string, unknown> | undefined = cursor
        ? decodeDynamoCursor(cursor, index, pk)
        : undefined;
      const out: Product[] = [];
      let read = 0;
      const keyOf = (item: Record<string, unknown>) => ({
        [KEY.pk]: item[KEY.pk],
        [KEY.sk]: item[KEY.sk],
        [index.pk]: item[index.pk],
        [index.sk]: item[index.sk],
      });
      const matches = (p: Product) =>
        (!filter.status || p.status === filter.status) &&
        (!filter.university || p.university_id === filter.university) &&
        (!filter.words?.length || filter.words.every((w) => fold(p.title).includes(w)));
      while (out.length < limit && read < PRODUCT_SCAN_BUDGET) {
        const input: QueryCommandInput = {
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.pk },
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
          Limit: Math.min(PRODUCT_SCAN_BUDGET - read, Math.max(limit - out.length, 50) + 1),
          ExclusiveStartKey: start,
        };
        const res = await doc.send(new QueryCommand(input));
        const items = res.Items ?? [];
        read += items.length;
        let stoppedAt: Record<string, unknown> | undefined;
        for (const item of items) {
          const parsed = productSchema.safeParse(stripKeys(item));
          if (parsed.success && matches(parsed.data)) {
            if (out.length === limit) {
              // One more match exists: the page ends at the previous item.
              return { items: out, nextCursor: encodeDynamoCursor(index, stoppedAt) };
            }
            out.push(parsed.data);
          }
          stoppedAt = keyOf(item);
        }
        start = res.LastEvaluatedKey;
        if (!start) return { items: out, nextCursor: null };
        if (out.length === limit) {
          // The page is full; whether more match is unknown without reading on: hand a cursor.
          return { items: out, nextCursor: encodeDynamoCursor(index, stoppedAt) };
        }
      }
      return { items: out, nextCursor: encodeDynamoCursor(index, start) };
    },

    replaceProduct: (current, next, audit) =>
      transact([
        { Put: { TableName: tableName, Item: productItem(next), ...productGuard(current) } },
        auditPut(tableName, audit),
      ]),

    deleteProduct: (current, audit) =>
      transact([
        { Delete: { TableName: tableName, Key: keys.product(current.id), ...productGuard(current) } },
        auditPut(tableName, audit),
      ]),

    decideReport: (report, decided, product, audits) =>
      transact([
        {
          Put: {
            TableName: tableName,
            Item: reportEntity.item(decided),
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pending': report.status },
          },
        },
        ...(product
          ? [
              {
                Put: {
                  TableName: tableName,
                  Item: productItem(product.next),
                  ...productGuard(product.current),
                },
              },
            ]
          : []),
        ...audits.map((a) => auditPut(tableName, a)),
      ]),

    async listUsers(emailPrefix, limit, cursor) {
      const index = INDEXES.gsi1;
      const pk = keys.profilesPartition;
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: emailPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.pk, ...(emailPrefix ? { '#sk': index.sk } : {}) },
          ExpressionAttributeValues: { ':pk': pk, ...(emailPrefix ? { ':prefix': emailPrefix } : {}) },
          Limit: limit + 1,
          ...(cursor ? { ExclusiveStartKey: decodeDynamoCursor(cursor, index, pk) } : {}),
        }),
      );
      const raw = res.Items ?? [];
      const items = raw.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map(toAdminUser).filter((u): u is AdminUser => u !== null),
        nextCursor:
          raw.length > limit && last
            ? encodeDynamoCursor(index, {
                [KEY.pk]: last[KEY.pk],
                [KEY.sk]: last[KEY.sk],
                [index.pk]: last[index.pk],
                [index.sk]: last[index.sk],
              })
            : null,
      };
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
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [claim, profileUpdate, auditPut(tableName, audit), ...open],
          }),
        );
      } catch (err) {
        if (verified && isCancelledByCondition(err, 0)) return 'taken';
        if (verified && isCancelledByCondition(err, 3)) return 'closed';
        if (isCancelledByCondition(err)) return null;
        throw err;
      }
      return toAdminUser(await get(keys.profile(user.user_id)));
    },

    async setRoles(user, roles, audit) {
      const ok = await transact([
        {
          Update: {
            TableName: tableName,
            Key: keys.profile(user.user_id),
            UpdateExpression: 'SET #roles = :roles',
            ConditionExpression: `attribute_exists(${KEY.pk})`,
            ExpressionAttributeNames: { '#roles': 'roles' },
            ExpressionAttributeValues: { ':roles': roles },
          },
        },
        auditPut(tableName, audit),
      ]);
      return ok ? toAdminUser(await get(keys.profile(user.user_id))) : null;
    },

    listUniversities,

    async backfillDomainClaims() {
      let claimed = 0;
      for (const u of await listUniversities()) if (await backfillDomainClaim(table, u)) claimed++;
      return claimed;
    },

    getUniversity: async (id) => toUniversity(await get(keys.university(id))),

    async createUniversity(university, audit) {
      for (let round = 0; round < DOMAIN_ROUNDS; round++) {
        const items = [
          {
            Put: {
              TableName: tableName,
              Item: universityItem(university),
              ConditionExpression: `attribute_not_exists(${KEY.pk})`,
            },
          },
          auditPut(tableName, audit),
          ...(await domainMoveItems(table, university.id, null, university.email_domain)),
        ];
        try {
          await transactDomains(table, items);
          return 'created';
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (!reasons?.includes('ConditionalCheckFailed')) throw err;
          if (reasons[0] === 'ConditionalCheckFailed') return 'exists';
          const conflict = await domainConflict(table, university.id, university.email_domain);
          if (conflict) return conflict;
        }
      }
      throw new Error(`university ${university.id}: its domain claim kept changing`);
    },

    async updateUniversity(current, next, audit) {
      for (let round = 0; round < DOMAIN_ROUNDS; round++) {
        const items = [
          {
            Put: {
              TableName: tableName,
              Item: universityItem(next),
              // As read, and not being deleted (a deletion wins over an edit).
              ConditionExpression: `attribute_exists(${KEY.pk}) AND attribute_not_exists(deleting_job_id) AND created_at = :c AND email_domain = :d`,
              ExpressionAttributeValues: { ':c': current.created_at, ':d': current.email_domain },
            },
          },
          auditPut(tableName, audit),
          ...(await domainMoveItems(table, current.id, current.email_domain, next.email_domain)),
        ];
        try {
          await transactDomains(table, items);
          return 'updated';
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (!reasons?.includes('ConditionalCheckFailed')) throw err;
          if (reasons[0] === 'ConditionalCheckFailed') return 'changed';
          const conflict = await domainConflict(table, current.id, next.email_domain);
          if (conflict) return conflict;
        }
      }
      throw new Error(`university ${current.id}: its domain claim kept changing`);
    },

    markUniversityDeleting: (current, job, audit) =>
      transact([
        {
          Update: {
            TableName: tableName,
            Key: keys.university(current.id),
            // Out of the public list (gsi1) at once; into the admin's list of deletions (gsi2).
            UpdateExpression: 'SET deleting_job_id = :job, #g2pk = :g2pk, #g2sk = :id REMOVE #g1pk, #g1sk',
            ConditionExpression: `attribute_exists(${KEY.pk}) AND attribute_not_exists(deleting_job_id)`,
            ExpressionAttributeNames: {
              '#g1pk': INDEXES.gsi1.pk,
              '#g1sk': INDEXES.gsi1.sk,
              '#g2pk': INDEXES.gsi2.pk,
              '#g2sk': INDEXES.gsi2.sk,
            },
            ExpressionAttributeValues: {
              ':job': job.id,
              ':g2pk': keys.universitiesDeletingPartition,
              ':id': current.id,
            },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: jobItem(job),
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: jobLockItem(job),
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          },
        },
        auditPut(tableName, audit),
      ]),

    async removeUniversity(id, jobId) {
      const university = toUniversity(await get(keys.university(id)));
      // Gone already (a retried run), or no longer this job's: nothing to do.
      if (!university || university.deleting_job_id !== jobId) return;
      // Its meeting points first (decision 032): a university re-created under the id starts with none.
      const points = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
          ExpressionAttributeNames: { '#pk': KEY.pk, '#sk': KEY.sk },
          ExpressionAttributeValues: {
            ':pk': keys.universityPartition(id),
            ':prefix': keys.meetingPointPrefix,
          },
          ProjectionExpression: '#pk, #sk',
        }),
      );
      for (const Key of points.Items ?? []) await doc.send(new DeleteCommand({ TableName: tableName, Key }));
      try {
        await transactDomains(table, [
          {
            Delete: {
              TableName: tableName,
              Key: keys.university(id),
              ConditionExpression: 'deleting_job_id = :job',
              ExpressionAttributeValues: { ':job': jobId },
            },
          },
          // Its domain is free again, for a university created after it (decision 042).
          ...(await domainMoveItems(table, id, university.email_domain, null)),
        ]);
      } catch (err) {
        // Gone meanwhile (an overlapping run): nothing to do.
        if (!isCancelledByCondition(err)) throw err;
      }
    },

    async listRequests(status, limit, cursor) {
      return status
        ? indexPage(INDEXES.gsi2, keys.universityRequestsByStatus(status), limit, cursor, toRequest)
        : indexPage(INDEXES.gsi1, keys.universityRequestsPartition, limit, cursor, toRequest);
    },

    getRequest: async (id) => toRequest(await get(keys.universityRequest(id))),

    decideRequest: (current, next, audit) =>
      transact([
        {
          Put: {
            TableName: tableName,
            Item: universityRequestItem(next),
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pending': current.status },
          },
        },
        auditPut(tableName, audit),
      ]),
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

export function createJobStore(table: TableAccess): JobStore {
  const { doc, tableName } = table;
  const read = async (id: string) =>
    toJob(
      (await doc.send(new GetCommand({ TableName: tableName, Key: keys.job(id), ConsistentRead: true })))
        .Item,
    );
  return {
    get: read,

    async latest(kind, limit) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEXES.gsi1.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': INDEXES.gsi1.pk },
          ExpressionAttributeValues: { ':pk': keys.jobsOfKind(kind) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map((i) => publicJob(toJob(i))).filter((j): j is AdminJob => j !== null);
    },

    async createClaimed(job, audit) {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: jobLockItem(job),
                  ConditionExpression: `attribute_not_exists(${KEY.pk})`,
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: jobItem(job),
                  ConditionExpression: `attribute_not_exists(${KEY.pk})`,
                },
              },
              ...(audit ? [auditPut(tableName, audit)] : []),
            ],
          }),
        );
        return { created: true };
      } catch (err) {
        if (!isCancelledByCondition(err, 0)) throw err;
        const lock = await doc.send(
          new GetCommand({
            TableName: tableName,
            Key: keys.jobLock(job.kind, job.target),
            ConsistentRead: true,
          }),
        );
        return { runningJobId: String(lock.Item?.job_id ?? '') };
      }
    },

    async lease(id, now, leaseUntil) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.job(id),
            UpdateExpression: LEASE_UPDATE,
            ConditionExpression: LEASE_CONDITION,
            ExpressionAttributeNames: usedNames(LEASE_UPDATE, LEASE_CONDITION),
            ExpressionAttributeValues: {
              ':running': 'running',
              ':queued': 'queued',
              ':until': leaseUntil,
              ':now': now,
            },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async progress(id, { processed, cursor, leaseUntil, now }) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.job(id),
          UpdateExpression: PROGRESS_UPDATE,
          ConditionExpression: RUNNING,
          ExpressionAttributeNames: usedNames(PROGRESS_UPDATE, RUNNING),
          ExpressionAttributeValues: {
            ':p': processed,
            ':c': cursor,
            ':until': leaseUntil,
            ':now': now,
            ':running': 'running',
          },
        }),
      );
    },

    async pause(id, { processed, cursor, now }) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.job(id),
          UpdateExpression: PAUSE_UPDATE,
          ConditionExpression: RUNNING,
          ExpressionAttributeNames: usedNames(PAUSE_UPDATE, RUNNING),
          ExpressionAttributeValues: {
            ':p': processed,
            ':c': cursor,
            ':now': now,
            ':running': 'running',
            ':queued': 'queued',
          },
        }),
      );
    },

    async finish(id, outcome) {
      const job = await read(id);
      if (!job) return;
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: keys.job(id),
                UpdateExpression: FINISH_UPDATE,
                ExpressionAttributeNames: usedNames(FINISH_UPDATE),
                ExpressionAttributeValues: {
                  ':s': outcome.status,
                  ':p': outcome.processed,
                  ':i': outcome.indexed,
                  ':d': outcome.drift,
                  ':e': outcome.error,
                  ':now': outcome.now,
                },
              },
            },
            {
              Delete: {
                TableName: tableName,
                Key: keys.jobLock(job.kind, job.target),
                ConditionExpression: `attribute_not_exists(${KEY.pk}) OR job_id = :id`,
                ExpressionAttributeValues: { ':id': id },
              },
            },
          ],
        }),
      );
    },
  };
}
