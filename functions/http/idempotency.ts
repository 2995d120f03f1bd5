import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '#shared/api/define';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TTL_MS, readIdempotencyKey } from '#shared/idempotency';
import { API_MESSAGES } from '#shared/messages';
import type { AuthContext } from '../commons/auth';
import { AppError, BadRequestError, IdempotencyKeyTakenError } from '../commons/errors';
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from '../ports/idempotency';
import { clientAddress } from './client-ip';

/**
 * The HTTP side of idempotent creates (docs/decisions/041-idempotent-writes.md), for the router:
 * the request's key (the Idempotency-Key header, required on routes marked `idempotent`), scoped
 * to its route and caller; the hash of its payload; and the stored first answer of a retry.
 */

/** The same key with other data: nothing is written, the person reloads the form. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'idempotency_key_reused', API_MESSAGES.idempotencyKeyReused);
  }
}

function headerValue(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  // API Gateway hands header names lower-case; other callers may not.
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

/** JSON with object keys in order, so the same payload always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The claim of an idempotent request: its key from the header (a missing or malformed one is a
 * Spanish 400), its caller (the signed-in user; an anonymous caller by their client address, the
 * identity the route's own per-client limit counts), and the SHA-256 of its validated payload.
 */
export function claimOf(
  name: string,
  route: RouteDef,
  event: APIGatewayProxyEventV2,
  auth: AuthContext | null,
  payload: { params: unknown; query: unknown; body: unknown },
  now: number,
): IdempotencyClaim {
  const raw = headerValue(event, IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined || raw.trim() === '')
    throw new BadRequestError(API_MESSAGES.idempotencyKeyMissing, [
      { path: 'Idempotency-Key', message: API_MESSAGES.idempotencyKeyMissing },
    ]);
  const key = readIdempotencyKey(raw);
  if (!key)
    throw new BadRequestError(API_MESSAGES.idempotencyKeyInvalid, [
      { path: 'Idempotency-Key', message: API_MESSAGES.idempotencyKeyInvalid },
    ]);
  const id = { route: name, caller: auth ? `user:${auth.userId}` : `client:${clientAddress(event)}`, key };
  const requestHash = createHash('sha256').update(canonical(payload)).digest('hex');
  return {
    id,
    requestHash,
    record: (answer): IdempotencyRecord => ({
      id,
      requestHash,
      status: route.status ?? 200,
      // What the route answers (its schema strips undeclared keys), so the retry gets the same.
      body: JSON.stringify(route.response.parse(answer)),
      claimedAt: now,
      expiresAt: now + IDEMPOTENCY_TTL_MS,
    }),
  };
}

/** The first answer of a request already written with this claim's key, or null. */
export async function firstAnswer(
  store: IdempotencyStore,
  claim: IdempotencyClaim,
  now: number,
): Promise<IdempotencyRecord | null> {
  const stored = await store.get(claim.id, now);
  if (!stored) return null;
  if (stored.requestHash !== claim.requestHash) throw new IdempotencyKeyReusedError();
  return stored;
}

/**
 * After an idempotent request failed: the first answer when a twin with the same key was written
 * meanwhile (its transaction refused ours, or its work took what ours needed), else the failure.
 * When the table cannot say, the failure stands.
 */
export async function answerAfterFailure(
  store: IdempotencyStore,
  claim: IdempotencyClaim,
  error: unknown,
  now: number,
): Promise<IdempotencyRecord> {
  let stored: IdempotencyRecord | null = null;
  try {
    stored = await firstAnswer(store, claim, now);
  } catch (readError) {
    if (readError instanceof IdempotencyKeyReusedError) throw readError;
    throw error;
  }
  if (stored) return stored;
  // The record refused our write but is gone or expired already: the client may try again.
  if (error instanceof IdempotencyKeyTakenError)
    throw new AppError(409, 'idempotency_in_progress', API_MESSAGES.idempotencyInProgress);
  throw error;
}
