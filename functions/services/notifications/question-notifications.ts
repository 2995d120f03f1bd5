import * as z from 'zod/mini';
import type { Profile } from '#shared/account-schemas';
import { METRIC } from '../../commons/metric-names';
import { countMetric, logger } from '../../commons/observability';
import type { Mailer, ProfileRepository } from '../../ports/accounts';
import type {
  NotificationRecipient,
  NotificationSettingsStore,
  NotifyKind,
  NotifyWindow,
  NotifyWindowKey,
  NotifyWindowStore,
  SigningKeySource,
  UserDirectory,
} from '../../ports/notifications';
import type { QuestionRepository, StoredQuestion } from '../../ports/questions';
import type { StreamChange } from '../../ports/stream';
import { newAnswersMail, newQuestionsMail } from './mail-templates';
import { signUnsubscribeToken } from './unsubscribe-tokens';
import { DAY_MS } from '../../commons/time';

/**
 * E-mail notifications of questions and answers (docs/decisions/020). Per person, product and kind
 * ('question' to the seller, 'answer' to the asker) a window item holds when the last mail went out
 * and what came since:
 * - the first question (or answer) after a quiet window is mailed at once, and opens a window;
 * - what comes while the window is open is gathered; when it closes, the sweep mails everything
 *   gathered in ONE mail, which opens the next window; a window with nothing gathered sends nothing;
 * so a person gets at most one mail per product and kind in any window.
 * Every change of the window is one write conditioned on its version (a loser reads again), so two
 * questions at the same instant never both mail at once and neither is lost. A question stays in
 * the window's pending list, due at the window's end, until its mail went out: a crash or an SES
 * failure at any point leaves it there, and the sweep mails it — late, never lost. A question id is
 * remembered once taken, so a replayed stream record mails nothing twice.
 */

/**
 * Questions and answers older than this when their mail could go out are not mailed (imported or
 * seeded data, a stream stalled for a day, an SES outage that lasted a day): the news is stale.
 */
export const NOTIFY_MAX_AGE_MS = DAY_MS;
/** Rounds of "read, decide, conditional write" before a contended window gives up (and is retried). */
const WRITE_ATTEMPTS = 10;
/** Windows one sweep round takes; a sweep runs rounds until none is due. */
const SWEEP_PAGE = 50;
const SWEEP_ROUNDS = 20;

export interface NotifyDeps {
  notifyWindows: NotifyWindowStore;
  notifySettings: NotificationSettingsStore;
  questions: Pick<QuestionRepository, 'get'>;
  profiles: Pick<ProfileRepository, 'createIfAbsent'>;
  userDirectory: UserDirectory;
  mailer: Mailer;
  appUrl: () => string;
  unsubscribeKey: SigningKeySource;
  /** The window's length: 15 minutes (NOTIFY_WINDOW_SECONDS shortens it locally and in tests). */
  notifyWindowMs: number;
  now: () => Date;
}

// ---------------------------------------------------------------------------------------------
// The window's rules, as pure functions of its state and the time.

type WindowState = Omit<NotifyWindow, 'version'>;

export type EventStep =
  /** The question was taken already (a replayed record). */
  | { action: 'duplicate' }
  /** The window is open: the question waits for its close. */
  | { action: 'gather'; next: WindowState; dueAt: number }
  /** No mail in the window: mail `ids` now and open a window (`next` is the claim). */
  | { action: 'mailNow'; next: WindowState; dueAt: number; ids: string[] };

/** What a new question or answer does to its window at `now`. */
export function onEvent(state: NotifyWindow, questionId: string, now: number, windowMs: number): EventStep {
  if (state.seen.includes(questionId)) return { action: 'duplicate' };
  const pending = [...state.pending, questionId];
  const seen = [...state.seen, questionId];
  if (state.windowEndsAt !== null && state.windowEndsAt > now)
    return {
      action: 'gather',
      next: { windowEndsAt: state.windowEndsAt, pending, seen },
      dueAt: state.windowEndsAt,
    };
  // Anything still pending (a mail that failed earlier) goes out with it.
  const windowEndsAt = now + windowMs;
  return { action: 'mailNow', next: { windowEndsAt, pending, seen }, dueAt: windowEndsAt, ids: pending };
}

export type DueStep =
  /** Nothing gathered: the window simply lapses (nothing is mailed). */
  | { action: 'lapse'; next: WindowState }
  /** Not due yet (another mail moved the window since the sweep's query). */
  | { action: 'wait' }
  /** The window closed with questions gathered: mail them in one mail and open the next window. */
  | { action: 'mail'; next: WindowState; dueAt: number; ids: string[] };

/** What the sweep does with a window it found due at `now`. */
export function onDue(state: NotifyWindow, now: number, windowMs: number): DueStep {
  const { windowEndsAt, pending, seen } = state;
  if (pending.length === 0) return { action: 'lapse', next: { windowEndsAt, pending, seen } };
  if (windowEndsAt !== null && windowEndsAt > now) return { action: 'wait' };
  const next = { windowEndsAt: now + windowMs, pending, seen };
  return { action: 'mail', next, dueAt: next.windowEndsAt, ids: pending };
}

/** The window once `ids` were mailed (or dropped): they leave the pending list. */
export function withoutPending(
  state: WindowState,
  ids: readonly string[],
): { next: WindowState; dueAt: number | null } {
  const pending = state.pending.filter((id) => !ids.includes(id));
  return {
    next: { windowEndsAt: state.windowEndsAt, pending, seen: state.seen },
    dueAt: pending.length > 0 ? (state.windowEndsAt ?? 0) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The stream's side: which changes of a question notify whom.

const questionImageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  product_id: z.number(),
  seller_id: z.string().check(z.minLength(1)),
  asker_id: z.string().check(z.minLength(1)),
  created_at: z.string(),
  answer_text: z.optional(z.string()),
  answered_at: z.optional(z.string()),
});

export interface QuestionEvent {
  key: NotifyWindowKey;
  questionId: string;
}

const tooOld = (iso: string | undefined, now: number) => {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return !Number.isFinite(at) || now - at > NOTIFY_MAX_AGE_MS;
};

/**
 * The notification a change of a question item calls for, if any: a new question notifies the
 * seller (never when the asker is the seller); a question that gets its answer notifies the
 * asker. A question written already answered, or older than NOTIFY_MAX_AGE_MS (imports, the demo's
 * seed, a stalled stream), notifies nobody. A malformed image is logged and notifies nobody.
 */
export function questionEventOf(change: StreamChange, now: number): QuestionEvent | null {
  if (!questionChangeMayNotify(change)) return null;
  const parsed = questionImageSchema.safeParse(change.newImage);
  if (!parsed.success) {
    logger.warn('question change not notified: malformed item', { sequenceNumber: change.sequenceNumber });
    return null;
  }
  const q = parsed.data;
  if (q.asker_id === q.seller_id) return null;
  if (change.eventName === 'INSERT') {
    if (q.answer_text || tooOld(q.created_at, now)) return null;
    return { key: { recipient: q.seller_id, productId: q.product_id, kind: 'question' }, questionId: q.id };
  }
  if (!q.answer_text || tooOld(q.answered_at, now)) return null;
  return { key: { recipient: q.asker_id, productId: q.product_id, kind: 'answer' }, questionId: q.id };
}

/**
 * Whether a question's change can notify anyone: not a removal (a deleted product's questions go
 * with it) nor a change of a question answered already (its answer was notified then). The
 * stream's dispatcher drops the others (the questions' `concerns`), so they never split a run.
 */
export function questionChangeMayNotify(change: StreamChange): boolean {
  if (change.eventName === 'REMOVE') return false;
  const before = change.oldImage?.answer_text;
  return !(typeof before === 'string' && before.length > 0);
}

/** The stream dispatcher's handler of question changes. */
export async function notifyQuestionChange(deps: NotifyDeps, change: StreamChange): Promise<void> {
  const event = questionEventOf(change, deps.now().getTime());
  if (event) await takeEvent(deps, event);
}

/**
 * Takes one question into its window: gathered while the window is open, else mailed now. When the
 * mail fails (SES down) the window is left due at once and the sweep sends it, so an SES outage
 * never holds the stream's shard (product indexing) behind retries.
 */
export async function takeEvent(deps: NotifyDeps, { key, questionId }: QuestionEvent): Promise<void> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const now = deps.now().getTime();
    const state = await deps.notifyWindows.get(key);
    const step = onEvent(state, questionId, now, deps.notifyWindowMs);
    if (step.action === 'duplicate') return;
    if (step.action === 'gather') {
      if (await deps.notifyWindows.save(key, state.version, step.next, step.dueAt, now)) return;
      continue;
    }
    const outcome = await sendWindow(deps, key, state, step, now, 'stream');
    if (outcome !== 'conflict') return;
  }
  throw new Error(`notification window ${describe(key)} stayed contended`);
}

// ---------------------------------------------------------------------------------------------
// The sweep: windows that closed with questions gathered.

/**
 * Mails every window whose gathered questions are due (in AWS every minute, by a schedule; locally
 * by the stack's sweeper). One window's failure does not stop the others; it is thrown at the end
 * (the function's errors alarm sees it) and the window is found due again by the next sweep.
 */
export async function sweepDueNotifications(
  deps: NotifyDeps,
): Promise<{ due: number; mailed: number; failed: number }> {
  let due = 0;
  let mailed = 0;
  const failures: unknown[] = [];
  const done = new Set<string>();
  for (let round = 0; round < SWEEP_ROUNDS; round += 1) {
    const keys = (await deps.notifyWindows.due(deps.now().getTime(), SWEEP_PAGE)).filter(
      (k) => !done.has(describe(k)),
    );
    if (keys.length === 0) break;
    for (const key of keys) {
      done.add(describe(key));
      due += 1;
      try {
        if (await flushWindow(deps, key)) mailed += 1;
      } catch (error) {
        failures.push(error);
        logger.error('notification window failed; the next sweep tries again', {
          window: describe(key),
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} of ${due} notification windows failed`);
  return { due, mailed, failed: 0 };
}

/** Mails what a due window gathered; true when a mail went out. */
export async function flushWindow(deps: NotifyDeps, key: NotifyWindowKey): Promise<boolean> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const now = deps.now().getTime();
    const state = await deps.notifyWindows.get(key);
    const step = onDue(state, now, deps.notifyWindowMs);
    if (step.action === 'wait') return false;
    if (step.action === 'lapse') {
      // Only the index entry is stale: clear it so the sweep stops finding the window.
      if (await deps.notifyWindows.save(key, state.version, step.next, null, now)) return false;
      continue;
    }
    const outcome = await sendWindow(deps, key, state, step, now, 'sweep');
    if (outcome !== 'conflict') return outcome === 'mailed';
  }
  throw new Error(`notification window ${describe(key)} stayed contended`);
}

// ---------------------------------------------------------------------------------------------
// Sending: claim the window, mail, then let the mailed questions go.

type Claim = { next: WindowState; dueAt: number; ids: string[] };

/**
 * Mails `claim.ids` to the window's person, as one mail. Before anything is claimed, the person and
 * the questions are read: when nothing is left to mail (the person turned the mails off or has no
 * address, the questions were deleted or are too old) the ids just leave the pending list and the
 * window is not opened. Otherwise the claim (the window opened until now + window, the ids still
 * pending and due at its end) is written conditioned on the version read; then the mail; then the
 * ids leave the pending list. If the mail fails, the claim is undone and the window left due at
 * once, so the next sweep mails it (the stream's handler then returns; the sweep throws, to be
 * seen); if even the undo fails, the ids stay pending and the sweep mails them when the window ends.
 */
async function sendWindow(
  deps: NotifyDeps,
  key: NotifyWindowKey,
  state: NotifyWindow,
  claim: Claim,
  now: number,
  caller: 'stream' | 'sweep',
): Promise<'mailed' | 'dropped' | 'failed' | 'conflict'> {
  const recipient = await recipientOf(deps, key.recipient);
  const questions = recipient?.questions ? await questionsToMail(deps, key, claim.ids, now) : [];
  if (!recipient?.questions || questions.length === 0) {
    const reason = !recipient ? 'no address' : !recipient.questions ? 'turned off' : 'nothing left';
    const dropped = withoutPending({ ...claim.next, windowEndsAt: state.windowEndsAt }, claim.ids);
    if (!(await deps.notifyWindows.save(key, state.version, dropped.next, dropped.dueAt, now)))
      return 'conflict';
    logger.info('question notification not mailed', {
      window: describe(key),
      reason,
      questions: claim.ids.length,
    });
    return 'dropped';
  }
  if (!(await deps.notifyWindows.save(key, state.version, claim.next, claim.dueAt, now))) return 'conflict';
  const claimedVersion = state.version + 1;
  try {
    await deps.mailer.send(await composeMail(deps, key, recipient, questions));
  } catch (error) {
    await undoClaim(deps, key, claimedVersion, state.windowEndsAt, now);
    if (caller === 'sweep') throw error;
    logger.warn('question notification failed; the sweep sends it', {
      window: describe(key),
      error: error instanceof Error ? error.message : String(error),
    });
    return 'failed';
  }
  countMetric(METRIC.notificationsSent);
  await settle(deps, key, claim.ids);
  return 'mailed';
}

/** After a mail: the mailed ids leave the pending list (whatever was gathered meanwhile stays). */
async function settle(deps: NotifyDeps, key: NotifyWindowKey, ids: readonly string[]): Promise<void> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    const now = deps.now().getTime();
    const state = await deps.notifyWindows.get(key);
    const { next, dueAt } = withoutPending(state, ids);
    if (next.pending.length === state.pending.length) return;
    if (await deps.notifyWindows.save(key, state.version, next, dueAt, now)) return;
  }
  // The mail went out; only its bookkeeping failed. The sweep would mail these once more at the
  // window's end: a duplicate, logged, rather than a loss.
  logger.error('mailed questions stay pending in a contended window', { window: describe(key) });
}

/**
 * A failed mail: the window goes back to how it was, due at once, so the next sweep mails it. When
 * this write fails too, its error is thrown (the record or the sweep is retried) and the claim stays:
 * its questions go out when the window it opened ends.
 */
async function undoClaim(
  deps: NotifyDeps,
  key: NotifyWindowKey,
  claimedVersion: number,
  windowEndsAt: number | null,
  now: number,
): Promise<void> {
  const state = await deps.notifyWindows.get(key);
  // Someone else wrote since (gathered a question): leave it; the pending ids are due at the end.
  if (state.version !== claimedVersion) return;
  const restored = { ...state, windowEndsAt };
  await deps.notifyWindows.save(key, state.version, restored, restored.pending.length > 0 ? now : null, now);
}

// ---------------------------------------------------------------------------------------------
// Reading what a mail says.

/**
 * The person's address and switch, from their profile; a person without a profile (possible for
 * an account confirmed before profiles were kept) is looked up in the user pool and given one, so
 * their switch has a place and the unsubscribe link works.
 */
export async function recipientOf(deps: Pick<NotifyDeps, 'notifySettings' | 'userDirectory' | 'profiles' | 'now'>, userId: string): Promise<NotificationRecipient | null> {
  const known = await deps.notifySettings.recipient(userId);
  if (known) return known.email ? known : null;
  const user = await deps.userDirectory.find(userId);
  if (!user?.confirmed || !user.email) return null;
  const profile: Profile = {
    user_id: userId,
    email: user.email.toLowerCase(),
    full_name: user.name?.trim().slice(0, 100) || null,
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: deps.now().toISOString(),
  };
  await deps.profiles.createIfAbsent(profile);
  return deps.notifySettings.recipient(userId);
}

/** The window's questions that still exist, have what the kind reports, and are not stale. */
async function questionsToMail(
  deps: NotifyDeps,
  key: NotifyWindowKey,
  ids: readonly string[],
  now: number,
): Promise<StoredQuestion[]> {
  const found: StoredQuestion[] = [];
  for (const id of ids) {
    const q = await deps.questions.get(key.productId, id);
    if (!q) continue;
    if (key.kind === 'answer' ? !q.answer_text || tooOld(q.answered_at, now) : tooOld(q.created_at, now))
      continue;
    found.push(q);
  }
  return found;
}

async function composeMail(
  deps: NotifyDeps,
  key: NotifyWindowKey,
  recipient: NotificationRecipient,
  questions: StoredQuestion[],
) {
  const origin = deps.appUrl().replace(/\/$/, '');
  const token = signUnsubscribeToken(await deps.unsubscribeKey(), key.recipient, deps.now());
  const base = {
    to: recipient.email,
    recipientName: recipient.name,
    // The newest title the questions carry (a title edited meanwhile shows as it is now asked about).
    productTitle: questions.at(-1)?.product_title ?? '',
    productUrl: `${origin}/product/${key.productId}`,
    unsubscribeUrl: `${origin}/notificaciones/baja#token=${token}`,
    oneClickUrl: `${origin}/api/notifications/unsubscribe?token=${token}`,
    settingsUrl: `${origin}/settings`,
  };
  return key.kind === 'question'
    ? newQuestionsMail(
        base,
        questions.map((q) => ({ askerName: q.asker_name, text: q.question_text })),
      )
    : newAnswersMail(
        base,
        questions.map((q) => ({ question: q.question_text, answer: q.answer_text ?? '' })),
      );
}

const describe = (key: NotifyWindowKey) =>
  `${key.recipient}/${key.productId}/${key.kind satisfies NotifyKind}`;
