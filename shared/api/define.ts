import type * as z from 'zod/mini';

/**
 * The shape of a route-table entry. Every HTTP route is declared ONCE, in the file of its API area
 * (shared/api/<area>.ts): method, path, auth level, schemas, limits and the permission flags that
 * decide what its area's Lambda may reach. Its name is the key it is declared under; the handler that
 * serves it is the entry of the same name in functions/handlers/<area>.ts (the compiler checks that
 * every route has one and only one), so no handler name is written twice.
 */
export type AuthLevel = 'public' | 'user' | 'admin' | 'super_admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API areas: in AWS, one Lambda function serves all the routes of an area. */
export const API_AREAS = [
  'catalog',
  'accounts',
  'favorites',
  'publishing',
  'questions',
  'reports',
  'admin',
] as const;
export type ApiArea = (typeof API_AREAS)[number];

/**
 * What a route's handler reaches besides the table. In AWS the area's function gets the variable
 * and the grant of every flag one of its routes sets, and nothing else (infra/constructs/api.ts).
 */
export interface RouteUses {
  /** Queries the search index (OpenSearch endpoint set, read access granted). */
  readonly search?: boolean;
  /** Calls the user pool's admin API (USER_POOL_ID set, cognito-idp:Admin* granted). */
  readonly identity?: boolean;
  /** Sends e-mail (MAIL_FROM and APP_URL set, ses:SendEmail granted). */
  readonly mail?: boolean;
  /** Moderates content with the stage's model (BEDROCK_MODEL_ID set, bedrock:InvokeModel granted). */
  readonly moderation?: boolean;
  /** Uses the images bucket (IMAGES_BUCKET set, object access under uploads/ and images/ granted). */
  readonly images?: boolean;
  /** Verifies signed unsubscribe links (NOTIFY_SECRET_ARN set, that one secret's value readable). */
  readonly unsubscribeTokens?: boolean;
  /** Starts background jobs (JOBS_FUNCTION_NAME set, lambda:InvokeFunction on the job function granted). */
  readonly jobs?: boolean;
  /**
   * Changes the admin groups of the user pool (USER_POOL_ID set; the group calls and AdminGetUser
   * granted, nothing else of the pool).
   */
  readonly roles?: boolean;
}

export interface RouteEntry {
  readonly method: HttpMethod;
  /** API Gateway syntax: '/api/products/{id}'. */
  readonly path: string;
  readonly auth: AuthLevel;
  /**
   * 'optional' on a public route: when a bearer token is sent it is verified as on signed-in
   * routes (an invalid one is a 401) and gives the caller; without one, anonymous.
   */
  readonly identity?: 'optional';
  /**
   * The route acts on someone else's product (`{id}`): the product's owner is refused with a 403
   * (by its service: reporting or contacting oneself). The authorization matrix checks it.
   */
  readonly ownerRefused?: true;
  /**
   * A create a client may retry (docs/decisions/041): the request must carry an Idempotency-Key
   * header (shared/idempotency.ts; a missing or malformed one is a 400), and a retry with the same
   * key, caller and payload answers the first answer without writing again. The router checks the
   * key and replays; the route's service writes the answer in the same transaction as the create.
   */
  readonly idempotent?: true;
  /** Success status code. @default 200 */
  readonly status?: number;
  /** Cache-Control of a success. @default public GETs 'public' (briefly cacheable), others 'no-store' */
  readonly cache?: 'public' | 'no-store';
  /** Longest run before the gateway gives up (the area's function timeout is the longest of its routes). @default 10 */
  readonly timeoutSeconds?: number;
  /** Memory of the area's function is the largest its routes ask for. @default 256 */
  readonly memoryMb?: number;
  readonly uses?: RouteUses;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
}

/** A route with its area, as the merged table holds it. */
export interface RouteDef extends RouteEntry {
  readonly area: ApiArea;
}

/** Routes that know their caller: every signed-in route, and public ones with an optional identity. */
export const readsCaller = (route: RouteEntry): boolean =>
  route.auth !== 'public' || route.identity === 'optional';

export const isAdminRoute = (route: RouteEntry): boolean =>
  route.auth === 'admin' || route.auth === 'super_admin';

/**
 * Routes whose caller is confirmed at the user pool on every call (decision 043): admin routes (the
 * groups, at their source) and every write made as a signed-in caller (the account still exists and
 * is enabled).
 */
export const confirmsCaller = (route: RouteEntry): boolean =>
  readsCaller(route) && (isAdminRoute(route) || route.method !== 'GET');

/** Declares the routes of one area: the entries keep their literal types and gain `area`. */
export function defineArea<A extends ApiArea, const T extends Record<string, RouteEntry>>(
  area: A,
  entries: T,
): { readonly [K in keyof T]: T[K] & { readonly area: A } } {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { ...entry, area }])) as {
    readonly [K in keyof T]: T[K] & { readonly area: A };
  };
}

/** Turns '/api/products/{id}' into a regular expression and the names of its parameters. */
export function compilePath(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{([a-zA-Z0-9_]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { regex: new RegExp(`^${source}$`), names };
}

/** Fills the path parameters: buildPath('/api/products/{id}', { id: 3 }) → '/api/products/3'. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([a-zA-Z0-9_]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
