import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCodeRepository,
  createFavoriteRepository,
  createProfileRepository,
  createResetTokenRepository,
} from '../../functions/adapters/dynamodb/accounts';
import { createSendCounter } from '../../functions/adapters/dynamodb/send-windows';
import { createTableAccess } from '../../functions/adapters/dynamodb/client';
import { createTableProbe } from '../../functions/adapters/dynamodb/health';
import { createIdempotencyStore } from '../../functions/adapters/dynamodb/idempotency';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createReportRepository } from '../../functions/adapters/dynamodb/reports';
import {
  createUniversityRepository,
  createUniversityRequestRepository,
} from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { ProductRepository } from '../../functions/ports/repositories';
import { freePort } from '../../scripts/local/ports';
import type { RouteName } from '#shared/routes';
import { apiEvent, type EventOptions, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { useTestTable } from '../support/backend';
import { MemorySearchIndex } from '../support/memory-search-index';

/**
 * A dependency that is down or throttling is the service being unavailable for a moment, not a
 * bug: every route answers 503 with a Spanish "try again" message and Retry-After, never 500.
 * "Down" here is real: the table client points at a port where nothing listens.
 */
const claims = { sub: 'outage-user', email: 'outage@correo.com', token_use: 'id' };
const cases: [RouteName, EventOptions][] = [
  ['listUniversities', {}],
  ['getUniversity', { params: { id: 'ucab' } }],
  [
    'createUniversityRequest',
    {
      body: {
        university_name: 'UNEG',
        university_full_name: 'Universidad Nacional Experimental de Guayana',
        email_domain: 'uneg.edu.ve',
        city: 'Puerto Ordaz',
      },
    },
  ],
  ['listProducts', { query: { university: 'ucab' } }],
  ['getProduct', { params: { id: 1 } }],
  ['relatedProducts', { params: { id: 1 } }],
  ['getSellerContact', { params: { id: 1 }, claims }],
  ['getProfile', { claims }],
  ['updateProfile', { claims, body: { full_name: 'Ana Pérez' } }],
  ['institutionalStatus', { claims }],
  ['listFavorites', { claims }],
  ['addFavorite', { params: { id: 1 }, claims }],
  ['removeFavorite', { params: { id: 1 }, claims }],
  ['listOwnProducts', { claims }],
  ['setOwnProductStatus', { params: { id: 1 }, claims, body: { status: 'sold' } }],
  ['deleteOwnProduct', { params: { id: 1 }, claims }],
  ['reportProduct', { params: { id: 1 }, claims, body: { report_category: 'spam' } }],
  ['getOwnReport', { params: { id: 1 }, claims }],
];

beforeAll(() => {
  useTestTable();
});
afterAll(() => resetContext());

describe('a dependency that is down', () => {
  it('answers 503 with Retry-After and a Spanish message on every route that needs the table', async () => {
    // Prepare: every table part points at a port with nothing behind it.
    const dead = createTableAccess({ endpoint: `http://127.0.0.1:${await freePort()}` });
    setHandlerContext({
      products: createProductRepository(dead),
      universities: createUniversityRepository(dead),
      universityRequests: createUniversityRequestRepository(dead),
      tableReady: createTableProbe(dead),
      codes: createCodeRepository(dead),
      sendCounter: createSendCounter(dead),
      resetTokens: createResetTokenRepository(dead),
      profiles: createProfileRepository(dead),
      favorites: createFavoriteRepository(dead),
      reports: createReportRepository(dead),
      idempotency: createIdempotencyStore(dead),
      search: new MemorySearchIndex(),
    });
    for (const [name, options] of cases) {
      // Act
      const res = await invoke(handlerOf(name), apiEvent(name, options));
      // Assess
      expect(res.status, name).toBe(503);
      expect(res.headers['retry-after'], name).toBe('5');
      expect(res.body, name).toEqual({
        error: {
          code: 'unavailable',
          message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
        },
      });
    }
    // Health says which part is down, with the same status.
    const health = await invoke(handlerOf('health'), apiEvent('health'));
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.body).toMatchObject({ status: 'down', parts: { table: 'down', search: 'ok' } });
  });

  it('answers 503 when the table throttles, and a plain bug stays a 500', async () => {
    const throttled = Object.assign(new Error('Throughput exceeds the current capacity of your table'), {
      name: 'ProvisionedThroughputExceededException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    const failing = (error: Error) =>
      ({
        get: () => Promise.reject(error),
      }) as unknown as ProductRepository;
    setHandlerContext({ products: failing(throttled) });
    const res = await invoke(handlerOf('getProduct'), apiEvent('getProduct', { params: { id: 1 } }));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    setHandlerContext({ products: failing(new TypeError('x is undefined')) });
    const bug = await invoke(handlerOf('getProduct'), apiEvent('getProduct', { params: { id: 1 } }));
    expect(bug.status).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
  });
});
