/**
 * E-mail notifications of questions and answers (docs/decisions/020): one mail at once, then what
 * comes within the window gathered into one mail when it closes, per person, product and kind.
 */

/** 'question': a new question, to the product's seller; 'answer': an answer, to the asker. */
export type NotifyKind = 'question' | 'answer';

export interface NotifyWindowKey {
  /** Who is mailed (a user id, Cognito's `sub`). */
  recipient: string;
  productId: number;
  kind: NotifyKind;
}

/** A window as stored (shared/table.ts: notifyWindow). */
export interface NotifyWindow {
  /** Goes up with every write; 0 while the item does not exist. */
  version: number;
  /** Epoch milliseconds until which nothing more is mailed (the last mail plus the window), or null. */
  windowEndsAt: number | null;
  /** Questions gathered and not mailed yet, in the order they came. */
  pending: string[];
  /** Every question the window ever took: a replayed stream record is recognised by it. */
  seen: string[];
}

export interface NotifyWindowStore {
  /** The window, read consistently; a version-0 empty window when there is none. */
  get(key: NotifyWindowKey): Promise<NotifyWindow>;
  /**
   * Stores `next` (version + 1) only if the stored version is still `version`: of two concurrent
   * writers exactly one wins and the other reads again. While `next.pending` holds questions the
   * item is due at `dueAt` (the sweep finds it); otherwise it is due at no time.
   */
  save(
    key: NotifyWindowKey,
    version: number,
    next: Omit<NotifyWindow, 'version'>,
    dueAt: number | null,
    now: number,
  ): Promise<boolean>;
  /** Windows holding gathered questions due at or before `now`, earliest first, at most `limit`. */
  due(now: number, limit: number): Promise<NotifyWindowKey[]>;
}

/** Where a person is mailed, and whether they want these mails (their profile). */
export interface NotificationRecipient {
  email: string;
  name: string | null;
  /** The /settings switch: on unless the person turned it off. */
  questions: boolean;
}

export interface NotificationSettingsStore {
  /** The person's address, name and switch, from their profile; null when they have no profile. */
  recipient(userId: string): Promise<NotificationRecipient | null>;
  /** Sets the switch on the person's profile; false when they have none (nothing written). */
  setQuestions(userId: string, on: boolean): Promise<boolean>;
}

/** A user of the pool by id, for people the table has no profile of. */
export interface DirectoryUser {
  email: string;
  name: string | null;
  confirmed: boolean;
}

export interface UserDirectory {
  /** The user whose `sub` is `userId` (native accounts: their pool username); null when unknown. */
  find(userId: string): Promise<DirectoryUser | null>;
}

/** The secret that signs unsubscribe links, as bytes (loaded once per process). */
export type SigningKeySource = () => Promise<Uint8Array>;
