import { ADMIN_MESSAGES } from '#shared/admin-messages';
import type { AdminJob, AuditEntityType, AuditEntry, JobKind } from '#shared/admin';
import type { AuditAction } from '#shared/admin-messages';
import { type AuthContext, isAdmin } from '../../commons/auth';
import { ForbiddenError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type { JobLauncher } from '../../ports/admin';

/**
 * What every staff action shares, whatever domain it changes (docs/decisions/025): the gate (the
 * router checked the caller's group already, the token's then the pool's: decision 043; each
 * action checks it again), the audit record written in the same transaction as the change, and
 * the creation of a background job.
 */

/** Rounds an action re-reads and retries when its item changed under it (a race, never a loop). */
export const ROUNDS = 3;

export function requireAdmin(auth: AuthContext | null): AuthContext {
  if (!auth || !isAdmin(auth)) throw new ForbiddenError(ADMIN_MESSAGES.forbidden);
  return auth;
}

/** An admin action's audit record (written in the same transaction as the change). */
export function auditOf(
  deps: { now: () => Date; newId: () => string },
  auth: AuthContext,
  what: {
    action: AuditAction;
    entityType: AuditEntityType;
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    notes?: string | null;
  },
): AuditEntry {
  return {
    id: deps.newId(),
    at: deps.now().toISOString(),
    actor_id: auth.userId,
    actor_email: auth.email,
    action: what.action,
    entity_type: what.entityType,
    entity_id: what.entityId,
    before: what.before,
    after: what.after,
    notes: what.notes ?? null,
  };
}

export function newJob(
  deps: { now: () => Date; newId: () => string },
  auth: AuthContext,
  kind: JobKind,
  target: string | null,
): AdminJob {
  const at = deps.now().toISOString();
  return {
    id: deps.newId(),
    kind,
    status: 'queued',
    target,
    processed: 0,
    indexed: null,
    drift: null,
    error: null,
    started_by: auth.email ?? auth.userId,
    created_at: at,
    updated_at: at,
    finished_at: null,
  };
}

/** Launches a job's run; a launch that fails leaves it queued for the schedule to pick up. */
export async function launch(deps: { jobLauncher: JobLauncher }, jobId: string) {
  await deps.jobLauncher
    .launch(jobId)
    .catch((e: unknown) =>
      logger.warn('job launch failed; the schedule will run it', { jobId, error: String(e) }),
    );
}
