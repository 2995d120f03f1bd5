/**
 * index.html as the build writes it for the early script to start the app (docs/decisions/
 * 035-the-app-after-the-first-paint.md). Vite writes the app's entry as a module script with a
 * modulepreload link per static import, and the stylesheet last; this moves:
 * - the stylesheet to the top of <head> (render-blocking: it is the first paint's other half);
 * - the early script (async) and modulepreload links for its own imports right after it;
 * - the entry and its imports into one meta element, in the order they run (each chunk after its
 *   imports, the entry last), which the early script reads (early/boot.ts) when the first screen
 *   is painted; and one meta element per first screen listing its chunk's files (decision 039).
 *   Nothing else of the app is fetched before then.
 * A pure function of Vite's output; it throws if that output stops looking as expected.
 */
export interface BootHtmlInput {
  html: string;
  /** The early entry's URL and its static imports' URLs. */
  early: { src: string; imports: readonly string[] };
  /** The meta element's name (early/boot.ts's APP_MODULES_META). */
  metaName: string;
  /** The app's modules in the order they run, the entry last (the build's import graph). */
  app: readonly string[];
  /** Each first screen's files the app's modules do not include, by its key in FIRST_SCREEN_MODULES. */
  screens: Readonly<Record<string, readonly string[]>>;
  /** Their meta elements' name (early/boot.ts's SCREEN_MODULES_META). */
  screenMetaName: string;
}

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;
const STYLESHEET = /[ \t]*<link rel="stylesheet" crossorigin href="([^"]+)">\n?/g;
const VIEWPORT = /<meta name="viewport"[^>]*>\n?/;

export function bootHtml({ html, early, metaName, app, screens, screenMetaName }: BootHtmlInput): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1]);
  if (entries.length !== 1) throw new Error(`index.html: expected one entry script, found ${entries.length}`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const styles = [...html.matchAll(STYLESHEET)].map((m) => m[1]);
  if (styles.length === 0) throw new Error('index.html: the stylesheet is missing');
  const viewport = VIEWPORT.exec(html);
  if (!viewport) throw new Error('index.html: the viewport meta element is missing');
  const listed = [entries[0], ...preloads.filter((href) => !early.imports.includes(href))];
  if (
    app.at(-1) !== entries[0] ||
    app.length !== listed.length ||
    !listed.every((href) => app.includes(href))
  )
    throw new Error(
      `index.html: the app's modules (${listed.join(' ')}) are not those ordered (${app.join(' ')})`,
    );
  const head = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    `<script type="module" async crossorigin src="${early.src}"></script>`,
    ...early.imports.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    `<meta name="${metaName}" content="${app.join(' ')}">`,
    ...Object.entries(screens).map(
      ([module, files]) =>
        `<meta name="${screenMetaName}" data-screen="${module}" content="${files.join(' ')}">`,
    ),
  ];
  const rest = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(STYLESHEET, '');
  const at = rest.search(VIEWPORT) + viewport[0].length;
  return `${rest.slice(0, at)}    ${head.join('\n    ')}\n${rest.slice(at)}`;
}
