import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { signedInParts } from '../../test/support/callers';
import { apiEvent, invoke } from '../../test/support/events';
import { favoritesRoutes } from '#shared/api/favorites';
import { LIMITS } from '#shared/limits';
import { type RouteDef, type RouteName, routes } from '#shared/routes';
import { BadRequestError, ConflictError, NotFoundError } from '../commons/errors';
import type { CallerAccount } from '../ports/tokens';
import {
  callerFromClaims,
  createAreaHandler,
  createRouter,
  errorResponse,
  type HttpRequest,
  parseGroups,
  type RouterOptions,
} from './router';

/** The router's caller parts: real token verification, accounts as their tokens say (support/callers.ts). */
const signedIn = signedInParts();
const callers: RouterOptions = { tokens: () => signedIn.tokenVerifier, accounts: () => signedIn.callerAccounts };

const meRoute = (auth: RouteDef['auth']) =>
  ({
    area: 'catalog',
    method: 'GET',
    path: '/api/universities',
    auth,
    response: z.object({ userId: z.string(), groups: z.array(z.string()) }),
  }) as const satisfies RouteDef;

const whoAmI = (auth: RouteDef['auth']) =>
  createRouter(
    'test',
    [
      {
        name: 'me',
        def: meRoute(auth),
        handler: ({ auth: a }: HttpRequest<RouteDef>) => ({
          userId: a?.userId ?? 'anon',
          groups: a?.groups ?? [],
        }),
      },
    ],
    () => ({}),
    callers,
  );

/** A router serving one route of the table with the given handler (an idempotent one's store holds nothing). */
const makeHandler = <N extends RouteName>(name: N, handler: (req: HttpRequest<RouteDef>) => unknown) =>
  createRouter('test', [{ name, def: routes[name], handler }], () => ({}), {
    ...callers,
    idempotency: () => ({ get: async () => null }),
  });

describe('claims', () => {
  it('reads API Gateway flattened groups, arrays and comma lists', () => {
    // Prepare / Act / Assess
    expect(parseGroups('[admin super_admin]')).toEqual(['admin', 'super_admin']);
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(['admin', 'x'])).toEqual(['admin', 'x']);
    expect(parseGroups('admin,super_admin')).toEqual(['admin', 'super_admin']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it("maps a verified token's sub, e-mail, groups, name and pool username; no sub → nobody", () => {
    expect(
      callerFromClaims({
        sub: 'u-1',
        email: 'ana@est.ucab.edu.ve',
        'cognito:groups': ['admin', 'super_admin'],
        'cognito:username': 'u-1',
        name: ' Ana ',
      }),
    ).toEqual({
      userId: 'u-1',
      email: 'ana@est.ucab.edu.ve',
      groups: ['admin', 'super_admin'],
      name: 'Ana',
      username: 'u-1',
    });
    // An access token names the pool username `username` (a Google account's is not its sub).
    expect(callerFromClaims({ sub: 'g-1', username: 'Google_123' })).toMatchObject({ username: 'Google_123' });
    expect(callerFromClaims({ email: 'x@y.z' })).toBeNull();
  });
});

describe('auth levels', () => {
  it("'user' without a token is 401 with the Spanish message; a bad token is 401 'session no longer valid'", async () => {
    const res = await invoke(whoAmI('user'), apiEvent('listUniversities'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'unauthorized', message: 'Debes iniciar sesión para continuar.' },
    });
    for (const authorization of ['Bearer not.a.jwt', 'Bearer ', 'Basic abc']) {
      const bad = await invoke(whoAmI('user'), apiEvent('listUniversities', { headers: { authorization } }));
      expect(bad.status, authorization).toBe(401);
      expect(bad.body, authorization).toEqual({
        error: { code: 'unauthorized', message: 'Tu sesión ya no es válida. Inicia sesión de nuevo.' },
      });
    }
  });

  it('ignores the requestContext claims of an authorizer: only the bearer token names the caller', async () => {
    const event = apiEvent('listUniversities');
    (event.requestContext as { authorizer?: unknown }).authorizer = {
      jwt: { claims: { sub: 'forged', 'cognito:groups': '[admin]' }, scopes: null },
    };
    expect((await invoke(whoAmI('user'), event)).status).toBe(401);
  });

  it("'admin' is 403 for a user outside admin/super_admin and 200 for super_admin (flattened string)", async () => {
    const student = await invoke(
      whoAmI('admin'),
      apiEvent('listUniversities', { claims: { sub: 's', 'cognito:groups': '[students]' } }),
    );
    expect(student.status).toBe(403);
    const boss = await invoke(
      whoAmI('admin'),
      apiEvent('listUniversities', { claims: { sub: 'b', 'cognito:groups': '[super_admin]' } }),
    );
    expect(boss.status).toBe(200);
    expect(boss.body).toEqual({ userId: 'b', groups: ['super_admin'] });
    expect(boss.headers['cache-control']).toBe('no-store');
  });

  it("'super_admin' is 403 for an admin and 200 for a super_admin", async () => {
    const admin = await invoke(
      whoAmI('super_admin'),
      apiEvent('listUniversities', { claims: { sub: 'a', 'cognito:groups': '[admin]' } }),
    );
    expect(admin.status).toBe(403);
    const boss = await invoke(
      whoAmI('super_admin'),
      apiEvent('listUniversities', { claims: { sub: 'b', 'cognito:groups': ['admin', 'super_admin'] } }),
    );
    expect(boss.status).toBe(200);
  });
});

describe('routing', () => {
  const area = createAreaHandler(
    favoritesRoutes,
    {
      listFavorites: () => ({ items: [] }),
      addFavorite: ({ params }) => ({ product_id: params.id, saved: true }),
      removeFavorite: ({ params }) => ({ product_id: params.id, saved: false }),
      // The area's saved-search routes (decision 031) are not what these cases route to.
      listAlerts: () => ({ items: [], max: 10 }),
      createAlert: () => Promise.reject(new Error('not routed here')),
      updateAlert: () => Promise.reject(new Error('not routed here')),
      deleteAlert: () => Promise.reject(new Error('not routed here')),
      markAlertSeen: () => Promise.reject(new Error('not routed here')),
      unsubscribeAlerts: () => Promise.reject(new Error('not routed here')),
    },
    () => ({}),
    // createAlert is idempotent (decision 041); no case here reaches its store.
    { ...callers, idempotency: () => ({ get: () => Promise.reject(new Error('not read here')) }) },
  );
  const claims = { sub: 'u-1' };

  it("picks the route by API Gateway's routeKey", async () => {
    const added = await invoke(area, apiEvent('addFavorite', { params: { id: 7 }, claims }));
    expect(added).toMatchObject({ status: 200, body: { product_id: 7, saved: true } });
    const removed = await invoke(area, apiEvent('removeFavorite', { params: { id: 7 }, claims }));
    expect(removed.body).toEqual({ product_id: 7, saved: false });
  });

  it('without a routeKey ($default), matches the method and the path and reads its parameters', async () => {
    const event = { ...apiEvent('removeFavorite', { params: { id: 12 }, claims }), routeKey: '$default' };
    delete event.pathParameters;
    const res = await invoke(area, event);
    expect(res).toMatchObject({ status: 200, body: { product_id: 12, saved: false } });
  });

  it('answers 404 (JSON, Spanish) for an unknown path, a route of another area and a known path with another method', async () => {
    const unknownPath = {
      ...apiEvent('listFavorites', { claims }),
      routeKey: '$default',
      rawPath: '/api/me/nada',
    };
    const otherArea = apiEvent('getProduct', { params: { id: 1 } });
    const wrongMethod = apiEvent('listFavorites', { claims });
    wrongMethod.routeKey = 'POST /api/me/favorites';
    wrongMethod.requestContext.http.method = 'POST';
    for (const event of [unknownPath, otherArea, wrongMethod]) {
      const res = await invoke(area, event);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Recurso no encontrado.' } });
    }
  });

  it('answers 400 for a malformed path parameter percent-encoding and 404 for an invalid id', async () => {
    const bad = { ...apiEvent('removeFavorite', { params: { id: 1 }, claims }), routeKey: '$default' };
    bad.rawPath = '/api/me/favorites/%E0%A4%A';
    delete bad.pathParameters;
    expect((await invoke(area, bad)).status).toBe(400);
    const notAnId = await invoke(area, apiEvent('removeFavorite', { params: { id: 'abc' }, claims }));
    expect(notAnId.status).toBe(404);
  });

  it('refuses to build an area whose handlers do not match its routes', () => {
    expect(() =>
      createAreaHandler(favoritesRoutes, { listFavorites: () => ({ items: [] }) } as never, () => ({})),
    ).toThrow(/handlers missing for \[addFavorite,removeFavorite,listAlerts,/);
    expect(() =>
      createAreaHandler(
        favoritesRoutes,
        {
          listFavorites: () => ({ items: [] }),
          addFavorite: () => ({ product_id: 1, saved: true }),
          removeFavorite: () => ({ product_id: 1, saved: false }),
          getProduct: () => ({}),
        } as never,
        () => ({}),
      ),
    ).toThrow(/without a route \[getProduct\]/);
  });

  it('refuses to build an area with idempotent routes and no store of their first answers', () => {
    const handlers = Object.fromEntries(Object.keys(favoritesRoutes).map((n) => [n, () => ({})]));
    expect(() => createAreaHandler(favoritesRoutes, handlers as never, () => ({}))).toThrow(
      /routes \[createAlert\] are idempotent but no idempotency store is given/,
    );
  });
});

describe('the Idempotency-Key of an idempotent route (decision 041)', () => {
  const seen: string[] = [];
  const router = createRouter(
    'test',
    [
      {
        name: 'createAlert',
        def: routes.createAlert,
        handler: ({ idempotency }: HttpRequest<RouteDef>) => {
          seen.push(idempotency?.id.key ?? 'none');
          return Promise.reject(new BadRequestError('detenido aquí'));
        },
      },
    ],
    () => ({}),
    { ...callers, idempotency: () => ({ get: async () => null }) },
  );
  const call = (key: string | null) =>
    invoke(
      router,
      apiEvent('createAlert', {
        claims: { sub: 'u-1' },
        body: { university: 'ucab', q: 'libro' },
        idempotencyKey: key,
      }),
    );

  it('is required: a missing, short, long or odd key is a Spanish 400 and the handler never runs', async () => {
    seen.length = 0;
    const missing = await invoke(router, {
      ...apiEvent('createAlert', {
        claims: { sub: 'u-1' },
        body: { university: 'ucab' },
        idempotencyKey: null,
      }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { code: 'bad_request', message: expect.stringContaining('Idempotency-Key') },
    });
    for (const key of ['corta', 'x'.repeat(65), 'clave con espacios 1234', 'clave/con/barras/1234', '"'])
      expect((await call(key)).status, key).toBe(400);
    expect(seen).toEqual([]);
  });

  it("takes a UUID, and the draft's quoted string form without its quotes", async () => {
    seen.length = 0;
    const key = '8e03978e-40d5-43e8-bc93-6894a57f9324';
    expect((await call(key)).status).toBe(400);
    expect((await call(`"${key}"`)).status).toBe(400);
    expect(seen).toEqual([key, key]);
  });
});

describe('errors and responses', () => {
  it('maps typed errors, zod errors and unknown errors in one place', () => {
    expect(errorResponse(new NotFoundError('Producto no encontrado')).statusCode).toBe(404);
    expect(errorResponse(new ConflictError('x')).statusCode).toBe(409);
    const bad = errorResponse(new BadRequestError('Malo', [{ path: 'a', message: 'm' }]));
    expect(JSON.parse(bad.body!)).toEqual({
      error: { code: 'bad_request', message: 'Malo', details: [{ path: 'a', message: 'm' }] },
    });
    const zodError = z.object({ a: z.string() }).safeParse({}).error!;
    expect(errorResponse(zodError).statusCode).toBe(400);
    const unknown = errorResponse(new Error('secret detail'));
    expect(unknown.statusCode).toBe(500);
    expect(unknown.body).not.toContain('secret');
    expect(JSON.parse(unknown.body!).error.message).toBe('Ocurrió un error inesperado');
  });

  it('strips undeclared keys from the result and sets JSON + public caching on public GETs', async () => {
    const h = makeHandler('getUniversity', () => ({
      id: 'ucab',
      name: 'UCAB',
      full_name: 'Universidad Católica Andrés Bello',
      email_domain: 'est.ucab.edu.ve',
      created_at: '2025-01-01T00:00:00.000Z',
      secret: 'no debe salir',
    }));
    const res = await invoke(h, apiEvent('getUniversity', { params: { id: 'ucab' } }));
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('secret');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('answers 500 (not the raw error) when an implementation throws', async () => {
    const h = makeHandler('listUniversities', () => {
      throw new TypeError('boom at line 3');
    });
    const res = await invoke(h, apiEvent('listUniversities'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('boom');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('validates bodies: malformed JSON, base64 bodies, Spanish zod messages', async () => {
    const h = makeHandler('createUniversityRequest', ({ body }) => ({
      ...(body as object),
      id: 'r1',
      status: 'pending' as const,
      requester_id: null,
      created_at: 'now',
    }));
    const malformed = await invoke(h, apiEvent('createUniversityRequest', { body: '{"university_name": ' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      error: { code: 'bad_request', message: 'El cuerpo de la solicitud no es un JSON válido.' },
    });

    const valid = {
      university_name: 'UNEG',
      university_full_name: 'Universidad Nacional Experimental de Guayana',
      email_domain: 'uneg.edu.ve',
      city: 'Puerto Ordaz',
    };
    const b64 = await invoke(h, apiEvent('createUniversityRequest', { body: valid, base64: true }));
    expect(b64.status).toBe(201);

    const wrongType = await invoke(h, apiEvent('createUniversityRequest', { body: { ...valid, city: 42 } }));
    expect(wrongType.status).toBe(400);
    const details = (wrongType.body as { error: { details: { path: string; message: string }[] } }).error
      .details;
    expect(details[0]).toEqual({ path: 'city', message: 'El campo «city» debe ser un texto.' });
    const unknownKey = await invoke(h, apiEvent('createUniversityRequest', { body: { ...valid, admin: true } }));
    expect(unknownKey.status).toBe(400);
    expect((unknownKey.body as { error: { message: string } }).error.message).toBe('Campo no permitido: «admin».');

    const empty = await invoke(h, apiEvent('createUniversityRequest'));
    expect(empty.status).toBe(400);
  });
});

describe('public reads with an optional caller', () => {
  const def = {
    area: 'questions',
    method: 'GET',
    path: '/api/products/{id}/questions',
    auth: 'public',
    identity: 'optional',
    response: z.object({ who: z.string() }),
  } as const satisfies RouteDef;
  const router = createRouter(
    'test',
    [
      {
        name: 'listQuestions',
        def,
        handler: ({ auth }: HttpRequest<RouteDef>) => ({ who: auth?.userId ?? 'anon' }),
      },
    ],
    () => ({}),
    {
      tokens: () => ({
        verify: async (token: string) => (token === 'good' ? { sub: 'u-7', token_use: 'id' } : null),
      }),
    },
  );
  const event = (authorization?: string) =>
    apiEvent('listQuestions', { params: { id: 5 }, headers: authorization ? { authorization } : {} });

  it('lets browsers keep the anonymous answer briefly, never for a request with a token', async () => {
    const anonymous = await invoke(router, event());
    expect(anonymous.body).toEqual({ who: 'anon' });
    expect(anonymous.headers['cache-control']).toMatch(/^public, max-age=30/);
    expect(anonymous.headers.vary).toBe('Authorization');
  });

  it("answers a signed-in caller 'private, no-store': their flags are theirs alone", async () => {
    const signedIn = await invoke(router, event('Bearer good'));
    expect(signedIn.body).toEqual({ who: 'u-7' });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.vary).toBe('Authorization');
    expect((await invoke(router, event('Bearer bad'))).status).toBe(401);
  });
});

describe("the caller's account at the user pool (decision 043)", () => {
  const adminDef = { ...meRoute('admin'), method: 'GET' } as const satisfies RouteDef;
  const writeDef = { ...meRoute('user'), method: 'POST' } as const satisfies RouteDef;
  const readDef = meRoute('user');
  /** A router over one route whose pool answers `account` for everyone, and which counts the questions. */
  const withPool = (def: RouteDef, account: CallerAccount | null) => {
    const asked: { username: string; withGroups: boolean }[] = [];
    const handler = createRouter(
      'test',
      [
        {
          name: 'me',
          def,
          handler: ({ auth: a }: HttpRequest<RouteDef>) => ({ userId: a?.userId ?? '', groups: a?.groups ?? [] }),
        },
      ],
      () => ({}),
      {
        tokens: () => signedIn.tokenVerifier,
        accounts: () => ({
          find: async (username, withGroups) => {
            asked.push({ username, withGroups });
            return account;
          },
        }),
      },
    );
    return { handler, asked };
  };
  /** The event of `def` (its method on the test path), signed in with `claims` or carrying `headers`. */
  const eventOf = (def: RouteDef, opts: Parameters<typeof apiEvent>[1]) => {
    const event = apiEvent('listUniversities', opts);
    event.routeKey = `${def.method} ${def.path}`;
    event.requestContext.http.method = def.method;
    return event;
  };
  const as = (claims: Record<string, string | string[]>, def: RouteDef = adminDef) => eventOf(def, { claims });
  const boss = { sub: 'b-1', 'cognito:username': 'b-user', 'cognito:groups': ['admin', 'super_admin'] };

  it('serves an admin the groups both the token and the pool name, read by the pool username', async () => {
    const { handler, asked } = withPool(adminDef, { enabled: true, groups: ['admin', 'super_admin'] });
    const res = await invoke(handler, as(boss));
    expect(res).toMatchObject({ status: 200, body: { userId: 'b-1', groups: ['admin', 'super_admin'] } });
    expect(asked).toEqual([{ username: 'b-user', withGroups: true }]);
  });

  it('refuses with 403 an admin the pool no longer lists, whatever the token says', async () => {
    const { handler } = withPool(adminDef, { enabled: true, groups: [] });
    const res = await invoke(handler, as(boss));
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
  });

  it('keeps a group the pool granted after sign-in out until the next token', async () => {
    const { handler } = withPool(adminDef, { enabled: true, groups: ['admin'] });
    const res = await invoke(handler, as({ sub: 's-1', 'cognito:groups': [] }));
    expect(res.status).toBe(403);
  });

  it('refuses with 401 a deleted or disabled account on a write, before its handler runs', async () => {
    for (const account of [null, { enabled: false }]) {
      const { handler } = withPool(writeDef, account);
      const res = await invoke(handler, as({ sub: 'u-9' }, writeDef));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'unauthorized', message: 'Tu sesión ya no es válida. Inicia sesión de nuevo.' },
      });
    }
  });

  it('asks the pool nothing for a signed-in read, a student on an admin route, or a token already refused', async () => {
    const read = withPool(readDef, null);
    expect((await invoke(read.handler, as({ sub: 'u-1' }, readDef))).status).toBe(200);
    const student = withPool(adminDef, { enabled: true, groups: ['admin'] });
    expect((await invoke(student.handler, as({ sub: 'u-2', 'cognito:groups': [] }))).status).toBe(403);
    const forged = withPool(writeDef, { enabled: true });
    const bad = eventOf(writeDef, { headers: { authorization: 'Bearer x.y.z' } });
    expect((await invoke(forged.handler, bad)).status).toBe(401);
    expect([...read.asked, ...student.asked, ...forged.asked]).toEqual([]);
  });

  it('refuses to build a router whose routes read their caller without a verifier or a pool', () => {
    const entry = { name: 'me', def: writeDef, handler: () => ({}) };
    expect(() => createRouter('t', [entry], () => ({}))).toThrow(/no token verifier/);
    expect(() => createRouter('t', [entry], () => ({}), { tokens: callers.tokens })).toThrow(/no accounts/);
  });
});

describe('request bodies over the API limit', () => {
  it(`answers 413 in Spanish past ${LIMITS.apiBodyMaxBytes} bytes, text or base64, and serves one at the limit`, async () => {
    const h = makeHandler('createUniversityRequest', () => ({}));
    const over = 'x'.repeat(LIMITS.apiBodyMaxBytes + 1);
    for (const event of [
      apiEvent('createUniversityRequest', { body: over }),
      apiEvent('createUniversityRequest', { body: over, base64: true }),
    ]) {
      const res = await invoke(h, event);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        error: { code: 'payload_too_large', message: 'La solicitud es demasiado grande.' },
      });
    }
    // At the limit the body is read (and judged by its schema: not JSON here).
    const atLimit = await invoke(h, apiEvent('createUniversityRequest', { body: 'x'.repeat(LIMITS.apiBodyMaxBytes) }));
    expect(atLimit.status).toBe(400);
  });
});
