/**
 * The floor page (issue 27's "Performance"): built with the app's Vite configuration into
 * .bench/floor/ (./vite.config.ts) and served by a second local origin beside a bench stack's:
 * `startLocalServer` with the floor's webDir and render module, so its document goes through the
 * same render path (scripts/local/render.ts, the edge cache's emulation, compression, security
 * headers), its data through the same API handlers in process (the stack's, same process) and its
 * photos from the same bucket. Lighthouse measures it in every round beside the app's pages.
 */
import { join, resolve } from 'node:path';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../../shared/runtime-config';
import { localS3Client } from '../../local/parts/s3';
import { type LocalServer, startLocalServer } from '../../local/server';
import type { LocalStack } from '../../local/stack';
import { viteBuild } from '../../local/web-build';

const ROOT = resolve(import.meta.dirname, '../../..');
const OUT = join(ROOT, '.bench', 'floor');
const FLOOR_CONFIG = 'scripts/bench/floor/vite.config.ts';
/** The floor's path on its origin, as a Page row of the Lighthouse bench. */
export const FLOOR_PATH = '/';
export const FLOOR_LABEL = 'floor (React + router, 24 cards)';

/**
 * Builds the floor (a few seconds, every bench run: it follows the app's sources and config). The
 * SSR build reads the app's client manifest as the app's does: web/dist must be built first.
 */
export async function buildFloor(): Promise<void> {
  await viteBuild(ROOT, [], FLOOR_CONFIG);
  // The SSR entry is relative to the config's root (scripts/bench/floor).
  await viteBuild(ROOT, ['--ssr', 'entry-server.tsx'], FLOOR_CONFIG);
}

/** The floor's origin beside `stack` (built by buildFloor). */
export async function startFloor(
  stack: Pick<LocalStack, 'url' | 's3Endpoint' | 'imagesBucket'>,
): Promise<LocalServer> {
  const runtimeConfig = (await (await fetch(`${stack.url}${RUNTIME_CONFIG_PATH}`)).json()) as RuntimeConfig;
  return startLocalServer({
    port: 0,
    quiet: true,
    runtimeConfig,
    connectSrc: [],
    webDir: join(OUT, 'dist'),
    renderModule: join(OUT, 'dist-ssr', 'render.mjs'),
    images: { s3: localS3Client(stack.s3Endpoint), bucket: stack.imagesBucket },
  });
}
