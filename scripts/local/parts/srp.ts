import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server side of Cognito's SRP sign-in (`USER_SRP_AUTH` → `PASSWORD_VERIFIER`), as Amplify's and
 * amazon-cognito-identity-js's clients compute it (docs/decisions/059-local-srp-sign-in.md):
 * SRP-6a over RFC 5054's 3072-bit group with g = 2 and SHA-256, where every number is hashed as
 * Cognito's "padded hex" (even length, a leading 00 byte when the top bit is set), the password's
 * hash is H(poolName | userId | ':' | password), and the session key is HKDF-SHA256(ikm = S,
 * salt = u, info = 'Caldera Derived Key') cut to 16 bytes.
 */

/** RFC 5054's 3072-bit prime, the group Cognito uses. */
export const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;
/** The longest SRP_A accepted: N's size in hex digits (a larger value cannot be a residue mod N). */
const MAX_A_HEX = N.toString(16).length;

/** Cognito's padded hex of a non-negative integer: even length, '00' first when the top bit is set. */
export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of the bytes a hex string spells, as 64 hex digits. */
export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** k = H(PAD(N) | PAD(g)). */
export const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`);

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The pool's name as SRP uses it: the part of the user pool id after the underscore. */
export function poolName(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

/** x = H(PAD(salt) | H(poolName | userId | ':' | password)). */
export function passwordX(saltHex: string, pool: string, userId: string, password: string): bigint {
  const inner = createHash('sha256').update(`${pool}${userId}:${password}`, 'utf8').digest('hex');
  return BigInt(`0x${hashHex(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

/** The verifier v = g^x mod N the server keeps instead of the password. */
export function verifier(saltHex: string, pool: string, userId: string, password: string): bigint {
  return modPow(g, passwordX(saltHex, pool, userId, password), N);
}

/** B = (k·v + g^b) mod N. */
export function serverB(v: bigint, b: bigint): bigint {
  return (k * v + modPow(g, b, N)) % N;
}

/** u = H(PAD(A) | PAD(B)). */
export function scrambler(A: bigint, B: bigint): bigint {
  return BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
}

/** The 16-byte key both sides derive: HKDF-SHA256(PAD(S), salt PAD(u), 'Caldera Derived Key'). */
export function sessionKey(S: bigint, u: bigint): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(padHex(S), 'hex'),
      Buffer.from(padHex(u), 'hex'),
      Buffer.from('Caldera Derived Key', 'utf8'),
      16,
    ),
  );
}

/** The server's key: S = (A · v^u)^b mod N. */
export function serverKey(input: { A: bigint; B: bigint; b: bigint; v: bigint }): Buffer {
  const u = scrambler(input.A, input.B);
  const S = modPow((input.A * modPow(input.v, u, N)) % N, input.b, N);
  return sessionKey(S, u);
}

/** The client's key (for tests and the known-answer vectors): S = (B − k·g^x)^(a + u·x) mod N. */
export function clientKey(input: { a: bigint; B: bigint; x: bigint }): Buffer {
  const A = modPow(g, input.a, N);
  const u = scrambler(A, input.B);
  const base = (((input.B - k * modPow(g, input.x, N)) % N) + N) % N;
  const S = modPow(base, input.a + u * input.x, N);
  return sessionKey(S, u);
}

/** PASSWORD_CLAIM_SIGNATURE: base64 HMAC-SHA256(key, poolName | userId | secretBlock bytes | timestamp). */
export function claimSignature(
  key: Buffer,
  input: { pool: string; userId: string; secretBlock: string; timestamp: string },
): string {
  return createHmac('sha256', key)
    .update(Buffer.from(input.pool, 'utf8'))
    .update(Buffer.from(input.userId, 'utf8'))
    .update(Buffer.from(input.secretBlock, 'base64'))
    .update(Buffer.from(input.timestamp, 'utf8'))
    .digest('base64');
}

/** Whether a claimed signature (base64) is the expected one, in constant time; any length is safe. */
export function signatureMatches(expected: string, claimed: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(claimed, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SRP_A as a client sent it, or a reason to refuse it (not hex, too long, or 0 mod N). */
export function parseA(hex: unknown): { A: bigint } | { error: string } {
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]+$/.test(hex)) return { error: 'SRP_A must be a hex string' };
  if (hex.replace(/^0+/, '').length > MAX_A_HEX) return { error: 'SRP_A is too long' };
  const A = BigInt(`0x${hex}`);
  if (A % N === 0n) return { error: 'SRP_A must not be 0 mod N' };
  return { A };
}

/** A private exponent or salt: `bytes` random bytes as a positive integer. */
export function randomInteger(bytes: number): bigint {
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Cognito's TIMESTAMP: 'Sun Dec 6 08:30:05 UTC 2026' (UTC; the day of the month not zero-padded). */
export function formatTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`
  );
}

/** A TIMESTAMP in Cognito's format as milliseconds, or null when it is not one (weekday included). */
export function parseTimestamp(value: string): number | null {
  const m = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) ([1-9]|[12]\d|3[01]) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(
    value,
  );
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  if (month < 0) return null;
  const ms = Date.UTC(Number(m[7]), month, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  const date = new Date(ms);
  if (Number.isNaN(ms) || date.getUTCDate() !== Number(m[3]) || WEEKDAYS[date.getUTCDay()] !== m[1])
    return null;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return null;
  return ms;
}
