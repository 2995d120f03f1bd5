import * as z from 'zod/mini';
import { type AuditEntry, auditEntrySchema } from '#shared/admin';
import type { ExchangeRate } from '#shared/exchange-rate';
import { exchangeRateSchema } from '#shared/exchange-rate-schemas';
import { type ProductReport, productReportSchema } from '#shared/reports';
import { INDEXES, keys, reportIndexAttributes } from '#shared/table';
import { defineEntity } from './entity';

/**
 * Every kind of item the table holds, declared once (docs/decisions/056-entities.md); the item
 * table of `shared/table.ts` lists their keys and indexes. Where the API has a schema for the same
 * fields, the entity's shape is that schema.
 */

/** The BCV's rate of a date (decision 033). */
export const exchangeRateEntity = defineEntity<ExchangeRate, { date: string }>({
  name: 'exchangeRate',
  schema: exchangeRateSchema,
  key: ({ date }) => keys.exchangeRate(date),
  attributes: (r) => exchangeRateSchema.parse(r),
});

/** A person's report of a product: one per reporter, in the product's partition. */
export const reportEntity = defineEntity<ProductReport, { product_id: number; reporter_id: string }>({
  name: 'report',
  schema: productReportSchema,
  key: (r) => keys.report(r.product_id, r.reporter_id),
  indexes: reportIndexAttributes,
});

export const auditSort = (e: AuditEntry) => `${e.at}#${e.id}`;

/** An admin's action: in the history of what it acted on, and in the list of every action. */
export const auditEntity = defineEntity<AuditEntry, AuditEntry>({
  name: 'audit',
  schema: auditEntrySchema,
  key: (e) => keys.audit(e.entity_type, e.entity_id, auditSort(e)),
  indexes: (e) => ({ [INDEXES.gsi1.pk]: keys.auditAllPartition, [INDEXES.gsi1.sk]: auditSort(e) }),
  attributes: (e) => auditEntrySchema.parse(e),
});

/** A create's first answer (decision 041), kept 24 h. */
export const idempotencyRecordSchema = z.object({
  request_hash: z.string(),
  status: z.number(),
  body: z.string(),
  claimed_at: z.number(),
  expires_at: z.number(),
});
export type StoredIdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;
export const idempotencyRecordEntity = defineEntity<
  StoredIdempotencyRecord,
  { route: string; caller: string; key: string }
>({
  name: 'idempotencyRecord',
  schema: idempotencyRecordSchema,
  key: (r) => keys.idempotencyRecord(r.route, r.caller, r.key),
  ttl: (r) => Math.ceil(r.expires_at / 1000),
});

/** The times of the uses of an allowance within its window (send-windows.ts). */
export const sendWindowSchema = z.object({ sends: z.array(z.number()), version: z.optional(z.number()) });
export const sendWindowEntity = defineEntity<z.infer<typeof sendWindowSchema>, { subject: string }>({
  name: 'sendWindow',
  schema: sendWindowSchema,
  key: ({ subject }) => keys.sendWindow(subject),
});
