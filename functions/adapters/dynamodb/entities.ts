import * as z from 'zod/mini';
import { type AdminJob, adminJobSchema, type AuditEntry, auditEntrySchema } from '#shared/admin';
import type { ExchangeRate } from '#shared/exchange-rate';
import { exchangeRateSchema } from '#shared/exchange-rate-schemas';
import { DEAL_STATES } from '#shared/deals';
import { REVIEW_REMINDER_DAYS, REVIEW_SIDES, type ReviewReport, reviewReportSchema } from '#shared/reviews';
import { questionSchema } from '#shared/questions';
import { type ProductReport, productReportSchema } from '#shared/reports';
import { type Product, productSchema, universityRequestSchema, universitySchema } from '#shared/schemas';
import {
  ENTITY_ATTRIBUTE,
  INDEXES,
  KEY,
  keys,
  productIndexAttributes,
  reportIndexAttributes,
  universityRequestIndexAttributes,
} from '#shared/table';
import { fold } from '#shared/text';
import type { StoredQuestion } from '../../ports/questions';
import { both, changes, defineEntity } from './entity';
import type { Expr, WriteOp } from './table';
// The accounts, notifications, trust and alerts block's own imports (kept apart: fewer merge conflicts).
import { adminUserSchema } from '#shared/admin';
import { favoriteIndexAttributes, profileIndexAttributes } from '#shared/table';
import { savedSearchSchema } from '#shared/alerts';
import { meetingPointSchema } from '#shared/trust';
import type { StoredSavedSearch } from '../../ports/alerts';
import { PUSH_KINDS, type PushKind } from '#shared/push';

/** The profile attribute of a push switch. */
export const pushSwitchAttribute = <K extends PushKind>(kind: K) => `push_${kind}` as const;

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
export const reportEntity = /* @__PURE__ */ defineEntity<
  ProductReport,
  { product_id: number; reporter_id: string }
>({
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
export const countMemberSchema = /* @__PURE__ */ z.object({
  counts: z.array(z.string()),
  version: z.number(),
});
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
export const countMemberPageEntity = /* @__PURE__ */ defineEntity<
  z.infer<typeof countMemberPageSchema>,
  string
>({
  name: 'countMemberPage',
  schema: countMemberPageSchema,
  key: (page) => keys.countMemberPage(page),
});

/** Present once every product's own marker is folded into its page (the fold's last write). */
export const countLayoutSchema = /* @__PURE__ */ z.object({ folded_at: z.string() });
export const countLayoutEntity = /* @__PURE__ */ defineEntity<
  z.infer<typeof countLayoutSchema>,
  Record<string, never>
>({
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
export const sendWindowSchema = /* @__PURE__ */ z.object({
  sends: z.array(z.number()),
  version: z.optional(z.number()),
});
export const sendWindowEntity = /* @__PURE__ */ defineEntity<
  z.infer<typeof sendWindowSchema>,
  { subject: string }
>({
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
 * The attributes of a product's listing indexes (gsi1–gsi4): what a product drops when it leaves
 * every listing at once (a hold, an expiry); gsi5 (the owner's) and gsi6 (the admin's) stay.
 */
export const PRODUCT_LISTING_ATTRIBUTES = [INDEXES.gsi1, INDEXES.gsi2, INDEXES.gsi3, INDEXES.gsi4].flatMap(
  (i) => [i.pk, i.sk],
);

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
export const productCounterEntity = /* @__PURE__ */ defineEntity<
  z.infer<typeof productCounterSchema>,
  Record<string, never>
>({
  name: 'counter',
  schema: productCounterSchema,
  key: () => keys.productCounter(),
});

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
export const universityRequestEntity = /* @__PURE__ */ defineEntity<
  z.infer<typeof storedRequestSchema>,
  { id: string }
>({
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
export const jobLockEntity = /* @__PURE__ */ defineEntity<
  { job_id: string },
  { kind: string; target: string | null }
>({
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

export const questionEntity = /* @__PURE__ */ defineEntity<
  StoredQuestion,
  { product_id: number; id: string }
>({
  name: 'question',
  schema: storedQuestionSchema,
  key: (q) => keys.question(q.product_id, q.id),
});

// ---------------------------------------------------------------- accounts, notifications, trust, alerts

/**
 * A person's profile: the API's (with the roles the admin's list shows) and the switches and dates
 * only the table keeps. Each extra field is absent until it is first set.
 */
export const storedProfileSchema = z.object({
  ...adminUserSchema.shape,
  /** Cognito's groups, mirrored on the profile once an admin changes them. */
  roles: z.optional(adminUserSchema.shape.roles),
  /** When the institutional e-mail was verified (decision 032); absent for older verifications. */
  university_email_verified_at: z.optional(z.nullable(z.string())),
  /** The seller page's switch for sold listings (decision 032): off when absent. */
  seller_hide_sold: z.optional(z.boolean()),
  /** The question mails' switch (decision 020): on when absent. */
  notify_questions: z.optional(z.boolean()),
  /** The push switches per kind (issue 41): each on when absent. */
  ...(Object.fromEntries(PUSH_KINDS.map((k) => [pushSwitchAttribute(k), z.optional(z.boolean())])) as Record<
    `push_${PushKind}`,
    z.ZodMiniOptional<z.ZodMiniBoolean>
  >),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;
export const profileEntity = defineEntity<StoredProfile, { user_id: string }>({
  name: 'profile',
  schema: storedProfileSchema,
  key: (p) => keys.profile(p.user_id),
  indexes: profileIndexAttributes,
});

/**
 * When a versioned whole-item write (a notification window, an alert state) is due and when it was
 * written: what its sparse due index and its TTL are made of, never stored as attributes.
 */
interface Schedule {
  /** Epoch ms when its gathered work is due (the sweep's index), or null when nothing is. */
  readonly due_at?: number | null;
  /** Epoch ms of the write: the TTL counts from it. */
  readonly written_at?: number;
}
const withoutSchedule = <V extends Schedule>({ due_at: _due, written_at: _written, ...stored }: V) => stored;

/** A window item outlives its last change by this much: longer than a stream record can be replayed (24 h). */
const NOTIFY_WINDOW_TTL_SECONDS = 2 * 24 * 60 * 60;

/** The question mails of one product to one person (decision 020); the port's NotifyWindow, stored. */
export const notifyWindowSchema = z.object({
  recipient: z.string(),
  product_id: z.number(),
  kind: z.enum(['question', 'answer']),
  version: z.number(),
  window_ends_at: z.optional(z.nullable(z.number())),
  pending: z.array(z.string()),
  seen: z.array(z.string()),
});
export type StoredNotifyWindow = z.infer<typeof notifyWindowSchema> & Schedule;
export const notifyWindowEntity = defineEntity<
  StoredNotifyWindow,
  Pick<StoredNotifyWindow, 'recipient' | 'product_id' | 'kind'>
>({
  name: 'notifyWindow',
  schema: notifyWindowSchema,
  key: (w) => keys.notifyWindow(w.recipient, w.product_id, w.kind),
  // While it holds gathered questions: gsi1 NOTIFY_DUE / <due ISO time>#<its key>.
  indexes: (w): Record<string, string> => {
    if (w.pending.length === 0 || w.due_at === null || w.due_at === undefined) return {};
    const { pk, sk } = keys.notifyWindow(w.recipient, w.product_id, w.kind);
    return {
      [INDEXES.gsi1.pk]: keys.notifyDuePartition,
      [INDEXES.gsi1.sk]: `${new Date(w.due_at).toISOString()}#${pk}#${sk}`,
    };
  },
  ttl: (w) =>
    w.written_at === undefined
      ? undefined
      : Math.ceil(Math.max(w.written_at, w.window_ends_at ?? 0) / 1000) + NOTIFY_WINDOW_TTL_SECONDS,
  attributes: withoutSchedule,
});

/** A university's safe meeting point (decision 032): the API's, and when it last changed. */
export const storedMeetingPointSchema = z.object({
  ...meetingPointSchema.shape,
  /** What an edit or a deletion is conditioned on. */
  updated_at: z.string(),
});
export const meetingPointEntity = defineEntity<
  z.infer<typeof storedMeetingPointSchema>,
  { university_id: string; id: string }
>({
  name: 'meetingPoint',
  schema: storedMeetingPointSchema,
  key: (p) => keys.meetingPoint(p.university_id, p.id),
});

const epochSeconds = (ms: number) => Math.ceil(ms / 1000);
/** Short-lived account items are kept a day past their expiry (TTL deletes lazily; expiry is checked in code). */
const A_DAY_SECONDS = 86_400;

/** A verification code as stored: only its salted hash (the port's CodeRecord). */
export const verificationCodeSchema = z.object({
  purpose: z.enum(['signup', 'institutional']),
  subject: z.string(),
  code_id: z.string(),
  email: z.string(),
  salt: z.string(),
  hash: z.string(),
  expires_at: z.number(),
  attempts: z.number(),
  used: z.boolean(),
  university_id: z.nullable(z.string()),
  // Codes stored before registrations were named carry none (and confirm nothing).
  registration: z.optional(z.nullable(z.string())),
});
export type StoredVerificationCode = z.infer<typeof verificationCodeSchema>;
export const verificationCodeEntity = defineEntity<
  StoredVerificationCode,
  Pick<StoredVerificationCode, 'purpose' | 'subject'>
>({
  name: 'verificationCode',
  schema: verificationCodeSchema,
  key: (c) => keys.verification(c.purpose, c.subject),
  ttl: (c) => epochSeconds(c.expires_at) + A_DAY_SECONDS,
});

/** A public mail route's request, read by the stream dispatcher (the port's MailRequest). */
export const mailRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['signUp', 'signUpCode', 'passwordReset']),
  email: z.string(),
  registration: z.nullable(z.string()),
  requested_at: z.number(),
});
export const mailRequestEntity = defineEntity<z.infer<typeof mailRequestSchema>, { id: string }>({
  name: 'mailRequest',
  schema: mailRequestSchema,
  key: (r) => keys.mailRequest(r.id),
  // The dispatcher handles it within seconds; the item only has to outlive retries.
  ttl: (r) => epochSeconds(r.requested_at) + A_DAY_SECONDS,
});

/** A sign-up awaiting its code (decision 040; the port's PendingRegistration): never a password. */
export const registrationSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  national_id: z.string(),
  university_id: z.nullable(z.string()),
  secret_hash: z.string(),
  created_at: z.number(),
  expires_at: z.number(),
});
export const registrationEntity = defineEntity<z.infer<typeof registrationSchema>, { id: string }>({
  name: 'registration',
  schema: registrationSchema,
  key: (r) => keys.registration(r.id),
  ttl: (r) => epochSeconds(r.expires_at) + A_DAY_SECONDS,
});

/** A password-reset link, by the SHA-256 of its token (the token itself is never stored). */
export const resetTokenSchema = z.object({
  email: z.string(),
  /** The registration it was mailed for (the port's ResetGrant). */
  registration: z.optional(z.nullable(z.string())),
  expires_at: z.number(),
  /** Set while it is used (absent until then, and again once given back). */
  used_at: z.optional(z.number()),
});
export const resetTokenEntity = defineEntity<z.infer<typeof resetTokenSchema>, { token_hash: string }>({
  name: 'resetToken',
  schema: resetTokenSchema,
  key: (t) => keys.resetToken(t.token_hash),
  ttl: (t) => epochSeconds(t.expires_at) + A_DAY_SECONDS,
});

/** The one account holding a verified institutional address (lower-case, in the key). */
export const institutionalClaimEntity = defineEntity<{ user_id: string }, { address: string }>({
  name: 'institutionalClaim',
  schema: z.object({ user_id: z.string() }),
  key: (c) => keys.institutionalClaim(c.address),
});

/**
 * A user's saved product. Its user lives in its key (the user's partition) and its index, not in an
 * attribute: whoever reads the user's partition supplies it.
 */
export const favoriteSchema = z.object({
  user_id: z.string(),
  product_id: z.number(),
  created_at: z.string(),
});
export type StoredFavorite = z.infer<typeof favoriteSchema>;
export const favoriteEntity = defineEntity<StoredFavorite, Pick<StoredFavorite, 'user_id' | 'product_id'>>({
  name: 'favorite',
  schema: favoriteSchema,
  key: (f) => keys.favorite(f.user_id, f.product_id),
  // Found by its product when the product is deleted (gsi1 FAVORITED#<product id> / <user id>).
  indexes: (f) => favoriteIndexAttributes(f.user_id, f.product_id),
  attributes: (f) => ({ product_id: f.product_id, created_at: f.created_at }),
});

/** 'Nuevos para ti' is a number set (ADD is idempotent under replays); the document client gives a Set. */
function newIdsOf(value: unknown): number[] {
  if (value instanceof Set) return [...value].map(Number).filter(Number.isFinite);
  if (Array.isArray(value)) return value.map(Number).filter(Number.isFinite);
  return [];
}

/**
 * A saved search (decision 031): the API's saved search with its owner, and the listings new to
 * them (stored as a number set, absent once seen) where the API shows their count.
 */
export const storedSavedSearchSchema = z.object({
  ...z.omit(savedSearchSchema, { new_count: true }).shape,
  user_id: z.string(),
  new_ids: z.pipe(z.optional(z.unknown()), z.transform(newIdsOf)),
});
export const savedSearchEntity = defineEntity<StoredSavedSearch, Pick<StoredSavedSearch, 'user_id' | 'id'>>({
  name: 'savedSearch',
  schema: storedSavedSearchSchema,
  key: (s) => keys.savedSearch(s.user_id, s.id),
  // Every saved search in one partition: the local matcher is rebuilt from it at start.
  indexes: (s) => ({ [INDEXES.gsi1.pk]: keys.savedSearchesPartition, [INDEXES.gsi1.sk]: s.id }),
  // New listings are only ever added to the set by an update (and the set is left out while empty).
  attributes: ({ new_ids: _new, ...stored }) => stored,
});

/** How many saved searches a user has: the limit of 10, kept in the same transactions. */
export const savedSearchCountEntity = defineEntity<{ count: number }, { user_id: string }>({
  name: 'savedSearchCount',
  schema: z.object({ count: z.number() }),
  key: (c) => keys.savedSearchCount(c.user_id),
});

/** A state item outlives its last change by three days (a digest is due the next morning at most). */
const ALERT_STATE_TTL_SECONDS = 3 * 24 * 60 * 60;

/** The day's alert mails of one person (the port's AlertState, stored). */
export const alertStateSchema = z.object({
  user_id: z.string(),
  version: z.number(),
  mailed_day: z.optional(z.nullable(z.string())),
  pending: z.array(
    z.object({
      productId: z.number(),
      searchIds: z.array(z.string()),
      day: z.string(),
      retry: z.optional(z.boolean()),
    }),
  ),
  seen: z.array(z.number()),
  lease_until: z.optional(z.nullable(z.number())),
});
export type StoredAlertState = z.infer<typeof alertStateSchema> & Schedule;
export const alertStateEntity = defineEntity<StoredAlertState, { user_id: string }>({
  name: 'alertState',
  schema: alertStateSchema,
  key: (s) => keys.alertState(s.user_id),
  // While it holds a digest: gsi1 ALERT_DUE / <due ISO time>#<user id>.
  indexes: (s): Record<string, string> =>
    s.pending.length === 0 || s.due_at === null || s.due_at === undefined
      ? {}
      : {
          [INDEXES.gsi1.pk]: keys.alertDuePartition,
          [INDEXES.gsi1.sk]: `${new Date(s.due_at).toISOString()}#${s.user_id}`,
        },
  ttl: (s) => (s.written_at === undefined ? undefined : epochSeconds(s.written_at) + ALERT_STATE_TTL_SECONDS),
  attributes: withoutSchedule,
});

// --- Deals -----------------------------------------------------------------------------------

/** A person who came for a listing (issue 40): first contact, first question, latest of either. */
export const interestSchema = z.object({
  product_id: z.number(),
  user_id: z.string(),
  contacted_at: z.optional(z.string()),
  asked_at: z.optional(z.string()),
  last_at: z.string(),
});
export type StoredInterest = z.infer<typeof interestSchema>;
export const interestEntity = /* @__PURE__ */ defineEntity<
  StoredInterest,
  Pick<StoredInterest, 'product_id' | 'user_id'>
>({
  name: 'interest',
  schema: interestSchema,
  key: (i) => keys.interest(i.product_id, i.user_id),
  indexes: (i) => ({
    [INDEXES.gsi1.pk]: keys.interestsOf(i.user_id),
    [INDEXES.gsi1.sk]: `${i.last_at}#${String(i.product_id).padStart(12, '0')}`,
  }),
});

/**
 * Records that `userId` came for the listing by `kind` at `at`: one item per person and listing,
 * created or refreshed in one write (the first time of each kind is kept, the latest moves the
 * index), so a repeat or a retry changes nothing but the latest time.
 */
export function interestCame(
  productId: number,
  userId: string,
  kind: 'contact' | 'question',
  at: string,
): WriteOp {
  const first = kind === 'contact' ? 'contacted_at' : 'asked_at';
  return interestEntity.update(
    { product_id: productId, user_id: userId },
    {
      expression:
        'SET #ie = :ientity, product_id = :ipid, user_id = :iuid, #ifirst = if_not_exists(#ifirst, :iat), ' +
        'last_at = :iat, #ig1pk = :ig1pk, #ig1sk = :ig1sk',
      names: {
        '#ie': ENTITY_ATTRIBUTE,
        '#ifirst': first,
        '#ig1pk': INDEXES.gsi1.pk,
        '#ig1sk': INDEXES.gsi1.sk,
      },
      values: {
        ':ientity': 'interest',
        ':ipid': productId,
        ':iuid': userId,
        ':iat': at,
        ':ig1pk': keys.interestsOf(userId),
        ':ig1sk': `${at}#${String(productId).padStart(12, '0')}`,
      },
    },
    { upsert: true },
  );
}

// --- Deals (issue 40) ------------------------------------------------------------------------

/**
 * A listing's deal: its sale or reservation with a named buyer. `code` is the handoff code the
 * buyer shows at the meeting (only ever answered to the buyer), `code_tries` the seller's wrong
 * attempts; `sold_at`/`answer_by` once the sale is closed; `confirmed_*` once confirmed.
 */
export const dealSchema = /* @__PURE__ */ z.object({
  product_id: z.number(),
  seller_id: z.string(),
  buyer_id: z.string(),
  /** The listing's title when the buyer was named: the deal outlives the listing. */
  title: z.string(),
  state: z.enum(DEAL_STATES),
  named_at: z.string(),
  sold_at: z.optional(z.string()),
  answer_by: z.optional(z.string()),
  confirmed_at: z.optional(z.string()),
  confirmed_by: z.optional(z.enum(['buyer', 'code'])),
  disputed_at: z.optional(z.string()),
  code: z.string(),
  code_tries: z.number(),
  /** The reviews' window (confirmed_at + 14 days), and where it stands. */
  review_until: z.optional(z.string()),
  buyer_reviewed: z.optional(z.boolean()),
  seller_reviewed: z.optional(z.boolean()),
  /** The window-closing reminder went out. */
  reminded_at: z.optional(z.string()),
  /** Both reviews written, or the window closed: nothing is due any more. */
  reviews_done_at: z.optional(z.string()),
});
export type StoredDeal = z.infer<typeof dealSchema>;

/** When a deal's review window next needs the sweep (its reminder, then its closing), if ever. */
export function dealDueAt(d: StoredDeal): string | null {
  if (d.state !== 'confirmed' || !d.review_until || d.reviews_done_at) return null;
  if (d.reminded_at) return d.review_until;
  return new Date(Date.parse(d.review_until) - REVIEW_REMINDER_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

export const dealEntity = /* @__PURE__ */ defineEntity<StoredDeal, Pick<StoredDeal, 'product_id'>>({
  name: 'deal',
  schema: dealSchema,
  key: (d) => keys.deal(d.product_id),
  indexes: (d) => {
    const due = dealDueAt(d);
    return {
      [INDEXES.gsi1.pk]: keys.dealsOf(d.buyer_id),
      [INDEXES.gsi1.sk]: `${d.named_at}#${String(d.product_id).padStart(12, '0')}`,
      ...(due
        ? {
            [INDEXES.gsi7.pk]: keys.dealsDuePartition,
            [INDEXES.gsi7.sk]: keys.expiryDueSort(due, d.product_id),
          }
        : {}),
    };
  },
});

/** An optional attribute as read: the same value, or still absent. */
const sameOptional = (name: string, placeholder: string, value: unknown): Expr =>
  value === undefined
    ? { expression: `attribute_not_exists(#${placeholder})`, names: { [`#${placeholder}`]: name } }
    : {
        expression: `#${placeholder} = :${placeholder}`,
        names: { [`#${placeholder}`]: name },
        values: { [`:${placeholder}`]: value },
      };

/** The conditions a deal is written under. */
export const dealWhile = {
  /** Still as it was read: the same buyer, state and wrong tries (a concurrent change wins). */
  asRead: (d: Pick<StoredDeal, 'buyer_id' | 'state' | 'code_tries'>): Expr => ({
    expression: 'buyer_id = :dbuyer AND #dstate = :dstate AND code_tries = :dtries',
    names: { '#dstate': 'state' },
    values: { ':dbuyer': d.buyer_id, ':dstate': d.state, ':dtries': d.code_tries },
  }),
  /**
   * As read, its review window included: both sides' marks, the reminder and the close. Every
   * write of a whole confirmed deal needs it, or two reviews written at once would each put the
   * deal back without the other's mark.
   */
  withReviewsAsRead: (d: StoredDeal): Expr =>
    [
      sameOptional('buyer_reviewed', 'dbr', d.buyer_reviewed),
      sameOptional('seller_reviewed', 'dsr', d.seller_reviewed),
      sameOptional('reminded_at', 'drem', d.reminded_at),
      sameOptional('reviews_done_at', 'ddone', d.reviews_done_at),
    ].reduce((all, e) => both(all, e) as Expr, dealWhile.asRead(d)),
};

/** A person's completed deals (confirmed), as seller and as buyer. */
export const reputationSchema = /* @__PURE__ */ z.object({
  user_id: z.string(),
  deals_sold: z.optional(z.number()),
  deals_bought: z.optional(z.number()),
  /** Stars and number of the counted visible reviews of them as a seller, and as a buyer. */
  seller_stars: z.optional(z.number()),
  seller_reviews: z.optional(z.number()),
  buyer_stars: z.optional(z.number()),
  buyer_reviews: z.optional(z.number()),
});
export type StoredReputation = z.infer<typeof reputationSchema>;
export const reputationEntity = /* @__PURE__ */ defineEntity<
  StoredReputation,
  Pick<StoredReputation, 'user_id'>
>({
  name: 'reputation',
  schema: reputationSchema,
  key: (r) => keys.reputation(r.user_id),
});

/**
 * Adds to a person's reputation counts (the item is created on the first): their completed deals
 * (`deals_sold`, `deals_bought`) and the stars and number of their counted reviews
 * (`seller_stars`, `seller_reviews`, `buyer_stars`, `buyer_reviews`); a negative number takes away.
 */
export function reputationAdded(
  userId: string,
  adds: Partial<Record<Exclude<keyof StoredReputation, 'user_id'>, number>>,
): WriteOp {
  return reputationEntity.update(
    { user_id: userId },
    changes({ set: { [ENTITY_ATTRIBUTE]: 'reputation', user_id: userId }, add: adds }),
    { upsert: true },
  );
}

/**
 * A review of one side of a deal: hidden until `visible_at` (both written, or the window closed);
 * `counted` when it moves the reviewed person's average (one per pair of people per 30 days);
 * `hidden_at` once an admin hid it after a report.
 */
export const reviewSchema = /* @__PURE__ */ z.object({
  product_id: z.number(),
  side: z.enum(REVIEW_SIDES),
  author_id: z.string(),
  subject_id: z.string(),
  title: z.string(),
  stars: z.number(),
  text: z.nullable(z.string()),
  created_at: z.string(),
  counted: z.boolean(),
  visible_at: z.optional(z.string()),
  reply_text: z.optional(z.string()),
  reply_at: z.optional(z.string()),
  hidden_at: z.optional(z.string()),
});
export type StoredReview = z.infer<typeof reviewSchema>;
export const reviewEntity = /* @__PURE__ */ defineEntity<
  StoredReview,
  Pick<StoredReview, 'product_id' | 'side'>
>({
  name: 'review',
  schema: reviewSchema,
  key: (r) => keys.review(r.product_id, r.side),
  // Only a seller's reviews are listed (a buyer's rating is an average, never a list), and only
  // once visible and not hidden.
  indexes: (r): Record<string, string> =>
    r.side === 'buyer' && r.visible_at && !r.hidden_at
      ? {
          [INDEXES.gsi1.pk]: keys.reviewsOf(r.subject_id),
          [INDEXES.gsi1.sk]: `${r.visible_at}#${String(r.product_id).padStart(12, '0')}`,
        }
      : {},
  attributes: ({ visible_at, reply_text, reply_at, hidden_at, ...rest }) => ({
    ...rest,
    ...(visible_at ? { visible_at } : {}),
    ...(reply_text ? { reply_text, reply_at } : {}),
    ...(hidden_at ? { hidden_at } : {}),
  }),
});

/** Until when a review of `subject_id` by `author_id` does not count (the pair's last counted + 30 days). */
export const reviewPairSchema = /* @__PURE__ */ z.object({
  author_id: z.string(),
  subject_id: z.string(),
  counted_until: z.string(),
});
export type StoredReviewPair = z.infer<typeof reviewPairSchema>;
export const reviewPairEntity = /* @__PURE__ */ defineEntity<
  StoredReviewPair,
  Pick<StoredReviewPair, 'author_id' | 'subject_id'>
>({
  name: 'reviewPair',
  schema: reviewPairSchema,
  key: (p) => keys.reviewPair(p.author_id, p.subject_id),
});

/** A report of a review (issue 40): the shape the admin's queue reads (shared/reviews.ts). */
export const reviewReportEntity = /* @__PURE__ */ defineEntity<
  ReviewReport,
  Pick<ReviewReport, 'product_id' | 'side' | 'reporter_id'>
>({
  name: 'reviewReport',
  schema: reviewReportSchema,
  key: (r) => keys.reviewReport(r.product_id, r.side, r.reporter_id),
  indexes: (r) => ({
    [INDEXES.gsi1.pk]: keys.reviewReportsByStatus(r.status),
    [INDEXES.gsi1.sk]: `${r.created_at}#${String(r.product_id).padStart(12, '0')}#${r.side}#${r.reporter_id}`,
  }),
});

// --- Web Push (issue 41) ---------------------------------------------------------------------

export const pushDeviceSchema = /* @__PURE__ */ z.object({
  user_id: z.string(),
  endpoint_hash: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoredPushDevice = z.infer<typeof pushDeviceSchema>;

/** A person's device: its browser's push subscription, in the person's partition. */
export const pushDeviceEntity = /* @__PURE__ */ defineEntity<
  StoredPushDevice,
  Pick<StoredPushDevice, 'user_id' | 'endpoint_hash'>
>({
  name: 'pushDevice',
  schema: pushDeviceSchema,
  key: (d) => keys.pushDevice(d.user_id, d.endpoint_hash),
});

/** Who holds an endpoint now: a device's browser belongs to one person at a time. */
export const pushEndpointEntity = /* @__PURE__ */ defineEntity<
  { endpoint_hash: string; user_id: string },
  { endpoint_hash: string }
>({
  name: 'pushEndpoint',
  schema: z.object({ endpoint_hash: z.string(), user_id: z.string() }),
  key: (e) => keys.pushEndpoint(e.endpoint_hash),
});
