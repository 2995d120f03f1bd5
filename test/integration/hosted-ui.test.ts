import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { GetTokensFromRefreshTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../functions/adapters/cognito/token-verifier';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import {
  CODE_TTL_MS,
  DEMO_GOOGLE_USER,
  type HostedUi,
  startHostedUi,
} from '../../scripts/local/parts/hosted-ui';
import { decodeJwtPayload, startTestCognito, type TestCognito } from '../support/local-cognito';

/**
 * The local hosted UI (decision 061) over HTTPS, verified against its own certificate, in front of
 * the real cognito-local: the authorization request's checks, the stand-in page's three answers,
 * the code exchange (single use, five minutes, PKCE S256, same client and redirect URI) and its
 * Cognito-shaped errors, CORS and /logout. Every bad input is a 4xx, never a 500.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const APP = 'http://localhost:4173';
const CALLBACK = `${APP}/auth/callback`;
let cognito: TestCognito;
let ui: HostedUi;
let clock = Date.now();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the hosted UI, trusting its certificate only; redirects are not followed. */
function call(
  path: string,
  init: { method?: string; form?: Record<string, string> | string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body =
    typeof init.form === 'string' ? init.form : init.form && new URLSearchParams(init.form).toString();
  return new Promise((done, fail) => {
    const req = request(
      `${ui.origin}${path}`,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        ca: ui.certificate,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const pkce = () => {
  const verifier = randomBytes(64).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The authorization request Amplify sends (a fresh state and PKCE pair), with overrides. */
function authorizeQuery(overrides: Record<string, string | null> = {}, challenge = pkce().challenge): string {
  const params: Record<string, string | null> = {
    redirect_uri: CALLBACK,
    response_type: 'code',
    client_id: cognito.clientId,
    identity_provider: 'Google',
    scope: 'openid email profile',
    state: randomBytes(16).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, v);
  return `/oauth2/authorize?${q}`;
}

const requestIdOf = (html: string) => /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Authorizes and answers the stand-in page: the redirect back to the app, parsed. */
async function authorizeAndAnswer(
  answer: 'continue' | 'cancel' | 'error',
  overrides: Record<string, string | null> = {},
  challenge?: string,
): Promise<URL> {
  const page = await call(authorizeQuery(overrides, challenge));
  expect(page.status).toBe(200);
  const back = await call('/oauth2/authorize', { form: { request: requestIdOf(page.body), answer } });
  expect(back.status).toBe(302);
  return new URL(String(back.headers.location));
}

/** A fresh code for a PKCE pair. */
async function codeFor(challenge: string, overrides: Record<string, string | null> = {}): Promise<string> {
  const back = await authorizeAndAnswer('continue', overrides, challenge);
  return back.searchParams.get('code') ?? '';
}

const exchange = (form: Record<string, string>) => call('/oauth2/token', { form });
const errorOf = (a: Answer) => (JSON.parse(a.body) as { error?: string }).error;

beforeAll(async () => {
  cognito = await startTestCognito([]);
  ui = await startHostedUi({
    port: 0,
    cognitoEndpoint: cognito.proxy.endpoint,
    userPoolId: cognito.userPoolId,
    clientId: cognito.clientId,
    now: () => clock,
  });
  ui.allowOrigins([APP]);
});

afterAll(async () => {
  await ui?.stop();
  await cognito?.stop();
});

describe('the authorization request', () => {
  it('shows the stand-in page for an authorization request as Amplify sends it', async () => {
    expect(ui.domain).toBe(`127.0.0.1:${ui.port}`);
    const page = await call(authorizeQuery());
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`Continuar como ${DEMO_GOOGLE_USER.name} (${DEMO_GOOGLE_USER.email})`);
    expect(page.body).toContain('Cancelar');
    expect(requestIdOf(page.body)).not.toBe('');
  });

  it('refuses an unknown client or a redirect URI that is not a callback with a 400 page, never a redirect', async () => {
    const refused: Record<string, string | null>[] = [
      { client_id: 'someone-else' },
      { client_id: null },
      { redirect_uri: 'https://evil.example/auth/callback' },
      { redirect_uri: `${APP}/auth/callback?x=1` },
      { redirect_uri: `${APP}/` },
      { redirect_uri: null },
    ];
    for (const overrides of refused) {
      const answer = await call(authorizeQuery(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('sends other errors back to the callback with the state, as Cognito does', async () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: null }, 'unsupported_response_type'],
      [{ identity_provider: 'Facebook' }, 'invalid_request'],
      [{ scope: 'openid aws.cognito.signin.user.admin phone' }, 'invalid_scope'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ code_challenge: null }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const answer = await call(authorizeQuery({ state: 'the-state', ...overrides }));
      expect(answer.status, JSON.stringify(overrides)).toBe(302);
      const back = new URL(String(answer.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
      expect(back.searchParams.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(back.searchParams.get('state')).toBe('the-state');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });
});

describe("the stand-in page's answers", () => {
  it('continue: back to the callback with a code and the state, unchanged', async () => {
    const state = `${randomBytes(16).toString('hex')}-eyJjdXN0b20iOnRydWV9`;
    const back = await authorizeAndAnswer('continue', { state });
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('cancel: back with error=access_denied and the state', async () => {
    const back = await authorizeAndAnswer('cancel', { state: 'kept' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('kept');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('a provider error: back with error=server_error, its description and the state', async () => {
    const back = await authorizeAndAnswer('error', { state: 'kept' });
    expect(back.searchParams.get('error')).toBe('server_error');
    expect(back.searchParams.get('error_description')).toMatch(/Google/);
    expect(back.searchParams.get('state')).toBe('kept');
  });

  it('an answer is taken once, for a request it knows, in a form: otherwise a 400 page', async () => {
    const page = await call(authorizeQuery());
    const request = requestIdOf(page.body);
    expect((await call('/oauth2/authorize', { form: { request, answer: 'maybe' } })).status).toBe(400);
    // The unknown answer used the request up.
    expect((await call('/oauth2/authorize', { form: { request, answer: 'continue' } })).status).toBe(400);
    expect((await call('/oauth2/authorize', { form: { request: 'nope', answer: 'continue' } })).status).toBe(
      400,
    );
    const json = await call('/oauth2/authorize', {
      method: 'POST',
      form: JSON.stringify({ request, answer: 'continue' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    expect((await call('/oauth2/authorize', { form: 'x'.repeat(100_000) })).status).toBe(400);
  });

  it('a page left open too long has expired', async () => {
    const page = await call(authorizeQuery());
    clock += 16 * 60 * 1000;
    const late = await call('/oauth2/authorize', {
      form: { request: requestIdOf(page.body), answer: 'continue' },
    });
    expect(late.status).toBe(400);
  });
});

describe('the code exchange', () => {
  it("answers cognito-local's tokens of the Google account, which the functions accept, and takes a code once", async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(challenge);
    const form = {
      grant_type: 'authorization_code',
      code,
      client_id: cognito.clientId,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    };
    const answer = await exchange(form);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const tokens = JSON.parse(answer.body) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer' });
    expect(tokens.expires_in).toBeGreaterThan(0);
    const functions = createTokenVerifier({ issuer: cognito.issuer, audience: [cognito.clientId] });
    const id = await functions.verify(String(tokens.id_token));
    expect(id).toMatchObject({ email: DEMO_GOOGLE_USER.email, email_verified: true, token_use: 'id' });
    expect(await functions.verify(String(tokens.access_token))).toMatchObject({ token_use: 'access' });
    const access = decodeJwtPayload(String(tokens.access_token));
    expect(access.username).toBeTruthy();
    // A session of the local endpoint like any other (decision 062): one origin_jti, Cognito's
    // claims, and a refresh token that refreshes there, as Amplify does.
    expect(typeof access.origin_jti).toBe('string');
    expect(decodeJwtPayload(String(tokens.id_token))).toMatchObject({
      origin_jti: access.origin_jti,
      name: DEMO_GOOGLE_USER.name,
    });
    const client = localCognitoClient(cognito.proxy.endpoint);
    try {
      const refreshed = await client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: cognito.clientId,
          RefreshToken: String(tokens.refresh_token),
        }),
      );
      const idToken = refreshed.AuthenticationResult?.IdToken;
      expect(idToken && decodeJwtPayload(idToken).origin_jti).toBe(access.origin_jti);
    } finally {
      client.destroy();
    }

    // The same code again: refused.
    const again = await exchange(form);
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body)).toEqual({ error: 'invalid_grant' });
  });

  it('refuses a wrong, missing or malformed code_verifier, and the code is then used up', async () => {
    for (const bad of [pkce().verifier, '', 'short', `${'a'.repeat(129)}`, 'ü'.repeat(50)]) {
      const { verifier, challenge } = pkce();
      const code = await codeFor(challenge);
      const base = {
        grant_type: 'authorization_code',
        code,
        client_id: cognito.clientId,
        redirect_uri: CALLBACK,
      };
      const refused = await exchange(bad === '' ? base : { ...base, code_verifier: bad });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toBe('invalid_grant');
      const late = await exchange({ ...base, code_verifier: verifier });
      expect(errorOf(late)).toBe('invalid_grant');
    }
  });

  it('refuses another redirect_uri or client, and a code past its five minutes', async () => {
    const { verifier, challenge } = pkce();
    const form = (code: string) => ({
      grant_type: 'authorization_code',
      code,
      client_id: cognito.clientId,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    });
    const other = await exchange({ ...form(await codeFor(challenge)), redirect_uri: `${APP}/other` });
    expect([other.status, errorOf(other)]).toEqual([400, 'invalid_grant']);
    const client = await exchange({ ...form(await codeFor(challenge)), client_id: 'someone-else' });
    expect([client.status, errorOf(client)]).toEqual([400, 'invalid_client']);

    const code = await codeFor(challenge);
    clock += CODE_TTL_MS - 1000;
    const early = await codeFor(challenge);
    clock += 1000;
    const expired = await exchange(form(code));
    expect([expired.status, errorOf(expired)]).toEqual([400, 'invalid_grant']);
    const fresh = await exchange(form(early));
    expect(fresh.status).toBe(200);
  });

  it('answers every malformed exchange with a Cognito-shaped 400', async () => {
    const cases: [Record<string, string> | string, string, Record<string, string>?][] = [
      [{ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'c' }, 'unsupported_grant_type'],
      [{ client_id: 'c', code: 'x' }, 'unsupported_grant_type'],
      [{ grant_type: 'authorization_code', client_id: 'c', code: 'x' }, 'invalid_client'],
      [{ grant_type: 'authorization_code', client_id: '' }, 'invalid_client'],
      [{ grant_type: 'authorization_code', client_id: '__CLIENT__' }, 'invalid_request'],
      [{ grant_type: 'authorization_code', client_id: '__CLIENT__', code: 'unknown' }, 'invalid_grant'],
      ['%%%', 'unsupported_grant_type'],
      ['x'.repeat(20_000), 'invalid_request'],
      ['{"grant_type":"authorization_code"}', 'invalid_request', { 'content-type': 'application/json' }],
    ];
    for (const [raw, error, headers] of cases) {
      const form =
        typeof raw === 'string'
          ? raw
          : Object.fromEntries(
              Object.entries(raw).map(([k, v]) => [k, v === '__CLIENT__' ? cognito.clientId : v]),
            );
      const answer = await call('/oauth2/token', { method: 'POST', form, headers });
      expect(answer.status, JSON.stringify(raw).slice(0, 80)).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(answer), JSON.stringify(raw).slice(0, 80)).toBe(error);
    }
  });
});

describe('CORS, sign-out and the rest', () => {
  it("lets the app's origin call the token endpoint, and no other", async () => {
    const preflight = await call('/oauth2/token', {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(APP);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/x-amz-user-agent/);
    const refused = await call('/oauth2/token', {
      form: { grant_type: 'authorization_code' },
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/logout goes back to a sign-out URL of the client, and refuses others', async () => {
    const q = (client: string, uri: string) =>
      `/logout?${new URLSearchParams({ client_id: client, logout_uri: uri })}`;
    const ok = await call(q(cognito.clientId, `${APP}/`));
    expect([ok.status, ok.headers.location]).toEqual([302, `${APP}/`]);
    expect((await call(q(cognito.clientId, 'https://evil.example/'))).status).toBe(400);
    expect((await call(q('someone-else', `${APP}/`))).status).toBe(400);
    expect((await call('/logout')).status).toBe(400);
  });

  it('answers unknown paths and methods with 404 and 405', async () => {
    expect((await call('/nothing')).status).toBe(404);
    expect((await call('/oauth2/token')).status).toBe(405);
    expect((await call('/oauth2/authorize', { method: 'DELETE' })).status).toBe(405);
  });
});
