/**
 * Exact counts kept by the table stream's dispatcher (docs/decisions/016-search-fallback-and-relevance.md):
 * how many members each count holds (e.g. active products per listing partition). Every member
 * carries a marker naming the counts it is in now; a member moves between counts in ONE
 * transaction with its marker, conditioned on the marker's version (so two concurrent moves never
 * both apply) and on the source item still being in the state the move was derived from. So
 * counting is idempotent per member: a replayed stream record, or a recount, finds the marker
 * already where it should be and changes nothing.
 */

/** The counts a member is in now, and the version of its marker (0: no marker yet). */
export interface Membership {
  counts: readonly string[];
  version: number;
}

/**
 * What the source item must still hold for a move to apply: these attribute values (a null value:
 * that attribute absent), or (null) no item at all. The key is the item's table key.
 */
export interface SourceGuard {
  key: { pk: string; sk: string };
  attributes: Readonly<Record<string, string | number | null>> | null;
}

export interface CountStore {
  /** The value of each count (0 for a count nothing was ever in). */
  values(names: readonly string[]): Promise<number[]>;
  /** Each member's membership (version 0, no counts, for a member never counted). */
  memberships(members: readonly string[]): Promise<Membership[]>;
  /**
   * Moves `member` from `from` (as read) to the counts `to`: −1 on each count it leaves, +1 on each
   * it joins, and its marker, in one transaction. False when the marker moved since it was read or
   * the guard no longer holds: nothing was changed, read again and retry.
   */
  move(member: string, from: Membership, to: readonly string[], guard: SourceGuard): Promise<boolean>;
  /**
   * Several moves in ONE transaction, a count's changes summed (a stream batch's products,
   * docs/decisions/051): all apply or, when any marker or guard changed, none. At most
   * MAX_MOVE_ITEMS items: two per move plus one per count changed.
   */
  moveMany(moves: readonly CountMove[]): Promise<boolean>;
  /** The marker pages named, read consistently (a page not written yet: version 0, no members). */
  markerPages(pages: readonly string[]): Promise<Map<string, MarkerPage>>;
  /**
   * Paged moves in ONE transaction (at most MAX_MOVE_ITEMS items: one per page, retired marker and
   * count changed): false, and nothing changed, when a page or a retired marker moved since read.
   */
  movePaged(moves: PagedMoves): Promise<boolean>;
  /**
   * Whether products' own markers (written before pages) are all folded into pages
   * (foldProductMarkers): settles then stop reading them. Once true it stays true.
   */
  productMarkersFolded(): Promise<boolean>;
  /** Records that no product's own marker is left (the fold's last step). */
  markProductMarkersFolded(): Promise<void>;
  /** A page of the products' own markers left in the table (a Scan: maintenance only). */
  productMarkers(cursor?: string): Promise<{ members: string[]; cursor: string | null }>;
}

/**
 * The markers of a page of members (e.g. products 0–49) in ONE item (docs/decisions/051, third
 * pass): its version moves with every change to any of them, so a move conditioned on it is exact
 * under concurrency as a member's own marker was, while a stream batch of new products writes a few
 * pages instead of one marker each. A member counted nowhere has no entry.
 */
export interface MarkerPage {
  page: string;
  /** 0: no page item yet. */
  version: number;
  members: Readonly<Record<string, readonly string[]>>;
}

/** One transaction of paged moves: the pages' new entries, the own markers they replace, each count's change. */
export interface PagedMoves {
  /** Each page's new state; its `version` is the one read (the write is conditioned on it). */
  pages: readonly MarkerPage[];
  /** Own markers now folded into a page, deleted on the version read. */
  retired: readonly { member: string; version: number }[];
  deltas: ReadonlyMap<string, number>;
}

export interface CountMove {
  member: string;
  from: Membership;
  to: readonly string[];
  guard: SourceGuard;
}

/** DynamoDB's bound on a transaction's items. */
export const MAX_MOVE_ITEMS = 100;
