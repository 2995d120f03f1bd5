import { MAX_NEW_PER_SEARCH, searchLabel } from '#shared/alerts';
import { type Product, productSchema } from '#shared/schemas';
import { isListed } from '#shared/table';
import { METRIC } from '../../commons/metric-names';
import { countMetric, logger } from '../../commons/observability';
import { DAY_MS } from '../../commons/time';
import type { Mailer, ProfileRepository } from '../../ports/accounts';
import type {
  AlertState,
  AlertStateStore,
  PendingAlert,
  SavedSearchIndex,
  SavedSearchMatch,
  SavedSearchRepository,
} from '../../ports/alerts';
import type { NotificationSettingsStore, SigningKeySource, UserDirectory } from '../../ports/notifications';
import type { ProductRepository } from '../../ports/repositories';
import type { StreamChange } from '../../ports/stream';
import { alertDay, digestTimeAfter } from './alert-days';
import { type AlertMailListing, alertMail } from './alert-mail';
import { productIdOf, toSearchDocument } from '../search/indexer';
import { recipientOf } from './question-notifications';
import { ALERT_UNSUBSCRIBE_PURPOSE } from '../favorites/saved-searches';
import { signUnsubscribeToken } from './unsubscribe-tokens';
import type { PushDeps } from '../../ports/push';
import { pushAlert } from '../push/push-notifications';

/**
 * Alerts of saved searches (docs/decisions/031). When a listing goes on offer (published, renewed,
 * reactivated: any change that makes a product listed and active which was not before), the saved
 * searches it matches are found through the SavedSearchIndex (percolator / inverted structure: no
 * query per saved search; one percolation per stream batch), each gets it in 'Nuevos para ti', and each person is mailed:
 * - the first match of their America/Caracas day at once;
 * - later matches of that day gathered into ONE digest the next morning (alert-days.ts);
 * so a person gets at most two alert mails a day (that day's first match, the previous day's digest).
 * One state item per person holds the day mailed, the digest's listings and the listings taken
 * (a replayed stream record, or a listing renewed again the same week, mails nothing twice); every
 * change is a Put conditioned on its version. Never its own seller; sold, inactive, held or expired
 * listings never alert (they are not listed), and at mail time a listing no longer listed is left out.
 */

export interface AlertDeps extends PushDeps {
  savedSearches: SavedSearchRepository;
  savedSearchIndex: SavedSearchIndex;
  alertStates: AlertStateStore;
  products: Pick<ProductRepository, 'get'>;
  notifySettings: NotificationSettingsStore;
  userDirectory: UserDirectory;
  profiles: Pick<ProfileRepository, 'createIfAbsent'>;
  mailer: Mailer;
  appUrl: () => string;
  unsubscribeKey: SigningKeySource;
  now: () => Date;
}

/** A listing first written more than this long ago never alerts on its creation (imports, seeds). */
const MAX_NEW_LISTING_AGE_MS = DAY_MS;
/** Listings remembered per person as taken (replays, renewals). */
const SEEN_KEPT = 500;
/** Listings one mail shows at most (the rest are in 'Nuevos para ti'). */
const MAX_LISTINGS_PER_MAIL = 12;
const WRITE_ATTEMPTS = 10;
const SWEEP_PAGE = 50;
const SWEEP_ROUNDS = 20;

/**
 * Whether the old image was listed, by THE rule (`isListed`) applied to the image as it was stored:
 * read raw, not through today's product schema, so a state or field the schema does not know yet
 * (a listing's expiry, added beside this) still counts as "not on offer" when the rule says so.
 */
const wasListed = (image: Record<string, unknown> | undefined): boolean =>
  !!image && typeof image.status === 'string' && isListed(image as Parameters<typeof isListed>[0]);

/**
 * The product a change puts on offer, or null: listed and active now, not listed before (a new
 * listing, a renewal from expired, a reactivation, a hold released). A reserved listing made
 * available again was on offer all along, so it alerts nobody; nor does an edit of a listed one.
 */
export function newlyOnOffer(change: StreamChange, now: number): Product | null {
  if (change.eventName === 'REMOVE' || productIdOf(change) === null) return null;
  const parsed = productSchema.safeParse(change.newImage);
  if (!parsed.success) return null;
  const p = parsed.data;
  if (!isListed(p) || p.status !== 'active' || !p.owner_id) return null;
  if (wasListed(change.oldImage)) return null;
  if (change.eventName === 'INSERT' && now - Date.parse(p.created_at) > MAX_NEW_LISTING_AGE_MS) return null;
  return p;
}

/** Writes of a stream batch's alerts made at once ('Nuevos para ti' per search, states per person). */
const WRITES_AT_ONCE = 16;

/** Runs `work` over the items, at most `width` at a time. */
async function eachAtOnce<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(next);
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
}

interface Matched {
  change: StreamChange;
  product: Product;
  searchIds: string[];
}

/** A run's listings that went on offer, and the saved searches each one matches. */
interface PercolatedListings {
  listings: { change: StreamChange; product: Product }[];
  matches: SavedSearchMatch[][];
}

/**
 * The run's listings that went on offer, percolated in ONE request (docs/decisions/051). It reads
 * only the listings and the saved searches, so it may run beside the index write (alertOnceIndexed).
 */
async function percolateNewListings(
  deps: Pick<AlertDeps, 'savedSearchIndex' | 'now'>,
  changes: readonly StreamChange[],
): Promise<PercolatedListings> {
  const now = deps.now().getTime();
  const listings = changes.flatMap((change) => {
    const product = newlyOnOffer(change, now);
    return product ? [{ change, product }] : [];
  });
  if (listings.length === 0) return { listings, matches: [] };
  const matches = await deps.savedSearchIndex.matchEach(
    listings.map(({ product }) => ({ doc: toSearchDocument(product), excludeUser: product.owner_id })),
  );
  return { listings, matches };
}

/**
 * The alerts of a run's listings that went on offer (`changes`: those the index took), from their
 * percolation (docs/decisions/051), in as few writes as the rules allow: each matched search's 'Nuevos para ti' gets the run's listings in one ADD; the people's
 * states are read in BatchGets, and each person's listings taken in stream order into ONE
 * versioned write (the day's first match claimed for the immediate mail under a lease, later ones
 * gathered for the digest); then the immediate mails go out. A person whose state changed
 * meanwhile is served listing by listing, as before. A listing fails (retried) when serving any of
 * its people failed; whoever was served already is recognised by `seen` (and the set's ADD).
 */
async function alertOnNewListings(
  deps: AlertDeps,
  changes: readonly StreamChange[],
  all: PercolatedListings,
): Promise<Map<StreamChange, unknown>> {
  const failures = new Map<StreamChange, unknown>();
  const fail = (change: StreamChange, error: unknown) => {
    if (!failures.has(change)) failures.set(change, error);
  };
  const taken = new Set(changes);
  const listings = all.listings.filter(({ change }) => taken.has(change));
  const matches = all.matches.filter((_, i) => taken.has(all.listings[i].change));
  if (listings.length === 0) return failures;
  // Each person's listings in stream order, and each search's listings.
  const byUser = new Map<string, Matched[]>();
  const bySearch = new Map<string, { userId: string; id: string; items: Matched[] }>();
  listings.forEach((listing, i) => {
    const mine = new Map<string, string[]>();
    for (const m of matches[i]) {
      if (m.user_id === listing.product.owner_id) continue;
      mine.set(m.user_id, [...(mine.get(m.user_id) ?? []), m.id]);
    }
    for (const [userId, searchIds] of mine) {
      const item = { ...listing, searchIds };
      byUser.set(userId, [...(byUser.get(userId) ?? []), item]);
      for (const id of searchIds) {
        const key = `${userId}\u0000${id}`;
        const entry = bySearch.get(key) ?? { userId, id, items: [] };
        entry.items.push(item);
        bySearch.set(key, entry);
      }
    }
  });

  // 'Nuevos para ti' first (idempotent), so a listing a person is alerted of is always in it.
  const unlisted = new Set<Matched>();
  await eachAtOnce([...bySearch.values()], WRITES_AT_ONCE, async ({ userId, id, items }) => {
    try {
      await deps.savedSearches.addNew(
        userId,
        id,
        items.map((m) => m.product.id),
        MAX_NEW_PER_SEARCH,
      );
    } catch (error) {
      for (const m of items) {
        unlisted.add(m);
        fail(m.change, error);
      }
    }
  });

  const people = [...byUser].map(([userId, items]) => ({
    userId,
    items: items.filter((m) => !unlisted.has(m)),
  }));
  let states: AlertState[];
  try {
    states = await deps.alertStates.getMany(people.map((p) => p.userId));
  } catch (error) {
    for (const { items } of people) for (const m of items) fail(m.change, error);
    return failures;
  }
  await eachAtOnce(
    people.map((person, i) => ({ ...person, state: states[i] })),
    WRITES_AT_ONCE,
    async ({ userId, items, state }) => {
      try {
        await takeAlerts(deps, userId, state, items);
      } catch (error) {
        for (const m of items) fail(m.change, error);
      }
    },
  );
  return failures;
}

/**
 * A run of product changes indexed by `index` (its failures by change) and alerted: the new
 * listings are percolated BESIDE the index write (the percolation reads only the listings), and
 * alerted once the index took them, so a listing is found when its alert is opened (idempotent per
 * person: a retried record mails nobody twice).
 */
export async function alertOnceIndexed(
  deps: AlertDeps,
  changes: readonly StreamChange[],
  index: () => Promise<Map<StreamChange, unknown>>,
): Promise<Map<StreamChange, unknown>> {
  const percolation = percolateNewListings(deps, changes);
  // Awaited below; a percolation failing while the index is written is not unhandled.
  percolation.catch(() => undefined);
  const failures = await index();
  const indexed = changes.filter((c) => !failures.has(c));
  let percolated: PercolatedListings;
  try {
    percolated = await percolation;
  } catch (error) {
    for (const change of indexed) failures.set(change, error);
    return failures;
  }
  for (const [change, error] of await alertOnNewListings(deps, indexed, percolated))
    failures.set(change, error);
  return failures;
}

/**
 * A person's listings of a batch in ONE versioned write of their state (read already): what
 * `onMatch` does listing after listing, folded. When the state changed since it was read, the
 * listings are taken one by one (each reading it again).
 */
async function takeAlerts(deps: AlertDeps, userId: string, state: AlertState, items: readonly Matched[]) {
  const now = deps.now().getTime();
  let next: StateOf = state;
  let mailNow: PendingAlert | null = null;
  const taken: Product[] = [];
  for (const { product, searchIds } of items) {
    const step = onMatch({ ...next, version: state.version }, product.id, searchIds, now);
    if (step.action === 'duplicate') continue;
    next = step.next;
    taken.push(product);
    if (step.action === 'mailNow') mailNow = step.item;
  }
  if (next === state) return;
  if (!(await deps.alertStates.save(userId, state.version, next, dueAtOf(next, now), now))) {
    for (const { product, searchIds } of items) await takeAlert(deps, userId, product, searchIds);
    return;
  }
  // Every match pushed at once (the mails gather all but the day's first): `seen` makes it once.
  for (const product of taken) await pushAlert(deps, userId, product);
  if (mailNow) await sendNow(deps, userId, mailNow, { ...next, version: state.version + 1 });
}

// ---------------------------------------------------------------------------------------------
// The day's rules, as pure functions of the state and the time.

type StateOf = Omit<AlertState, 'version'>;

/**
 * When the state must be looked at again: while a mail is being sent (a lease), when the lease
 * ends; else at once for a mail still owed (an immediate mail that failed or was cut short), and
 * the morning after its day for a gathered listing. Null when nothing is pending.
 */
export function dueAtOf(state: StateOf, now: number): number | null {
  let due: number | null = null;
  for (const p of state.pending) {
    const at = p.retry ? now : digestTimeAfter(p.day);
    if (due === null || at < due) due = at;
  }
  if (due !== null && state.leaseUntil !== null && state.leaseUntil > due) due = state.leaseUntil;
  return due;
}

export type MatchStep =
  | { action: 'duplicate' }
  | { action: 'gather'; next: StateOf }
  | { action: 'mailNow'; next: StateOf; item: PendingAlert };

/**
 * What a new match does: the first of the person's day is mailed now, later ones wait for the
 * digest. The immediate mail is claimed with its listing still pending (owed, `retry`) under a
 * lease: if the process dies before the mail is sent, the sweep sends it when the lease ends — late,
 * or at worst twice, never lost.
 */
export function onMatch(state: AlertState, productId: number, searchIds: string[], now: number): MatchStep {
  if (state.seen.includes(productId)) return { action: 'duplicate' };
  const seen = [...state.seen, productId].slice(-SEEN_KEPT);
  const today = alertDay(now);
  if (state.mailedDay !== today) {
    const item = { productId, searchIds, day: today, retry: true };
    return {
      action: 'mailNow',
      item,
      next: { mailedDay: today, pending: [...state.pending, item], seen, leaseUntil: now + SEND_LEASE_MS },
    };
  }
  return {
    action: 'gather',
    next: { ...state, pending: [...state.pending, { productId, searchIds, day: today }], seen },
  };
}

/** The listings a digest sends at `now`: those of earlier days and mails still owed; none while leased. */
export function readyForDigest(state: StateOf, now: number): PendingAlert[] {
  if (state.leaseUntil !== null && state.leaseUntil > now) return [];
  const today = alertDay(now);
  return state.pending.filter((p) => p.retry || p.day < today);
}

/** How long a sender holds the state before the sweep may take over what it was sending. */
export const SEND_LEASE_MS = 2 * 60 * 1000;

async function takeAlert(deps: AlertDeps, userId: string, product: Product, searchIds: string[]) {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const now = deps.now().getTime();
    const state = await deps.alertStates.get(userId);
    const step = onMatch(state, product.id, searchIds, now);
    if (step.action === 'duplicate') return;
    if (!(await deps.alertStates.save(userId, state.version, step.next, dueAtOf(step.next, now), now)))
      continue;
    await pushAlert(deps, userId, product);
    if (step.action === 'mailNow')
      await sendNow(deps, userId, step.item, { ...step.next, version: state.version + 1 });
    return;
  }
  throw new Error('alert state stayed contended');
}

/**
 * The day's first match, claimed (pending, owed, under a lease) in `saved`: mailed now, then
 * settled. SES down: the listing stays owed and the sweep sends it; the stream's shard does not
 * wait on SES.
 */
async function sendNow(deps: AlertDeps, userId: string, item: PendingAlert, saved: AlertState) {
  try {
    await mailListings(deps, userId, [item]);
  } catch (error) {
    logger.warn('alert mail failed; the sweep sends it', {
      error: error instanceof Error ? error.message : String(error),
    });
    await settle(deps, userId, [], saved);
    return;
  }
  await settle(deps, userId, [item.productId], saved);
}

/**
 * After a send (or its failure): the mailed listings leave the pending list and the lease ends.
 * `known`, the state as this process last wrote it, saves the read when nothing changed since.
 */
async function settle(
  deps: AlertDeps,
  userId: string,
  mailed: readonly number[],
  known?: AlertState,
): Promise<void> {
  let state = known;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const now = deps.now().getTime();
    state ??= await deps.alertStates.get(userId);
    const next = {
      ...state,
      pending: state.pending.filter((p) => !mailed.includes(p.productId)),
      leaseUntil: null,
    };
    if (await deps.alertStates.save(userId, state.version, next, dueAtOf(next, now), now)) return;
    state = undefined;
  }
  // The mail went out; only its bookkeeping failed: the sweep may send it again when the lease
  // ends — a duplicate, logged, rather than a loss.
  logger.error('mailed alerts stay pending in a contended state', { mailed: mailed.length });
}

// ---------------------------------------------------------------------------------------------
// The digest: in AWS on the notification schedule (every minute), locally on the stack's sweeper.

export async function sweepAlertDigests(deps: AlertDeps): Promise<{ due: number; mailed: number }> {
  let due = 0;
  let mailed = 0;
  const done = new Set<string>();
  const failures: unknown[] = [];
  for (let round = 0; round < SWEEP_ROUNDS; round += 1) {
    const users = (await deps.alertStates.due(deps.now().getTime(), SWEEP_PAGE)).filter((u) => !done.has(u));
    if (users.length === 0) break;
    for (const userId of users) {
      done.add(userId);
      due += 1;
      try {
        if (await flushDigest(deps, userId)) mailed += 1;
      } catch (error) {
        failures.push(error);
        logger.error('alert digest failed; the next sweep tries again', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} of ${due} alert digests failed`);
  return { due, mailed };
}

/**
 * Sends a person's due digest as ONE mail; true when a mail went out. The listings stay pending
 * under a lease while it is sent (a concurrent sweep finds nothing ready), and leave only once it
 * was: a crash or an SES failure leaves them owed, never lost.
 */
export async function flushDigest(deps: AlertDeps, userId: string): Promise<boolean> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const now = deps.now().getTime();
    const state = await deps.alertStates.get(userId);
    const ready = readyForDigest(state, now);
    if (ready.length === 0) {
      // Not due (leased, or a stale index entry): only the entry is corrected.
      const due = dueAtOf(state, now);
      if (due !== null && due <= now) return false;
      if (await deps.alertStates.save(userId, state.version, state, due, now)) return false;
      continue;
    }
    const leased = { ...state, leaseUntil: now + SEND_LEASE_MS };
    if (!(await deps.alertStates.save(userId, state.version, leased, dueAtOf(leased, now), now))) continue;
    let sent: boolean;
    try {
      sent = await mailListings(deps, userId, ready);
    } catch (error) {
      await settle(deps, userId, []);
      throw error;
    }
    await settle(
      deps,
      userId,
      ready.map((p) => p.productId),
    );
    return sent;
  }
  throw new Error('alert state stayed contended');
}

// ---------------------------------------------------------------------------------------------
// The mail.

/** Mails the listings still on offer; false when none is left (or the person has no address). */
async function mailListings(deps: AlertDeps, userId: string, items: PendingAlert[]): Promise<boolean> {
  const recipient = await recipientOf(deps, userId);
  if (!recipient) return false;
  const searches = new Map((await deps.savedSearches.list(userId)).map((s) => [s.id, s]));
  const products: Product[] = [];
  const labels: string[] = [];
  for (const item of items) {
    const live = item.searchIds.map((id) => searches.get(id)).filter((s) => s?.enabled);
    if (live.length === 0) continue; // the searches were deleted or turned off meanwhile
    const p = await deps.products.get(item.productId);
    if (!p || !isListed(p) || p.owner_id === userId) continue;
    products.push(p);
    for (const s of live) {
      const label = searchLabel(s!);
      if (!labels.includes(label)) labels.push(label);
    }
  }
  if (products.length === 0) return false;
  const origin = deps.appUrl().replace(/\/$/, '');
  const token = signUnsubscribeToken(
    await deps.unsubscribeKey(),
    userId,
    deps.now(),
    ALERT_UNSUBSCRIBE_PURPOSE,
  );
  const listings: AlertMailListing[] = products.slice(0, MAX_LISTINGS_PER_MAIL).map((p) => ({
    title: p.title,
    price: p.price,
    photoUrl: p.image ? (/^https?:\/\//.test(p.image) ? p.image : `${origin}${p.image}`) : null,
    url: `${origin}/product/${p.id}`,
  }));
  await deps.mailer.send(
    alertMail({
      to: recipient.email,
      recipientName: recipient.name,
      searchLabels: labels,
      listings,
      total: products.length,
      alertsUrl: `${origin}/alertas`,
      unsubscribeUrl: `${origin}/alertas/baja#token=${token}`,
      oneClickUrl: `${origin}/api/alerts/unsubscribe?token=${token}`,
    }),
  );
  countMetric(METRIC.notificationsSent);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Keeping the reverse index and the saved searches in step with the table.

const matchableFields = [
  'user_id',
  'university',
  'q',
  'category',
  'career',
  'condition',
  'minPrice',
  'maxPrice',
  'enabled',
] as const;

const savedSearchIdOf = (change: StreamChange): string | null => {
  const sk = change.keys.sk;
  return typeof sk === 'string' && sk.startsWith('SEARCH#') ? sk.slice('SEARCH#'.length) : null;
};

/**
 * Whether a saved search's change touches what the matcher reads (created, removed, or one of
 * `matchableFields` changed). 'Nuevos para ti', written into the item by the alerts of every batch
 * of new listings, touches none: the stream's dispatcher drops those changes (the saved searches'
 * `concerns`), so they neither reach syncSavedSearch nor split a run of products.
 */
export function touchesMatcher(change: StreamChange): boolean {
  const { oldImage: old, newImage: img } = change;
  return change.eventName === 'REMOVE' || !img || !old || matchableFields.some((f) => old[f] !== img[f]);
}

/**
 * A saved search's change reaches the reverse index (the ONLY way anything does, so the index can
 * be rebuilt from the table). The dispatcher hands it only changes that touch the matcher
 * (touchesMatcher); given another, it puts the same search again, which changes nothing.
 */
export async function syncSavedSearch(
  deps: Pick<AlertDeps, 'savedSearchIndex'>,
  change: StreamChange,
): Promise<void> {
  const id = savedSearchIdOf(change);
  if (!id) return;
  if (change.eventName === 'REMOVE' || !change.newImage) {
    await deps.savedSearchIndex.remove([id]);
    return;
  }
  const img = change.newImage;
  if (typeof img.user_id !== 'string' || typeof img.university !== 'string') return;
  await deps.savedSearchIndex.put([
    {
      id,
      user_id: img.user_id,
      university: img.university,
      enabled: img.enabled !== false,
      ...(typeof img.q === 'string' ? { q: img.q } : {}),
      ...(typeof img.category === 'string' ? { category: img.category as never } : {}),
      ...(typeof img.career === 'string' ? { career: img.career as never } : {}),
      ...(typeof img.condition === 'string' ? { condition: img.condition as never } : {}),
      ...(typeof img.minPrice === 'number' ? { minPrice: img.minPrice } : {}),
      ...(typeof img.maxPrice === 'number' ? { maxPrice: img.maxPrice } : {}),
    },
  ]);
}

/** A profile removed (the account deleted): its saved searches and alert state go with it. */
export async function removeSavedSearchesOfProfile(
  deps: Pick<AlertDeps, 'savedSearches'>,
  change: StreamChange,
): Promise<void> {
  if (change.eventName !== 'REMOVE') return;
  const m = typeof change.keys.pk === 'string' ? /^PROFILE#(.+)$/.exec(change.keys.pk) : null;
  if (m && change.keys.sk === 'PROFILE') await deps.savedSearches.removeAllOfUser(m[1]);
}

/**
 * Fills the reverse index from the table (the local stack's in-memory matcher at start; in AWS the
 * percolator index is durable and fed by the stream). Returns how many saved searches were put.
 */
export async function rebuildSavedSearchIndex(
  deps: { savedSearches: Pick<SavedSearchRepository, 'page'>; savedSearchIndex: SavedSearchIndex },
  pageSize = 500,
): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  do {
    const page = await deps.savedSearches.page(cursor, pageSize);
    await deps.savedSearchIndex.put(page.items);
    n += page.items.length;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return n;
}
