import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { createAccountOnce, localCognitoClient, setLocalPassword, signInLocal } from './cognito';
import { tokenLifetime } from './cognito-sessions';
import { localCertificate } from './self-signed';

/**
 * The local stand-in for the Cognito hosted UI with Google (docs/decisions/061): the OAuth 2.0
 * authorization-code endpoints Amplify's signInWithRedirect and its callback listener call, on
 * HTTPS (Amplify writes `https://` before the domain) with a self-signed certificate.
 *
 * - GET /oauth2/authorize: client_id and redirect_uri must be the app client's and one of its
 *   callbacks (otherwise a 400 page, never a redirect); response_type=code, identity_provider
 *   Google (or none), the scopes the client has, a PKCE challenge S256 when one is sent. Shows a
 *   page standing in for Google's: 'Continuar como <the demo Google account>', 'Cancelar' (back
 *   with `error=access_denied` and the state, as Cognito answers a cancelled Google sign-in) and
 *   'Simular un error del proveedor' (back with `error=server_error` and a description).
 * - POST /oauth2/token: grant_type=authorization_code with a code issued here (single use,
 *   valid five minutes, as Cognito's), the same client_id and redirect_uri, and the code_verifier
 *   of its challenge. The tokens are cognito-local's own for the demo Google account (signed in
 *   there), so the functions accept them and the proxy refreshes them. Errors are Cognito's JSON
 *   (`{"error":"invalid_grant"}`, 400).
 * - GET /logout: back to logout_uri when it is one of the client's sign-out URLs.
 *
 * Every bad input is a 4xx. CORS answers the app's origins only.
 */
export interface HostedUiOptions {
  /** 0: a free one. */
  port: number;
  /**
   * The local Cognito endpoint (the proxy): the demo Google account is made there and signs in
   * there (SRP), so its tokens are a session of the endpoint's like any other (decision 062).
   */
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  /** Where its certificate is kept (made once). @default a new one at each start */
  dataDir?: string;
  /** The Google account it signs in as. @default DEMO_GOOGLE_USER */
  user?: { email: string; name: string };
  /** The clock codes expire by (tests move it). @default Date.now */
  now?: () => number;
}

export interface HostedUi {
  /** `127.0.0.1:<port>`: Amplify's oauth.domain (it adds the scheme). */
  domain: string;
  /** `https://127.0.0.1:<port>`: for the app origin's CSP connect-src. */
  origin: string;
  port: number;
  /** Its self-signed certificate (PEM), for clients that verify it. */
  certificate: string;
  /**
   * The app origins it answers: `<origin>/auth/callback` is a callback, `<origin>/` a sign-out URL,
   * and the origin may call /oauth2/token (known once the origin listens, so set after the start).
   */
  allowOrigins(origins: readonly string[]): void;
  stop(): Promise<void>;
}

/** The Google account the local hosted UI signs in as (created in cognito-local at its start). */
export const DEMO_GOOGLE_USER = {
  email: 'valentina.google.demo@gmail.com',
  name: 'Valentina Rojas',
} as const;

/** Cognito's authorization codes are valid five minutes. */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** How long the stand-in's page waits for an answer. */
const PENDING_TTL_MS = 15 * 60 * 1000;
const MAX_BODY_BYTES = 16_384;
/** The app client's OAuth scopes (infra/constructs/auth.ts). */
const CLIENT_SCOPES = new Set(['openid', 'email', 'profile']);
const PROVIDER = 'Google';

interface Pending {
  redirectUri: string;
  state: string | null;
  challenge: string | null;
  scope: string;
  expiresAt: number;
}
interface Issued {
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
}

export async function startHostedUi(opts: HostedUiOptions): Promise<HostedUi> {
  const now = opts.now ?? Date.now;
  const user = opts.user ?? DEMO_GOOGLE_USER;
  const password = await ensureGoogleUser(opts.cognitoEndpoint, opts.userPoolId, user);
  const { key, cert } = localCertificate(opts.dataDir);
  let origins = new Set<string>();
  const callbacks = () => new Set([...origins].map((o) => `${o}/auth/callback`));
  const signOutUrls = () => new Set([...origins].map((o) => `${o}/`));
  const pending = new Map<string, Pending>();
  const codes = new Map<string, Issued>();
  const sweep = () => {
    const t = now();
    for (const [id, p] of pending) if (p.expiresAt <= t) pending.delete(id);
    for (const [code, c] of codes) if (c.expiresAt <= t) codes.delete(code);
  };

  const tokensFor = async (): Promise<Record<string, unknown>> => {
    const session = await signInLocal(
      { cognito: { endpoint: opts.cognitoEndpoint, userPoolId: opts.userPoolId, clientId: opts.clientId } },
      { email: user.email, password },
    );
    return {
      id_token: session.idToken,
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
      token_type: 'Bearer',
      expires_in: tokenLifetime(session.accessToken),
    };
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const clientId = q.get('client_id');
    const redirectUri = q.get('redirect_uri');
    if (clientId !== opts.clientId)
      return page(res, 400, errorPage('invalid_request', 'Cliente desconocido.'));
    if (!redirectUri || !callbacks().has(redirectUri))
      return page(res, 400, errorPage('redirect_mismatch', 'La dirección de retorno no está permitida.'));
    const state = q.get('state');
    const back = (error: string, description?: string) =>
      redirect(res, withParams(redirectUri, { error, error_description: description, state }));
    if (q.get('response_type') !== 'code') return back('unsupported_response_type');
    const provider = q.get('identity_provider');
    if (provider !== null && provider !== PROVIDER)
      return back('invalid_request', `Only ${PROVIDER} signs in here`);
    if (q.has('idp_identifier')) return back('invalid_request', 'idp_identifier is not configured');
    const scope = q.get('scope') ?? 'openid';
    if (!scope.split(' ').every((s) => CLIENT_SCOPES.has(s))) return back('invalid_scope');
    const challenge = q.get('code_challenge');
    const method = q.get('code_challenge_method');
    if (challenge !== null && (method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)))
      return back('invalid_request', 'code_challenge must be S256');
    if (challenge === null && method !== null) return back('invalid_request', 'code_challenge is missing');
    sweep();
    const id = randomUUID();
    pending.set(id, { redirectUri, state, challenge, scope, expiresAt: now() + PENDING_TTL_MS });
    return page(res, 200, consentPage(id, user));
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    if (!form) return page(res, 400, errorPage('invalid_request', 'Solicitud inválida.'));
    sweep();
    const id = form.get('request') ?? '';
    const request = pending.get(id);
    if (!request)
      return page(res, 400, errorPage('invalid_request', 'La solicitud expiró. Vuelve a la app.'));
    pending.delete(id);
    const { redirectUri, state } = request;
    switch (form.get('answer')) {
      case 'continue': {
        const code = randomBytes(24).toString('base64url');
        codes.set(code, { redirectUri, challenge: request.challenge, expiresAt: now() + CODE_TTL_MS });
        return redirect(res, withParams(redirectUri, { code, state }));
      }
      case 'cancel':
        return redirect(res, withParams(redirectUri, { error: 'access_denied', state }));
      case 'error':
        return redirect(
          res,
          withParams(redirectUri, {
            error: 'server_error',
            error_description: `${PROVIDER} no respondió. Inténtalo de nuevo.`,
            state,
          }),
        );
      default:
        return page(res, 400, errorPage('invalid_request', 'Respuesta desconocida.'));
    }
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    if (!form) return json(res, 400, { error: 'invalid_request' });
    if (form.get('grant_type') !== 'authorization_code')
      return json(res, 400, { error: 'unsupported_grant_type' });
    if (form.get('client_id') !== opts.clientId) return json(res, 400, { error: 'invalid_client' });
    const code = form.get('code');
    if (!code) return json(res, 400, { error: 'invalid_request' });
    sweep();
    const issued = codes.get(code);
    // Single use: taken off whatever the answer, as a code seen once may have been stolen.
    codes.delete(code);
    if (!issued || issued.expiresAt <= now()) return json(res, 400, { error: 'invalid_grant' });
    if (form.get('redirect_uri') !== issued.redirectUri) return json(res, 400, { error: 'invalid_grant' });
    if (issued.challenge !== null) {
      const verifier = form.get('code_verifier') ?? '';
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !sameText(s256(verifier), issued.challenge))
        return json(res, 400, { error: 'invalid_grant' });
    }
    return json(res, 200, await tokensFor());
  };

  const logout = (url: URL, res: ServerResponse) => {
    const logoutUri = url.searchParams.get('logout_uri');
    if (url.searchParams.get('client_id') !== opts.clientId)
      return page(res, 400, errorPage('invalid_request', 'Cliente desconocido.'));
    if (!logoutUri || !signOutUrls().has(logoutUri))
      return page(res, 400, errorPage('invalid_request', 'La dirección de salida no está permitida.'));
    return redirect(res, logoutUri);
  };

  const server: Server = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://hosted-ui.local');
    const origin = req.headers.origin;
    if (origin && origins.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
    }
    const route = `${req.method} ${url.pathname}`;
    const handled = (async () => {
      switch (route) {
        case 'GET /oauth2/authorize':
          return authorize(url, res);
        case 'POST /oauth2/authorize':
          return answer(req, res);
        case 'OPTIONS /oauth2/token':
          res.writeHead(204, {
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'content-type, x-amz-user-agent',
            'access-control-max-age': '600',
          });
          return res.end();
        case 'POST /oauth2/token':
          return token(req, res);
        case 'GET /logout':
          return logout(url, res);
        default:
          if (['/oauth2/authorize', '/oauth2/token', '/logout'].includes(url.pathname))
            return json(res, 405, { error: 'method_not_allowed' });
          return json(res, 404, { error: 'not_found' });
      }
    })();
    handled.catch((err: unknown) => {
      console.error('[hosted-ui]', err);
      if (!res.headersSent) json(res, 500, { error: 'server_error' });
      else res.destroy();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    domain: `127.0.0.1:${port}`,
    origin: `https://127.0.0.1:${port}`,
    port,
    certificate: cert,
    allowOrigins: (list) => {
      origins = new Set(list.map((o) => new URL(o).origin));
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * The demo Google account in cognito-local (created once, as Cognito makes a federated user at its
 * first sign-in), with a fresh random password only this process knows: nobody signs in as it
 * but through the stand-in.
 */
async function ensureGoogleUser(
  endpoint: string,
  userPoolId: string,
  user: { email: string; name: string },
): Promise<string> {
  const client = localCognitoClient(endpoint);
  try {
    // Google has verified the address (the IdP's attribute mapping).
    await createAccountOnce(client, userPoolId, user.email, [{ Name: 'name', Value: user.name }]);
    const password = `${randomBytes(24).toString('base64url')}-Aa1`;
    await setLocalPassword(client, userPoolId, user.email, password);
    return password;
  } finally {
    client.destroy();
  }
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function withParams(base: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v != null) url.searchParams.set(k, v);
  return url.toString();
}

/** A form body (application/x-www-form-urlencoded, bounded), or null when it is not one. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end even when too long, so the answer still reaches the client.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES || type !== 'application/x-www-form-urlencoded') return null;
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'";

function page(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html;charset=UTF-8',
    'cache-control': 'no-store',
    'content-security-policy': PAGE_CSP,
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem;color:#202124}
h1{font-size:1.25rem}p{color:#5f6368}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #dadce0;background:#fff;cursor:pointer}
button.primary{background:#1a73e8;border-color:#1a73e8;color:#fff}button.small{font-size:.85rem;color:#5f6368;border-style:dashed}`;

function consentPage(requestId: string, user: { email: string; name: string }): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Iniciar sesión con Google (local)</title><style>${STYLE}</style></head><body>
<h1>Iniciar sesión con Google</h1>
<p>Esta página local reemplaza a Google y a Cognito: ningún dato sale de tu equipo.</p>
<form method="post" action="/oauth2/authorize">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<button class="primary" name="answer" value="continue">Continuar como ${escapeHtml(user.name)} (${escapeHtml(user.email)})</button>
<button name="answer" value="cancel">Cancelar</button>
<button class="small" name="answer" value="error">Simular un error del proveedor</button>
</form></body></html>`;
}

function errorPage(code: string, message: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Error: ${escapeHtml(code)}</title><style>${STYLE}</style></head>
<body><h1>No se puede iniciar sesión</h1><p>${escapeHtml(message)}</p><p><code>${escapeHtml(code)}</code></p></body></html>`;
}
