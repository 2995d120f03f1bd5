import { INDEXES, keys } from '#shared/table';
import { fold } from '#shared/text';
import type { SellerProfile, StoredMeetingPoint, TrustStore } from '../../ports/trust';
import type { TableAccess } from './client';
import { both, changes, present } from './entity';
import { auditEntity, meetingPointEntity, productEntity, profileEntity, universityIsOpen } from './entities';
import { tableOf, type WriteOp } from './table';

/** A meeting point as stored: its key and entity with it (the demo seeds them too). */

/** The point as read is still there, unchanged since (its `updated_at`). */
const unchangedSince = (current: StoredMeetingPoint) =>
  both(present, { expression: 'updated_at = :u', values: { ':u': current.updated_at } });

export function createTrustStore(access: TableAccess): TrustStore {
  const table = tableOf(access);
  // Any cancellation (a condition, a conflict) is a refusal: the caller reads again or answers 409.
  const transact = async (ops: WriteOp[]) => (await table.transact(ops)).ok;

  return {
    async sellerProfile(userId) {
      const p = await profileEntity.get(table, { user_id: userId });
      if (!p) return null;
      return {
        user_id: p.user_id,
        full_name: p.full_name,
        university_id: p.university_id,
        university_email_verified: p.university_email_verified === true,
        university_email_verified_at: p.university_email_verified_at ?? null,
        created_at: p.created_at,
        seller_hide_sold: p.seller_hide_sold === true,
      } satisfies SellerProfile;
    },

    async sellerProducts(ownerId) {
      const products = await productEntity.queryAll(table, {
        index: INDEXES.gsi5,
        pk: keys.byOwner(ownerId),
      });
      // The index sorts oldest first; the page shows the newest first.
      return products.reverse();
    },

    setHideSold: (userId, hide) =>
      table.write(profileEntity.update({ user_id: userId }, changes({ set: { seller_hide_sold: hide } }))),

    async listMeetingPoints(universityId) {
      const points = await meetingPointEntity.queryAll(table, {
        pk: keys.universityPartition(universityId),
        sk: { beginsWith: keys.meetingPointPrefix },
      });
      return points.sort((a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id.localeCompare(b.id));
    },

    getMeetingPoint: (universityId, pointId) =>
      meetingPointEntity.get(table, { university_id: universityId, id: pointId }, { consistent: true }),

    createMeetingPoint: (point, audit) =>
      transact([
        meetingPointEntity.create(point),
        auditEntity.create(audit),
        // None for a university being deleted: its deletion could have passed its points (decision 042).
        universityIsOpen(point.university_id),
      ]),

    updateMeetingPoint: (current, next, audit) =>
      transact([
        meetingPointEntity.put(next, { condition: unchangedSince(current) }),
        auditEntity.create(audit),
      ]),

    deleteMeetingPoint: (current, audit) =>
      transact([meetingPointEntity.remove(current, unchangedSince(current)), auditEntity.create(audit)]),
  };
}
