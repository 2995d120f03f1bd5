import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }).
import * as ece from 'http_ece';
import { escapeHtml } from '#shared/html';

/**
 * The local stack's push service (issue 41): it stands in for Google's, Mozilla's and Apple's
 * push services, which are not reachable offline. It makes devices (a P-256 key pair and an auth
 * secret, as a browser does) whose endpoints are its own loopback URLs; every push posted to one
 * is checked as a push service would (the VAPID signature, its audience and expiry; RFC 8292),
 * decrypted with the device's private key (RFC 8291, aes128gcm) and kept, with its target. A page
 * lists them, like the mailbox. A device can be told to answer as a push service does when it is
 * gone (410) or busy (429 with Retry-After), for the tests of the sender's handling.
 */

export interface ReceivedPush {
  at: string;
  deviceId: string;
  label: string;
  /** The decrypted payload (JSON text), or null when it could not be decrypted. */
  payload: string | null;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key that signed it (k=), once its signature checked out. */
  vapidKey: string | null;
  /** Why it was refused, if it was (answered 400/401/403). */
  refused: string | null;
}

export interface PushDeviceInfo {
  id: string;
  label: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface Device extends PushDeviceInfo {
  ecdh: ReturnType<typeof createECDH>;
  /** What it answers next (a push service's 410 or 429, or no answer for `hangMs`), then 201 again. */
  answers: Answer[];
}

/** A push service's answer on demand: a status (with Retry-After), or none at all for a while. */
export type Answer = { status: number; retryAfter?: string } | { hangMs: number };

export interface PushReceiver {
  url: string;
  newDevice(label?: string): PushDeviceInfo;
  received(deviceId?: string): ReceivedPush[];
  /** The next pushes to this device are answered with these statuses, in order. */
  answerNext(deviceId: string, answers: Answer[]): void;
  close(): Promise<void>;
}

/** Checks a VAPID `Authorization: vapid t=<jwt>, k=<key>` for `audience`; the key, or why not. */
export function checkVapid(
  header: string | undefined,
  audience: string,
  now = Date.now(),
): { key: string } | { refused: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) return { refused: 'no VAPID authorization' };
  const [token, key] = [m[1], m[2]];
  const [head, claims, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { refused: 'VAPID key is not a P-256 point' };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { refused: 'VAPID signature does not verify' };
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== audience) return { refused: `VAPID audience ${body.aud} is not ${audience}` };
  if (typeof body.exp !== 'number' || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 3600 * 1000)
    return { refused: 'VAPID expiry out of range' };
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub))
    return { refused: 'VAPID subject missing' };
  return { key };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function page(pushes: ReceivedPush[]): string {
  const rows = pushes
    .slice()
    .reverse()
    .map((p) => {
      let shown = p.payload ?? '(no se pudo descifrar)';
      try {
        const json = JSON.parse(p.payload ?? '') as { title?: string; body?: string; path?: string };
        shown = `<strong>${escapeHtml(json.title ?? '')}</strong><br>${escapeHtml(json.body ?? '')}<br><code>${escapeHtml(json.path ?? '')}</code>`;
      } catch {
        shown = escapeHtml(shown);
      }
      return `<tr><td>${escapeHtml(p.at)}</td><td>${escapeHtml(p.label)}</td><td>${p.refused ? `Rechazada: ${escapeHtml(p.refused)}` : shown}</td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="es"><meta charset="utf-8"><title>Notificaciones push (local)</title>
<style>body{font:15px system-ui;margin:2rem}td{border-top:1px solid #ddd;padding:.5rem;vertical-align:top}</style>
<h1>Notificaciones push enviadas (local)</h1><p>Cada notificación que recibió un dispositivo de prueba, descifrada.</p>
<table><thead><tr><th>Hora</th><th>Dispositivo</th><th>Notificación</th></tr></thead><tbody>${rows || '<tr><td colspan="3">Ninguna todavía.</td></tr>'}</tbody></table></html>`;
}

export async function startPushReceiver(opts: { port?: number; host?: string } = {}): Promise<PushReceiver> {
  const devices = new Map<string, Device>();
  const pushes: ReceivedPush[] = [];
  let origin = '';

  function newDevice(label = 'Dispositivo de prueba'): PushDeviceInfo {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const device: Device = {
      id,
      label,
      ecdh,
      answers: [],
      subscription: {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    };
    devices.set(id, device);
    return { id, label, subscription: device.subscription };
  }

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    type = 'application/json',
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(body);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const pushMatch = /^\/push\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && pushMatch) {
        const device = devices.get(pushMatch[1]);
        const body = await bodyOf(req);
        if (!device) return send(res, 410, '{"error":"gone"}');
        const next = device.answers.shift();
        if (next && 'hangMs' in next) {
          await new Promise((r) => setTimeout(r, next.hangMs));
          return send(res, 201, '{}');
        }
        if (next)
          return send(
            res,
            next.status,
            '{}',
            'application/json',
            next.retryAfter ? { 'retry-after': next.retryAfter } : {},
          );
        const vapid = checkVapid(req.headers.authorization, origin);
        const entry: ReceivedPush = {
          at: new Date().toISOString(),
          deviceId: device.id,
          label: device.label,
          payload: null,
          ttl: req.headers.ttl ? Number(req.headers.ttl) : null,
          urgency: (req.headers.urgency as string | undefined) ?? null,
          topic: (req.headers.topic as string | undefined) ?? null,
          vapidKey: 'key' in vapid ? vapid.key : null,
          refused: 'refused' in vapid ? vapid.refused : null,
        };
        if (!entry.refused && req.headers['content-encoding'] !== 'aes128gcm')
          entry.refused = 'not aes128gcm';
        if (!entry.refused) {
          try {
            entry.payload = (
              ece.decrypt(body, {
                version: 'aes128gcm',
                privateKey: device.ecdh,
                authSecret: device.subscription.keys.auth,
              }) as Buffer
            ).toString('utf8');
          } catch (error) {
            entry.refused = `not decrypted: ${String(error)}`;
          }
        }
        pushes.push(entry);
        return entry.refused
          ? send(res, 400, JSON.stringify({ error: entry.refused }))
          : send(res, 201, '{}');
      }
      if (req.method === 'POST' && url.pathname === '/devices') {
        const body = await bodyOf(req);
        const label = body.length
          ? String((JSON.parse(body.toString('utf8')) as { label?: string }).label ?? '')
          : '';
        return send(res, 201, JSON.stringify(newDevice(label || undefined)));
      }
      if (req.method === 'GET' && url.pathname === '/pushes.json')
        return send(
          res,
          200,
          JSON.stringify(
            pushes.filter(
              (p) => !url.searchParams.get('device') || p.deviceId === url.searchParams.get('device'),
            ),
          ),
        );
      if (req.method === 'GET' && url.pathname === '/')
        return send(res, 200, page(pushes), 'text/html; charset=utf-8');
      send(res, 404, '{"error":"not found"}');
    })().catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    newDevice,
    received: (deviceId) => pushes.filter((p) => !deviceId || p.deviceId === deviceId),
    answerNext: (deviceId, answers) => {
      devices.get(deviceId)?.answers.push(...answers);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
