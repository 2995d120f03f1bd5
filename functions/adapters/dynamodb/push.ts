import { createHash } from 'node:crypto';
import { PUSH_KINDS, type PushSettings } from '#shared/push';
import { keys } from '#shared/table';
import type { PushDevice, PushDeviceStore } from '../../ports/push';
import type { TableAccess } from './client';
import { changes, present } from './entity';
import {
  profileEntity,
  pushDeviceEntity,
  pushEndpointEntity,
  pushSwitchAttribute,
  type StoredPushDevice,
} from './entities';
import { type Expr, settled, tableOf, type WriteOp } from './table';

/** An endpoint's key in the table: its SHA-256 (endpoints are long URLs). */
export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

const toDevice = (d: StoredPushDevice): PushDevice => ({
  userId: d.user_id,
  endpoint: d.endpoint,
  p256dh: d.p256dh,
  auth: d.auth,
  createdAt: d.created_at,
});

/** A conflicting concurrent hold of the same endpoint or person: read again and retry. */
const CONFLICT_RETRIES = 3;

/**
 * Devices and push switches (issue 41). A device is one item in its person's partition
 * (`USER#<id>` / `PUSH#<sha256 of endpoint>`); who holds an endpoint now is one item of its own
 * (`PUSHENDPOINT#<sha256>`), so a browser that changes hands (one person signs out, another signs
 * in and turns push on) stops receiving the first person's pushes in the same transaction. The
 * switches are attributes of the profile (`push_<kind>`, on when absent).
 */
export function createPushDeviceStore(access: TableAccess): PushDeviceStore {
  const table = tableOf(access);

  async function devicesOf(userId: string): Promise<StoredPushDevice[]> {
    const items = await table.queryAll({
      pk: keys.favoritesPartition(userId),
      sk: { beginsWith: keys.pushDevicePrefix },
    });
    return pushDeviceEntity.parseAll(items).sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  async function release(userId: string, endpoint: string): Promise<void> {
    const hash = endpointHash(endpoint);
    const claim = await pushEndpointEntity.get(table, { endpoint_hash: hash }, { consistent: true });
    const ops: WriteOp[] = [pushDeviceEntity.remove({ user_id: userId, endpoint_hash: hash })];
    // Only the caller's own claim goes: another person's device is not theirs to touch.
    if (claim?.user_id === userId)
      ops.push(
        pushEndpointEntity.remove(
          { endpoint_hash: hash },
          { expression: 'user_id = :me', values: { ':me': userId } },
        ),
      );
    await table.transact(ops, { conflictRetries: 1 });
  }

  return {
    release,

    async hold(device, max, now) {
      const hash = endpointHash(device.endpoint);
      for (let attempt = 0; ; attempt += 1) {
        const [claim, own] = await Promise.all([
          pushEndpointEntity.get(table, { endpoint_hash: hash }, { consistent: true }),
          devicesOf(device.userId),
        ]);
        const held = own.find((d) => d.endpoint_hash === hash);
        const stored: StoredPushDevice = {
          user_id: device.userId,
          endpoint_hash: hash,
          endpoint: device.endpoint,
          p256dh: device.p256dh,
          auth: device.auth,
          created_at: held?.created_at ?? now,
          updated_at: now,
        };
        const claimAsRead: Expr = claim
          ? { expression: 'user_id = :holder', values: { ':holder': claim.user_id } }
          : { expression: 'attribute_not_exists(pk)' };
        const ops: WriteOp[] = [
          pushDeviceEntity.put(stored),
          pushEndpointEntity.put({ endpoint_hash: hash, user_id: device.userId }, { condition: claimAsRead }),
        ];
        // The browser changed hands: the person before no longer receives on it.
        if (claim && claim.user_id !== device.userId)
          ops.push(pushDeviceEntity.remove({ user_id: claim.user_id, endpoint_hash: hash }));
        // Beyond the limit, the oldest of the person's devices go (with their claims, if still theirs).
        const others = own.filter((d) => d.endpoint_hash !== hash);
        for (const old of others.slice(0, Math.max(0, others.length + 1 - max))) {
          ops.push(
            pushDeviceEntity.remove(old, {
              expression: 'updated_at = :old',
              values: { ':old': old.updated_at },
            }),
          );
          ops.push(
            pushEndpointEntity.remove(
              { endpoint_hash: old.endpoint_hash },
              { expression: 'attribute_not_exists(pk) OR user_id = :me', values: { ':me': device.userId } },
            ),
          );
        }
        if (settled(await table.transact(ops, { conflictRetries: 1 }))) return held ? 'refreshed' : 'created';
        if (attempt >= CONFLICT_RETRIES) throw new Error('push device hold kept conflicting');
      }
    },

    devicesOf: async (userId) => (await devicesOf(userId)).map(toDevice),

    async forget(device) {
      const hash = endpointHash(device.endpoint);
      // Only the subscription that failed: one held anew since (new keys) stays.
      await table.transact(
        [
          pushDeviceEntity.remove(
            { user_id: device.userId, endpoint_hash: hash },
            {
              expression: 'attribute_not_exists(pk) OR #auth = :auth',
              names: { '#auth': 'auth' },
              values: { ':auth': device.auth },
            },
          ),
          pushEndpointEntity.remove(
            { endpoint_hash: hash },
            { expression: 'attribute_not_exists(pk) OR user_id = :me', values: { ':me': device.userId } },
          ),
        ],
        { conflictRetries: 1 },
      );
    },

    async releaseAll(userId) {
      const own = await devicesOf(userId);
      for (const d of own) await release(userId, d.endpoint);
      return own.length;
    },

    async settings(userId) {
      const profile = await profileEntity.get(table, { user_id: userId }, { consistent: true });
      if (!profile) return null;
      return Object.fromEntries(
        PUSH_KINDS.map((k) => [k, profile[pushSwitchAttribute(k)] !== false]),
      ) as PushSettings;
    },

    setSettings: (userId, next) =>
      table.write(
        profileEntity.update(
          { user_id: userId },
          changes({ set: Object.fromEntries(Object.entries(next).map(([k, v]) => [`push_${k}`, v])) }),
          { condition: present },
        ),
      ),
  };
}
