import { ENTITY_ATTRIBUTE, KEY, keys } from '#shared/table';
import {
  type CountStore,
  type MarkerPage,
  MAX_MOVE_ITEMS,
  type Membership,
  type SourceGuard,
} from '../../ports/counts';
import type { TableAccess } from './client';
import { decodeJobCursor, encodeJobCursor } from './cursor';
import { countEntity, countLayoutEntity, countMemberEntity, countMemberPageEntity } from './entities';
import { absent, changes } from './entity';
import { type Expr, tableOf, type WriteOp } from './table';

/**
 * Exact counts (docs/decisions/051): a count item only ever gets ADDs, each in the same transaction
 * as the markers (a member's own, or its page's) that say which counts the member is in now, every
 * marker written on the version read. So a move applies once, however often it is tried.
 */

const VERSION = 'version';

/** The condition that a marker is still at the version read (0: absent). */
const atVersion = (version: number): Expr =>
  version === 0
    ? absent
    : { expression: '#version = :version', names: { '#version': VERSION }, values: { ':version': version } };

/** One Update per count: its change added (the count item is made by its first change). */
const countChange = (name: string, delta: number): WriteOp =>
  countEntity.update(
    name,
    changes({ add: { value: delta }, set: { [ENTITY_ATTRIBUTE]: countEntity.name } }),
    { upsert: true },
  );

/** The condition that the source item still holds what a move was derived from. */
function guardCondition(guard: SourceGuard): Expr {
  const attributes = guard.attributes;
  // No item at all.
  if (!attributes) return absent;
  const names = Object.keys(attributes);
  return {
    // A null guard value means the attribute must be absent (e.g. a product not held).
    expression: names
      .map((n, i) => (attributes[n] === null ? `attribute_not_exists(#g${i})` : `#g${i} = :g${i}`))
      .join(' AND '),
    names: Object.fromEntries(names.map((n, i) => [`#g${i}`, n])),
    values: Object.fromEntries(
      names.flatMap((n, i) => (attributes[n] === null ? [] : [[`:g${i}`, attributes[n]]])),
    ),
  };
}

/** Products' own markers (before pages): COUNTMEMBER#PRODUCT#<id>. */
const PRODUCT_MARKER = keys.countMember('PRODUCT#').pk;
const MEMBER_OF_MARKER = keys.countMember('').pk.length;

export function createCountStore(access: TableAccess): CountStore {
  const table = tableOf(access);
  // Once the fold is recorded it is never undone: read until seen, then kept.
  let folded = false;
  return {
    async values(names) {
      if (names.length === 1) return [(await countEntity.get(table, names[0]))?.value ?? 0];
      // Many counts (the admin dashboard's days × universities): BatchGet, 100 keys a call, in parallel.
      const items = await table.batchGet(names.map((n) => countEntity.key(n)));
      return items.map((item) => countEntity.parse(item)?.value ?? 0);
    },

    async memberships(members) {
      const items = await table.batchGet(
        members.map((m) => countMemberEntity.key(m)),
        { consistent: true },
      );
      return items.map((item): Membership => {
        const marker = countMemberEntity.parse(item);
        return marker ? { counts: marker.counts, version: marker.version } : { counts: [], version: 0 };
      });
    },

    move(member, from, to, guard) {
      return this.moveMany([{ member, from, to, guard }]);
    },

    async moveMany(moves) {
      if (moves.length === 0) return true;
      // Each count's changes summed: one Update per count (a transaction names an item once).
      const deltas = new Map<string, number>();
      for (const { from, to } of moves) {
        for (const c of from.counts) if (!to.includes(c)) deltas.set(c, (deltas.get(c) ?? 0) - 1);
        for (const c of to) if (!from.counts.includes(c)) deltas.set(c, (deltas.get(c) ?? 0) + 1);
      }
      const updates = [...deltas].filter(([, d]) => d !== 0);
      if (moves.length * 2 + updates.length > MAX_MOVE_ITEMS)
        throw new Error(`a count transaction of ${moves.length * 2 + updates.length} items`);
      // Refused (a marker moved, a guard no longer holds, another transaction held an item): nothing changed.
      const outcome = await table.transact([
        ...moves.flatMap(({ member, from, to, guard }): WriteOp[] => [
          { type: 'check', key: guard.key, condition: guardCondition(guard) },
          countMemberEntity.put(
            { counts: [...to], version: from.version + 1 },
            { key: member, condition: atVersion(from.version) },
          ),
        ]),
        ...updates.map(([name, delta]) => countChange(name, delta)),
      ]);
      return outcome.ok;
    },

    async markerPages(pageNames) {
      const items = await table.batchGet(
        pageNames.map((p) => countMemberPageEntity.key(p)),
        { consistent: true },
      );
      return new Map(
        pageNames.map((page, i): [string, MarkerPage] => {
          const stored = countMemberPageEntity.parse(items[i]);
          return [page, { page, version: stored?.version ?? 0, members: stored?.members ?? {} }];
        }),
      );
    },

    async movePaged({ pages, retired, deltas }) {
      const updates = [...deltas].filter(([, d]) => d !== 0);
      const size = pages.length + retired.length + updates.length;
      if (size === 0) return true;
      if (size > MAX_MOVE_ITEMS) throw new Error(`a count transaction of ${size} items`);
      const outcome = await table.transact([
        ...pages.map(({ page, version, members }) =>
          countMemberPageEntity.put(
            { members: members as Record<string, string[]>, version: version + 1 },
            { key: page, condition: atVersion(version) },
          ),
        ),
        ...retired.map(({ member, version }) => countMemberEntity.remove(member, atVersion(version))),
        ...updates.map(([name, delta]) => countChange(name, delta)),
      ]);
      return outcome.ok;
    },

    async productMarkersFolded() {
      if (folded) return true;
      folded = (await countLayoutEntity.get(table, {})) !== null;
      return folded;
    },

    async markProductMarkersFolded() {
      await table.write(countLayoutEntity.put({ folded_at: new Date().toISOString() }));
      folded = true;
    },

    async productMarkers(cursor) {
      // Maintenance only: a consistent Scan, a page of what one call reads (no Limit).
      const { items, lastKey } = await table.scanOnce({
        filter: {
          expression: 'begins_with(#pk, :prefix)',
          names: { '#pk': KEY.pk },
          values: { ':prefix': PRODUCT_MARKER },
        },
        keysOnly: true,
        consistent: true,
        start: decodeJobCursor(cursor),
      });
      return {
        members: items.map((item) => String(item[KEY.pk]).slice(MEMBER_OF_MARKER)),
        cursor: encodeJobCursor(lastKey),
      };
    },
  };
}
