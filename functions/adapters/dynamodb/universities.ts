import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { fold } from '#shared/text';
import {
  type University,
  type UniversityRequest,
  universityRequestSchema,
  universitySchema,
} from '#shared/schemas';
import { entityKey, INDEXES, keys, universityRequestIndexAttributes } from '#shared/table';
import { logger } from '../../commons/observability';
import type { UniversityRepository, UniversityRequestRepository } from '../../ports/repositories';
import type { TableAccess } from './client';
import { isConditionalCheckFailed, stripKeys } from './items';
import { queryIndexAll } from './cursor';
import { transactCreate } from './idempotency';

function toUniversity(item: Record<string, unknown> | undefined): University | null {
  // A university being deleted (docs/decisions/026) is gone for everyone but the admin already.
  if (!item || item.deleting_job_id) return null;
  const parsed = universitySchema.safeParse(stripKeys(item));
  if (parsed.success) return parsed.data;
  logger.warn('skipping malformed university item', { pk: item.pk });
  return null;
}

/** A university request as stored: its key, entity and the admin's index attributes. */
export function universityRequestItem(request: UniversityRequest): Record<string, unknown> {
  return {
    ...request,
    ...entityKey('universityRequest', keys.universityRequest(request.id)),
    ...universityRequestIndexAttributes(request),
  };
}

export function createUniversityRepository({ doc, tableName }: TableAccess): UniversityRepository {
  return {
    async list() {
      // A handful of items in one partition of gsi1, sorted by folded name.
      const items = await queryIndexAll({ doc, tableName }, INDEXES.gsi1, keys.universitiesPartition);
      return items.map((i) => toUniversity(i)).filter((u): u is University => u !== null);
    },

    async get(id) {
      const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.university(id) }));
      return toUniversity(res.Item);
    },

    async putIfAbsent(university) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...university,
              ...entityKey('university', keys.university(university.id)),
              [INDEXES.gsi1.pk]: keys.universitiesPartition,
              [INDEXES.gsi1.sk]: `${fold(university.name)}#${university.id}`,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },
  };
}

export function createUniversityRequestRepository(table: TableAccess): UniversityRequestRepository {
  const { doc, tableName } = table;
  return {
    async create(request: UniversityRequest, terms) {
      const put = {
        TableName: tableName,
        Item: universityRequestItem(universityRequestSchema.parse(request)),
        // A uuid never repeats; the condition makes a retried request unable to overwrite one.
        ConditionExpression: 'attribute_not_exists(pk)',
      };
      if (!terms) {
        await doc.send(new PutCommand(put));
        return;
      }
      if ((await transactCreate(table, [{ Put: put }], terms)) !== null)
        throw new Error(`university request ${request.id} already exists`);
    },
  };
}
