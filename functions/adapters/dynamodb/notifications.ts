import { INDEXES, keys } from '#shared/table';
import type {
  NotificationSettingsStore,
  NotifyWindow,
  NotifyWindowKey,
  NotifyWindowStore,
} from '../../ports/notifications';
import type { TableAccess } from './client';
import { absent, changes } from './entity';
import { notifyWindowEntity, profileEntity } from './entities';
import { tableOf } from './table';

const EMPTY: NotifyWindow = { version: 0, windowEndsAt: null, pending: [], seen: [] };

/**
 * The notification windows (shared/table.ts: notifyWindow), one item per person, product and kind.
 * Every write is a whole-item Put conditioned on the version read; while the item holds gathered
 * questions it carries gsi1 `NOTIFY_DUE` / `<due ISO time>#…`, so the sweep finds the due ones with
 * one Query of that sparse partition.
 */
export function createNotifyWindowStore(access: TableAccess): NotifyWindowStore {
  const table = tableOf(access);
  const idOf = (key: NotifyWindowKey) => ({
    recipient: key.recipient,
    product_id: key.productId,
    kind: key.kind,
  });
  return {
    async get(key) {
      const item = await table.get(notifyWindowEntity.key(idOf(key)), { consistent: true });
      if (!item) return EMPTY;
      const w = notifyWindowEntity.parse(item);
      // Never written otherwise; starting over (from its version) costs at most one early mail.
      if (!w) return { ...EMPTY, version: typeof item.version === 'number' ? item.version : 0 };
      return { version: w.version, windowEndsAt: w.window_ends_at ?? null, pending: w.pending, seen: w.seen };
    },

    save: (key, version, next, dueAt, now) =>
      table.write(
        notifyWindowEntity.put(
          {
            ...idOf(key),
            version: version + 1,
            window_ends_at: next.windowEndsAt,
            pending: next.pending,
            seen: next.seen,
            due_at: dueAt,
            written_at: now,
          },
          {
            condition:
              version === 0 ? absent : { expression: 'version = :version', values: { ':version': version } },
          },
        ),
      ),

    async due(now, limit) {
      // Every entry due at or before `now` (entries of one instant differ after the time).
      const { items } = await table.queryOnce(
        { index: INDEXES.gsi1, pk: keys.notifyDuePartition, sk: { lt: new Date(now + 1).toISOString() } },
        { limit },
      );
      return notifyWindowEntity
        .parseAll(items)
        .map((w) => ({ recipient: w.recipient, productId: w.product_id, kind: w.kind }));
    },
  };
}

/**
 * The notification switch lives on the profile item (`notify_questions`, on when absent), with the
 * address mails go to.
 */
export function createNotificationSettingsStore(access: TableAccess): NotificationSettingsStore {
  const table = tableOf(access);
  return {
    async recipient(userId) {
      const profile = await profileEntity.get(table, { user_id: userId }, { consistent: true });
      if (!profile) return null;
      return {
        email: profile.email,
        name: profile.full_name ?? null,
        questions: profile.notify_questions !== false,
      };
    },

    setQuestions: (userId, on) =>
      table.write(profileEntity.update({ user_id: userId }, changes({ set: { notify_questions: on } }))),
  };
}
