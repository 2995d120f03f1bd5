import { readFileSync } from 'node:fs';
import type { RenderModule } from '../../web/src/server/document';
import { createRenderHandler } from '../http/render-handler';
import { handler as catalog } from './areas/catalog';

/**
 * Lambda entry of the render function behind CloudFront (issue 27; docs/decisions/054). Beside
 * this bundle, as the stack packs it (infra/constructs/render.ts): the server render's module
 * (web/dist-ssr/render.mjs, already one self-contained file from Vite's SSR build) and the built
 * index.html, both from the same build as the site's files. Loaded at init, so a warm function
 * only renders.
 */
const template = readFileSync(new URL('index.html', import.meta.url), 'utf8');
// A path computed at run time: esbuild leaves the module as the file beside the bundle.
const renderModule = import(new URL('render.mjs', import.meta.url).href) as Promise<RenderModule>;

export const handler = createRenderHandler({ renderModule, template, catalog });
