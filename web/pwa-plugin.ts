import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AliasOptions, build, type Plugin, type ResolvedConfig } from 'vite';
import { apiRoutesPlugin } from './api-routes-plugin.ts';

/**
 * The installable app (decision 023), for `vite build` only:
 * - writes the Spanish web app manifest (/manifest.webmanifest) and links it, with the home-screen
 *   icon iOS reads, from index.html;
 * - once the app is written, builds the service worker (web/src/service-worker/sw.ts, Workbox's
 *   modules) into /sw.js with the shell's precache list compiled in; the full build
 *   (scripts/local/web-build.ts) builds it again once the pages' static shells are written, with
 *   those of the pages served a shell only in its precache (buildServiceWorker's `pageShells`).
 * vite-plugin-pwa does the same, but through workbox-build, whose 280 packages (Babel, Rollup) include
 * Rollup platform binaries the registry lacks, so `npm ci` would refuse the lock (decision 010).
 * No registration script is injected: the app registers the worker itself once the page is idle.
 */

export const SERVICE_WORKER_FILE = 'sw.js';
export const MANIFEST_FILE = 'manifest.webmanifest';
const SERVICE_WORKER_SOURCE = fileURLToPath(new URL('./src/service-worker/sw.ts', import.meta.url));

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

/** Theme and background from web/src/styles/global.css (--color-primary, --color-bg). */
export const webAppManifest = {
  id: '/',
  name: 'Mercado Universitario',
  short_name: 'Mercado U',
  description:
    'Compra y vende dentro de tu universidad: productos usados y servicios de tu comunidad universitaria en Venezuela.',
  lang: 'es-VE',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#1e40af',
  background_color: '#f8fafc',
  categories: ['shopping'],
  // Drawn from favicon.svg by scripts/pwa-icons.ts (committed under web/public/icons/).
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ] satisfies ManifestIcon[],
};

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Shell modules loaded after the first screen (decision 037): the rest of the route table, which
 * every screen outside the first route's table needs (so a screen seen once opens offline from any
 * page), and the connection notice ('Sin conexión' must show offline).
 */
const LATE_SHELL_MODULES = ['src/app/more-routes.tsx', 'src/components/pwa/pwa-status.tsx'];

/**
 * The files every page loads before it renders: the entry chunk, its static imports (transitively)
 * and their CSS, read from Vite's build manifest, and the late shell modules with theirs. Lazy
 * screens are left to the runtime cache.
 */
export function shellFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite's manifest names ${key} but has no entry for it`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length === 0) throw new Error("Vite's manifest has no entry chunk");
  for (const [key] of entries) visit(key);
  for (const key of Object.keys(manifest)) if (LATE_SHELL_MODULES.some((m) => key.endsWith(m))) visit(key);
  return files;
}

/** Workbox's precache entry: a revision for files whose name does not change with their content. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * What the worker precaches, from the written build: index.html, the favicon and the manifest (by
 * content hash), `pageShells` (the static shells of the pages served a shell only, shared/pages.ts
 * shellPages(), by their site paths, once written: the worker answers those pages' loads with them,
 * offline too; ~7 KB each, ~2 KB compressed), and the shell's hashed files (no revision: their name
 * is their hash, so the browser may take them from its HTTP cache, where the page just put them).
 */
export function precacheEntries(outDir: string, pageShells: readonly string[] = []): PrecacheEntry[] {
  const revision = (file: string) =>
    createHash('sha256')
      .update(readFileSync(join(outDir, file)))
      .digest('hex')
      .slice(0, 32);
  const vite = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const shells = pageShells.map((path) => path.replace(/^\//, ''));
  for (const file of shells) if (!existsSync(join(outDir, file))) throw new Error(`${file} was not written`);
  return [
    ...['index.html', 'favicon.svg', MANIFEST_FILE, ...shells].map((url) => ({
      url,
      revision: revision(url),
    })),
    ...[...shellFiles(vite)].sort().map((url) => ({ url, revision: null })),
  ];
}

export interface ServiceWorkerBuild {
  /** The web app's root (web/). */
  root: string;
  /** The written app (web/dist): the worker's precache list is read from it, and /sw.js written into it. */
  outDir: string;
  /** The app's aliases (`@/`), so the worker imports what the app does. */
  alias: AliasOptions;
  /** The browsers the app's build targets. */
  target: ResolvedConfig['build']['target'];
  /** The site paths of the page shells to precache (written already). */
  pageShells?: readonly string[];
}

/**
 * Builds the service worker into `outDir`/sw.js: a second, small build of web/src/service-worker/sw.ts
 * (Workbox's modules) with the precache list of what `outDir` holds compiled in.
 */
export async function buildServiceWorker({
  root,
  outDir,
  alias,
  target,
  pageShells,
}: ServiceWorkerBuild): Promise<void> {
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias },
    plugins: [apiRoutesPlugin()],
    define: {
      // Workbox leaves its development logging out of production builds by this test.
      'process.env.NODE_ENV': JSON.stringify('production'),
      __PRECACHE_ENTRIES__: JSON.stringify(precacheEntries(outDir, pageShells)),
    },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target,
      minify: true,
      // A classic script (no module worker needed): one file, nothing imported at run time.
      lib: {
        entry: SERVICE_WORKER_SOURCE,
        formats: ['iife'],
        name: 'serviceWorker',
        fileName: () => SERVICE_WORKER_FILE,
      },
    },
  });
}

export function pwaPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pwa',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
      // iOS ignores the manifest's icons for the home screen.
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: JSON.stringify(webAppManifest) });
    },
    // After the app is written (the precache list reads it): a second, small build for the worker.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await buildServiceWorker({
          root: config.root,
          outDir: join(config.root, config.build.outDir),
          alias: config.resolve.alias,
          target: config.build.target,
        });
      },
    },
  };
}
