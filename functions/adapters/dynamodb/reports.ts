import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type ProductReport, productReportSchema } from '#shared/reports';
import { entityKey, INDEXES, KEY, keys, reportIndexAttributes } from '#shared/table';
import { logger } from '../../commons/observability';
import type { ReportRepository } from '../../ports/reports';
import type { TableAccess } from './client';
import { queryIndexPage, queryPartitionPrefix } from './cursor';
import { transactCreate } from './idempotency';
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

export function createReportRepository(table: TableAccess): ReportRepository {
  const { doc, tableName } = table;
  return {
    async createIfAbsent(report, terms) {
      // The key is (product, reporter): the condition makes the one-report rule hold under races.
      const put = {
        TableName: tableName,
        Item: reportItem(report),
        ConditionExpression: `attribute_not_exists(${KEY.pk})`,
      };
      if (terms) return (await transactCreate(table, [{ Put: put }], terms)) === null;
      try {
        await doc.send(new PutCommand(put));
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
      // A product's reports are few (one per reporter): read whole.
      const items = await queryPartitionPrefix(table, {
        pk: keys.productPartition(productId),
        prefix: keys.reportPrefix,
        consistent: true,
      });
      return items.map(toReport).filter(isReport);
    },

    async listByStatus(status, limit, cursor) {
      const page = await queryIndexPage(table, {
        index: INDEXES.gsi1,
        pk: keys.reportsByStatus(status),
        newestFirst: true,
        limit,
        cursor,
      });
      // An index read may trail a status change for a moment: only items of the status asked.
      return {
        items: page.items
          .map(toReport)
          .filter(isReport)
          .filter((r) => r.status === status),
        nextCursor: page.nextCursor,
      };
    },

    async listByReporter(reporterId, limit) {
      const page = await queryIndexPage(table, {
        index: INDEXES.gsi2,
        pk: keys.reportsByReporter(reporterId),
        newestFirst: true,
        limit,
      });
      return page.items.map(toReport).filter(isReport);
    },
  };
}
