/**
 * THE route table of the HTTP API, without its schemas: every route once, by name. It holds no
 * zod so the web app can import it at runtime without shipping zod on every page; shared/routes.ts
 * attaches the schemas (keyed by the same names, checked by the compiler) and is what the
 * functions, the CDK stack and the local server use.
 *
 * - `path` uses API Gateway syntax (`/api/products/{id}`).
 * - `auth`: 'public' (no authorizer), 'user' (any signed-in user, JWT authorizer), 'admin'
 *   (JWT authorizer plus the admin or super_admin group, checked again in the handler).
 * - `handler`: module name under functions/handlers/, exporting `handler`.
 */
export type AuthLevel = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route without its schemas. */
export interface RouteEntry {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthLevel;
  readonly handler: string;
  /** Success status code. @default 200 */
  readonly status?: number;
  /** Lambda settings that differ from the defaults. */
  readonly lambda?: {
    readonly memoryMb?: number;
    readonly timeoutSeconds?: number;
    /** The handler queries the search index (in AWS: OpenSearch endpoint set and read access granted). */
    readonly searchIndex?: boolean;
  };
}

export const routeTable = {
  // Health reports the index too, so its function is granted the search domain.
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    handler: 'health',
    lambda: { searchIndex: true },
  },
  listUniversities: {
    method: 'GET',
    path: '/api/universities',
    auth: 'public',
    handler: 'list-universities',
  },
  getUniversity: { method: 'GET', path: '/api/universities/{id}', auth: 'public', handler: 'get-university' },
  createUniversityRequest: {
    method: 'POST',
    path: '/api/university-requests',
    auth: 'public',
    handler: 'create-university-request',
    status: 201,
  },
  listProducts: {
    method: 'GET',
    path: '/api/products',
    auth: 'public',
    handler: 'list-products',
    lambda: { searchIndex: true },
  },
  getProduct: { method: 'GET', path: '/api/products/{id}', auth: 'public', handler: 'get-product' },
  relatedProducts: {
    method: 'GET',
    path: '/api/products/{id}/related',
    auth: 'public',
    handler: 'related-products',
  },
} as const satisfies Record<string, RouteEntry>;

export type RouteTable = typeof routeTable;

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
