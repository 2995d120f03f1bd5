import { API_MESSAGES } from '#shared/messages';
import { signedIn } from '../commons/auth';
import { AppError } from '../commons/errors';
import { withTimeout } from '../commons/timeout';
import type { catalogRoutes } from '#shared/api/catalog';
import { clientAddress } from '../http/client-ip';
import type { AreaHandlers } from '../http/router';
import type { SendCounter } from '../ports/accounts';
import type { ExchangeRateStore } from '../ports/exchange-rates';
import type { UniversityRequestRepository } from '../ports/repositories';
import { type CatalogDeps, getProduct, listProducts, relatedProducts } from '../services/catalog';
import { currentRate } from '../services/exchange-rates';
import { sellerContact } from '../services/publishing';
import { getSeller, listMeetingPoints, type TrustDeps } from '../services/seller-page';
import { createUniversityRequest, getUniversity, listUniversities } from '../services/universities';

/** What the catalog's handlers use. */
export type CatalogContext = CatalogDeps &
  TrustDeps &
  Parameters<typeof listUniversities>[0] & {
    tableReady: () => Promise<boolean>;
    universityRequests: UniversityRequestRepository;
    sendCounter: SendCounter;
    exchangeRates: ExchangeRateStore;
    now: () => Date;
    newId: () => string;
  };

const PROBE_TIMEOUT_MS = 2000;
const probe = (check: () => Promise<boolean>) => withTimeout(check(), PROBE_TIMEOUT_MS).catch(() => false);

/** The catalog area's routes (shared/api/catalog.ts), one handler each. */
export const catalogHandlers: AreaHandlers<typeof catalogRoutes, CatalogContext> = {
  /** 200 only when the table answers and the search index is ready; 503 (with the parts) otherwise. */
  health: async (_req, ctx) => {
    const [table, search] = await Promise.all([probe(ctx.tableReady), probe(() => ctx.search.ready())]);
    if (!table || !search) {
      throw new AppError(503, 'unavailable', API_MESSAGES.notReady, [
        { path: 'table', message: String(table) },
        { path: 'search', message: String(search) },
      ]);
    }
    return { status: 'ok' as const, parts: { table, search } };
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
  listMeetingPoints: ({ params }, ctx) => listMeetingPoints(ctx, params.id),
};
