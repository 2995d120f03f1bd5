/**
 * The files a rendered page's screen needs besides the app's entry (issue 27, decision 052), as
 * `<link>` tags for the document's head: its stylesheets (render-blocking, so the server's HTML is
 * painted with the screen's styles: applied later, they moved what was on screen, CLS 0.14 on a
 * product page) and `modulepreload` links for its chunk and the chunks it imports, fetched in
 * parallel with the entry rather than once the router asks for them. index.html already links the
 * entry, its static imports and their stylesheets; those are left out.
 *
 * Which screen: the app's route table (app/router.tsx `screenOf`, the same match the render makes).
 * Its file: the screen module's key in the glob below, found by identity (no second list of
 * screens). Its chunks: Vite's client manifest, which the SSR build inlines into render.mjs
 * (vite.config.ts `__CLIENT_MANIFEST__`), so the render needs no file of web/dist at run time.
 */
import type { Manifest } from 'vite';
import { screenOf } from '../app/router';
import { APP_LOADER_ENTRY } from '../first-paint/app-scripts';
import type { ScreenModule } from '../app/lazy-screen';

declare const __CLIENT_MANIFEST__: Manifest | undefined;

/** The client build's manifest: inlined by the SSR build; empty outside it (unit tests pass their own). */
const inlinedManifest = (): Manifest => (typeof __CLIENT_MANIFEST__ === 'undefined' ? {} : __CLIENT_MANIFEST__);

/** The screens' modules by source file (relative to this folder), the admin area's among them (its shell). */
const screenModules = import.meta.glob<ScreenModule>([
  '../features/*/routes/*.tsx',
  '!../features/*/routes/*.test.tsx',
]);

/** The source file of each screen module already matched (modules are singletons). */
const fileOf = new Map<ScreenModule, string>();

/** The screen module's source file as the manifest names it (`src/features/…/routes/x.tsx`). */
async function screenFile(screen: ScreenModule): Promise<string | undefined> {
  if (!fileOf.has(screen))
    for (const [key, load] of Object.entries(screenModules))
      if ((await load()) === screen) {
        fileOf.set(screen, key.replace(/^\.\.\//, 'src/'));
        break;
      }
  return fileOf.get(screen);
}

/** The manifest keys of `key` and the chunks it imports statically, each once. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The stylesheet and modulepreload links of the screen in source file `file`, minus the entry's. */
export function screenAssetLinks(manifest: Manifest, file: string): string {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('.html'));
  const loaded = entry ? staticClosure(manifest, entry) : new Set<string>();
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key].css ?? []));
  const chunks = [...staticClosure(manifest, file)].filter((key) => !loaded.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))].filter((f) => !loadedCss.has(f));
  // Manifest paths are relative to the site's root; they are build output (hashed names), never
  // anything a request wrote.
  return [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
}

/**
 * The `<link>` tags of the screen the app shows at `pathname` (empty for a path without a lazy
 * screen, or a manifest without it: the router then loads the screen as on any navigation).
 */
export async function screenAssetTags(pathname: string, manifest = inlinedManifest()): Promise<string> {
  const screen = await screenOf(pathname);
  const file = screen && (await screenFile(screen));
  return file ? screenAssetLinks(manifest, file) : '';
}

/**
 * The URL of the first-paint loader (first-paint/load-app.ts, an entry of its own in the client
 * build), or null in a manifest without it (unit tests): the document then leaves the app's scripts
 * as index.html has them.
 */
export function appLoaderSrc(manifest = inlinedManifest()): string | null {
  const loader = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === APP_LOADER_ENTRY);
  return loader ? `/${loader.file}` : null;
}
