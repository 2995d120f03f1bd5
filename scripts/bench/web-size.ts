import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
}

export function routeInitialJs(distDir: string, routeModule: string): RouteSize {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No Vite manifest at ${manifestPath}: build the web app first`);
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const routeKey = Object.keys(manifest).find((k) => k.endsWith(routeModule));
  if (!routeKey) throw new Error(`Route module ${routeModule} is not in the manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const key of [...entryKeys, routeKey]) visit(key);
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, rawKb: raw / 1024, gzipKb: gz / 1024 };
}

/**
 * What a lazy chunk adds once the route is on screen: the chunk and the chunks it imports that the
 * route has not loaded already (`loaded`: the route's files), gzip-compressed.
 */
export function lazyChunkJs(distDir: string, chunkModule: string, loaded: readonly string[]): RouteSize {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')));
  const chunkKey = Object.keys(manifest).find((k) => k.endsWith(chunkModule));
  if (!chunkKey) throw new Error(`Module ${chunkModule} is not in the manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(chunkKey);
  const files = [...seen]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js') && !loaded.includes(f));
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, rawKb: raw / 1024, gzipKb: gz / 1024 };
}
