import * as z from 'zod';
import {
  type AuthLevel,
  buildPath,
  compilePath,
  type HttpMethod,
  type RouteEntry,
  routeTable,
} from './route-table';
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
import {
  confirmSignUpBodySchema,
  emailBodySchema,
  favoriteStateSchema,
  institutionalCodeBodySchema,
  institutionalStatusSchema,
  institutionalVerifyBodySchema,
  okSchema,
  profileSchema,
  resetPasswordBodySchema,
  updateProfileBodySchema,
} from './account-schemas';
import { moderationResultSchema } from './moderation';
import {
  createProductBodySchema,
  moderationCheckBodySchema,
  ownProductSchema,
  ownProductsSchema,
  ownStatusBodySchema,
  importUrlBodySchema,
  presignedUploadSchema,
  sellerContactSchema,
  uploadRequestSchema,
} from './product-form';

export { type AuthLevel, buildPath, compilePath, type HttpMethod };

/**
 * THE route table of the HTTP API with its schemas: every route once. The CDK stack makes API
 * Gateway routes and Lambdas from it, the local server mounts it, the web app's typed client
 * types its calls with it.
 *
 * The routes themselves (method, path, auth, handler, status, lambda settings) are listed once, in
 * shared/route-table.ts, which holds no zod so the browser can load it without zod. Here each
 * route's schemas are attached by name: `schemas` must have exactly one entry per route of that
 * table and no other (the `satisfies` below fails to compile otherwise), and `routes` is the typed
 * merge of both, so there is still a single list of routes.
 */
export interface RouteSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
}

export interface RouteDef extends RouteEntry, RouteSchemas {}

const schemas = {
  health: { response: healthSchema },
  listUniversities: { response: z.object({ items: z.array(universitySchema) }) },
  getUniversity: { params: universityParamsSchema, response: universitySchema },
  createUniversityRequest: { body: universityRequestInputSchema, response: universityRequestSchema },
  listProducts: { query: listProductsQuerySchema, response: productPageSchema },
  getProduct: { params: idParamsSchema, response: productDetailSchema },
  relatedProducts: { params: idParamsSchema, response: z.object({ items: z.array(productSummarySchema) }) },
  requestSignUpCode: { body: emailBodySchema, response: okSchema },
  confirmSignUp: { body: confirmSignUpBodySchema, response: okSchema },
  requestPasswordReset: { body: emailBodySchema, response: okSchema },
  resetPassword: { body: resetPasswordBodySchema, response: okSchema },
  getProfile: { response: profileSchema },
  updateProfile: { body: updateProfileBodySchema, response: profileSchema },
  requestInstitutionalCode: { body: institutionalCodeBodySchema, response: okSchema },
  verifyInstitutionalEmail: { body: institutionalVerifyBodySchema, response: profileSchema },
  institutionalStatus: { response: institutionalStatusSchema },
  listFavorites: { response: z.object({ items: z.array(productSummarySchema) }) },
  addFavorite: { params: idParamsSchema, response: favoriteStateSchema },
  removeFavorite: { params: idParamsSchema, response: favoriteStateSchema },
  checkListing: { body: moderationCheckBodySchema, response: moderationResultSchema },
  createProduct: { body: createProductBodySchema, response: productDetailSchema },
  listOwnProducts: { response: ownProductsSchema },
  createUpload: { body: uploadRequestSchema, response: presignedUploadSchema },
  getSellerContact: { params: idParamsSchema, response: sellerContactSchema },
  importImageFromUrl: { body: importUrlBodySchema, response: z.object({ key: z.string() }) },
  markProductSold: { params: idParamsSchema, body: ownStatusBodySchema, response: ownProductSchema },
  deleteOwnProduct: {
    params: idParamsSchema,
    response: z.object({ id: z.number().int().positive(), deleted: z.literal(true) }),
  },
} as const satisfies { [K in keyof typeof routeTable]: RouteSchemas };

type Merged<A, B> = {
  readonly [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never;
};

export type Routes = {
  readonly [K in keyof typeof routeTable]: Merged<(typeof routeTable)[K], (typeof schemas)[K]>;
};
export type RouteName = keyof Routes;

export const routes = Object.fromEntries(
  (Object.keys(routeTable) as RouteName[]).map((name) => [name, { ...routeTable[name], ...schemas[name] }]),
) as Routes satisfies Record<string, RouteDef>;

/** Every route as a list, with its name. */
export const routeList = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, def]) => ({
  name,
  ...def,
}));
