import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { universityDomainRefusal } from '#shared/university-domains';
import { fold } from '#shared/text';
import {
  type University,
  type UniversityRequest,
  universityRequestSchema,
  universitySchema,
} from '#shared/schemas';
import { entityKey, INDEXES, KEY, keys, universityRequestIndexAttributes } from '#shared/table';
import { logger } from '../../commons/observability';
import type { UniversityRepository, UniversityRequestRepository } from '../../ports/repositories';
import type { TableAccess } from './client';
import { isConditionalCheckFailed, stripKeys } from './items';
import { queryIndexAll } from './cursor';
import { transactCreate } from './idempotency';
import { legacyOp } from './table';
import {
  cancellationReasons,
  domainConflict,
  domainMoveItems,
  type TransactItem,
  transactDomains,
} from './university-domains';

/**
 * A transaction step that holds only while the university exists, is not being deleted and (when
 * given) still has the e-mail domain `domain`: what a verification, a listing, a saved search or a
 * meeting point of the university is written with, so none is written for a deleted one
 * (docs/decisions/042).
 */
export function universityOpenCheck(tableName: string, universityId: string, domain?: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.university(universityId),
      ConditionExpression: `attribute_exists(${KEY.pk}) AND attribute_not_exists(deleting_job_id)${domain ? ' AND email_domain = :domain' : ''}`,
      ...(domain ? { ExpressionAttributeValues: { ':domain': domain.toLowerCase() } } : {}),
    },
  };
}

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
      const put = {
        Put: {
          TableName: tableName,
          Item: {
            ...university,
            ...entityKey('university', keys.university(university.id)),
            [INDEXES.gsi1.pk]: keys.universitiesPartition,
            [INDEXES.gsi1.sk]: `${fold(university.name)}#${university.id}`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      // The seed and the import: with the domain claim when the domain may be claimed (decision 042).
      const refused = universityDomainRefusal(university.email_domain) !== null;
      const claim = refused
        ? []
        : await domainMoveItems({ doc, tableName }, university.id, null, university.email_domain);
      if (refused)
        logger.warn('university written with a refused e-mail domain, unclaimed', {
          id: university.id,
          domain: university.email_domain,
        });
      try {
        await transactDomains({ doc, tableName }, [put, ...claim]);
        return true;
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons?.includes('ConditionalCheckFailed')) throw err;
        if (reasons[0] === 'ConditionalCheckFailed') return false;
      }
      // Old data whose domain is another university's: kept, unclaimed and logged, never lost.
      logger.warn('university written without its e-mail domain claim: it conflicts with another', {
        id: university.id,
        conflict: await domainConflict({ doc, tableName }, university.id, university.email_domain),
      });
      try {
        await doc.send(new PutCommand(put.Put));
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
      if ((await transactCreate(table, [legacyOp({ Put: put })], terms)) !== null)
        throw new Error(`university request ${request.id} already exists`);
    },
  };
}
