import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { ipv6Hextets } from '../../commons/ip';
import type { RemoteImageFetcher } from '../../ports/images';

/**
 * Fetches a photo a seller pointed at by URL, without letting the URL reach inside our network
 * (SSRF): https only, every address the name resolves to must be public, the connection goes to
 * the address that was checked (no DNS rebinding), at most 3 redirects (each checked the same
 * way), 8 seconds, and at most `maxBytes` read.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export class RemoteImageError extends Error {
  override name = 'RemoteImageError';
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries inside it, by every standard way of embedding one:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d),
 * NAT64 (64:ff9b::/96), 6to4 (2002::/16), Teredo (2001::/32: server and obfuscated client) and
 * ISATAP (…:0:5efe:a.b.c.d, …:200:5efe:a.b.c.d). A connection to such an address may end at the
 * IPv4 address, so each is judged too.
 */
function embeddedIpv4(h: number[]): string[] {
  const out: string[] = [];
  const zeros = (from: number, to: number) => h.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && h[5] === 0xffff) out.push(ipv4Of(h[6], h[7])); // mapped
  if (zeros(0, 6)) out.push(ipv4Of(h[6], h[7])); // compatible (deprecated)
  if (zeros(0, 4) && h[4] === 0xffff && h[5] === 0) out.push(ipv4Of(h[6], h[7])); // translated
  if (h[0] === 0x64 && h[1] === 0xff9b) out.push(ipv4Of(h[6], h[7])); // NAT64 (well-known and local-use)
  if (h[0] === 0x2002) out.push(ipv4Of(h[1], h[2])); // 6to4
  if (h[0] === 0x2001 && h[1] === 0) out.push(ipv4Of(h[2], h[3]), ipv4Of(h[6] ^ 0xffff, h[7] ^ 0xffff)); // Teredo
  if ((h[4] === 0 || h[4] === 0x200) && h[5] === 0x5efe) out.push(ipv4Of(h[6], h[7])); // ISATAP
  return out;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !PRIVATE.check(address, 'ipv4');
  const hextets = ipv6Hextets(address);
  if (!hextets) return false;
  if (PRIVATE.check(address.replace(/%.*$/, ''), 'ipv6')) return false;
  // Refused when any IPv4 address it embeds is not public (e.g. ::7f00:1 is 127.0.0.1).
  return embeddedIpv4(hextets).every((v4) => !PRIVATE.check(v4, 'ipv4'));
}

type Lookup = (hostname: string, callback: (err: Error | null, addresses: LookupAddress[]) => void) => void;
const systemLookup: Lookup = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

export interface FetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  /** Name resolution (tests point a name at a test server). */
  lookup?: Lookup;
  /** Tests only: plain http and non-public addresses (a local test server). */
  allowInsecureForTests?: boolean;
}

export function createRemoteImageFetcher(options: FetchOptions): RemoteImageFetcher {
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.timeoutMs ?? 8000;

  const once = (url: URL): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:';
      if (!secure && !(options.allowInsecureForTests && url.protocol === 'http:'))
        return reject(new RemoteImageError('Solo se aceptan enlaces https'));
      // An address literal is connected to without a lookup: check it here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !options.allowInsecureForTests && !isPublicAddress(host))
        return reject(new RemoteImageError('La dirección de la imagen no es pública'));
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'GET',
          headers: { accept: 'image/*', 'user-agent': 'MercadoUniversitario/1.0 (+image import)' },
          timeout: timeoutMs,
          // The check and the connection use the same addresses: a name cannot change between them.
          lookup: (hostname, _opts, callback) => {
            lookup(hostname, (err, addresses) => {
              if (err) return callback(err, '', 0);
              const allowed = addresses.filter(
                (a) => options.allowInsecureForTests || isPublicAddress(a.address),
              );
              if (allowed.length === 0 || allowed.length !== addresses.length)
                return callback(new RemoteImageError('La dirección de la imagen no es pública'), '', 0);
              callback(null, allowed[0].address, allowed[0].family);
            });
          },
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(new RemoteImageError('La imagen tardó demasiado en responder')));
      req.on('error', reject);
      req.end();
    });

  return {
    async fetch(raw) {
      let url = new URL(raw);
      for (let hop = 0; hop <= 3; hop += 1) {
        const res = await once(url);
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          url = new URL(res.headers.location, url);
          continue;
        }
        if (status !== 200) {
          res.resume();
          throw new RemoteImageError(`El enlace respondió ${status}`);
        }
        const declared = Number(res.headers['content-length'] ?? Number.NaN);
        if (declared > options.maxBytes) {
          res.destroy();
          throw new RemoteImageError('La imagen no debe superar los 5MB');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res) {
          size += (chunk as Buffer).length;
          if (size > options.maxBytes) {
            res.destroy();
            throw new RemoteImageError('La imagen no debe superar los 5MB');
          }
          chunks.push(chunk as Buffer);
        }
        return Buffer.concat(chunks);
      }
      throw new RemoteImageError('El enlace redirige demasiadas veces');
    },
  };
}
