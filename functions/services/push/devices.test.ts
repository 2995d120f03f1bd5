import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptedEndpoint, validPublicKey } from './devices';

describe('acceptedEndpoint', () => {
  it("takes the browsers' push services over HTTPS, and any host under them", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(acceptedEndpoint(endpoint, false), endpoint).toBe(true);
  });

  it('refuses any other host, plain HTTP, other ports, credentials and look-alikes', () => {
    for (const endpoint of [
      'https://evil.example.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.co/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:9000/push/1',
      'file:///etc/passwd',
      'no es una url',
    ])
      expect(acceptedEndpoint(endpoint, false), endpoint).toBe(false);
  });

  it('takes loopback over HTTP on the local stack only (its own push service)', () => {
    expect(acceptedEndpoint('http://127.0.0.1:9000/push/1', true)).toBe(true);
    expect(acceptedEndpoint('http://localhost:9000/push/1', true)).toBe(true);
    expect(acceptedEndpoint('http://10.0.0.2:9000/push/1', true)).toBe(false);
    expect(acceptedEndpoint('http://169.254.169.254/latest/meta-data', true)).toBe(false);
  });
});

describe('validPublicKey', () => {
  it('takes an uncompressed P-256 point and refuses anything else', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    expect(validPublicKey(ecdh.getPublicKey().toString('base64url'))).toBe(true);
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    expect(validPublicKey(offCurve.toString('base64url'))).toBe(false);
    expect(validPublicKey(ecdh.getPublicKey(null, 'compressed').toString('base64url'))).toBe(false);
    expect(validPublicKey('')).toBe(false);
  });
});
