import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SHELLS_DIR, shellPageFiles } from '../../shared/pages';
import { buildServiceWorker } from '../../web/pwa-plugin';
import { CLIENT_TARGETS, webSrcAlias } from '../../web/vite.config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIST = join(ROOT, 'web', 'dist');
/** The server's render module (issue 27): outside web/dist, which is uploaded publicly. */
export const WEB_RENDER_MODULE = join(ROOT, 'web', 'dist-ssr', 'render.mjs');

/** Newest modification time under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * True when web/dist or the render module is missing or older than their sources (web/src,
 * web/index.html, shared/).
 */
export function webBuildIsStale(): boolean {
  // The shells are written last: a build without them (a client-only `vite build`) is not complete.
  const outputs = [
    join(WEB_DIST, 'index.html'),
    WEB_RENDER_MODULE,
    join(WEB_DIST, SHELLS_DIR, 'product.html'),
  ];
  if (!outputs.every((f) => existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const sources = [join(ROOT, 'web', 'src'), join(ROOT, 'shared'), join(ROOT, 'web', 'public')];
  const files = [
    join(ROOT, 'web', 'index.html'),
    join(ROOT, 'web', 'vite.config.ts'),
    // Builds the manifest and the service worker (decision 023).
    join(ROOT, 'web', 'pwa-plugin.ts'),
  ].filter((f) => existsSync(f));
  const newest = Math.max(...sources.map(newestMtime), ...files.map((f) => statSync(f).mtimeMs));
  return newest > built;
}

/**
 * Builds the SPA with Vite (`vite build --config web/vite.config.ts`) into `root`/web/dist, then the
 * server's render module (`--ssr`) into web/dist-ssr: this checkout's by default, another checkout's
 * (the bench's side-by-side base) when given; a checkout without the server entry builds the SPA
 * only. Vite's own log level is `warn`: its warnings and errors are shown, its list of every chunk
 * written is not (`npm start` prints its steps, then the banner; decision 049).
 */
export async function buildWeb(opts: { root?: string } = {}): Promise<void> {
  await viteBuild(opts.root ?? ROOT, []);
  const root = opts.root ?? ROOT;
  const entry = 'src/server/entry-server.tsx';
  if (!existsSync(join(root, 'web', entry))) return;
  await viteBuild(root, ['--ssr', entry]);
  const wroteShells = await writeShells(root);
  // The worker again, now that the shells are written: it precaches those of the pages served a
  // shell only (web/pwa-plugin.ts precacheEntries), which it answers their loads with. Another
  // checkout (the bench's base) keeps the worker its own build wrote.
  if (wroteShells && root === ROOT)
    await buildServiceWorker({
      root: join(root, 'web'),
      outDir: join(root, 'web', 'dist'),
      alias: [webSrcAlias],
      target: CLIENT_TARGETS,
      pageShells: shellPageFiles(),
    });
}

/**
 * Writes web/dist/shells/*.html, the static shells of the rendered pages (shared/pages.ts
 * shellPathOf; decision 052): per kind, per career and per category, with the
 * app's layout, bar and the screen's loading state, drawn by the render module just built (React's
 * prerender of the same components) into the built index.html. The origins serve it when the
 * render fails: the local origin's fallback, CloudFront's origin group in AWS. A render module
 * without `renderShellDocuments` (an older checkout, the bench's base) writes none. True when written.
 */
async function writeShells(root: string): Promise<boolean> {
  const dist = join(root, 'web', 'dist');
  const modulePath = join(root, 'web', 'dist-ssr', 'render.mjs');
  // A new URL per build: Node's module cache would keep an earlier build's module.
  const mod = (await import(`${pathToFileURL(modulePath).href}?v=${statSync(modulePath).mtimeMs}`)) as {
    renderShellDocuments?: (template: string) => Promise<Record<string, string>>;
  };
  if (!mod.renderShellDocuments) return false;
  const shells = await mod.renderShellDocuments(readFileSync(join(dist, 'index.html'), 'utf8'));
  mkdirSync(join(dist, SHELLS_DIR), { recursive: true });
  for (const [path, html] of Object.entries(shells)) writeFileSync(join(dist, `.${path}`), html);
  return true;
}

/** `vite build` of `config` (relative to `root`) in a child process: the app's, or the bench's floor page's. */
export function viteBuild(root: string, args: string[], config = 'web/vite.config.ts'): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        config,
        ...args,
        '--logLevel',
        'warn',
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
    );
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`vite build (${config}) exited with ${code}`)),
    );
  });
}

/** Builds web/dist when its sources are newer; `quiet` leaves out the step's own lines (bench, e2e). */
export async function buildWebIfStale(opts: { quiet?: boolean } = {}): Promise<boolean> {
  if (!existsSync(join(ROOT, 'web', 'vite.config.ts'))) {
    throw new Error('web/vite.config.ts does not exist yet: the web app cannot be built.');
  }
  const say = (message: string) => {
    if (!opts.quiet) process.stdout.write(`[local] ${message}\n`);
  };
  if (!webBuildIsStale()) {
    say('web app: up to date (web/dist)');
    return false;
  }
  const started = Date.now();
  say('building the web app (vite build)…');
  await buildWeb();
  say(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

// `npm run build:web` (and `npm test`'s web build step): the whole build, as every other caller makes it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
