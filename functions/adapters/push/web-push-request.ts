import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign } from 'node:crypto';

/**
 * A Web Push request, built with Node's crypto alone (docs/decisions/058): the payload encrypted to
 * the device (RFC 8291, `aes128gcm` of RFC 8188, one record) and the VAPID authorization (RFC 8292,
 * an ES256 JWT for the push service's origin). The `web-push` package does the same at 147 KB of
 * the stream function's bundle (asn1.js, bn.js, jws, a proxy agent); this is what the sender needs
 * of it. Checked against an independent implementation: the local push service decrypts with
 * `http_ece` and verifies the signature with Node's verify (scripts/local/push-receiver.ts).
 */

export interface VapidKeys {
  /** An uncompressed P-256 point (65 bytes), base64url. */
  publicKey: string;
  /** The private scalar (32 bytes), base64url. */
  privateKey: string;
}

/** A new VAPID key pair (the local stack's, and the stage's at its first deploy). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const d = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // 32 bytes always: a scalar with leading zero bytes comes back shorter.
    privateKey: Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url'),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
/** HKDF-Expand for one block (every length here is at most 32 bytes). */
const expand = (prk: Buffer, info: Buffer, length: number) =>
  hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** The record size announced in the header: one record carries the whole payload. */
const RECORD_SIZE = 4096;

/** Encrypts `plaintext` to a device's keys (RFC 8291 §3.4): the aes128gcm body, header first. */
export function encryptForDevice(plaintext: Buffer, p256dh: string, auth: string): Buffer {
  const uaPublic = Buffer.from(p256dh, 'base64url');
  const authSecret = Buffer.from(auth, 'base64url');
  if (plaintext.length > RECORD_SIZE - 17 - 86) throw new Error('push payload too large for one record');
  const local = createECDH('prime256v1');
  const asPublic = local.generateKeys();
  const ecdhSecret = local.computeSecret(uaPublic);
  const ikm = expand(
    hmac(authSecret, ecdhSecret),
    Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]),
    32,
  );
  const salt = randomBytes(16);
  const prk = hmac(salt, ikm);
  const cek = expand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = expand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // The last (only) record ends with the delimiter 0x02 (RFC 8188 §2).
  const body = Buffer.concat([
    cipher.update(Buffer.concat([plaintext, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The VAPID Authorization header (RFC 8292 §3) for `endpoint`'s origin, valid `ttlSeconds`. */
export function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now = Date.now(),
  ttlSeconds = 12 * 60 * 60,
): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const unsigned = `${b64url({ typ: 'JWT', alg: 'ES256' })}.${b64url({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + ttlSeconds,
    sub: subject,
  })}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/** Everything a push service is sent: the body and its headers (RFC 8030 §5). */
export function webPushRequest(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  opts: { keys: VapidKeys; subject: string; ttlSeconds: number; urgency: 'normal' | 'high'; topic?: string },
): { headers: Record<string, string>; body: Buffer } {
  const body = encryptForDevice(Buffer.from(payload, 'utf8'), device.p256dh, device.auth);
  return {
    body,
    headers: {
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(opts.ttlSeconds),
      urgency: opts.urgency,
      ...(opts.topic ? { topic: opts.topic } : {}),
      authorization: vapidAuthorization(device.endpoint, opts.keys, opts.subject),
    },
  };
}
