import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { apiRoutesPlugin } from './api-routes-plugin.ts';

/**
 * The installable app (decision 023): the Spanish web app manifest, the service worker built from
 * web/src/service-worker/sw.ts (vite-plugin-pwa's injectManifest: our worker, Workbox's modules,
 * the precache list injected at build time) and the home-screen icon link. No registration script is
 * injected: the app registers the worker itself once the page is idle (web/src/lib/pwa/).
 */

export const SERVICE_WORKER_FILE = 'sw.js';
export const MANIFEST_FILE = 'manifest.webmanifest';

/** Theme and background from web/src/styles/global.css (--color-primary, --color-bg). */
export const webAppManifest: Partial<ManifestOptions> = {
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
  ],
};

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The files every page loads before it renders: the entry chunk, its static imports (transitively)
 * and their CSS, read from Vite's build manifest. Lazy screens are left to the runtime cache.
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
  return files;
}

export function pwaPlugin(): Plugin[] {
  let outDir = '';
  return [
    {
      name: 'pwa-out-dir',
      apply: 'build',
      configResolved(config) {
        outDir = join(config.root, config.build.outDir);
      },
      // The home-screen icon iOS reads (it ignores the manifest's icons); the manifest link is
      // added by vite-plugin-pwa.
      transformIndexHtml: () => [
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
      ],
    },
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: MANIFEST_FILE,
      manifest: webAppManifest,
      // The manifest's icons are for installing, never needed offline: not precached.
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: no module workers needed, any browser that has service workers runs it.
        rollupFormat: 'iife',
        buildPlugins: { vite: [apiRoutesPlugin()] },
        globPatterns: ['index.html', 'favicon.svg', 'assets/**/*.{js,css}'],
        // Hashed files need no revision (their name changes with their content): fetched once,
        // from the HTTP cache when the page already loaded them.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [
          async (entries) => {
            const vite = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
            const shell = shellFiles(vite);
            const manifest = entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url));
            return { manifest, warnings: [] };
          },
        ],
      },
    }),
  ];
}
