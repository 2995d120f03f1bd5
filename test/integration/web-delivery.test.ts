import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../scripts/local/server';
import { decodedText, rawRequest } from '../support/raw-http';
import { startStaticOrigin } from '../support/static-origin';
import { CACHE_CONTROL, COMPRESSION, pickEncoding } from '#shared/web-delivery';

/**
 * The local origin delivers the web app as CloudFront does (issue 11; the stack's side is checked in
 * test/infra/pwa.test.ts against the same shared/web-delivery.ts): brotli or gzip by the viewer's
 * Accept-Encoding for text types from 1,000 bytes, photos as they are, and each kind of file with
 * its Cache-Control. Raw sockets here: fetch would decode the bodies and hide what travelled.
 */
let server: LocalServer;
let webDir: string;
// Big enough to compress, and compressible (as a real bundle is).
const BUNDLE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, title: "Producto ${i}" }`).join(', ')}];\n`;
const SMALL = 'console.log(1);\n';
const HTML = `<!doctype html><html lang="es"><title>Mercado</title><div id="root">${'<p>Cargando…</p>'.repeat(100)}</div></html>`;
const SHELLS = ['chooser', 'login', 'product', 'profile', 'favorites', 'admin', 'renew-by-link'];
const shellHtml = (name: string) =>
  `<!doctype html><html lang="es"><title>Mercado</title><div id="root"><header class="navbar"></header><main id="main">shell:${name}</main></div></html>`;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-dist-delivery-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), HTML);
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), BUNDLE);
  writeFileSync(join(webDir, 'assets', 'tiny-abc123.js'), SMALL);
  writeFileSync(join(webDir, 'assets', 'index-abc123.css'), `.card{display:grid}\n`.repeat(200));
  // A PNG's signature and padding: already compressed, it travels as it is.
  writeFileSync(
    join(webDir, 'assets', 'logo-abc123.png'),
    Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]),
  );
  // Static shells the build writes (web/dist/shells/, shared/pages.ts shellPathOf), each naming itself.
  mkdirSync(join(webDir, 'shells'));
  for (const name of SHELLS) writeFileSync(join(webDir, 'shells', `${name}.html`), shellHtml(name));
  server = await startStaticOrigin(webDir);
});

afterAll(async () => {
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const raw = (path: string, acceptEncoding?: string, method = 'GET') =>
  rawRequest(`http://127.0.0.1:${server.port}${path}`, acceptEncoding, method);

describe('compression by Accept-Encoding', () => {
  it('sends brotli when accepted (a browser sends "gzip, deflate, br, zstd"), gzip when only it is, else the bytes as they are', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=1.0, gzip;q=0.8', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await raw('/assets/index-abc123.js', accept);
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decodedText(res)).toBe(BUNDLE);
      if (expected) expect(res.body.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 4);
    }
  });

  it('compresses HTML (the shell of every route) and CSS too, and keeps the cache headers', async () => {
    const page = await raw('/marketplace', 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe(CACHE_CONTROL.revalidate);
    expect(decodedText(page)).toBe(HTML);
    const css = await raw('/assets/index-abc123.css', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe(CACHE_CONTROL.hashedAsset);
  });

  it(`leaves files under ${COMPRESSION.minBytes} bytes and photos as they are, as CloudFront does`, async () => {
    const tiny = await raw('/assets/tiny-abc123.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(SMALL);
    const png = await raw('/assets/logo-abc123.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4008);
    expect(png.headers['cache-control']).toBe(CACHE_CONTROL.hashedAsset);
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const get = await raw('/assets/index-abc123.js', 'br');
    const head = await raw('/assets/index-abc123.js', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);
  });
});

describe('what the local origin serves per path (issue 38: no page starts blank)', () => {
  // This origin has no render module, as when the render fails: every page is its static shell.
  it.each([
    // The pages served a shell only: always their own shell, as CloudFront's default behaviour.
    ['/profile', 'profile'],
    ['/favoritos', 'favorites'],
    ['/admin', 'admin'],
    ['/admin/reports', 'admin'],
    ['/publicacion/renovar', 'renew-by-link'],
    // Rendered pages whose render is not there: their kind's shell.
    ['/', 'chooser'],
    ['/login', 'login'],
    ['/product/42?x=1', 'product'],
  ])('%s is the %s shell', async (path, name) => {
    const res = await raw(path, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(CACHE_CONTROL.revalidate);
    expect(decodedText(res)).toBe(shellHtml(name));
  });

  it('serves the generic index.html for any other route, and a page whose shell the build did not write', async () => {
    for (const path of ['/no-existe', '/profile/', '/admin/users/u1', '/marketplace'])
      expect(decodedText(await raw(path)), path).toBe(HTML);
  });
});

describe('the encoding rule', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('GZIP')).toBe('gzip');
  });
});
