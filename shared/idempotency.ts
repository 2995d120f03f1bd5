/**
 * Idempotent creates (docs/decisions/041-idempotent-writes.md): every create a client may retry
 * (publish, ask a question, report, create an alert, request a university) is marked `idempotent`
 * in the route table and takes this header, named as in the IETF httpapi draft
 * (draft-ietf-httpapi-idempotency-key-header). The client makes one key per submission and sends
 * it again with every retry of that submission; the server answers a retry with the first answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * A key: 16 to 64 letters, digits, '-' or '_' (a UUID from crypto.randomUUID fits). The draft makes
 * the header a structured-field string, so a value in double quotes is taken without them.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** How long a first answer is kept for its retries: far longer than any client retries one request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The key a header value holds, or null when it holds none that is valid. */
export function readIdempotencyKey(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  const unquoted = /^"[^"]*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  return IDEMPOTENCY_KEY_PATTERN.test(unquoted) ? unquoted : null;
}
