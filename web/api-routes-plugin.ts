import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type * as RouteTable from '../shared/routes';

/** The module the web app imports its route table from. */
export const API_ROUTES_MODULE = 'virtual:api-routes';
/**
 * Areas whose routes only a lazy part of the app calls: their entries are served by
 * `virtual:api-routes/<area>`, imported by that part, so they never weigh on a student's first route
 * (the admin area's routes; docs/decisions/027-admin-web.md).
 */
export const LAZY_ROUTE_AREAS = ['admin'] as const;
/**
 * `virtual:api-routes/public-reads`: the public GET routes of the main table, the only ones a first
 * screen calls before anyone signs in. The app's client starts with these and loads the rest
 * (`virtual:api-routes`) on its first other call, so the whole table is not on every first route
 * (docs/decisions/024-phone-speed.md).
 */
export const PUBLIC_READS = 'public-reads';
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
  // The table, loaded once for all the virtual modules (loading it compiles every route file and
  // zod: seconds on a busy machine, which a lazily imported table would pay again mid-test). A
  // change to a watched route file drops it.
  let loaded: ReturnType<typeof runnerImport<typeof RouteTable>> | undefined;
  return {
    name: 'api-routes',
    buildStart() {
      loaded = undefined;
    },
    watchChange() {
      loaded = undefined;
    },
    resolveId(id) {
      if (id === API_ROUTES_MODULE) return RESOLVED;
      const area = id.startsWith(`${API_ROUTES_MODULE}/`) ? id.slice(API_ROUTES_MODULE.length + 1) : '';
      return [...LAZY_ROUTE_AREAS, PUBLIC_READS].includes(area) ? `${RESOLVED}/${area}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const area = id === RESOLVED ? null : id.slice(RESOLVED.length + 1);
      loaded ??= runnerImport<typeof RouteTable>(ROUTES_FILE, { configFile: false, logLevel: 'silent' });
      const { module, dependencies } = await loaded;
      for (const file of dependencies) this.addWatchFile(file);
      const areaOf = new Map<string, string>(module.routeList.map((r) => [r.name, r.area]));
      const lazy: readonly string[] = LAZY_ROUTE_AREAS;
      const table = Object.fromEntries(
        Object.entries(module.clientRouteTable()).filter(([name, route]) => {
          const routeArea = areaOf.get(name) ?? '';
          if (area === PUBLIC_READS)
            return !lazy.includes(routeArea) && route.method === 'GET' && route.auth === 'public';
          return area === null ? !lazy.includes(routeArea) : routeArea === area;
        }),
      );
      return `export const apiRoutes = ${JSON.stringify(table)};\n`;
    },
  };
}
