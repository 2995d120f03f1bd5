import { createECDH, randomBytes } from 'node:crypto';
// @ts-expect-error http_ece ships no types: an independent RFC 8188/8291 implementation, as a check.
import * as ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { checkVapid } from '../../../scripts/local/push-receiver';
import { encryptForDevice, generateVapidKeys, vapidAuthorization, webPushRequest } from './web-push-request';

function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

describe('a Web Push request', () => {
  it('is decrypted by an independent aes128gcm implementation with the device keys, and by nothing else', () => {
    const d = device();
    const payload = JSON.stringify({
      title: 'Nueva pregunta en tu publicación',
      body: '¿Todavía la tienes? ñáé',
      path: '/product/7',
    });
    const body = encryptForDevice(Buffer.from(payload), d.p256dh, d.auth);
    const plain = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: d.ecdh,
      authSecret: d.auth,
    }) as Buffer;
    expect(plain.toString('utf8')).toBe(payload);
    const other = device();
    expect(() =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: other.ecdh, authSecret: d.auth }),
    ).toThrow();
    expect(() =>
      ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: d.ecdh,
        authSecret: randomBytes(16).toString('base64url'),
      }),
    ).toThrow();
    // Each push has its own salt and key: the same payload never encrypts alike.
    expect(encryptForDevice(Buffer.from(payload), d.p256dh, d.auth).equals(body)).toBe(false);
  });

  it("is signed for the push service's origin (RFC 8292), with the stage's key, for at most a day", () => {
    const keys = generateVapidKeys();
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const header = vapidAuthorization(
      'https://fcm.googleapis.com/fcm/send/abc',
      keys,
      'mailto:no-reply@mercado.test',
    );
    expect(checkVapid(header, 'https://fcm.googleapis.com')).toEqual({ key: keys.publicKey });
    expect(checkVapid(header, 'https://updates.push.services.mozilla.com')).toMatchObject({
      refused: expect.stringMatching(/audience/),
    });
    // Another pair's signature under this key does not verify.
    const forged = header.replace(/k=.*$/, `k=${generateVapidKeys().publicKey}`);
    expect(checkVapid(forged, 'https://fcm.googleapis.com')).toMatchObject({
      refused: expect.stringMatching(/signature/),
    });
  });

  it('says how long to keep it, how urgent it is and what it replaces', () => {
    const d = device();
    const { headers } = webPushRequest({ endpoint: 'https://web.push.apple.com/x', ...d }, '{}', {
      keys: generateVapidKeys(),
      subject: 'mailto:a@b.c',
      ttlSeconds: 86400,
      urgency: 'high',
      topic: 'producto-7',
    });
    expect(headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'high',
      topic: 'producto-7',
    });
  });
});
