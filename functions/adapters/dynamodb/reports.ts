import { GetCommand, PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { type ProductReport, productReportSchema } from '#shared/reports';
import { entityKey, INDEXES, KEY, keys, reportIndexAttributes } from '#shared/table';
import { logger } from '../../commons/observability';
import type { ReportRepository } from '../../ports/reports';
import type { TableAccess } from './client';
import { decodeDynamoCursor, encodeDynamoCursor } from './cursor';
import { isConditionalCheckFailed, stripKeys } from './items';

/** An item that is not a valid report is logged and skipped (never a 500 for one bad row). */
function toReport(item: Record<string, unknown> | undefined): ProductReport | null {
  if (!item) return null;
  const parsed = productReportSchema.safeParse(stripKeys(item));
  if (parsed.success) return parsed.data;
  logger.warn('skipping malformed report item', {
    pk: item.pk,
    sk: item.sk,
    issues: parsed.error.issues.slice(0, 3),
  });
  return null;
}

const isReport = (r: ProductReport | null): r is ProductReport => r !== null;

export function reportItem(report: ProductReport): Record<string, unknown> {
  return {
    ...report,
    ...entityKey('report', keys.report(report.product_id, report.reporter_id)),
    ...reportIndexAttributes(report),
  };
}

/** A product's reports are few (one per reporter), so they are read whole, page after page. */
const PRODUCT_PAGE = 100;

export function createReportRepository({ doc, tableName }: TableAccess): ReportRepository {
  return {
    async createIfAbsent(report) {
      try {
        // The key is (product, reporter): the condition makes the one-report rule hold under races.
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: reportItem(report),
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async get(productId, reporterId, opts) {
      const res = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.report(productId, reporterId),
          ConsistentRead: opts?.consistent === true,
        }),
      );
      return toReport(res.Item);
    },

    async listByProduct(productId) {
      const out: ProductReport[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const res: QueryCommandOutput = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
            ExpressionAttributeNames: { '#pk': KEY.pk, '#sk': KEY.sk },
            ExpressionAttributeValues: { ':pk': keys.product(productId).pk, ':prefix': keys.reportPrefix },
            ConsistentRead: true,
            Limit: PRODUCT_PAGE,
            ExclusiveStartKey: start,
          }),
        );
        out.push(...(res.Items ?? []).map(toReport).filter(isReport));
        start = res.LastEvaluatedKey;
      } while (start);
      return out;
    },

    async listByStatus(status, limit, cursor) {
      const index = INDEXES.gsi1;
      const pk = keys.reportsByStatus(status);
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.pk },
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
          // One more than asked tells whether another page exists.
          Limit: limit + 1,
          ...(cursor ? { ExclusiveStartKey: decodeDynamoCursor(cursor, index, pk) } : {}),
        }),
      );
      const raw = res.Items ?? [];
      const pageItems = raw.slice(0, limit);
      const last = pageItems[pageItems.length - 1];
      const nextCursor =
        raw.length > limit && last
          ? encodeDynamoCursor(index, {
              [KEY.pk]: last[KEY.pk],
              [KEY.sk]: last[KEY.sk],
              [index.pk]: last[index.pk],
              [index.sk]: last[index.sk],
            })
          : null;
      // An index read may trail a status change for a moment: only items of the status asked.
      return {
        items: pageItems
          .map(toReport)
          .filter(isReport)
          .filter((r) => r.status === status),
        nextCursor,
      };
    },

    async listByReporter(reporterId, limit) {
      const index = INDEXES.gsi2;
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.pk },
          ExpressionAttributeValues: { ':pk': keys.reportsByReporter(reporterId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map(toReport).filter(isReport);
    },
  };
}
