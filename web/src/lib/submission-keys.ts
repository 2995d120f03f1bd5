/**
 * The Idempotency-Key of each submission to an idempotent route (docs/decisions/041): a form's
 * submission is its route, its URL and its body. The key is made when a submission is first sent
 * and sent again with every retry of it (a failed submit sent again, a double click, a second
 * request while the first is still out), so the server writes it once and answers the retry with
 * the first answer. After a success, or once the content changes, the next send is a new
 * submission with a new key. Kept in memory: a reload starts afresh.
 */
const keys = new Map<string, string>();
/** Submissions never answered with a success are few; the oldest are forgotten past this. */
const MAX_OPEN = 50;

function newKey(): string {
  // randomUUID needs a secure context; the local stack opened over the LAN (plain http) is not one.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The key of this submission: the one its earlier attempts used, else a new one. */
export function submissionKey(submission: string): string {
  let key = keys.get(submission);
  if (key === undefined) {
    key = newKey();
    keys.set(submission, key);
    if (keys.size > MAX_OPEN) keys.delete(keys.keys().next().value as string);
  }
  return key;
}

/** The submission succeeded: the same content sent later is a new submission. */
export function submissionDone(submission: string, key: string): void {
  if (keys.get(submission) === key) keys.delete(submission);
}
