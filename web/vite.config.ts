import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { apiRoutesPlugin } from './api-routes-plugin.ts';
import { pwaPlugin } from './pwa-plugin.ts';
import { APP_LOADER_ENTRY } from './src/first-paint/app-scripts.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** `@/x` is web/src/x (tsconfig.json's paths; vitest.config.ts gives its unit project the same). */
export const webSrcAlias = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

/**
 * react-router ships a development and a production build side by side (`dist/development`,
 * `dist/production`), but its package `exports` map every condition to the development build
 * (upstream: remix-run/react-router#12437, "temporary"; #14102 open), so no Vite condition selects
 * the production one; the two differ only in `ENABLE_DEV_WARNINGS`. For `vite build` this plugin lets
 * Vite resolve `react-router` / `react-router/dom` through the package's own exports, wherever
 * npm placed it, and takes the sibling file of the production build. It fails the build if that file
 * is missing (react-router changed its layout: time to look again) and is a no-op once the exports
 * resolve outside `dist/development`.
 */
function reactRouterProductionBuild(): Plugin {
  const DEV = `${sep}dist${sep}development${sep}`;
  const PROD = `${sep}dist${sep}production${sep}`;
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEV)) return resolved;
      const production = resolved.id.replace(DEV, PROD);
      if (!existsSync(production)) this.error(`react-router's production build is not at ${production}`);
      return { ...resolved, id: production };
    },
    // Tree-shaking (decision 037): the production build creates its contexts and components with
    // unannotated `React.createContext(…)` / `React.forwardRef(…)` calls and gives them a
    // `displayName` at module level, which the bundler must keep as side effects: every router
    // component then stays in the bundle, used or not (`Link`'s framework-mode prefetching, `Form`'s
    // submission code, `NavLink`...: ~4.6 KB gzip on every first load). The calls are marked pure
    // and the module-level names dropped (only developer tools read them).
    transform(code, id) {
      if (!id.includes(PROD) || !/[\\/]react-router[\\/]/.test(id)) return null;
      let pure = 0;
      let names = 0;
      const out = code
        .replace(/\b(React\d*\.(?:createContext|forwardRef|memo)\()/g, (call) => {
          pure++;
          return `/* @__PURE__ */ ${call}`;
        })
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, () => {
          names++;
          return '';
        });
      // The chunk that defines the router's components must have both, or its layout has changed.
      if (/^var Link = /m.test(code) && (pure === 0 || names === 0))
        this.error(`react-router's ${id} no longer matches the tree-shaking annotations: look again`);
      return pure + names > 0 ? { code: out, map: null } : null;
    },
  };
}

/**
 * Prunes the lists of files Vite preloads beside each dynamic `import()` (its `__vite__mapDeps`
 * table, written into the importing chunk): a chunk that the importing chunk imports statically,
 * directly or not, is already loaded when the `import()` runs, so listing it again only adds bytes
 * to the importer. The router's 35 lazy screens listed React, TanStack Query and the shell's shared
 * chunks in each list (1.6 KB gzip of the entry; docs/decisions/024-phone-speed.md). The files
 * still listed are those the screen needs and the page has not loaded: they keep downloading in
 * parallel with the screen's chunk. A list left with only the imported file itself is dropped
 * (the `import()` fetches it anyway). CSS is untouched: Vite adds it after this hook.
 */
function preloadOnlyWhatIsMissing() {
  let bundle: Rolldown.OutputBundle | undefined;
  const staticClosure = (fileName: string, seen = new Set<string>()): Set<string> => {
    const chunk = bundle?.[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
    seen.add(fileName);
    for (const imported of chunk.imports) staticClosure(imported, seen);
    return seen;
  };
  const plugin: Plugin = {
    name: 'preload-only-what-is-missing',
    apply: 'build',
    // Before Vite's import analysis writes the lists (its hook has no order), which calls the
    // function below with the finished bundle's chunk graph.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const resolveDependencies = (
    fileName: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
  ): string[] => {
    if (hostType !== 'js' || !bundle) return deps;
    const loaded = staticClosure(hostId);
    // The app's entry and its static imports are loaded with any screen (the document preloads them).
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'))
        staticClosure(chunk.fileName, loaded);
    return deps.filter((dep) => dep !== fileName && !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
const preload = preloadOnlyWhatIsMissing();

/**
 * The server's render (issue 27): `vite build --ssr src/server/entry-server.tsx` writes one
 * self-contained module, web/dist-ssr/render.mjs (outside web/dist, which is uploaded publicly):
 * every dependency bundled (the render Lambda and the local origin import it as it is), no chunk
 * groups, React and the router in their production builds as in the browser. It runs after the
 * client build and inlines that build's manifest (src/server/assets.ts writes each screen's links
 * from it), so the render reads no file of web/dist at run time.
 */
const ssrBuild = (): UserConfig => ({
  root: webRoot,
  publicDir: false,
  plugins: [react(), apiRoutesPlugin(), reactRouterProductionBuild()],
  mode: 'production',
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __CLIENT_MANIFEST__: clientManifest(),
  },
  resolve: { alias: [webSrcAlias] },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    // Minified like the Lambda bundles (Vite leaves SSR output unminified by default): 2,999 KB →
    // 1,408 KB, less for the render function to load at each cold start (decision 054).
    minify: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      output: { format: 'esm', entryFileNames: 'render.mjs', codeSplitting: false },
    },
  },
});

/** The client build's manifest (web/dist/.vite/manifest.json) as JSON text, for the SSR build. */
function clientManifest(): string {
  const file = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));
  if (!existsSync(file)) throw new Error(`${file} is missing: the client build runs before the SSR build`);
  return JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The browsers the app is built for: Chrome 91 (2021). Android 5 and 6 phones stopped at
 * Chrome/WebView 106 and Android 7 at 119, so any phone whose browser updates at all is covered; 91
 * keeps native private-field checks (`#x in obj`, used by the data libraries), whose lowering would
 * cost ~1.6 KB gzip on every route. The service worker's build (pwa-plugin.ts) takes the same.
 */
export const CLIENT_TARGETS = ['chrome91', 'edge91', 'firefox90', 'safari15'];

/**
 * The SPA build. Root is web/, output web/dist (served by the local server and uploaded to S3),
 * for CLIENT_TARGETS. The manifest lets scripts/bench measure each route's initial JavaScript.
 */
export default defineConfig(({ command, isSsrBuild }) => (isSsrBuild ? ssrBuild() : spaBuild(command)));

const spaBuild = (command: string): UserConfig => ({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    apiRoutesPlugin(),
    reactRouterProductionBuild(),
    pwaPlugin(),
    preload.plugin,
  ],
  // A build is always a production build, even when started from a process whose NODE_ENV is
  // 'test' (vitest's e2e setup) or 'development': Vite would otherwise honour that NODE_ENV and
  // ship React's development build (several times larger, with StrictMode's double effects).
  ...(command === 'build'
    ? { mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  resolve: { alias: [webSrcAlias] },
  // `npm run dev` mounts Vite in middleware mode inside the local server (same origin as /api).
  server: { fs: { allow: ['..'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: CLIENT_TARGETS,
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    sourcemap: false,
    cssCodeSplit: true,
    rolldownOptions: {
      optimization: { inlineConst: { mode: 'all', pass: 1 } },
      // index.html, and the loader a rendered document runs first (src/first-paint/load-app.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        [APP_LOADER_ENTRY]: fileURLToPath(new URL('./src/first-paint/load-app.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and the router change rarely: one long-cached vendor chunk for the shell.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            // TanStack Query's mutation hook and observer: no first screen changes data before a press
            // (the heart, 'Crear alerta', sign-out load their mutations then), so they are a chunk of
            // their own for the screens that do; the rest of the library stays in `data`.
            {
              name: 'data-mutations',
              test: /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useMutation\.js$|@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationObserver\.js$/,
              includeDependenciesRecursively: false,
              priority: 11,
            },
            // The paginated listings' observer ('Cargar más'): the search results, the global listing and
            // the catalog's pages use it; the browsing marketplace and the product page do not (decision 037).
            {
              name: 'data-infinite',
              test: /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useInfiniteQuery\.js$|@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]infiniteQueryObserver\.js$/,
              includeDependenciesRecursively: false,
              priority: 11,
            },
            // Server state, needed by every data screen.
            { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            // Validation (forms, id checks) is kept out of the initial JavaScript (the API client and
            // local storage use zod-free guards); one shared, long-cached chunk for the lazy routes
            // that do load it.
            { name: 'validation', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
            // What the listing screens share (the product grid and card with its share menu and heart,
            // the favourites query, local storage, skeleton, badge, the university query, the products'
            // query and key, the results' skeleton, the debounce hook, page meta): one chunk rather than
            // one per set of screens sharing them (/marketplace had five of 0.05-0.8 KB gzip, then
            // four). Their own imports stay where they are (limits and ids are the shell's). Page
            // meta, the grid and the hook joined in decision 037 (/marketplace -1.2 KB,
            // /product -0.5 KB): the small screens that use page meta alone load this chunk (~3 KB
            // more) the first time, off the landing pages' budgets.
            {
              name: 'common',
              test: /components[\\/]product[\\/](product-card|share-menu|product-grid)\.tsx$|lib[\\/]api[\\/]get-favorites\.ts$|hooks[\\/]use-debounced-value\.ts$|lib[\\/](document-meta|api[\\/]get-products)\.ts$|results-loading\.tsx$|lib[\\/]storage\.ts$|components[\\/]ui[\\/](skeleton|badge)\.tsx$|lib[\\/]api[\\/](products-query-key|get-university)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
            // The app's own modules that an entry imports statically (the shell: layout, bar, session,
            // API client, paths, icons, toasts, popover...) are loaded on every page: one chunk (it
            // lands in the entry) rather than one small chunk per set of lazy screens sharing them,
            // each with its own imports, exports and gzip overhead (decision 024).
            // The first-paint loader's modules are its entry's own: in the shell, the loader would
            // import the app.
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id: string) => !id.includes('node_modules') && !/[\\/]src[\\/]first-paint[\\/]/.test(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
