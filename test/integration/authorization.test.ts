import { randomUUID } from 'node:crypto';
import { AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import type { LocalServer } from '../../scripts/local/server';
import { caracasDate } from '#shared/caracas-time';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { API_MESSAGES } from '#shared/messages';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import { buildPath, type RouteName, routeList } from '#shared/routes';
import { type AccountParts, startAccountParts, startApiServer } from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { decodeJwtPayload, signWithCognitoLocalKey } from '../support/local-cognito';

/**
 * Authorization of EVERY route of the route table, through the local server and the real handlers,
 * which verify tokens and confirm callers at the user pool (cognito-local) as they do in AWS
 * (decision 043). The cases are generated from `routeList`, so a new route is covered the moment it
 * is added: no token, a bad token, a level too low, and an admin role removed mid-session.
 */
const userA = {
  email: 'usuario.a@correo.com',
  password: 'Clave12345',
  name: 'A',
  nationalId: 'V33333333',
  universityId: 'ucab',
  groups: [],
};
const userB = { ...userA, email: 'usuario.b@correo.com', nationalId: 'V44444444', name: 'B' };
const admin = { ...userA, email: 'admin.auth@correo.com', nationalId: 'V55555555', groups: ['admin'] };
const superAdmin = {
  ...userA,
  email: 'super.auth@correo.com',
  nationalId: 'V66666666',
  groups: ['admin', 'super_admin'],
};
/** Admins whose roles are taken away mid-session (the last block), so the others keep theirs. */
const demotedAdmin = { ...admin, email: 'degradado.auth@correo.com', nationalId: 'V67676767' };
const demotedSuper = { ...superAdmin, email: 'degradado.super@correo.com', nationalId: 'V68686868' };

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
let productId = 1;
/** A product of user A: the routes that act on someone else's product refuse A on it. */
let productOfA = 1;
/** The admin routes act on this product (one of them deletes it), never on the one above. */
let adminTarget = 1;
const tokens: Record<'a' | 'b' | 'admin' | 'superAdmin', string> = {
  a: '',
  b: '',
  admin: '',
  superAdmin: '',
};

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts([userA, userB, admin, superAdmin, demotedAdmin, demotedSuper]);
  server = await startApiServer(parts, 'auth');
  productId = (await makeProduct(table, { university_id: uniqueUniversity('auth') })).id;
  adminTarget = (await makeProduct(table, { university_id: uniqueUniversity('adm') })).id;
  tokens.a = (await parts.cognito.signIn(userA.email, userA.password)).idToken;
  tokens.b = (await parts.cognito.signIn(userB.email, userB.password)).idToken;
  tokens.admin = (await parts.cognito.signIn(admin.email, admin.password)).idToken;
  tokens.superAdmin = (await parts.cognito.signIn(superAdmin.email, superAdmin.password)).idToken;
  productOfA = (
    await makeProduct(table, {
      university_id: uniqueUniversity('own'),
      owner_id: String(decodeJwtPayload(tokens.a).sub),
    })
  ).id;
});
afterAll(async () => {
  await server?.close();
  await parts?.stop();
  resetContext();
});

const guarded = routeList.filter((r) => r.auth !== 'public');

/**
 * A valid body for each admin route that takes one, so an admin's call is judged by the handler's
 * own checks (and served), not stopped by validation.
 */
const adminBodies: Partial<Record<RouteName, unknown>> = {
  adminSetProductStatus: { status: 'inactive' },
  adminDecideReport: { status: 'rejected', admin_notes: 'Revisado' },
  adminSetUserVerification: { university_email_verified: true },
  adminSetUserAdminRole: { admin: true },
  adminCreateUniversity: {
    id: 'matriz',
    name: 'Matriz',
    full_name: 'Universidad de la Matriz',
    email_domain: 'matriz.edu.ve',
  },
  adminUpdateUniversity: {
    name: 'Matriz',
    full_name: 'Universidad de la Matriz',
    email_domain: 'matriz.edu.ve',
  },
  adminDecideUniversityRequest: { status: 'rejected' },
  // Confirmed: whatever rate another file stored, the admin's call is judged by its permission.
  adminSetExchangeRate: { date: caracasDate(new Date()), rate: 36.5, confirm: true },
  adminCreateMeetingPoint: { name: 'Entrada de la biblioteca' },
  adminUpdateMeetingPoint: { name: 'Entrada de la biblioteca' },
  adminDecideReview: { action: 'keep' },
};
const asAdmin = (route: (typeof routeList)[number], token: string) =>
  call(route, token, adminTarget, JSON.stringify(adminBodies[route.name] ?? {}));

function call(route: (typeof routeList)[number], token?: string, id = productId, body = '{}') {
  const path = buildPath(route.path, Object.fromEntries(compileNames(route.path).map((n) => [n, id])));
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fetch(`${server.url}${path}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      // An idempotent create takes a key per submission (decision 041), as the web client sends it.
      ...(route.idempotent ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
    },
    ...(hasBody ? { body } : {}),
  });
}
const compileNames = (path: string) => [...path.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]);

function expired(token: string) {
  const now = Math.floor(Date.now() / 1000);
  return signWithCognitoLocalKey({ ...decodeJwtPayload(token), iat: now - 7200, exp: now - 3600 });
}
function tampered(token: string) {
  const [head, , signature] = token.split('.');
  const payload = { ...decodeJwtPayload(token), sub: 'someone-else' };
  return `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('every guarded route of the route table', () => {
  it('has guarded routes to check (the table is not empty)', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  for (const route of guarded) {
    const label = `${route.name}: ${route.method} ${route.path} (${route.auth})`;
    it(`${label} refuses a missing, expired or tampered token with the API's Spanish 401`, async () => {
      for (const token of [undefined, expired(tokens.a), tampered(tokens.a), 'not.a.jwt']) {
        const res = await call(route, token);
        const what = `${label} with ${token ? token.slice(0, 12) : 'no token'}`;
        expect(res.status, what).toBe(401);
        expect(await res.json(), what).toEqual({
          error: {
            code: 'unauthorized',
            message: token ? API_MESSAGES.sessionInvalid : API_MESSAGES.unauthorized,
          },
        });
      }
    });

    it(`${label} serves a valid token, 403 below the route's level`, async () => {
      const res = await call(route, tokens.a);
      if (route.auth === 'admin') {
        expect(res.status).toBe(403);
        for (const token of [tokens.admin, tokens.superAdmin]) {
          const served = await asAdmin(route, token);
          expect([401, 403]).not.toContain(served.status);
          expect(served.status).toBeLessThan(500);
        }
      } else if (route.auth === 'super_admin') {
        expect(res.status).toBe(403);
        // An admin is not a super admin: one stolen admin session cannot mint more admins.
        expect((await asAdmin(route, tokens.admin)).status).toBe(403);
        const asSuper = await asAdmin(route, tokens.superAdmin);
        expect([401, 403]).not.toContain(asSuper.status);
        expect(asSuper.status).toBeLessThan(500);
      } else {
        expect([401, 403]).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      }
    });
  }
});

describe('admin routes', () => {
  it('have a valid body in the matrix for every one that takes a body', () => {
    const withBody = routeList.filter(
      (r) => r.area === 'admin' && r.method !== 'GET' && r.method !== 'DELETE' && r.body !== undefined,
    );
    expect(withBody.length).toBeGreaterThan(0);
    for (const r of withBody) expect(adminBodies[r.name], r.name).toBeDefined();
  });
});

describe("routes that act on someone else's product refuse its owner", () => {
  const refusing = routeList.filter((r) => r.ownerRefused);
  /** A valid body for each such route that takes one, so the answer is the owner check's, not validation's. */
  const validBodies: Partial<Record<RouteName, unknown>> = {
    reportProduct: { report_category: 'spam' },
    askQuestion: { question_text: '¿Todavía está disponible? ¿Dónde lo entregas?' },
  };

  it('exist in the table (contact, reports and asking)', () => {
    expect(refusing.map((r) => r.name).sort()).toEqual(
      expect.arrayContaining(['askQuestion', 'getOwnReport', 'getSellerContact', 'reportProduct']),
    );
  });

  for (const route of refusing) {
    const label = `${route.name}: ${route.method} ${route.path}`;
    it(`${label} answers the product's owner 403, another user past the check, nobody anonymous`, async () => {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      if (hasBody) expect(validBodies[route.name], `a valid body for ${route.name}`).toBeDefined();
      const body = JSON.stringify(validBodies[route.name] ?? {});
      expect((await call(route, undefined, productOfA, body)).status).toBe(401);
      expect((await call(route, tokens.a, productOfA, body)).status).toBe(403);
      const other = await call(route, tokens.b, productOfA, body);
      expect(other.status).toBeLessThan(300);
    });
  }
});

describe('public routes that read an optional caller', () => {
  const optional = routeList.filter((r) => r.auth === 'public' && r.identity === 'optional');

  it('exist in the table (the university request form)', () => {
    expect(optional.map((r) => r.name)).toContain('createUniversityRequest');
  });

  for (const route of optional) {
    const label = `${route.name}: ${route.method} ${route.path}`;
    it(`${label} verifies a sent token: a bad one is 401, none is anonymous`, async () => {
      for (const token of [expired(tokens.a), tampered(tokens.a), 'not.a.jwt']) {
        const res = await call(route, token);
        expect(res.status, `${label} with ${token.slice(0, 12)}`).toBe(401);
      }
      for (const token of [undefined, tokens.a]) {
        const res = await call(route, token);
        expect([401, 403], `${label} with ${token ? 'a valid token' : 'no token'}`).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      }
    });
  }

  it('records the signed-in requester of a university request, and none for an anonymous one', async () => {
    const body = {
      university_name: 'UNEG',
      university_full_name: 'Universidad Nacional Experimental de Guayana',
      email_domain: 'uneg.edu.ve',
      city: 'Puerto Ordaz',
    };
    const post = (token?: string) =>
      fetch(`${server.url}/api/university-requests`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const signedIn = await post(tokens.a);
    expect(signedIn.status).toBe(201);
    expect(((await signedIn.json()) as { requester_id: string }).requester_id).toBe(
      decodeJwtPayload(tokens.a).sub,
    );
    const anonymous = await post();
    expect(((await anonymous.json()) as { requester_id: string | null }).requester_id).toBeNull();
  });
});

describe("a user's routes only ever show that user's data", () => {
  it('user B never sees user A’s profile or favorites, through every guarded GET', async () => {
    const api = (path: string, token: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    expect(
      (await api('/api/me/profile', tokens.a, { method: 'PATCH', body: '{"full_name":"Nombre Secreto A"}' }))
        .status,
    ).toBe(200);
    expect((await api(`/api/me/favorites/${productId}`, tokens.a, { method: 'PUT' })).status).toBe(200);
    const subA = String(decodeJwtPayload(tokens.a).sub);
    const subB = String(decodeJwtPayload(tokens.b).sub);
    for (const route of guarded.filter((r) => r.method === 'GET' && compileNames(r.path).length === 0)) {
      const mine = await (await call(route, tokens.a)).text();
      const theirs = await (await call(route, tokens.b)).text();
      expect(theirs, route.name).not.toContain(subA);
      expect(theirs, route.name).not.toContain(userA.email);
      expect(theirs, route.name).not.toContain('Nombre Secreto A');
      expect(mine, route.name).not.toContain(subB);
    }
    const favB = (await (await api('/api/me/favorites', tokens.b)).json()) as { items: unknown[] };
    expect(favB.items).toEqual([]);
    const favA = (await (await api('/api/me/favorites', tokens.a)).json()) as { items: { id: number }[] };
    expect(favA.items.map((p) => p.id)).toEqual([productId]);
    // B removing "the same" favorite only touches B's own (absent) one.
    expect((await api(`/api/me/favorites/${productId}`, tokens.b, { method: 'DELETE' })).status).toBe(200);
    const stillA = (await (await api('/api/me/favorites', tokens.a)).json()) as { items: { id: number }[] };
    expect(stillA.items.map((p) => p.id)).toEqual([productId]);
  });
});

describe("a user's saved searches (alerts, decision 031) are theirs alone", () => {
  it('another user cannot read, switch, mark or delete them; anonymous callers get 401', async () => {
    const api = (path: string, token: string | undefined, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'content-type': 'application/json',
          ...(init.method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
        },
      });
    await createUniversityRepository(table).putIfAbsent({
      id: 'ucab',
      name: 'UCAB',
      full_name: 'Universidad Católica Andrés Bello',
      email_domain: 'est.ucab.edu.ve',
      created_at: new Date().toISOString(),
    });
    const created = await api('/api/me/alerts', tokens.a, {
      method: 'POST',
      body: JSON.stringify({ university: 'ucab', q: 'calculadora autorizacion' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const onA = `/api/me/alerts/${id}`;
    for (const token of [tokens.b, undefined]) {
      const expected = token ? 404 : 401;
      expect((await api(onA, token, { method: 'PATCH', body: '{"enabled":false}' })).status).toBe(expected);
      expect((await api(`${onA}/seen`, token, { method: 'POST' })).status).toBe(expected);
      expect((await api(onA, token, { method: 'DELETE' })).status).toBe(expected);
    }
    const ofB = (await (await api('/api/me/alerts', tokens.b)).json()) as { items: { id: string }[] };
    expect(ofB.items.map((s) => s.id)).not.toContain(id);
    const ofA = (await (await api('/api/me/alerts', tokens.a)).json()) as {
      items: { id: string; enabled: boolean }[];
    };
    expect(ofA.items.find((s) => s.id === id)).toMatchObject({ enabled: true });
    expect((await api(onA, tokens.a, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('an admin role removed mid-session (the token still says admin)', () => {
  const adminLevel = guarded.filter((r) => r.auth === 'admin');
  const superLevel = guarded.filter((r) => r.auth === 'super_admin');
  const held: Record<'admin' | 'super', string> = { admin: '', super: '' };
  /** Takes a group away in the user pool itself, as another super admin (or the console) would. */
  const removeFromGroup = async (token: string, group: string) => {
    const client = localCognitoClient(parts.cognito.endpoint);
    try {
      await client.send(
        new AdminRemoveUserFromGroupCommand({
          UserPoolId: parts.cognito.userPoolId,
          Username: String(decodeJwtPayload(token)['cognito:username']),
          GroupName: group,
        }),
      );
    } finally {
      client.destroy();
    }
  };

  beforeAll(async () => {
    held.admin = (await parts.cognito.signIn(demotedAdmin.email, demotedAdmin.password)).idToken;
    held.super = (await parts.cognito.signIn(demotedSuper.email, demotedSuper.password)).idToken;
    // The tokens open their routes while the roles are held (the control for the cases below).
    const dashboard = adminLevel.find((r) => r.name === 'adminDashboard')!;
    expect((await asAdmin(dashboard, held.admin)).status).toBe(200);
    const roles = superLevel.find((r) => r.name === 'adminSetUserAdminRole')!;
    expect([401, 403]).not.toContain((await asAdmin(roles, held.super)).status);
  });

  it('has admin and super_admin routes to check', () => {
    expect(adminLevel.length).toBeGreaterThan(0);
    expect(superLevel.length).toBeGreaterThan(0);
  });

  it('refuses every super_admin route to a super admin demoted to admin, at the next request, while admin routes still serve them', async () => {
    await removeFromGroup(held.super, 'super_admin');
    expect(decodeJwtPayload(held.super)['cognito:groups']).toEqual(['admin', 'super_admin']);
    for (const route of superLevel) {
      const res = await asAdmin(route, held.super);
      expect(res.status, route.name).toBe(403);
    }
    const dashboard = adminLevel.find((r) => r.name === 'adminDashboard')!;
    expect((await asAdmin(dashboard, held.super)).status).toBe(200);
  });

  describe('an admin removed from the admin group', () => {
    beforeAll(() => removeFromGroup(held.admin, 'admin'));

    for (const route of [...adminLevel, ...superLevel]) {
      it(`${route.name}: ${route.method} ${route.path} (${route.auth}) refuses the token issued while admin with 403`, async () => {
        const res = await asAdmin(route, held.admin);
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      });
    }
  });
});
