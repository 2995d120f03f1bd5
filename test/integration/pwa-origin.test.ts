import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../scripts/local/server';
import { MANIFEST_FILE, SERVICE_WORKER_FILE } from '../../web/pwa-plugin';
import { startStaticOrigin } from '../support/static-origin';

/**
 * The local origin serves the installable app's files as CloudFront does (decision 023): the worker
 * and the manifest revalidated on every load (a cached worker would keep an old version alive for
 * the cache's lifetime), with their content types and the strict headers; the icons as PNGs.
 */
let server: LocalServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-dist-pwa-'));
  mkdirSync(join(webDir, 'assets'));
  mkdirSync(join(webDir, 'icons'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Mercado</title><div id="root"></div>');
  writeFileSync(join(webDir, SERVICE_WORKER_FILE), '(function(){})();');
  writeFileSync(join(webDir, MANIFEST_FILE), '{"name":"Mercado Universitario"}');
  writeFileSync(join(webDir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  server = await startStaticOrigin(webDir);
});

afterAll(async () => {
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);

describe('installable app files on the local origin', () => {
  it('serves /sw.js and the manifest no-cache, with their types and the strict CSP', async () => {
    for (const [path, type] of [
      [`/${SERVICE_WORKER_FILE}`, 'text/javascript'],
      [`/${MANIFEST_FILE}`, 'application/manifest+json'],
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain(type);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("worker-src 'self'");
      expect(csp, path).toContain("manifest-src 'self'");
      expect(csp, path).toContain("script-src 'self';");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      // The worker sits at the root: its default scope is the whole app, no widening header needed.
      expect(res.headers.get('service-worker-allowed'), path).toBeNull();
    }
  });

  it('serves the icons as PNG, and a missing worker file as 404 (never the SPA, which would register as a worker)', async () => {
    const icon = await get('/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const missing = await get('/sw-old.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
  });
});
