import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#shared/admin';
import { productSchema, type Product } from '#shared/schemas';
import { entityKey, INDEXES, KEY, keys } from '#shared/table';
import { fold } from '#shared/text';
import { logger } from '../../commons/observability';
import type { SellerProfile, StoredMeetingPoint, TrustStore } from '../../ports/trust';
import { auditEntity } from './entities';
import type { TableAccess } from './client';
import { queryIndexAll } from './cursor';
import { isConditionalCheckFailed, stripKeys } from './items';
import { universityOpenCheck } from './universities';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function toMeetingPoint(item: Record<string, unknown>): StoredMeetingPoint | null {
  const id = str(item.id);
  const universityId = str(item.university_id);
  const name = str(item.name);
  const createdAt = str(item.created_at);
  if (!id || !universityId || !name || !createdAt) return null;
  return {
    id,
    university_id: universityId,
    name,
    description: str(item.description),
    hours: str(item.hours),
    created_at: createdAt,
    updated_at: str(item.updated_at) ?? createdAt,
  };
}

export function meetingPointItem(p: StoredMeetingPoint): Record<string, unknown> {
  return { ...p, ...entityKey('meetingPoint', keys.meetingPoint(p.university_id, p.id)) };
}

const isCancelled = (err: unknown) => err instanceof Error && err.name === 'TransactionCanceledException';

export function createTrustStore(table: TableAccess): TrustStore {
  const { doc, tableName } = table;
  const auditPut = (e: AuditEntry) => ({
    Put: {
      TableName: tableName,
      Item: auditEntity.item(e),
      ConditionExpression: `attribute_not_exists(${KEY.pk})`,
    },
  });
  const transact = async (
    items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
  ) => {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (err) {
      if (isCancelled(err)) return false;
      throw err;
    }
  };

  return {
    async sellerProfile(userId) {
      const item = (await doc.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId) }))).Item;
      if (!item || typeof item.user_id !== 'string' || typeof item.created_at !== 'string') return null;
      return {
        user_id: item.user_id,
        full_name: str(item.full_name),
        university_id: str(item.university_id),
        university_email_verified: item.university_email_verified === true,
        university_email_verified_at: str(item.university_email_verified_at),
        created_at: item.created_at,
        seller_hide_sold: item.seller_hide_sold === true,
      } satisfies SellerProfile;
    },

    async sellerProducts(ownerId) {
      const items = await queryIndexAll(table, INDEXES.gsi5, keys.byOwner(ownerId));
      const out: Product[] = [];
      for (const item of items) {
        const parsed = productSchema.safeParse(stripKeys(item));
        if (parsed.success) out.push(parsed.data);
        else logger.warn('skipping malformed product item', { pk: item.pk });
      }
      // The index sorts oldest first; the page shows the newest first.
      return out.reverse();
    },

    async setHideSold(userId, hide) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET seller_hide_sold = :h',
            ConditionExpression: `attribute_exists(${KEY.pk})`,
            ExpressionAttributeValues: { ':h': hide },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async listMeetingPoints(universityId) {
      const out: StoredMeetingPoint[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const res = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
            ExpressionAttributeNames: { '#pk': KEY.pk, '#sk': KEY.sk },
            ExpressionAttributeValues: {
              ':pk': keys.universityPartition(universityId),
              ':prefix': keys.meetingPointPrefix,
            },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of res.Items ?? []) {
          const point = toMeetingPoint(item);
          if (point) out.push(point);
        }
        start = res.LastEvaluatedKey;
      } while (start);
      return out.sort((a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id.localeCompare(b.id));
    },

    async getMeetingPoint(universityId, pointId) {
      const item = (
        await doc.send(
          new GetCommand({
            TableName: tableName,
            Key: keys.meetingPoint(universityId, pointId),
            ConsistentRead: true,
          }),
        )
      ).Item;
      return item ? toMeetingPoint(item) : null;
    },

    createMeetingPoint: (point, audit) =>
      transact([
        {
          Put: {
            TableName: tableName,
            Item: meetingPointItem(point),
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          },
        },
        auditPut(audit),
        // None for a university being deleted: its deletion could have passed its points (decision 042).
        universityOpenCheck(tableName, point.university_id),
      ]),

    updateMeetingPoint: (current, next, audit) =>
      transact([
        {
          Put: {
            TableName: tableName,
            Item: meetingPointItem(next),
            ConditionExpression: `attribute_exists(${KEY.pk}) AND updated_at = :u`,
            ExpressionAttributeValues: { ':u': current.updated_at },
          },
        },
        auditPut(audit),
      ]),

    deleteMeetingPoint: (current, audit) =>
      transact([
        {
          Delete: {
            TableName: tableName,
            Key: keys.meetingPoint(current.university_id, current.id),
            ConditionExpression: `attribute_exists(${KEY.pk}) AND updated_at = :u`,
            ExpressionAttributeValues: { ':u': current.updated_at },
          },
        },
        auditPut(audit),
      ]),
  };
}
