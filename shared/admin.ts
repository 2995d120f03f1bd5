import * as z from 'zod/mini';
import { REVIEW_REPORT_STATUSES } from './reviews';
import {
  ADMIN_MESSAGES,
  ADMIN_NOTES_MAX,
  AUDIT_ACTION_LABELS,
  type AuditAction,
  JOB_STATUS_LABELS,
  type JobStatus,
} from './admin-messages';
import { profileSchema } from './account-schemas';
import { CATEGORIES } from './enums';
import { PRODUCT_STATUSES, REPORT_STATUSES, REQUEST_STATUSES, ROLES } from './statuses';
import { UNIVERSITY_ID_PATTERN } from './ids';
import { LIMITS } from './limits';
import { productReportSchema } from './reports';
import { productIdSchema, productSchema, universityRequestSchema, universitySchema } from './schemas';
import { cleanLine, cleanLines, integer, preprocess } from './zod';
import { universityDomainRefusal } from './university-domains';

export { ADMIN_MESSAGES };

/**
 * Schemas of the admin area's API (issue 10; docs/decisions/025-admin-api-audit-and-counters.md and
 * 026-admin-jobs.md). Every admin route's input and output is here; the texts are in
 * shared/admin-messages.ts (zod-free, for the web).
 */

// ---------------------------------------------------------------- common

const count = () => integer().check(z.nonnegative());

/** Admin notes: optional, line breaks kept, at most 1,000 characters; empty means none. */
const adminNotesSchema = z.pipe(
  z.nullish(
    z.string().check(cleanLines(), z.trim(), z.maxLength(ADMIN_NOTES_MAX, ADMIN_MESSAGES.notesTooLong)),
  ),
  z.transform((v: string | null | undefined) => (v ? v : null)),
);

/** `limit` and opaque `cursor` of every paginated admin list (as the public listings take them). */
const pageQuery = {
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(LIMITS.pageSizeMax))),
    LIMITS.pageSizeDefault,
  ),
  cursor: z.optional(z.string().check(z.maxLength(1000))),
};
const emptyToUndefined = (v: unknown) => (v === '' || v === 'all' ? undefined : v);
const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

/** A Cognito user id as it appears in a path (a `sub` uuid, or a federated `Google_<id>`). */
export const userIdSchema = z
  .string({ error: ADMIN_MESSAGES.userNotFound })
  .check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, ADMIN_MESSAGES.userNotFound));

/** A university id in an admin body: a lowercase slug, never folded silently (the id is fixed once created). */
export const adminUniversityIdSchema = z
  .string({ error: ADMIN_MESSAGES.universityIdRequired })
  .check(cleanLine(), z.trim(), z.regex(UNIVERSITY_ID_PATTERN, ADMIN_MESSAGES.universityIdInvalid));

// ---------------------------------------------------------------- audit

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
export const AUDIT_ENTITY_TYPES = [
  'product',
  'report',
  'user',
  'university',
  'universityRequest',
  'index',
  'exchangeRate',
  'review',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * One admin action: who (the admin's id and e-mail from the verified token), when, what (action on
 * which entity), the entity as it was before and after (the fields the action touched, or the whole
 * item for a creation/deletion; null where there was none), and the notes given.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string(),
  actor_email: z.nullable(z.string()),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  /** Product id, report id `<product id>:<reporter id>`, user id, university id, request id, or 'search'. */
  entity_id: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  notes: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit: an entity's history (both given), or every admin action (neither), newest first. */
export const auditQuerySchema = z
  .strictObject({
    entity_type: preprocess(emptyToUndefined, z.optional(z.enum(AUDIT_ENTITY_TYPES))),
    entity_id: preprocess(
      emptyToUndefined,
      z.optional(z.string().check(z.regex(/^[A-Za-z0-9_:.-]{1,160}$/, ADMIN_MESSAGES.entityNotFound))),
    ),
    ...pageQuery,
  })
  .check(
    z.refine((q) => (q.entity_type === undefined) === (q.entity_id === undefined), {
      message: ADMIN_MESSAGES.auditEntityPair,
      path: ['entity_id'],
    }),
  );
export const auditPageSchema = pageOf(auditEntrySchema);

// ---------------------------------------------------------------- jobs

export const JOB_KINDS = ['reindex', 'deleteUniversity'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = Object.keys(JOB_STATUS_LABELS) as [JobStatus, ...JobStatus[]];

/**
 * A background job (docs/decisions/026): its state in the table, updated as it goes, so the page
 * polls GET /api/admin/jobs/{jobId} for progress. `error` is the Spanish message to show.
 */
export const adminJobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  /** The university being deleted (deleteUniversity); null for a reindex. */
  target: z.nullable(z.string()),
  /** Items handled so far (products read by a reindex, products deleted by a university deletion). */
  processed: count(),
  /** How many products the index holds at the end (reindex), else null. */
  indexed: z.nullable(count()),
  /** The index against the table after a reindex: ids missing from the index and extra in it. */
  drift: z.nullable(z.object({ missing: count(), extra: count() })),
  error: z.nullable(z.string()),
  started_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.nullable(z.string()),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobParamsSchema = z.strictObject({
  jobId: z
    .string({ error: ADMIN_MESSAGES.jobNotFound })
    .check(z.regex(/^[a-z0-9-]{1,80}$/i, ADMIN_MESSAGES.jobNotFound)),
});
export const jobsQuerySchema = z.strictObject({
  kind: preprocess(emptyToUndefined, z.optional(z.enum(JOB_KINDS))),
});
export const jobListSchema = z.object({ items: z.array(adminJobSchema) });

// ---------------------------------------------------------------- products

/** A product as the admin sees it: every field, whatever its status or hold. */
export const adminProductSchema = productSchema;
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * GET /api/admin/products: every product of every status, newest first; `q` is a product id (exact)
 * or words of the title; `status` and `university` filter.
 */
export const adminProductsQuerySchema = z.strictObject({
  q: preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.optional(z.string().check(cleanLine(), z.trim(), z.maxLength(LIMITS.searchMaxLength))),
  ),
  status: preprocess(emptyToUndefined, z.optional(z.enum(PRODUCT_STATUSES, { error: 'Estado no válido.' }))),
  university: preprocess(
    emptyToUndefined,
    z.optional(
      z
        .string()
        .check(z.trim(), z.toLowerCase(), z.regex(UNIVERSITY_ID_PATTERN, ADMIN_MESSAGES.universityIdInvalid)),
    ),
  ),
  ...pageQuery,
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;
export const adminProductPageSchema = pageOf(adminProductSchema);

/** PUT /api/admin/products/{id}/status: the admin's toggle (a sold product is not toggled: 409). */
export const productStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'inactive'], { error: ADMIN_MESSAGES.invalidProductStatus }),
});
export const deletedProductSchema = z.object({ id: integer(), deleted: z.literal(true) });

// ---------------------------------------------------------------- reports

/** A report in the admin's queue: the stored report (its snapshot) and its product as it is now. */
export const adminReportSchema = z.object({
  ...productReportSchema.shape,
  /** The product now: null when it was deleted (the report keeps its snapshot). */
  product: z.nullable(z.object({ status: z.enum(PRODUCT_STATUSES), held: z.boolean() })),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsQuerySchema = z.strictObject({
  status: z._default(z.enum(REPORT_STATUSES, { error: 'Estado no válido.' }), 'pending'),
  ...pageQuery,
});
export const adminReportPageSchema = pageOf(adminReportSchema);

/** GET /api/admin/review-reports: reports of reviews by status (issue 40), pending first. */
export const adminReviewReportsQuerySchema = z.strictObject({
  status: z._default(z.enum(REVIEW_REPORT_STATUSES, { error: 'Estado no válido.' }), 'pending'),
  ...pageQuery,
});

export const reportParamsSchema = z.strictObject({ id: productIdSchema, reporterId: userIdSchema });

/**
 * PUT /api/admin/products/{id}/reports/{reporterId}: resolve or reject a pending report with notes
 * (reviewed_at set). `deactivate_product` (with 'resolved') also makes the product inactive. On a
 * product held for review (docs/decisions/019), the decision decides the hold: 'resolved' keeps the
 * product out of the public (it is made inactive and the hold lifted), 'rejected' lifts the hold
 * (reports made before it no longer count towards a new one).
 */
export const reportDecisionBodySchema = z.strictObject({
  status: z.enum(['resolved', 'rejected'], { error: ADMIN_MESSAGES.invalidReportDecision }),
  admin_notes: adminNotesSchema,
  deactivate_product: z.optional(z.boolean()),
});
export type ReportDecisionBody = z.output<typeof reportDecisionBodySchema>;

// ---------------------------------------------------------------- users

export const adminUserSchema = z.object({
  ...profileSchema.shape,
  /** Cognito groups, mirrored on the profile when an admin changes them (no per-user Cognito call). */
  roles: z.array(z.enum(ROLES)),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users: profiles by account e-mail; `q` is the start of the e-mail address. */
export const adminUsersQuerySchema = z.strictObject({
  q: preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.optional(z.string().check(cleanLine(), z.trim(), z.toLowerCase(), z.maxLength(254))),
  ),
  ...pageQuery,
});
export const adminUserPageSchema = pageOf(adminUserSchema);
export const userParamsSchema = z.strictObject({ userId: userIdSchema });

export const userVerificationBodySchema = z.strictObject({ university_email_verified: z.boolean() });

/** PUT /api/admin/users/{userId}/admin (super_admin only): grant (true) or remove (false) the admin role. */
export const userAdminRoleBodySchema = z.strictObject({ admin: z.boolean() });
export const userRoleResultSchema = z.object({
  user: adminUserSchema,
  /** ADMIN_MESSAGES.roleNextSignIn: the change reaches the person's token at their next sign-in. */
  message: z.string(),
});

// ---------------------------------------------------------------- universities

const optionalLine = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(cleanLine(), z.trim(), z.maxLength(max, 'El texto es demasiado largo.'))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );

/** A domain: dot-separated labels of letters, digits and inner hyphens, ending in a 2+ letter TLD. */
export const DOMAIN_PATTERN = /^(?=.{4,100}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/;

/**
 * A logo: an https URL, or a path of the site's own images (the built-in universities' logos are
 * served by the app under /images/).
 */
const logoSchema = z.pipe(
  z.nullish(
    z.string().check(
      cleanLine(),
      z.trim(),
      z.maxLength(500, ADMIN_MESSAGES.logoInvalid),
      z.refine(
        (v) => v === '' || isHttpsUrl(v) || /^\/images\/[A-Za-z0-9._/-]+$/.test(v),
        ADMIN_MESSAGES.logoInvalid,
      ),
    ),
  ),
  z.transform((v: string | null | undefined) => (v ? v : null)),
);

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

const universityFields = {
  name: z
    .string({ error: ADMIN_MESSAGES.universityNameRequired })
    .check(cleanLine(), z.trim(), z.minLength(1, ADMIN_MESSAGES.universityNameRequired), z.maxLength(80)),
  full_name: z
    .string({ error: ADMIN_MESSAGES.universityFullNameRequired })
    .check(
      cleanLine(),
      z.trim(),
      z.minLength(1, ADMIN_MESSAGES.universityFullNameRequired),
      z.maxLength(200),
    ),
  email_domain: z
    .string({ error: ADMIN_MESSAGES.emailDomainRequired })
    .check(
      cleanLine(),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, ADMIN_MESSAGES.emailDomainRequired),
      z.regex(DOMAIN_PATTERN, ADMIN_MESSAGES.emailDomainInvalid),
      // A public mail provider or a shared suffix would let anybody verify (decision 042).
      z.refine((v) => !DOMAIN_PATTERN.test(v) || universityDomainRefusal(v) === null, {
        error: (issue) => universityDomainRefusal(String(issue.input)) ?? ADMIN_MESSAGES.emailDomainInvalid,
      }),
    ),
  city: optionalLine(80),
  logo: logoSchema,
};

/** POST /api/admin/universities (409 when the id exists). `request_id`: the approved request it comes from. */
export const universityCreateBodySchema = z.strictObject({
  id: adminUniversityIdSchema,
  ...universityFields,
  request_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,80}$/, ADMIN_MESSAGES.requestNotFound))),
});
export type UniversityCreateBody = z.output<typeof universityCreateBodySchema>;
/** PUT /api/admin/universities/{id}: every field but the id (fixed once created). */
export const universityUpdateBodySchema = z.strictObject(universityFields);
export type UniversityUpdateBody = z.output<typeof universityUpdateBodySchema>;

export const adminUniversityParamsSchema = z.strictObject({
  id: z
    .string({ error: ADMIN_MESSAGES.universityNotFound })
    .check(z.regex(UNIVERSITY_ID_PATTERN, ADMIN_MESSAGES.universityIdInvalid)),
});

/** A university in the admin's table: listed products counted, and whether it is being deleted. */
export const adminUniversitySchema = z.object({
  ...universitySchema.shape,
  listed_products: count(),
  /** The deletion job while the university is being deleted (it is gone from selection already). */
  deleting_job_id: z.nullable(z.string()),
});
export type AdminUniversity = z.infer<typeof adminUniversitySchema>;
export const adminUniversityListSchema = z.object({ items: z.array(adminUniversitySchema), total: count() });

/** DELETE /api/admin/universities/{id}: 202 with the job deleting its products (poll it). */
export const universityDeletionSchema = z.object({ university_id: z.string(), job: adminJobSchema });

// ---------------------------------------------------------------- university requests

/** A request with its requester looked up (fallbacks 'Usuario anónimo' and 'No disponible' applied). */
export const adminUniversityRequestSchema = z.object({
  ...universityRequestSchema.shape,
  requester_name: z.string(),
  requester_email: z.string(),
  reviewed_at: z.optional(z.nullable(z.string())),
});
export type AdminUniversityRequest = z.infer<typeof adminUniversityRequestSchema>;

export const adminRequestsQuerySchema = z.strictObject({
  status: preprocess(emptyToUndefined, z.optional(z.enum(REQUEST_STATUSES, { error: 'Estado no válido.' }))),
  ...pageQuery,
});
export const adminRequestPageSchema = pageOf(adminUniversityRequestSchema);

export const requestParamsSchema = z.strictObject({
  requestId: z
    .string({ error: ADMIN_MESSAGES.requestNotFound })
    .check(z.regex(/^[A-Za-z0-9-]{1,80}$/, ADMIN_MESSAGES.requestNotFound)),
});

/** POST /api/admin/university-requests/{requestId}/decision: pending requests only (else 409). */
export const requestDecisionBodySchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: ADMIN_MESSAGES.invalidRequestDecision }),
  admin_notes: adminNotesSchema,
});
export type RequestDecisionBody = z.output<typeof requestDecisionBodySchema>;

/**
 * The decided request; on approval also `university_draft`, the create form prefilled from the
 * request (a slug suggested from its short name; null when no university exists yet to collide
 * with is not knowable — the web lets the admin edit it), or null after a rejection.
 */
export const requestDecisionResultSchema = z.object({
  request: adminUniversityRequestSchema,
  university_draft: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      full_name: z.string(),
      email_domain: z.string(),
      city: z.nullable(z.string()),
      logo: z.null(),
      request_id: z.string(),
    }),
  ),
});

// ---------------------------------------------------------------- dashboard

export const dashboardSchema = z.object({
  /** Exact counts kept by the stream dispatcher (counter items; no Scan, no count query). */
  counts: z.object({
    /** Listed products (active and not held). */
    products_active: count(),
    /** Every product, whatever its status. */
    products_total: count(),
    profiles: count(),
    pending_reports: count(),
    universities: count(),
  }),
  /** The latest reports (any status), newest first, with the reporter's name and institutional e-mail. */
  recent_reports: z.array(adminReportSchema),
  /** New listings per day of the last 30 days (UTC days, oldest first), per university. */
  daily_listings: z.object({
    days: z.array(z.string()),
    series: z.array(z.object({ university_id: z.string(), name: z.string(), counts: z.array(count()) })),
  }),
  /** Listed products per category (every category, in CATEGORIES order). */
  categories: z.array(z.object({ category: z.enum(CATEGORIES), count: count() })),
  /** The latest admin actions. */
  recent_audit: z.array(auditEntrySchema),
  /** The latest run of each job kind, for the page's status line. */
  latest_jobs: z.array(adminJobSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
