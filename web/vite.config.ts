import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiRoutesPlugin } from './api-routes-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** `@/x` is web/src/x (tsconfig.json's paths; vitest.config.ts gives its unit project the same). */
export const webSrcAlias = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

/**
 * The SPA build. Root is web/, output web/dist (served by the local server and uploaded to S3).
 * Target: Chrome 91 (2021). Android 5 and 6 phones stopped at Chrome/WebView 106 and Android 7 at
 * 119, so any phone whose browser updates at all is covered; 91 keeps native private-field checks
 * (`#x in obj`, used by the data libraries), whose lowering would cost ~1.6 KB gzip on every route.
 * The manifest lets scripts/bench measure each route's initial JavaScript.
 */
const routerProd = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), apiRoutesPlugin()],
  // A build is always a production build, even when started from a process whose NODE_ENV is
  // 'test' (vitest's e2e setup) or 'development': Vite would otherwise honour that NODE_ENV and
  // ship React's development build (several times larger, with StrictMode's double effects).
  ...(command === 'build' ? { mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    // react-router's package exports point at its development build (extra warnings and checks);
    // production builds take its production files instead.
    alias: [
      webSrcAlias,
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProd('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProd('dom-export.mjs') },
          ]
        : []),
    ],
  },
  // `npm run dev` mounts Vite in middleware mode inside the local server (same origin as /api).
  server: { fs: { allow: ['..'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['chrome91', 'edge91', 'firefox90', 'safari15'],
    manifest: true,
    sourcemap: false,
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and the router change rarely: one long-cached vendor chunk for the shell.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            // Server state, needed by every data screen.
            { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            // Validation (forms, id checks) is kept out of the initial JavaScript (the API client and
            // local storage use zod-free guards); one shared, long-cached chunk for the lazy routes
            // that do load it.
            { name: 'validation', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
}));
