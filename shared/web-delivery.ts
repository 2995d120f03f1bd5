/**
 * How the web app's files travel, in ONE place for the CloudFront stack (infra/constructs/web.ts)
 * and the local origin (scripts/local/server.ts), so what is measured locally is what phones get.
 */

/** Cache-Control of each kind of file (set on the objects at deployment; CloudFront honours it). */
export const CACHE_CONTROL = {
  /** Vite's content-hashed files under /assets/: they never change under the same name. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** Product photos and the app's own pictures under /images/. */
  image: 'public, max-age=86400',
  /** index.html, the service worker, the manifest and other unhashed files: revalidated every load. */
  revalidate: 'no-cache',
} as const;

/**
 * What CloudFront compresses on the behaviours whose cache policy enables gzip and brotli
 * (CachingOptimized: the site and /images/*): its documented content types, for files from 1,000
 * bytes to 10,000,000 bytes; brotli when the viewer accepts it, else gzip. Photos (JPEG, PNG, WebP)
 * are compressed already and travel as they are.
 */
export const COMPRESSION = {
  minBytes: 1_000,
  maxBytes: 10_000_000,
  types: [
    'application/javascript',
    'application/json',
    'application/manifest+json',
    'application/xml',
    'image/svg+xml',
    'image/x-icon',
    'text/css',
    'text/html',
    'text/javascript',
    'text/plain',
    'text/xml',
  ],
} as const;

/** Whether a file of this content type and size is compressed on its way (type without parameters). */
export function isCompressible(contentType: string, size: number): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return (
    size >= COMPRESSION.minBytes &&
    size <= COMPRESSION.maxBytes &&
    (COMPRESSION.types as readonly string[]).includes(type)
  );
}

/** The encoding CloudFront picks from a viewer's Accept-Encoding: brotli first, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}
