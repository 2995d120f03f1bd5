import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetContext } from '../../functions/app/context';
import type { LocalServer } from '../../scripts/local/server';
import { LIMITS } from '#shared/limits';
import { API_MESSAGES } from '#shared/messages';
import { type AccountParts, startAccountParts, startApiServer } from '../support/accounts';
import { useTestTable } from '../support/backend';
import { decodeJwtPayload, signWithCognitoLocalKey } from '../support/local-cognito';

/**
 * Item 7 of the second security review (issue 25; decision 043): every 4xx a person can meet is a
 * short Spanish sentence in the API's error shape, never API Gateway's `{"message":"Unauthorized"}`,
 * `Not Found` or `Request Entity Too Large`, nor zod's generic wording. Through the local server and
 * the real functions, which verify tokens themselves against cognito-local as they do in AWS.
 */
const student = {
  email: 'rechazos@est.ucab.edu.ve',
  password: 'Clave12345',
  name: 'Ana',
  nationalId: 'V72000001',
  universityId: 'ucab',
  groups: [],
};

let parts: AccountParts;
let server: LocalServer;

beforeAll(async () => {
  useTestTable();
  parts = await startAccountParts([student]);
  server = await startApiServer(parts, 'refusals');
});
afterAll(async () => {
  await server?.close();
  await parts?.stop();
  resetContext();
});

const url = (path: string) => `${server.url}${path}`;
const error = (code: string, message: string) => ({ error: { code, message } });

describe('a signed-in route refuses in Spanish', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const base = () => ({
    sub: 'a4b1c2d3',
    'cognito:username': 'a4b1c2d3',
    token_use: 'id',
    aud: parts.cognito.clientId,
    iss: parts.cognito.issuer,
    iat: now() - 10,
    exp: now() + 600,
    email: student.email,
  });
  const profile = (headers: Record<string, string>) => fetch(url('/api/me/profile'), { headers });

  it('a request without a token: 401 "Debes iniciar sesión para continuar."', async () => {
    for (const headers of [{}, { authorization: '' }] as Record<string, string>[]) {
      const res = await profile(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(error('unauthorized', API_MESSAGES.unauthorized));
    }
  });

  it('accepts an ID token and an access token of the pool, with or without the Bearer prefix (the controls)', async () => {
    const { idToken, accessToken } = await parts.cognito.signIn(student.email, student.password);
    for (const authorization of [`Bearer ${idToken}`, idToken, `Bearer ${accessToken}`]) {
      expect((await profile({ authorization })).status, authorization.slice(0, 12)).toBe(200);
    }
  });

  const forged: [string, () => string][] = [
    ['an empty bearer', () => 'Bearer '],
    ['garbage', () => 'Bearer not.a.jwt'],
    [
      'an expired token',
      () => `Bearer ${signWithCognitoLocalKey({ ...base(), iat: now() - 7200, exp: now() - 3600 })}`,
    ],
    [
      'a token not valid yet (nbf)',
      () => `Bearer ${signWithCognitoLocalKey({ ...base(), nbf: now() + 3600 })}`,
    ],
    [
      'a token for another app client',
      () => `Bearer ${signWithCognitoLocalKey({ ...base(), aud: 'another-client' })}`,
    ],
    [
      'an access token for another client',
      () =>
        `Bearer ${signWithCognitoLocalKey({ ...base(), token_use: 'access', aud: undefined, client_id: 'another-client' })}`,
    ],
    [
      'a token of another issuer',
      () => `Bearer ${signWithCognitoLocalKey({ ...base(), iss: 'http://127.0.0.1:1/local_other' })}`,
    ],
    ['a refresh token_use', () => `Bearer ${signWithCognitoLocalKey({ ...base(), token_use: 'refresh' })}`],
    ['a token signed by an unknown key', () => `Bearer ${signWithCognitoLocalKey(base(), 'SomeOtherKey')}`],
  ];
  for (const [name, header] of forged) {
    it(`${name}: 401 "${API_MESSAGES.sessionInvalid}"`, async () => {
      const res = await profile({ authorization: header() });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(error('unauthorized', API_MESSAGES.sessionInvalid));
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  }

  it('a real token with a tampered payload or signature: 401 in Spanish', async () => {
    const { idToken } = await parts.cognito.signIn(student.email, student.password);
    const [head, , signature] = idToken.split('.');
    const payload = { ...decodeJwtPayload(idToken), 'cognito:groups': ['admin'] };
    const promoted = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const last = idToken.at(-2) === 'A' ? 'B' : 'A';
    for (const token of [promoted, `${idToken.slice(0, -2)}${last}${idToken.slice(-1)}`]) {
      const res = await fetch(url('/api/admin/dashboard'), { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(error('unauthorized', API_MESSAGES.sessionInvalid));
    }
  });
});

describe('the API refuses in Spanish', () => {
  it('an unknown path, and a known path with a method it does not serve: 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nada'],
      ['GET', '/api/me/favorites/1/extra'],
      ['DELETE', '/api/products'],
      ['PATCH', '/api/universities'],
      ['POST', '/api/admin/dashboard'],
    ]) {
      const res = await fetch(url(path), { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json(), `${method} ${path}`).toEqual(error('not_found', API_MESSAGES.notFound));
    }
  });

  it(`a body over ${LIMITS.apiBodyMaxBytes} bytes: 413`, async () => {
    const res = await fetch(url('/api/university-requests'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ university_name: 'x'.repeat(LIMITS.apiBodyMaxBytes) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(error('payload_too_large', API_MESSAGES.bodyTooLarge));
  });

  it('a body with an unknown key, a wrong type, a missing field or broken JSON: 400 naming the field', async () => {
    const { idToken } = await parts.cognito.signIn(student.email, student.password);
    const patch = (body: string) =>
      fetch(url('/api/me/profile'), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body,
      });
    const cases: [string, string][] = [
      [JSON.stringify({ full_name: 'Ana Pérez', admin: true }), 'Campo no permitido: «admin».'],
      [JSON.stringify({ full_name: 42 }), 'El campo «full_name» debe ser un texto.'],
      [JSON.stringify({}), 'Falta el campo «full_name».'],
      ['{"full_name": ', API_MESSAGES.invalidJson],
    ];
    for (const [body, message] of cases) {
      const res = await patch(body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error, body).toMatchObject({
        code: 'bad_request',
        message,
      });
    }
  });
});
