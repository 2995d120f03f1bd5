import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A self-signed TLS certificate for 127.0.0.1 and localhost (an ECDSA P-256 key, SHA-256), written
 * with node:crypto alone: the local hosted UI must be served over HTTPS because Amplify writes
 * `https://` before the OAuth domain (docs/decisions/061). Kept under `dir` when given, so a browser
 * that was told to accept it keeps accepting it across restarts; renewed when it is about to expire.
 */
export interface SelfSignedCertificate {
  key: string;
  cert: string;
}

const VALID_DAYS = 365;
const RENEW_BEFORE_MS = 7 * 24 * 3600 * 1000;

export function localCertificate(dir?: string): SelfSignedCertificate {
  if (dir) {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    if (existsSync(keyFile) && existsSync(certFile)) {
      const kept = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
      try {
        if (Date.parse(new X509Certificate(kept.cert).validTo) - Date.now() > RENEW_BEFORE_MS) return kept;
      } catch {
        // Unreadable: made again below.
      }
    }
    const made = selfSignedCertificate();
    mkdirSync(dir, { recursive: true });
    writeFileSync(keyFile, made.key, { mode: 0o600 });
    writeFileSync(certFile, made.cert);
    return made;
  }
  return selfSignedCertificate();
}

// --- DER, as much of it as one certificate needs

const len = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift(0x80 | (v & 0x7f));
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const utcTime = (d: Date): Buffer => {
  const p = (n: number) => String(n).padStart(2, '0');
  const s = `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  return tlv(0x17, Buffer.from(s, 'ascii'));
};

const ECDSA_WITH_SHA256 = seq(oid('1.2.840.10045.4.3.2'));
const COMMON_NAME = '2.5.4.3';
const SUBJECT_ALT_NAME = '2.5.29.17';
const BASIC_CONSTRAINTS = '2.5.29.19';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

/** A fresh key and a certificate for it, signed by itself. */
export function selfSignedCertificate(
  commonName = 'Mercado Universitario local hosted UI',
  now = new Date(),
): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = seq(set(seq(oid(COMMON_NAME), utf8(commonName))));
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive INTEGER
  serial[0] |= 0x01; // with no leading zero byte
  const notBefore = new Date(now.getTime() - 3600 * 1000);
  const notAfter = new Date(now.getTime() + VALID_DAYS * 24 * 3600 * 1000);
  const altNames = seq(
    tlv(0x82, Buffer.from('localhost', 'ascii')), // dNSName
    tlv(0x87, Buffer.from([127, 0, 0, 1])), // iPAddress
  );
  const extensions = tlv(
    0xa3,
    seq(
      seq(oid(SUBJECT_ALT_NAME), tlv(0x04, altNames)),
      // Its own issuer: a CA for itself (clients that verify it are given it as their CA).
      seq(oid(BASIC_CONSTRAINTS), tlv(0x04, seq(tlv(0x01, Buffer.from([0xff]))))),
      seq(oid(EXTENDED_KEY_USAGE), tlv(0x04, seq(oid(SERVER_AUTH)))),
    ),
  );
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // version 3
    tlv(0x02, serial),
    ECDSA_WITH_SHA256,
    name,
    seq(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = seq(tbs, ECDSA_WITH_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  const cert = `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`;
  const key = createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })).export({
    type: 'pkcs8',
    format: 'pem',
  });
  return { key: String(key), cert };
}
