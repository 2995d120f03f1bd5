import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { precacheEntries, shellFiles, webAppManifest } from '../../web/pwa-plugin';

const PUBLIC = join(process.cwd(), 'web', 'public');

describe('the precached shell', () => {
  it("is the entry, its static imports (transitively) and their CSS, never a lazy screen's chunk", () => {
    const files = shellFiles({
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_react-b.js', '_data-c.js'],
        css: ['assets/index-d.css'],
        // @ts-expect-error dynamicImports is in Vite's manifest; shellFiles must not follow it
        dynamicImports: ['src/features/product/routes/product.tsx'],
      },
      '_react-b.js': { file: 'assets/react-b.js' },
      '_data-c.js': { file: 'assets/data-c.js', imports: ['_react-b.js', '_runtime-e.js'] },
      '_runtime-e.js': { file: 'assets/runtime-e.js' },
      'src/features/product/routes/product.tsx': {
        file: 'assets/product-f.js',
        css: ['assets/product-g.css'],
      },
    });
    expect([...files].sort()).toEqual([
      'assets/data-c.js',
      'assets/index-a.js',
      'assets/index-d.css',
      'assets/react-b.js',
      'assets/runtime-e.js',
    ]);
  });

  it('includes the rest of the route table and its static imports, loaded after the first screen', () => {
    const files = shellFiles({
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
      '_react-b.js': { file: 'assets/react-b.js' },
      'src/app/more-routes.tsx': {
        file: 'assets/more-routes-c.js',
        imports: ['_react-b.js', '_screen-d.js'],
      },
      '_screen-d.js': { file: 'assets/screen-d.js' },
      'src/features/profile/routes/profile.tsx': { file: 'assets/profile-e.js' },
      'src/components/pwa/pwa-status.tsx': {
        file: 'assets/pwa-status-f.js',
        css: ['assets/pwa-status-g.css'],
      },
    });
    expect([...files].sort()).toEqual([
      'assets/index-a.js',
      'assets/more-routes-c.js',
      'assets/pwa-status-f.js',
      'assets/pwa-status-g.css',
      'assets/react-b.js',
      'assets/screen-d.js',
    ]);
  });

  it("fails the build when Vite's manifest has no entry or names a chunk it lacks", () => {
    expect(() => shellFiles({ 'a.js': { file: 'assets/a.js' } })).toThrow(/no entry chunk/);
    expect(() =>
      shellFiles({ 'index.html': { file: 'assets/i.js', isEntry: true, imports: ['_gone.js'] } }),
    ).toThrow(/_gone\.js/);
  });
});

describe('the precache list', () => {
  it('revisions the unhashed files by content and takes hashed ones by name', () => {
    const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
    try {
      mkdirSync(join(dist, '.vite'));
      writeFileSync(
        join(dist, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-b.css'] },
        }),
      );
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>v1</title>');
      writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
      writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
      const first = precacheEntries(dist);
      expect(first.map((e) => [e.url, e.revision === null])).toEqual([
        ['index.html', false],
        ['favicon.svg', false],
        ['manifest.webmanifest', false],
        ['assets/index-a.js', true],
        ['assets/index-b.css', true],
      ]);
      // A new deployment's index.html is a new revision: the worker installs as an update.
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>v2</title>');
      const second = precacheEntries(dist);
      expect(second[0].revision).not.toBe(first[0].revision);
      expect(second[1].revision).toBe(first[1].revision);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("the precache list's page shells (issue 38)", () => {
  it('precaches the shells it is given by content, and refuses one the build did not write', () => {
    const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
    try {
      mkdirSync(join(dist, '.vite'));
      mkdirSync(join(dist, 'shells'));
      writeFileSync(
        join(dist, '.vite', 'manifest.json'),
        JSON.stringify({ 'index.html': { file: 'assets/index-a.js', isEntry: true } }),
      );
      for (const file of ['index.html', 'favicon.svg', 'manifest.webmanifest'])
        writeFileSync(join(dist, file), file);
      writeFileSync(join(dist, 'shells', 'profile.html'), '<div id="root">v1</div>');
      // The client build alone (before the shells are written) precaches none.
      expect(precacheEntries(dist).map((e) => e.url)).not.toContain('shells/profile.html');
      const first = precacheEntries(dist, ['/shells/profile.html']);
      const profile = first.find((e) => e.url === 'shells/profile.html');
      expect(profile?.revision).toMatch(/^[0-9a-f]{32}$/);
      // A new build's shell is a new revision: an updated worker fetches it again.
      writeFileSync(join(dist, 'shells', 'profile.html'), '<div id="root">v2</div>');
      const second = precacheEntries(dist, ['/shells/profile.html']);
      expect(second.find((e) => e.url === 'shells/profile.html')?.revision).not.toBe(profile?.revision);
      expect(() => precacheEntries(dist, ['/shells/admin.html'])).toThrow(
        /shells\/admin\.html was not written/,
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the web app manifest', () => {
  it('is in Spanish, opens standalone at the start page, in the colours of the app', () => {
    expect(webAppManifest).toMatchObject({
      name: 'Mercado Universitario',
      lang: 'es-VE',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e40af',
      background_color: '#f8fafc',
    });
    expect(webAppManifest.short_name?.length).toBeLessThanOrEqual(12);
  });

  it('names committed PNG icons of exactly the sizes it states, a maskable one included', async () => {
    const icons = webAppManifest.icons ?? [];
    expect(icons.map((i) => i.purpose)).toContain('maskable');
    for (const icon of icons) {
      const file = join(PUBLIC, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format, icon.src).toBe('png');
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('has a maskable icon painted to its edges (a launcher mask never shows a transparent corner)', async () => {
    const maskable = (webAppManifest.icons ?? []).find((i) => i.purpose === 'maskable');
    const { data, info } = await sharp(join(PUBLIC, maskable!.src))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    const last = info.width - 1;
    expect([alphaAt(0, 0), alphaAt(last, 0), alphaAt(0, last), alphaAt(last, last)]).toEqual([
      255, 255, 255, 255,
    ]);
  });
});
