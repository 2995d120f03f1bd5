import { INDEXES, keys } from '#shared/table';
import type { ReportRepository } from '../../ports/reports';
import type { TableAccess } from './client';
import { auditEntity, productEntity, productWhile, reportEntity } from './entities';
import { transactCreate } from './idempotency';
import { settled, tableOf } from './table';

export function createReportRepository(access: TableAccess): ReportRepository {
  const table = tableOf(access);
  return {
    async createIfAbsent(report, terms) {
      // The key is (product, reporter): the condition makes the one-report rule hold under races.
      const create = reportEntity.create(report);
      if (terms) return (await transactCreate(table, [create], terms)) === null;
      return table.write(create);
    },

    get: (productId, reporterId, opts) =>
      reportEntity.get(table, { product_id: productId, reporter_id: reporterId }, opts),

    // A product's reports are few (one per reporter): read whole.
    listByProduct: (productId) =>
      reportEntity.queryAll(table, {
        pk: keys.productPartition(productId),
        sk: { beginsWith: keys.reportPrefix },
        consistent: true,
      }),

    async listByStatus(status, limit, cursor) {
      const page = await reportEntity.queryPage(
        table,
        { index: INDEXES.gsi1, pk: keys.reportsByStatus(status), newestFirst: true },
        { limit, cursor },
      );
      // An index read may trail a status change for a moment: only items of the status asked.
      return { items: page.items.filter((r) => r.status === status), nextCursor: page.nextCursor };
    },

    async listByReporter(reporterId, limit) {
      const page = await reportEntity.queryPage(
        table,
        { index: INDEXES.gsi2, pk: keys.reportsByReporter(reporterId), newestFirst: true },
        { limit },
      );
      return page.items;
    },

    async decide(report, decided, product, audits) {
      const outcome = await table.transact([
        reportEntity.put(decided, {
          condition: {
            expression: '#rstatus = :rpending',
            names: { '#rstatus': 'status' },
            values: { ':rpending': report.status },
          },
        }),
        ...(product
          ? [productEntity.put(product.next, { condition: productWhile.asRead(product.current) })]
          : []),
        ...audits.map((a) => auditEntity.create(a)),
      ]);
      return settled(outcome);
    },
  };
}
