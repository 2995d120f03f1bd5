import { partDownDetail, partsDownMessage } from '#shared/messages';
import type { HealthReport } from '#shared/schemas';
import { signedIn } from '../commons/auth';
import { ServiceUnavailableError } from '../commons/errors';
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
    healthChecks: Readonly<Record<string, () => Promise<boolean>>>;
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
  /**
   * 200 only when every part answers (the table, the search index ready, and what the deployment
   * adds: healthChecks); otherwise 503 with the same report beside an error naming the parts down.
   */
  health: async (_req, ctx) => {
    const checks: [string, () => Promise<boolean>][] = [
      ['table', ctx.tableReady],
      ['search', () => ctx.search.ready()],
      ...Object.entries(ctx.healthChecks),
    ];
    const answers = await Promise.all(checks.map(([, check]) => probe(check)));
    const down = checks.filter((_, i) => !answers[i]).map(([name]) => name);
    if (down.length === 0)
      return { status: 'ok' as const, parts: Object.fromEntries(checks.map(([name]) => [name, 'ok' as const])) };
    const report: HealthReport = {
      // Without the table nothing can be served; without another part, some things cannot.
      status: down.includes('table') ? 'down' : 'degraded',
      parts: Object.fromEntries(checks.map(([name], i) => [name, answers[i] ? 'ok' : 'down'])),
    };
    throw new ServiceUnavailableError(
      partsDownMessage(down),
      down.map((name) => ({ path: `parts.${name}`, message: partDownDetail(name) })),
      report,
    );
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
