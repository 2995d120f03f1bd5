import * as z from 'zod/mini';
import { type AdminJob, adminJobSchema, type AuditEntry, auditEntrySchema } from '#shared/admin';
import type { ExchangeRate } from '#shared/exchange-rate';
import { exchangeRateSchema } from '#shared/exchange-rate-schemas';
import { questionSchema } from '#shared/questions';
import { type ProductReport, productReportSchema } from '#shared/reports';
import { type Product, productSchema, universityRequestSchema, universitySchema } from '#shared/schemas';
import {
  INDEXES,
  KEY,
  keys,
  productIndexAttributes,
  reportIndexAttributes,
  universityRequestIndexAttributes,
} from '#shared/table';
import { fold } from '#shared/text';
import type { StoredQuestion } from '../../ports/questions';
import { defineEntity } from './entity';
import type { Expr, WriteOp } from './table';

/**
 * Every kind of item the table holds, declared once (docs/decisions/056-entities.md); the item
 * table of `shared/table.ts` lists their keys and indexes. Where the API has a schema for the same
 * fields, the entity's shape is that schema.
 */

/** The BCV's rate of a date (decision 033). */
export const exchangeRateEntity = /* @__PURE__ */ defineEntity<ExchangeRate, { date: string }>({
  name: 'exchangeRate',
  schema: exchangeRateSchema,
  key: ({ date }) => keys.exchangeRate(date),
  attributes: (r) => exchangeRateSchema.parse(r),
});

/** A person's report of a product: one per reporter, in the product's partition. */
export const reportEntity = /* @__PURE__ */ defineEntity<ProductReport, { product_id: number; reporter_id: string }>({
  name: 'report',
  schema: productReportSchema,
  key: (r) => keys.report(r.product_id, r.reporter_id),
  indexes: reportIndexAttributes,
});

export const auditSort = (e: AuditEntry) => `${e.at}#${e.id}`;

/** An admin's action: in the history of what it acted on, and in the list of every action. */
export const auditEntity = /* @__PURE__ */ defineEntity<AuditEntry, AuditEntry>({
  name: 'audit',
  schema: auditEntrySchema,
  key: (e) => keys.audit(e.entity_type, e.entity_id, auditSort(e)),
  indexes: (e) => ({ [INDEXES.gsi1.pk]: keys.auditAllPartition, [INDEXES.gsi1.sk]: auditSort(e) }),
  attributes: (e) => auditEntrySchema.parse(e),
});

// --- Counts (docs/decisions/051: exactly-once counting with member pages) ----------------------

/** An exact count, by name (a listing's count by its listing partition key): only ever ADDed to. */
export const countSchema = /* @__PURE__ */ z.object({ value: z.number() });
export const countEntity = /* @__PURE__ */ defineEntity<z.infer<typeof countSchema>, string>({
  name: 'count',
  schema: countSchema,
  key: (name) => keys.count(name),
});

/** A marker in no count lingers this long (a late record finds it), then TTL removes it. */
const EMPTY_MARKER_TTL_S = 7 * 86_400;

/**
 * The counts one member is in now, under a version every move is conditioned on (reports; products
 * counted before marker pages, until their first move folds them into their page).
 */
export const countMemberSchema = /* @__PURE__ */ z.object({ counts: z.array(z.string()), version: z.number() });
export const countMemberEntity = /* @__PURE__ */ defineEntity<z.infer<typeof countMemberSchema>, string>({
  name: 'countMember',
  schema: countMemberSchema,
  key: (member) => keys.countMember(member),
  ttl: (m) => (m.counts.length === 0 ? Math.floor(Date.now() / 1000) + EMPTY_MARKER_TTL_S : undefined),
});

/**
 * The counts each member of a page (`PRODUCTS#<id div 50>`) is in now, ONE version for the page: a
 * member counted nowhere has no entry.
 */
export const countMemberPageSchema = /* @__PURE__ */ z.object({
  members: z.record(z.string(), z.array(z.string())),
  version: z.number(),
});
export const countMemberPageEntity = /* @__PURE__ */ defineEntity<z.infer<typeof countMemberPageSchema>, string>({
  name: 'countMemberPage',
  schema: countMemberPageSchema,
  key: (page) => keys.countMemberPage(page),
});

/** Present once every product's own marker is folded into its page (the fold's last write). */
export const countLayoutSchema = /* @__PURE__ */ z.object({ folded_at: z.string() });
export const countLayoutEntity = /* @__PURE__ */ defineEntity<z.infer<typeof countLayoutSchema>, Record<string, never>>({
  name: 'countLayout',
  schema: countLayoutSchema,
  key: () => keys.countLayout(),
  id: () => ({}),
});

/** A create's first answer (decision 041), kept 24 h. */
export const idempotencyRecordSchema = /* @__PURE__ */ z.object({
  request_hash: z.string(),
  status: z.number(),
  body: z.string(),
  claimed_at: z.number(),
  expires_at: z.number(),
});
export type StoredIdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;
export const idempotencyRecordEntity = /* @__PURE__ */ defineEntity<
  StoredIdempotencyRecord,
  { route: string; caller: string; key: string }
>({
  name: 'idempotencyRecord',
  schema: idempotencyRecordSchema,
  key: (r) => keys.idempotencyRecord(r.route, r.caller, r.key),
  ttl: (r) => Math.ceil(r.expires_at / 1000),
});

/** The times of the uses of an allowance within its window (send-windows.ts). */
export const sendWindowSchema = /* @__PURE__ */ z.object({ sends: z.array(z.number()), version: z.optional(z.number()) });
export const sendWindowEntity = /* @__PURE__ */ defineEntity<z.infer<typeof sendWindowSchema>, { subject: string }>({
  name: 'sendWindow',
  schema: sendWindowSchema,
  key: ({ subject }) => keys.sendWindow(subject),
});

// --- Products --------------------------------------------------------------------------------

/**
 * A listing. Its listing indexes (gsi1–gsi4) are present only while it is listed, gsi5 while it has
 * an owner, gsi6 always, gsi7 while an expiry step is due (shared/table.ts): every write of a
 * product writes the whole item, so the sparse indexes always match its status and hold.
 */
export const productEntity = /* @__PURE__ */ defineEntity<Product, { id: number }>({
  name: 'product',
  schema: productSchema,
  key: ({ id }) => keys.product(id),
  indexes: productIndexAttributes,
  attributes: (product) => {
    // A hold that is not there is no attribute at all (the hold's conditions test for its absence);
    // expiry fields are absent rather than null, so the expiry job's conditions can test them
    // (decision 030).
    const { held_at, hold_released_at, expires_at, expired_at, reminded_for, ...rest } = product;
    return {
      ...rest,
      ...(held_at ? { held_at } : {}),
      ...(hold_released_at ? { hold_released_at } : {}),
      ...(expires_at ? { expires_at } : {}),
      ...(expired_at ? { expired_at } : {}),
      ...(reminded_for ? { reminded_for } : {}),
    };
  },
});

/**
 * The conditions a product is written under, named once: every writer of a product (its seller,
 * the reports' holds, the admin, the expiry job) states which one its change needs.
 */
export const productWhile = {
  /** Still as it was read: the same status and the same hold (a concurrent change wins). */
  asRead: (p: Pick<Product, 'status' | 'held_at'>): Expr => ({
    expression: `#pstatus = :pstatus AND ${p.held_at ? 'held_at = :pheld' : 'attribute_not_exists(held_at)'}`,
    names: { '#pstatus': 'status' },
    values: { ':pstatus': p.status, ...(p.held_at ? { ':pheld': p.held_at } : {}) },
  }),
  /** Its seller's to change: owned by `ownerId`, in status `from`, not held for review. */
  sellersToChange: (ownerId: string, from: Product['status']): Expr => ({
    expression: '#pstatus = :pfrom AND owner_id = :powner AND attribute_not_exists(held_at)',
    names: { '#pstatus': 'status' },
    values: { ':pfrom': from, ':powner': ownerId },
  }),
  /** Owned by `ownerId`. */
  ownedBy: (ownerId: string): Expr => ({ expression: 'owner_id = :powner', values: { ':powner': ownerId } }),
  /** Held since `heldAt`. */
  heldSince: (heldAt: string): Expr => ({ expression: 'held_at = :pheld', values: { ':pheld': heldAt } }),
  /** Active, not held, and last released at `releasedAt` (null: never): what a new hold needs. */
  holdable: (releasedAt: string | null): Expr => ({
    expression: [
      '#pstatus = :pactive',
      'attribute_not_exists(held_at)',
      releasedAt === null ? 'attribute_not_exists(hold_released_at)' : 'hold_released_at = :preleased',
    ].join(' AND '),
    names: { '#pstatus': 'status' },
    values: { ':pactive': 'active', ...(releasedAt === null ? {} : { ':preleased': releasedAt }) },
  }),
};

/** The product id counter (an atomic ADD hands out each id once). */
export const productCounterSchema = /* @__PURE__ */ z.object({ last_id: z.number() });
export const productCounterEntity = /* @__PURE__ */ defineEntity<z.infer<typeof productCounterSchema>, Record<string, never>>(
  {
    name: 'counter',
    schema: productCounterSchema,
    key: () => keys.productCounter(),
  },
);

// --- Universities ----------------------------------------------------------------------------

/** A university as stored: `deleting_job_id` while its deletion job runs (decision 026). */
export const storedUniversitySchema = /* @__PURE__ */ z.object({
  ...universitySchema.shape,
  deleting_job_id: z.optional(z.nullable(z.string())),
});
export type StoredUniversityValue = z.infer<typeof storedUniversitySchema>;

/**
 * A university: in the public list (gsi1, by folded name) unless it is being deleted, then in the
 * admin's list of deletions (gsi2) instead.
 */
export const universityEntity = /* @__PURE__ */ defineEntity<StoredUniversityValue, { id: string }>({
  name: 'university',
  schema: storedUniversitySchema,
  key: ({ id }) => keys.university(id),
  indexes: (u): Record<string, string> =>
    u.deleting_job_id
      ? { [INDEXES.gsi2.pk]: keys.universitiesDeletingPartition, [INDEXES.gsi2.sk]: u.id }
      : { [INDEXES.gsi1.pk]: keys.universitiesPartition, [INDEXES.gsi1.sk]: `${fold(u.name)}#${u.id}` },
  attributes: ({ deleting_job_id, ...u }) => ({ ...u, ...(deleting_job_id ? { deleting_job_id } : {}) }),
});

/**
 * A transaction's step that holds only while the university exists, is not being deleted and
 * (when given) still has the e-mail domain `domain`: what a verification, a listing, a saved search
 * or a meeting point of the university is written with, so none is written for a deleted one
 * (docs/decisions/042).
 */
export function universityIsOpen(universityId: string, domain?: string): WriteOp {
  return universityEntity.check(
    { id: universityId },
    {
      expression: `attribute_exists(#ckpk) AND attribute_not_exists(deleting_job_id)${domain ? ' AND email_domain = :udomain' : ''}`,
      names: { '#ckpk': KEY.pk },
      ...(domain ? { values: { ':udomain': domain.toLowerCase() } } : {}),
    },
  );
}

/** A request to add a university, and the admin's decision on it. */
export const storedRequestSchema = /* @__PURE__ */ z.object({
  ...universityRequestSchema.shape,
  reviewed_at: z.optional(z.nullable(z.string())),
});
export const universityRequestEntity = /* @__PURE__ */ defineEntity<z.infer<typeof storedRequestSchema>, { id: string }>({
  name: 'universityRequest',
  schema: storedRequestSchema,
  key: ({ id }) => keys.universityRequest(id),
  indexes: universityRequestIndexAttributes,
});

/**
 * A node of the universities' e-mail domains (decision 042): `university_id` while a university
 * holds the domain, `below` the ids of the universities whose domains are its subdomains.
 */
export const universityDomainSchema = /* @__PURE__ */ z.object({
  domain_name: z.optional(z.string()),
  university_id: z.optional(z.string()),
  below: z.optional(z.set(z.string())),
});
export const universityDomainEntity = /* @__PURE__ */ defineEntity<
  z.infer<typeof universityDomainSchema>,
  { domain: string }
>({
  name: 'universityDomain',
  schema: universityDomainSchema,
  key: ({ domain }) => keys.universityDomain(domain),
});

// --- Admin: jobs -----------------------------------------------------------------------------

/** A background job as stored: its page cursor and the lease of the run that holds it. */
export const storedJobSchema = /* @__PURE__ */ z.object({
  ...adminJobSchema.shape,
  cursor: z.optional(z.nullable(z.string())),
  lease_until: z.optional(z.nullable(z.string())),
});
export type StoredJob = z.infer<typeof storedJobSchema>;

/** A job (decision 026): the latest of a kind are one Query of gsi1. */
export const jobEntity = /* @__PURE__ */ defineEntity<StoredJob, { id: string }>({
  name: 'job',
  schema: storedJobSchema,
  key: ({ id }) => keys.job(id),
  indexes: (job) => ({
    [INDEXES.gsi1.pk]: keys.jobsOfKind(job.kind),
    [INDEXES.gsi1.sk]: `${job.created_at}#${job.id}`,
  }),
});

/** The lock a running job of its kind (and target) holds: one reindex, one deletion per university. */
export const jobLockEntity = /* @__PURE__ */ defineEntity<{ job_id: string }, { kind: string; target: string | null }>({
  name: 'jobLock',
  schema: z.object({ job_id: z.string() }),
  key: ({ kind, target }) => keys.jobLock(kind, target),
});

/** The writes that create a queued job holding its lock (each only if absent). */
export function jobClaim(job: AdminJob): WriteOp[] {
  return [jobLockEntity.create({ job_id: job.id }, { key: job }), jobEntity.create(job)];
}

// --- Questions -------------------------------------------------------------------------------

/**
 * A question as stored, in its product's partition: the fields the product page shows (the API's
 * schema) and those only the server reads (who may answer, who may delete).
 */
export const storedQuestionSchema = /* @__PURE__ */ z.extend(
  z.pick(questionSchema, {
    id: true,
    product_id: true,
    asker_name: true,
    question_text: true,
    created_at: true,
  }),
  {
    product_title: z.string(),
    seller_id: z.string(),
    asker_id: z.string(),
    answer_text: z.optional(z.string()),
    answered_at: z.optional(z.string()),
  },
) satisfies z.ZodMiniType<StoredQuestion>;

export const questionEntity = /* @__PURE__ */ defineEntity<StoredQuestion, { product_id: number; id: string }>({
  name: 'question',
  schema: storedQuestionSchema,
  key: (q) => keys.question(q.product_id, q.id),
});
