import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type * as RouteTable from '../shared/routes';

/** The module the web app imports its route table from. */
export const API_ROUTES_MODULE = 'virtual:api-routes';
const RESOLVED = `\0${API_ROUTES_MODULE}`;
const ROUTES_FILE = fileURLToPath(new URL('../shared/routes.ts', import.meta.url));

/**
 * Serves `virtual:api-routes`: the name, method, path and auth level of every route of the route
 * table (shared/api/*), generated at build time from THE table. The route files also hold each
 * route's zod schemas; the browser needs none of them to call the API, so generating this module
 * keeps zod out of the pages' initial JavaScript while routes stay declared in one place. The table
 * is loaded through Vite's module runner (not imported by the config), and watched in dev.
 */
export function apiRoutesPlugin(): Plugin {
  return {
    name: 'api-routes',
    resolveId(id) {
      return id === API_ROUTES_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { module, dependencies } = await runnerImport<typeof RouteTable>(ROUTES_FILE, {
        configFile: false,
        logLevel: 'silent',
      });
      for (const file of dependencies) this.addWatchFile(file);
      return `export const apiRoutes = ${JSON.stringify(module.clientRouteTable())};\n`;
    },
  };
}
