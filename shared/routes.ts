import { accountsRoutes } from './api/accounts';
import { adminRoutes } from './api/admin';
import { catalogRoutes } from './api/catalog';
import {
  API_AREAS,
  type ApiArea,
  type AuthLevel,
  buildPath,
  compilePath,
  confirmsCaller,
  type HttpMethod,
  isAdminRoute,
  readsCaller,
  type RouteDef,
  type RouteEntry,
  type RouteUses,
} from './api/define';
import { favoritesRoutes } from './api/favorites';
import { publishingRoutes } from './api/publishing';
import { questionsRoutes } from './api/questions';
import { reportsRoutes } from './api/reports';

export {
  API_AREAS,
  type ApiArea,
  type AuthLevel,
  buildPath,
  compilePath,
  type HttpMethod,
  type RouteDef,
  type RouteEntry,
  type RouteUses,
};

/**
 * The area whose function answers what matches no route (API Gateway's `$default` route, and the
 * local server's unmatched /api/* requests): its router's Spanish 404 (decision 043).
 */
export const UNMATCHED_ROUTES_AREA: ApiArea = 'catalog';

/**
 * THE route table of the HTTP API: the areas' tables (shared/api/<area>.ts) merged into one. The
 * CDK stack makes one API Gateway route per entry and one Lambda per area from it, the local server
 * mounts it, the functions' routers dispatch on it, and the web app's typed client calls it (the
 * browser gets only names, methods and paths, through web/api-routes-plugin.ts, so zod stays out of
 * its first route).
 */
const areaTables = [
  catalogRoutes,
  accountsRoutes,
  favoritesRoutes,
  publishingRoutes,
  questionsRoutes,
  reportsRoutes,
  adminRoutes,
] as const;

/** Fails to compile when two areas declare a route of the same name. */
type KeysOf<U> = U extends unknown ? keyof U : never;
type NoSharedNames<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends object[]]
  ? [Extract<keyof H, KeysOf<R[number]>>] extends [never]
    ? NoSharedNames<R>
    : { duplicateRouteName: Extract<keyof H, KeysOf<R[number]>> }
  : true;
const uniqueNames: NoSharedNames<typeof areaTables> = true;
void uniqueNames;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type Merged = UnionToIntersection<(typeof areaTables)[number]>;

export type Routes = { readonly [K in keyof Merged]: Merged[K] };
export type RouteName = keyof Routes;

export const routes = Object.assign({}, ...areaTables) as Routes satisfies Record<string, RouteDef>;

/** Every route as a list, with its name. */
export const routeList = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, def]) => ({
  name,
  ...def,
}));

/** The names of an area's routes. */
export type AreaRouteName<A extends ApiArea> = {
  [N in RouteName]: Routes[N]['area'] extends A ? N : never;
}[RouteName];

/** The routes of one area, with their names. */
export function areaRoutes(area: ApiArea) {
  return routeList.filter((r) => r.area === area);
}

export const DEFAULT_TIMEOUT_SECONDS = 10;
export const DEFAULT_MEMORY_MB = 256;

/**
 * What an area's function needs from its routes: the longest time and the most memory any of them
 * asks for, and every permission flag one of them sets (in AWS, its variables and grants).
 */
export function areaSettings(
  area: ApiArea,
  table: readonly RouteDef[] = routeList,
): {
  timeoutSeconds: number;
  memoryMb: number;
  writes: boolean;
  /** A route reads its caller: the function verifies tokens itself (issuer and client id set). */
  verifiesTokens: boolean;
  /**
   * A route confirms its caller at the user pool (an admin route, or a signed-in write): USER_POOL_ID
   * set and AdminGetUser granted; `readsCallerGroups` adds AdminListGroupsForUser (admin routes).
   */
  confirmsCallers: boolean;
  readsCallerGroups: boolean;
  uses: Required<{ [K in keyof RouteUses]: boolean }>;
} {
  const list = table.filter((r) => r.area === area);
  const uses = {
    search: false,
    identity: false,
    mail: false,
    moderation: false,
    images: false,
    unsubscribeTokens: false,
    jobs: false,
    roles: false,
  };
  for (const r of list) for (const k of Object.keys(uses) as (keyof RouteUses)[]) uses[k] ||= !!r.uses?.[k];
  return {
    timeoutSeconds: Math.max(...list.map((r) => r.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS)),
    memoryMb: Math.max(...list.map((r) => r.memoryMb ?? DEFAULT_MEMORY_MB)),
    writes: list.some((r) => r.method !== 'GET'),
    verifiesTokens: list.some(readsCaller),
    confirmsCallers: list.some(confirmsCaller),
    readsCallerGroups: list.some(isAdminRoute),
    uses,
  };
}

/**
 * What the browser needs of each route (no schemas): its method, path, auth level, identity, and
 * whether it takes an Idempotency-Key (the client sends one per submission, decision 041).
 */
export interface ClientRoute {
  method: HttpMethod;
  path: string;
  auth: AuthLevel;
  identity?: 'optional';
  idempotent?: true;
}

export function clientRouteTable(): Record<RouteName, ClientRoute> {
  return Object.fromEntries(
    routeList.map((r) => [
      r.name,
      {
        method: r.method,
        path: r.path,
        auth: r.auth,
        ...(r.identity ? { identity: r.identity } : {}),
        ...(r.idempotent ? { idempotent: r.idempotent } : {}),
      },
    ]),
  ) as Record<RouteName, ClientRoute>;
}
