import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { apiEvent, invoke } from '../../test/support/events';
import type { RouteDef } from '#shared/routes';
import { BadRequestError, ConflictError, NotFoundError } from './errors';
import { errorResponse, makeHandler, makeRouteHandler, parseGroups, readAuth } from './http';

const meRoute = (auth: RouteDef['auth']) =>
  ({
    method: 'GET',
    path: '/api/universities',
    auth,
    handler: 'test',
    response: z.object({ userId: z.string(), groups: z.array(z.string()) }),
  }) as const satisfies RouteDef;

const whoAmI = (auth: RouteDef['auth']) =>
  makeRouteHandler('me', meRoute(auth), ({ auth: a }) => ({
    userId: a?.userId ?? 'anon',
    groups: a?.groups ?? [],
  }));

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

  it('maps sub, email and groups of the JWT authorizer; no claims → null', () => {
    const event = apiEvent('health', {
      claims: { sub: 'u-1', email: 'ana@est.ucab.edu.ve', 'cognito:groups': ['admin', 'super_admin'] },
    });
    expect(readAuth(event)).toEqual({
      userId: 'u-1',
      email: 'ana@est.ucab.edu.ve',
      groups: ['admin', 'super_admin'],
    });
    expect(readAuth(apiEvent('health'))).toBeNull();
    expect(readAuth(apiEvent('health', { claims: { email: 'x@y.z' } }))).toBeNull();
  });
});

describe('auth levels', () => {
  it("'user' without claims is 401 with the Spanish message", async () => {
    const res = await invoke(whoAmI('user'), apiEvent('listUniversities'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'unauthorized', message: 'Debes iniciar sesión para continuar.' },
    });
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
      ...body,
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
    expect(details[0].path).toBe('city');
    expect(details[0].message).toMatch(/se esperaba/);

    const empty = await invoke(h, apiEvent('createUniversityRequest'));
    expect(empty.status).toBe(400);
  });
});
