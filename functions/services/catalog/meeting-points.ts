import type { AuditEntry } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import type { MeetingPoint, MeetingPointBody } from '#shared/trust';
import { MEETING_POINTS_MAX, TRUST_MESSAGES } from '#shared/trust-messages';
import type { AuthContext } from '../../commons/auth';
import { ConflictError, NotFoundError } from '../../commons/errors';
import type { UniversityRepository } from '../../ports/repositories';
import type { StoredMeetingPoint, TrustStore } from '../../ports/trust';
import { auditOf, ROUNDS, requireAdmin } from '../admin/audit';
import { pointSnapshot, publicPoint } from './seller-page';

/**
 * The admin's side of the universities' safe meeting points (docs/decisions/032): admins only
 * (checked again here), each change written with its audit record in one transaction, under the
 * university's history.
 */
interface AdminTrustDeps {
  universities: Pick<UniversityRepository, 'getStored'>;
  trust: TrustStore;
  now: () => Date;
  newId: () => string;
}

async function existingUniversity(deps: AdminTrustDeps, universityId: string): Promise<void> {
  const university = await deps.universities.getStored(universityId);
  if (!university) throw new NotFoundError(ADMIN_MESSAGES.universityNotFound);
  if (university.deleting_job_id) throw new ConflictError(ADMIN_MESSAGES.universityDeleting);
}

const pointAudit = (
  deps: AdminTrustDeps,
  admin: AuthContext,
  action: 'meeting_point.create' | 'meeting_point.update' | 'meeting_point.delete',
  universityId: string,
  before: MeetingPoint | null,
  after: MeetingPoint | null,
): AuditEntry =>
  // Recorded under the university: its history in the admin area lists its points' changes.
  auditOf(deps, admin, {
    action,
    entityType: 'university',
    entityId: universityId,
    before: before && pointSnapshot(before),
    after: after && pointSnapshot(after),
  });

export async function createMeetingPoint(
  deps: AdminTrustDeps,
  auth: AuthContext | null,
  universityId: string,
  body: MeetingPointBody,
): Promise<MeetingPoint> {
  const admin = requireAdmin(auth);
  await existingUniversity(deps, universityId);
  if ((await deps.trust.listMeetingPoints(universityId)).length >= MEETING_POINTS_MAX)
    throw new ConflictError(TRUST_MESSAGES.tooManyMeetingPoints);
  const at = deps.now().toISOString();
  const point: StoredMeetingPoint = {
    id: deps.newId(),
    university_id: universityId,
    name: body.name,
    description: body.description ?? null,
    hours: body.hours ?? null,
    created_at: at,
    updated_at: at,
  };
  const audit = pointAudit(deps, admin, 'meeting_point.create', universityId, null, point);
  // Refused only when the university's deletion began meanwhile (a new id never exists).
  if (!(await deps.trust.createMeetingPoint(point, audit)))
    throw new ConflictError(ADMIN_MESSAGES.universityDeleting);
  return publicPoint(point);
}

export async function updateMeetingPoint(
  deps: AdminTrustDeps,
  auth: AuthContext | null,
  universityId: string,
  pointId: string,
  body: MeetingPointBody,
): Promise<MeetingPoint> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.trust.getMeetingPoint(universityId, pointId);
    if (!current) throw new NotFoundError(TRUST_MESSAGES.meetingPointNotFound);
    const next: StoredMeetingPoint = {
      ...current,
      name: body.name,
      description: body.description ?? null,
      hours: body.hours ?? null,
      updated_at: deps.now().toISOString(),
    };
    // An edit that changes nothing writes nothing (a retried request included).
    if (
      next.name === current.name &&
      next.description === current.description &&
      next.hours === current.hours
    )
      return publicPoint(current);
    const audit = pointAudit(deps, admin, 'meeting_point.update', universityId, current, next);
    if (await deps.trust.updateMeetingPoint(current, next, audit)) return publicPoint(next);
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

export async function deleteMeetingPoint(
  deps: AdminTrustDeps,
  auth: AuthContext | null,
  universityId: string,
  pointId: string,
): Promise<{ ok: true; id: string }> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.trust.getMeetingPoint(universityId, pointId);
    if (!current) throw new NotFoundError(TRUST_MESSAGES.meetingPointNotFound);
    const audit = pointAudit(deps, admin, 'meeting_point.delete', universityId, current, null);
    if (await deps.trust.deleteMeetingPoint(current, audit)) return { ok: true, id: pointId };
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}
