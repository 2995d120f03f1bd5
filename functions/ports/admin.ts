import type { AdminJob, AuditEntry, JobKind } from '#shared/admin';
import type { Role } from '#shared/statuses';
import type { Product } from '#shared/schemas';
import type { Page } from './repositories';

/**
 * The admin area's own storage (docs/decisions/025): the audit log and the jobs. Every change an admin makes is written in ONE transaction with its audit
 * record, conditioned on the item still being what the admin saw, so a retry, a race or a crash
 * never leaves a change without its record or a record without its change; a change to a product,
 * a report, a university, a request or a profile is its domain repository's.
 */

export interface AdminStore {
  // Audit
  appendAudit(entry: AuditEntry): Promise<void>;
  listAudit(
    scope: { entityType: string; entityId: string } | null,
    limit: number,
    cursor?: string,
  ): Promise<Page<AuditEntry>>;
}

/** Background jobs' state (docs/decisions/026). */
export interface JobStore {
  get(id: string): Promise<(AdminJob & { cursor: string | null; lease_until: string | null }) | null>;
  latest(kind: JobKind, limit: number): Promise<AdminJob[]>;
  /**
   * Creates a queued job and claims its kind's (and target's) lock for it, atomically: null when
   * another job of that kind and target holds the lock and is not finished (the running job's id).
   */
  createClaimed(
    job: AdminJob,
    audit: AuditEntry | null,
  ): Promise<{ created: true } | { runningJobId: string }>;
  /**
   * Takes the job for a run until `leaseUntil` if it is queued, or running with an expired lease
   * (a crashed run): false when another run holds it or it is finished.
   */
  lease(id: string, now: string, leaseUntil: string): Promise<boolean>;
  /** Gives the job back (queued, its cursor kept) for the next run to continue. */
  pause(id: string, update: { processed: number; cursor: string | null; now: string }): Promise<void>;
  /** Saves progress (and extends the lease) while this run holds it. */
  progress(
    id: string,
    update: { processed: number; cursor: string | null; leaseUntil: string; now: string },
  ): Promise<void>;
  /** Finishes the job and releases its lock. */
  finish(
    id: string,
    outcome: {
      status: 'succeeded' | 'failed';
      processed: number;
      indexed: number | null;
      drift: { missing: number; extra: number } | null;
      error: string | null;
      now: string;
    },
  ): Promise<void>;
}

/** Starts a job's run away from the request (AWS: an async invoke of the job function). */
export interface JobLauncher {
  launch(jobId: string): Promise<void>;
}

/** The admin role in the user pool (Cognito groups). */
export interface RoleDirectory {
  /** The user's groups; null when the pool has no such user. */
  groupsOf(username: string): Promise<string[] | null>;
  setMember(username: string, group: Role, member: boolean): Promise<void>;
}

/** What the jobs read of the table, page by page (jobs only, never a request path). */
export interface TablePages {
  /**
   * One page of a Scan over the whole table: its products; every item on it is brought up to date
   * with the index attributes the admin area added (written before them), `backfilled` counts them.
   */
  page(
    cursor: string | undefined,
    size: number,
  ): Promise<{ products: Product[]; backfilled: number; cursor: string | null }>;
  /** A page of a university's products of every status (gsi6, filtered), from a cursor. */
  universityProducts(
    universityId: string,
    cursor: string | undefined,
    size: number,
  ): Promise<{ items: Product[]; cursor: string | null }>;
  /** Deletes a product if it exists; the deleted product, or null. */
  deleteProduct(id: number): Promise<Product | null>;
  /**
   * A page of the profiles tied to a university (gsi1 PROFILES, filtered by `university_id`): the
   * deletion job ends their verification (decision 042). The index may lag: callers re-read each.
   */
  universityProfiles(
    universityId: string,
    cursor: string | undefined,
    size: number,
  ): Promise<{ userIds: string[]; cursor: string | null }>;
  /** A page of a university's saved searches (gsi1 SAVED_SEARCHES, filtered by `university`). */
  universitySavedSearches(
    universityId: string,
    cursor: string | undefined,
    size: number,
  ): Promise<{ items: { user_id: string; id: string }[]; cursor: string | null }>;
}
