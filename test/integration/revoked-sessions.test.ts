import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import type { LocalServer } from '../../scripts/local/server';
import { API_MESSAGES } from '#shared/messages';
import { keys } from '#shared/table';
import { type AccountParts, startAccountParts, startApiServer } from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { decodeJwtPayload } from '../support/local-cognito';

/**
 * Item 6 of the second security review (issue 25; decision 043): an ID token lives 15 minutes and
 * still says what the account was when it was issued. Through the local server and the real user
 * pool (cognito-local), a token whose admin role was taken away, or whose account was deleted or
 * disabled, must stop working at the next request, not when it expires.
 */
const base = { password: 'Clave12345', name: 'Sesión', universityId: 'ucab' };
const boss = {
  ...base,
  email: 'sesion.super@correo.com',
  nationalId: 'V71000001',
  groups: ['admin', 'super_admin'],
};
const admin = { ...base, email: 'sesion.admin@correo.com', nationalId: 'V71000002', groups: ['admin'] };
const leaving = { ...base, email: 'sesion.baja@correo.com', nationalId: 'V71000003', groups: [] };
const paused = { ...base, email: 'sesion.pausa@correo.com', nationalId: 'V71000004', groups: [] };

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
let pool: CognitoIdentityProviderClient;
let productId = 0;

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
const signIn = async (user: { email: string; password: string }) =>
  (await parts.cognito.signIn(user.email, user.password)).idToken;
const poolUsername = (token: string) => String(decodeJwtPayload(token)['cognito:username']);
const sessionInvalid = { error: { code: 'unauthorized', message: API_MESSAGES.sessionInvalid } };

/** The favorites the table holds for a person (what a refused write must not have changed). */
async function storedFavorites(token: string): Promise<number[]> {
  const out = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk and begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.favoritesPartition(String(decodeJwtPayload(token).sub)),
        ':prefix': keys.favoritePrefix,
      },
    }),
  );
  return (out.Items ?? []).map((item) => Number(item.product_id)).sort();
}

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts([boss, admin, leaving, paused]);
  server = await startApiServer(parts, 'sessions');
  pool = localCognitoClient(parts.cognito.endpoint);
  productId = (await makeProduct(table, { university_id: uniqueUniversity('ses') })).id;
});
afterAll(async () => {
  pool?.destroy();
  await server?.close();
  await parts?.stop();
  resetContext();
});

describe('a demoted admin', () => {
  it('loses admin access on the next request, with the token issued while admin', async () => {
    const token = await signIn(admin);
    const sub = String(decodeJwtPayload(token).sub);
    await createProfileRepository(table).createIfAbsent({
      user_id: sub,
      email: admin.email,
      full_name: admin.name,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
    const adminCalls: [string, RequestInit][] = [
      ['/api/admin/dashboard', {}],
      ['/api/admin/users', {}],
      ['/api/admin/audit', {}],
      ['/api/admin/universities', {}],
      [
        `/api/admin/products/${productId}/status`,
        { method: 'PUT', body: JSON.stringify({ status: 'inactive' }) },
      ],
    ];
    for (const [path, init] of adminCalls)
      expect((await api(path, token, init)).status, path).toBeLessThan(300);

    const demoted = await api(`/api/admin/users/${sub}/admin`, await signIn(boss), {
      method: 'PUT',
      body: JSON.stringify({ admin: false }),
    });
    expect(demoted.status).toBe(200);

    // The token still says admin; the pool no longer does.
    expect(decodeJwtPayload(token)['cognito:groups']).toEqual(['admin']);
    for (const [path, init] of adminCalls) {
      const res = await api(path, token, init);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('forbidden');
    }
  });
});

describe('a deleted account', () => {
  it('cannot write with a token it still holds; public reads still answer', async () => {
    const token = await signIn(leaving);
    expect((await api(`/api/me/favorites/${productId}`, token, { method: 'PUT' })).status).toBe(200);
    expect(await storedFavorites(token)).toEqual([productId]);
    const other = (await makeProduct(table, { university_id: uniqueUniversity('ses') })).id;

    await pool.send(
      new AdminDeleteUserCommand({ UserPoolId: parts.cognito.userPoolId, Username: poolUsername(token) }),
    );

    const writes: [string, RequestInit][] = [
      [`/api/me/favorites/${other}`, { method: 'PUT' }],
      [`/api/me/favorites/${productId}`, { method: 'DELETE' }],
      ['/api/me/profile', { method: 'PATCH', body: JSON.stringify({ full_name: 'Nombre nuevo' }) }],
      ['/api/me/alerts', { method: 'POST', body: JSON.stringify({ university: 'ucab', q: 'calculadora' }) }],
      [
        // A public route that records its optional caller refuses a token it can no longer vouch for.
        '/api/university-requests',
        {
          method: 'POST',
          body: JSON.stringify({
            university_name: 'UNEG',
            university_full_name: 'Universidad Nacional Experimental de Guayana',
            email_domain: 'uneg.edu.ve',
            city: 'Puerto Ordaz',
          }),
        },
      ],
    ];
    for (const [path, init] of writes) {
      const res = await api(path, token, init);
      expect(res.status, `${init.method} ${path}`).toBe(401);
      expect(await res.json(), `${init.method} ${path}`).toEqual(sessionInvalid);
    }
    // Nothing was written.
    expect(await storedFavorites(token)).toEqual([productId]);
    expect((await api(`/api/products/${other}`, token)).status).toBe(200);
    expect((await api(`/api/products/${other}/questions`, token)).status).toBe(200);
  });
});

describe('a disabled account', () => {
  it('cannot write with a token it still holds until an administrator enables it again', async () => {
    const token = await signIn(paused);
    const input = { UserPoolId: parts.cognito.userPoolId, Username: poolUsername(token) };
    await pool.send(new AdminDisableUserCommand(input));
    const put = () => api(`/api/me/favorites/${productId}`, token, { method: 'PUT' });
    const refused = await put();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(sessionInvalid);
    expect(await storedFavorites(token)).toEqual([]);

    await pool.send(new AdminEnableUserCommand(input));
    expect((await put()).status).toBe(200);
    expect(await storedFavorites(token)).toEqual([productId]);
  });
});
