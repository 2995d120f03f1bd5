import { z } from 'zod';
import {
  healthSchema,
  idParamsSchema,
  listProductsQuerySchema,
  productDetailSchema,
  productPageSchema,
  productSummarySchema,
  universityParamsSchema,
  universityRequestInputSchema,
  universityRequestSchema,
  universitySchema,
} from './schemas';

/**
 * THE route table of the HTTP API: every route once. The CDK stack makes API Gateway routes and
 * Lambdas from it, the local server mounts it, the web app's typed client calls it.
 *
 * - `path` uses API Gateway syntax (`/api/products/{id}`).
 * - `auth`: 'public' (no authorizer), 'user' (any signed-in user, JWT authorizer), 'admin'
 *   (JWT authorizer plus the admin or super_admin group, checked again in the handler).
 * - `handler`: module name under functions/handlers/, exporting `handler`.
 */
export type AuthLevel = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthLevel;
  readonly handler: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
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

export const routes = {
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    handler: 'health',
    response: healthSchema,
    // Health reports the index too, so its function is granted the search domain.
    lambda: { searchIndex: true },
  },
  listUniversities: {
    method: 'GET',
    path: '/api/universities',
    auth: 'public',
    handler: 'list-universities',
    response: z.object({ items: z.array(universitySchema) }),
  },
  getUniversity: {
    method: 'GET',
    path: '/api/universities/{id}',
    auth: 'public',
    handler: 'get-university',
    params: universityParamsSchema,
    response: universitySchema,
  },
  createUniversityRequest: {
    method: 'POST',
    path: '/api/university-requests',
    auth: 'public',
    handler: 'create-university-request',
    body: universityRequestInputSchema,
    response: universityRequestSchema,
    status: 201,
  },
  listProducts: {
    method: 'GET',
    path: '/api/products',
    auth: 'public',
    handler: 'list-products',
    query: listProductsQuerySchema,
    response: productPageSchema,
    lambda: { searchIndex: true },
  },
  getProduct: {
    method: 'GET',
    path: '/api/products/{id}',
    auth: 'public',
    handler: 'get-product',
    params: idParamsSchema,
    response: productDetailSchema,
  },
  relatedProducts: {
    method: 'GET',
    path: '/api/products/{id}/related',
    auth: 'public',
    handler: 'related-products',
    params: idParamsSchema,
    response: z.object({ items: z.array(productSummarySchema) }),
  },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** Every route as a list, with its name. */
export const routeList = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, def]) => ({ name, ...def }));

/** Turns '/api/products/{id}' into a regular expression and the names of its parameters. */
export function compilePath(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([a-zA-Z0-9_]+)\\?\}/g, (_m, name: string) => {
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
