import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
const createRequest = handlerOf('createUniversityRequest');
const getUniversity = handlerOf('getUniversity');
const listUniversities = handlerOf('listUniversities');
import { keys } from '#shared/table';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';

let table: TableAccess;
const validRequest = {
  university_name: 'UNEG',
  university_full_name: 'Universidad Nacional Experimental de Guayana',
  email_domain: 'uneg.edu.ve',
  city: 'Puerto Ordaz',
  additional_info: 'Somos muchos estudiantes',
};

beforeAll(async () => {
  table = useTestTable();
  setContextForTests({ search: new MemorySearchIndex() });
  const repo = createUniversityRepository(table);
  await repo.putIfAbsent({
    id: 'ucab',
    name: 'UCAB',
    full_name: 'Universidad Católica Andrés Bello',
    email_domain: 'est.ucab.edu.ve',
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
  await repo.putIfAbsent({
    id: 'unimet',
    name: 'La Metropolitana',
    full_name: 'Universidad Metropolitana',
    email_domain: 'est.unimet.edu.ve',
    city: 'Caracas',
    created_at: '2025-01-01T00:00:00.000Z',
  });
});
afterAll(() => resetContext());

describe('universities', () => {
  it('lists them ordered by name and reads one; unknown or malformed ids are 404', async () => {
    const res = await invoke(listUniversities, apiEvent('listUniversities'));
    expect(res.status).toBe(200);
    const names = (res.body as { items: { name: string }[] }).items.map((u) => u.name);
    expect(names.indexOf('La Metropolitana')).toBeLessThan(names.indexOf('UCAB'));
    const one = await invoke(getUniversity, apiEvent('getUniversity', { params: { id: 'ucab' } }));
    expect(one.body).toMatchObject({ id: 'ucab', full_name: 'Universidad Católica Andrés Bello' });
    const missing = await invoke(getUniversity, apiEvent('getUniversity', { params: { id: 'nope' } }));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: 'Universidad no encontrada' } });
    const bad = await invoke(getUniversity, apiEvent('getUniversity', { params: { id: '../../etc' } }));
    expect(bad.status).toBe(404);
  });
});

describe('POST /api/university-requests', () => {
  it('stores a pending request (requester from the token when there is one)', async () => {
    // The token is verified for real (support/callers.ts); against cognito-local itself in
    // authorization.test.ts.
    setHandlerContext({ search: new MemorySearchIndex() });
    const res = await invoke(
      createRequest,
      apiEvent('createUniversityRequest', { body: validRequest, claims: { sub: 'user-9' } }),
    );
    expect(res.status).toBe(201);
    const body = res.body as { id: string; status: string; requester_id: string | null };
    expect(body).toMatchObject({ ...validRequest, status: 'pending', requester_id: 'user-9' });
    const stored = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.universityRequest(body.id) }),
    );
    expect(stored.Item).toMatchObject({ university_name: 'UNEG', status: 'pending' });
    const anonymous = await invoke(
      createRequest,
      apiEvent('createUniversityRequest', { body: validRequest }),
    );
    expect(anonymous.body).toMatchObject({ requester_id: null });
    // A token that is sent must be valid: a bad one is refused, not taken as anonymous.
    const forged = await invoke(
      createRequest,
      apiEvent('createUniversityRequest', {
        body: validRequest,
        headers: { authorization: 'Bearer forged' },
      }),
    );
    expect(forged.status).toBe(401);
    setContextForTests({ search: new MemorySearchIndex() });
  });

  it('limits requests per client address (10 an hour) and per signed-in account (3 a day), in Spanish', async () => {
    const asker = `asker-${Date.now()}`;
    setHandlerContext({ search: new MemorySearchIndex() });
    const post = (sourceIp: string, signedIn?: boolean) =>
      invoke(
        createRequest,
        apiEvent('createUniversityRequest', {
          body: validRequest,
          sourceIp,
          ...(signedIn ? { claims: { sub: asker } } : {}),
        }),
      );
    // One address, anonymous: 10 pass, then the limit.
    const crowd = '198.51.100.23';
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await post(crowd)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await post(crowd);
    expect(refused.body).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Has enviado demasiadas solicitudes de universidad. Inténtalo de nuevo más tarde.',
      },
    });
    // One account, from a new address each time: 3 pass.
    const byAccount = [];
    for (let i = 0; i < 4; i++) byAccount.push((await post(`203.0.113.${40 + i}`, true)).status);
    expect(byAccount).toEqual([201, 201, 201, 429]);
    setContextForTests({ search: new MemorySearchIndex() });
  });

  it.each<[string, unknown]>([
    ['malformed JSON', '{"university_name": "UNEG",'],
    ['missing fields', { university_name: 'UNEG' }],
    ['bad domain', { ...validRequest, email_domain: 'no es dominio' }],
    ['oversized name', { ...validRequest, university_name: 'x'.repeat(5000) }],
    ['wrong type', { ...validRequest, city: ['Caracas'] }],
    ['unknown field', { ...validRequest, status: 'approved' }],
    ['JSON that is not an object', '[1,2,3]'],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const res = await invoke(createRequest, apiEvent('createUniversityRequest', { body }));
    expect(res.status).toBe(400);
    expect((res.body as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
  });
});
