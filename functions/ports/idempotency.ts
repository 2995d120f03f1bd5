/**
 * Idempotent creates (docs/decisions/041-idempotent-writes.md). A create a client may retry is
 * written in ONE transaction with its request's first answer and its uses of the caller's
 * allowances: a retry with the same key finds the answer, and nothing is spent unless the create is
 * written. The router checks the key and replays (functions/http/idempotency.ts); the services hand
 * these terms to their repositories' creates.
 */

/** Where a first answer lives: the route, the caller and the request's Idempotency-Key. */
export interface IdempotencyId {
  route: string;
  /** `user:<id>` for a signed-in caller, `client:<address>` for an anonymous one. */
  caller: string;
  key: string;
}

/** A create's first answer, as stored in the create's transaction. */
export interface IdempotencyRecord {
  id: IdempotencyId;
  /** SHA-256 of the request's payload: the same key with other data is refused. */
  requestHash: string;
  status: number;
  /** The answer's body, as JSON text. */
  body: string;
  /** Epoch milliseconds when the request claimed its key: a record expired by then no longer holds it. */
  claimedAt: number;
  /** Epoch milliseconds after which the record answers nothing (TTL deletes it later). */
  expiresAt: number;
}

export interface IdempotencyStore {
  /** The record of `id` if it is there and not expired at `now` (a consistent read). */
  get(id: IdempotencyId, now: number): Promise<IdempotencyRecord | null>;
}

/** What a handler of an idempotent route is given: the request's record, once its answer is known. */
export interface IdempotencyClaim {
  readonly id: IdempotencyId;
  readonly requestHash: string;
  /** The record of this request with `answer` as its body (validated by the route's response schema). */
  record(answer: unknown): IdempotencyRecord;
}

/** One use of a sliding-window allowance: at most `max` in any `windowMs`, else a 429 with `message`. */
export interface Allowance {
  subject: string;
  max: number;
  windowMs: number;
  message: string;
}

/**
 * What a create writes beside its own items, in the same transaction: the request's first answer
 * (stored only if the create is) and one use of each allowance (spent only if the create is
 * written: a failed, refused or repeated create costs nothing). A full allowance is a 429.
 */
export interface CreateTerms {
  record: IdempotencyRecord;
  allowances: readonly Allowance[];
  /** Epoch milliseconds of the allowances' uses (the services' clock). */
  now: number;
}
