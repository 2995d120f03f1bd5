import { ENTITY_ATTRIBUTE, INDEXES, keys } from '#shared/table';
import type {
  AlertState,
  AlertStateStore,
  SavedSearchRepository,
  StoredSavedSearch,
} from '../../ports/alerts';
import type { TableAccess } from './client';
import { decodeJobCursor, encodeJobCursor } from './cursor';
import { absent, changes, present } from './entity';
import { alertStateEntity, savedSearchCountEntity, savedSearchEntity, universityIsOpen } from './entities';
import { transactCreate } from './idempotency';
import { type Item, tableOf } from './table';

/** Saved searches and the alert mails' state (shared/table.ts; docs/decisions/031). */

/** The count's attribute (a reserved word in expressions). */
const COUNT = { '#n': 'count' };

export function createSavedSearchRepository(access: TableAccess): SavedSearchRepository {
  const table = tableOf(access);
  const at = (userId: string, id: string) => ({ user_id: userId, id });

  async function listAll(userId: string): Promise<StoredSavedSearch[]> {
    const all = await savedSearchEntity.queryAll(table, {
      pk: keys.savedSearch(userId, '').pk,
      sk: { beginsWith: keys.savedSearchPrefix },
      consistent: true,
    });
    return all.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  const setEnabled = (userId: string, id: string, enabled: boolean) =>
    table.write(savedSearchEntity.update(at(userId, id), changes({ set: { enabled } })));

  async function addNew(
    userId: string,
    id: string,
    productIds: readonly number[],
    max: number,
  ): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    // Bounded: past `max` unseen listings the count stops growing. A batch's listings go at
    // once while they all fit; near the bound (or the search gone), one by one.
    const whole =
      ids.length === 1
        ? {
            condition: 'size(new_ids) < :max OR contains(new_ids, :n)',
            values: { ':max': max, ':n': ids[0] },
          }
        : { condition: 'size(new_ids) <= :room', values: { ':room': max - ids.length } };
    const written = await table.write(
      savedSearchEntity.update(
        at(userId, id),
        { expression: 'ADD new_ids :ids', values: { ':ids': new Set(ids) } },
        {
          condition: {
            expression: `attribute_not_exists(new_ids) OR ${whole.condition}`,
            values: whole.values,
          },
        },
      ),
    );
    if (!written && ids.length > 1) for (const n of ids) await addNew(userId, id, [n], max);
  }

  return {
    list: listAll,

    get: (userId, id) => savedSearchEntity.get(table, at(userId, id), { consistent: true }),

    async create(search, max, terms) {
      const refused = await transactCreate(
        table,
        [
          savedSearchEntity.create(search),
          savedSearchCountEntity.update(
            { user_id: search.user_id },
            {
              expression: 'SET #e = :entity ADD #n :one',
              names: { ...COUNT, '#e': ENTITY_ATTRIBUTE },
              values: { ':one': 1, ':entity': savedSearchCountEntity.name },
            },
            // The first one creates the count.
            {
              upsert: true,
              condition: {
                expression: 'attribute_not_exists(#n) OR #n < :max',
                names: COUNT,
                values: { ':max': max },
              },
            },
          ),
          // None for a university being deleted: its deletion job could miss it (decision 042).
          universityIsOpen(search.university),
        ],
        terms,
      );
      if (refused === 0) return 'duplicate';
      if (refused === 1) return 'limit';
      if (refused === 2) return 'closed';
      return 'created';
    },

    setEnabled,

    async remove(userId, id) {
      const outcome = await table.transact([
        savedSearchEntity.remove(at(userId, id), present),
        savedSearchCountEntity.update(
          { user_id: userId },
          { expression: 'ADD #n :minus', names: COUNT, values: { ':minus': -1 } },
          { condition: { expression: '#n > :zero', names: COUNT, values: { ':zero': 0 } } },
        ),
      ]);
      if (outcome.ok) return true;
      if (outcome.reasons[0] === 'ConditionalCheckFailed') return false;
      throw new Error(`saved search removal cancelled: ${outcome.reasons.join(', ')}`);
    },

    async removeAllOfUser(userId) {
      const all = await listAll(userId);
      // Idempotent deletes: a replayed stream record finds nothing left.
      for (const s of all) await table.write(savedSearchEntity.remove(s));
      await table.write(savedSearchCountEntity.remove({ user_id: userId }));
      await table.write(alertStateEntity.remove({ user_id: userId }));
      return all.length;
    },

    addNew,

    markSeen: (userId, id) =>
      table.write(savedSearchEntity.update(at(userId, id), changes({ remove: ['new_ids'] }))),

    async disableAll(userId) {
      let n = 0;
      for (const s of await listAll(userId)) {
        if (!s.enabled) continue;
        await setEnabled(userId, s.id, false);
        n += 1;
      }
      return n;
    },

    // The local matcher's rebuild at start (never a request): the cursor is the last key read.
    async page(cursor, limit) {
      const { items, lastKey } = await table.queryOnce(
        { index: INDEXES.gsi1, pk: keys.savedSearchesPartition },
        { limit, start: decodeJobCursor(cursor) },
      );
      return {
        items: savedSearchEntity.parseAll(items),
        cursor: encodeJobCursor(lastKey),
      };
    },
  };
}

const EMPTY: AlertState = { version: 0, mailedDay: null, pending: [], seen: [], leaseUntil: null };

function toState(item: Item | undefined): AlertState {
  if (!item) return EMPTY;
  const s = alertStateEntity.parse(item);
  // Never written otherwise; starting over (from its version) is the repair.
  if (!s) return { ...EMPTY, version: typeof item.version === 'number' ? item.version : 0 };
  return {
    version: s.version,
    mailedDay: s.mailed_day ?? null,
    pending: s.pending,
    seen: s.seen,
    leaseUntil: s.lease_until ?? null,
  };
}

/** One item per person; whole-item Puts conditioned on the version (as the question windows). */
export function createAlertStateStore(access: TableAccess): AlertStateStore {
  const table = tableOf(access);
  return {
    get: async (userId) =>
      toState(await table.get(alertStateEntity.key({ user_id: userId }), { consistent: true })),

    async getMany(userIds) {
      const items = await table.batchGet(
        userIds.map((userId) => alertStateEntity.key({ user_id: userId })),
        { consistent: true },
      );
      return items.map(toState);
    },

    save: (userId, version, next, dueAt, now) =>
      table.write(
        alertStateEntity.put(
          {
            user_id: userId,
            version: version + 1,
            mailed_day: next.mailedDay,
            pending: next.pending,
            seen: next.seen,
            lease_until: next.leaseUntil,
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
      const { items } = await table.queryOnce(
        { index: INDEXES.gsi1, pk: keys.alertDuePartition, sk: { lt: new Date(now + 1).toISOString() } },
        { limit },
      );
      // Only the person: a state that is not one is still due, and its reader repairs it (toState).
      return items.map((i) => i.user_id).filter((u): u is string => typeof u === 'string');
    },
  };
}
