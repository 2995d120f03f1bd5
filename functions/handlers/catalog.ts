import type { InterestRepository } from '../ports/deals';
import { signedIn } from '../commons/auth';
import { checkHealth } from '../services/catalog/health';
import type { catalogRoutes } from '#shared/api/catalog';
import { clientAddress } from '../http/client-ip';
import type { AreaHandlers } from '../http/router';
import type { SendCounter } from '../ports/accounts';
import type { ExchangeRateStore } from '../ports/exchange-rates';
import type { UniversityRequestRepository } from '../ports/repositories';
import { type CatalogDeps, getProduct, listProducts, relatedProducts } from '../services/catalog/catalog';
import { currentRate } from '../services/admin/exchange-rates';
import { sellerContact } from '../services/publishing/publishing';
import { getSeller, listMeetingPoints, type TrustDeps } from '../services/catalog/seller-page';
import { sellerReviews } from '../services/deals/reviews';
import { getUniversity, listUniversities } from '../services/catalog/universities';
import { createUniversityRequest } from '../services/catalog/university-requests';

/** What the catalog's handlers use. */
export type CatalogContext = CatalogDeps &
  TrustDeps &
  Parameters<typeof listUniversities>[0] & {
    tableReady: () => Promise<boolean>;
    healthChecks: Readonly<Record<string, () => Promise<boolean>>>;
    universityRequests: UniversityRequestRepository;
    sendCounter: SendCounter;
    interests: InterestRepository;
    exchangeRates: ExchangeRateStore;
    now: () => Date;
    newId: () => string;
  };

/** The catalog area's routes (shared/api/catalog.ts), one handler each. */
export const catalogHandlers: AreaHandlers<typeof catalogRoutes, CatalogContext> = {
  /**
   * 200 only when every part answers (the table, the search index ready, and what the deployment
   * adds: healthChecks); otherwise 503 with the same report beside an error naming the parts down.
   */
  health: async (_req, ctx) => {
    return checkHealth([
      ['table', ctx.tableReady],
      ['search', () => ctx.search.ready()],
      ...Object.entries(ctx.healthChecks),
    ]);
  },
  getExchangeRate: (_req, ctx) => currentRate(ctx),
  listUniversities: async (_req, ctx) => ({ items: await listUniversities(ctx) }),
  getUniversity: ({ params }, ctx) => getUniversity(ctx, params.id),
  createUniversityRequest: ({ body, auth, event, idempotency }, ctx) =>
    createUniversityRequest(ctx, body, auth?.userId ?? null, clientAddress(event), idempotency),
  listProducts: ({ query }, ctx) => listProducts(ctx, query),
  // The seller's public page is named by their account id (null for an imported listing's seller).
  getProduct: async ({ params }, ctx) => {
    const product = await getProduct(ctx, params.id);
    return { ...product, seller_id: product.owner_id };
  },
  relatedProducts: async ({ params }, ctx) => ({ items: await relatedProducts(ctx, params.id) }),
  getSellerContact: ({ auth, params }, ctx) => sellerContact(ctx, signedIn(auth), params.id),
  getSeller: ({ params }, ctx) => getSeller(ctx, params.id),
  listSellerReviews: ({ params, query }, ctx) => sellerReviews(ctx, params.id, query.cursor),
  listMeetingPoints: ({ params }, ctx) => listMeetingPoints(ctx, params.id),
};
