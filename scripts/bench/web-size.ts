import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as z from 'zod';

/**
 * Initial JavaScript of a route: the entry chunk, the route's lazy chunk and every chunk they import
 * statically (what the browser must download before the route renders), gzip-compressed, from
 * Vite's build manifest.
 */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    src: z.string().optional(),
  }),
);

export interface RouteSize {
  files: string[];
  rawKb: number;
  gzipKb: number;
  /** What travels to a browser that accepts brotli (every current one; CloudFront and the local origin send it). */
  brotliKb: number;
}

type Manifest = z.infer<typeof manifestSchema>;

function readManifest(distDir: string): Manifest {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`No Vite manifest at ${manifestPath}: build the web app first`);
  return manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
}

function keyOf(manifest: Manifest, module: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(module));
  if (!key) throw new Error(`Module ${module} is not in the manifest`);
  return key;
}

/** The JS files of `roots` and of everything they import, statically. */
function closure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const key of roots) visit(key);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

function sizeOf(distDir: string, files: string[]): RouteSize {
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
    br += brotliCompressSync(bytes).length;
  }
  return { files, rawKb: raw / 1024, gzipKb: gz / 1024, brotliKb: br / 1024 };
}

/**
 * A route's first load: the app's entry, the route's screen chunk and their static imports (what a
 * server-rendered page's document links: index.html's entry and preloads, and the screen's
 * modulepreload links, web/src/server/assets.ts).
 */
export function routeInitialJs(distDir: string, routeModule: string): RouteSize {
  const manifest = readManifest(distDir);
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  return sizeOf(distDir, closure(manifest, [...entryKeys, keyOf(manifest, routeModule)]));
}

/**
 * What a lazy chunk adds once the route is on screen: the chunk and the chunks it imports that the
 * route has not loaded already (`loaded`: the route's files), gzip-compressed.
 */
export function lazyChunkJs(distDir: string, chunkModule: string, loaded: readonly string[]): RouteSize {
  const manifest = readManifest(distDir);
  const files = closure(manifest, [keyOf(manifest, chunkModule)]).filter((f) => !loaded.includes(f));
  return sizeOf(distDir, files);
}
