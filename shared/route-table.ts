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
    /** The handler calls the user pool's admin API (in AWS: USER_POOL_ID set and cognito-idp:Admin* granted). */
    readonly identity?: boolean;
    /** The handler sends e-mail (in AWS: MAIL_FROM and APP_URL set and ses:SendEmail granted). */
    readonly mail?: boolean;
    /** The handler moderates listings (in AWS: BEDROCK_MODEL_ID set and bedrock:InvokeModel granted). */
    readonly moderation?: boolean;
    /** The handler uses the images bucket (in AWS: IMAGES_BUCKET set and object access granted). */
    readonly images?: boolean;
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
  // The seller's WhatsApp number: signed-in users only (spec), never in public answers.
  getSellerContact: {
    method: 'GET',
    path: '/api/products/{id}/contact',
    auth: 'user',
    handler: 'get-seller-contact',
  },

  // Accounts (Cognito holds identities and passwords; the codes and reset links are the app's own).
  requestSignUpCode: {
    method: 'POST',
    path: '/api/auth/sign-up-code',
    auth: 'public',
    handler: 'request-sign-up-code',
    lambda: { identity: true, mail: true },
    status: 202,
  },
  confirmSignUp: {
    method: 'POST',
    path: '/api/auth/confirm',
    auth: 'public',
    handler: 'confirm-sign-up',
    lambda: { identity: true },
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/password-reset',
    auth: 'public',
    handler: 'request-password-reset',
    lambda: { identity: true, mail: true },
    status: 202,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    auth: 'public',
    handler: 'reset-password',
    lambda: { identity: true },
  },
  getProfile: { method: 'GET', path: '/api/me/profile', auth: 'user', handler: 'get-profile' },
  updateProfile: { method: 'PATCH', path: '/api/me/profile', auth: 'user', handler: 'update-profile' },
  requestInstitutionalCode: {
    method: 'POST',
    path: '/api/me/institutional-email',
    auth: 'user',
    handler: 'request-institutional-code',
    lambda: { mail: true },
    status: 202,
  },
  verifyInstitutionalEmail: {
    method: 'POST',
    path: '/api/me/institutional-email/verify',
    auth: 'user',
    handler: 'verify-institutional-email',
  },
  institutionalStatus: {
    method: 'GET',
    path: '/api/me/institutional-email',
    auth: 'user',
    handler: 'institutional-status',
  },
  listFavorites: { method: 'GET', path: '/api/me/favorites', auth: 'user', handler: 'list-favorites' },
  addFavorite: { method: 'PUT', path: '/api/me/favorites/{id}', auth: 'user', handler: 'add-favorite' },
  removeFavorite: {
    method: 'DELETE',
    path: '/api/me/favorites/{id}',
    auth: 'user',
    handler: 'remove-favorite',
  },

  // Publishing and own listings.
  checkListing: {
    method: 'POST',
    path: '/api/me/moderation',
    auth: 'user',
    handler: 'check-listing',
    lambda: { moderation: true, timeoutSeconds: 15 },
  },
  createProduct: {
    method: 'POST',
    path: '/api/products',
    auth: 'user',
    handler: 'create-product',
    status: 201,
    lambda: { moderation: true, images: true, timeoutSeconds: 20 },
  },
  createUpload: {
    method: 'POST',
    path: '/api/me/uploads',
    auth: 'user',
    handler: 'create-upload',
    lambda: { images: true },
  },
  importImageFromUrl: {
    method: 'POST',
    path: '/api/me/uploads/from-url',
    auth: 'user',
    handler: 'import-image-from-url',
    lambda: { images: true, timeoutSeconds: 15 },
  },
  listOwnProducts: { method: 'GET', path: '/api/me/products', auth: 'user', handler: 'list-own-products' },
  markProductSold: {
    method: 'PATCH',
    path: '/api/me/products/{id}',
    auth: 'user',
    handler: 'mark-product-sold',
  },
  deleteOwnProduct: {
    method: 'DELETE',
    path: '/api/me/products/{id}',
    auth: 'user',
    handler: 'delete-own-product',
    lambda: { images: true },
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
