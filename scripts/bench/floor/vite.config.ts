/**
 * The floor page's build: the app's own Vite configuration (web/vite.config.ts: its plugins, chunk
 * groups, targets, production React and router) with another entry and output, so the floor and the
 * app differ only in what they render. The client build leaves out the service worker's plugin (the
 * floor registers none); `--ssr scripts/bench/floor/entry-server.tsx` builds the render module as
 * the app's SSR build does. Output in .bench/floor/ (ignored by git, per checkout).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption, type UserConfig, type UserConfigFnObject } from 'vite';
import appConfig from '../../../web/vite.config.ts';

const floorRoot = fileURLToPath(new URL('.', import.meta.url));
export const FLOOR_OUT = fileURLToPath(new URL('../../../.bench/floor/', import.meta.url));

const withoutServiceWorker = (plugins: PluginOption[] = []): PluginOption[] =>
  plugins.flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'pwa'));

export default defineConfig((env) => {
  const app = (appConfig as UserConfigFnObject)(env) as UserConfig;
  if (env.isSsrBuild)
    return {
      ...app,
      root: floorRoot,
      // The floor's own client manifest (its loader's file), where the app's SSR build inlines the app's.
      define: {
        ...app.define,
        __CLIENT_MANIFEST__: readFileSync(`${FLOOR_OUT}dist/.vite/manifest.json`, 'utf8'),
      },
      build: { ...app.build, outDir: `${FLOOR_OUT}dist-ssr` },
    };
  return {
    ...app,
    root: floorRoot,
    publicDir: false,
    plugins: withoutServiceWorker(app.plugins),
    build: {
      ...app.build,
      outDir: `${FLOOR_OUT}dist`,
      emptyOutDir: true,
      rolldownOptions: {
        ...app.build?.rolldownOptions,
        // The app's inputs with the floor's page for index.html: the first-paint loader stays, so the
        // floor's scripts wait for its first photos as the app's rendered pages' do.
        input: {
          ...(app.build?.rolldownOptions?.input as Record<string, string>),
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
        },
      },
    },
  };
});
