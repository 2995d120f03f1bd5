import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { $ZodError } from 'zod/v4/core';
// Installs the project's Spanish sentences for zod's issues (shared with the web app's forms).
import '#shared/zod';
import { LIMITS } from '#shared/limits';
import { API_MESSAGES, type ApiErrorBody } from '#shared/messages';
import { compilePath, confirmsCaller, isAdminRoute, readsCaller, type RouteDef } from '#shared/api/define';
import { type AuthContext, isAdmin, isSuperAdmin } from '../commons/auth';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  isDependencyUnavailable,
  NotFoundError,
  PayloadTooLargeError,
  RETRY_AFTER_SECONDS,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../commons/errors';
import { logger, observe } from '../commons/observability';
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from '../ports/idempotency';
import type { CallerAccounts, TokenVerifier } from '../ports/tokens';
import type { HttpApiEvent } from './api-event';
import { answerAfterFailure, claimOf, firstAnswer } from './idempotency';

/**
 * The HTTP side of every API function, in one place: one Lambda serves all the routes of an API
 * area; this router picks the route from the route table (API Gateway's routeKey, or the method and
 * path), verifies the caller's bearer token and checks their auth level (there is no authorizer in
 * front: decision 043), confirms at the user pool that an admin is still one and that a signed-in
 * writer's account still exists, validates the request with the route's schemas, calls the route's
 * handler, and maps its result or its error to the response. Unknown routes are a 404; malformed
 * input a 400; every refusal a Spanish sentence in the project's error shape; nothing is ever a 500
 * but a bug.
 */

export type HttpResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
};

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface HttpRequest<R extends RouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  auth: AuthContext | null;
  /** An idempotent route's claim (decision 041): what its create writes with its first answer. */
  idempotency: R extends { idempotent: true }
    ? IdempotencyClaim
    : R extends { idempotent?: undefined }
      ? undefined
      : IdempotencyClaim | undefined;
  requestId: string;
  event: HttpApiEvent;
}

/**
 * A route's answer with a status of its own, where one route answers two ways (a subscription
 * created, 201, or already held, 200). Otherwise a handler returns the body and the route's status applies.
 */
export class Answered<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

type Body<R extends RouteDef> = z.input<R['response']>;
type Answer<R extends RouteDef> = Promise<Body<R> | Answered<Body<R>>> | Body<R> | Answered<Body<R>>;

/** What serves one route: its request in, its response body out; `ctx` is the area's adapters. */
export type RouteHandler<R extends RouteDef, Ctx> = (req: HttpRequest<R>, ctx: Ctx) => Answer<R>;

/** An area's route table (shared/api/<area>.ts). */
export type AreaTable = Readonly<Record<string, RouteDef>>;

/** The handlers of an area: exactly one per route of its table, keyed by the route's name. */
export type AreaHandlers<T extends AreaTable, Ctx> = { [N in keyof T]: RouteHandler<T[N], Ctx> };

/** Public GETs may be cached briefly by the browser and CloudFront; everything else never. */
const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=60';
const NO_STORE = 'no-store';
/** A public read answered for a signed-in caller (optional identity) holds their flags: theirs alone. */
const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Groups as a token or a claim source gives them: a real array (a verified token's claims), API
 * Gateway's flattened "[admin super_admin]", or a comma-separated string.
 */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  if (typeof value !== 'string') return [];
  const trimmed = value.trim();
  const inner = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return inner
    .split(/[\s,]+/)
    .map((g) => g.replace(/^"|"$/g, ''))
    .filter((g) => g.length > 0);
}

/** The caller a verified token names; null when it names nobody (no `sub`). */
export function callerFromClaims(claims: Record<string, unknown>): AuthContext | null {
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const email = claims.email;
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
  const username = claims['cognito:username'] ?? claims.username;
  return {
    userId: sub,
    email: typeof email === 'string' && email.length > 0 ? email : null,
    groups: parseGroups(claims['cognito:groups']),
    ...(name ? { name } : {}),
    ...(typeof username === 'string' && username.length > 0 ? { username } : {}),
  };
}

/** Refuses a caller below the route's auth level. */
function checkAccess(route: RouteDef, auth: AuthContext | null): void {
  if (route.auth === 'public') return;
  if (!auth) throw new UnauthorizedError();
  if (route.auth === 'admin' && !isAdmin(auth)) throw new ForbiddenError();
  if (route.auth === 'super_admin' && !isSuperAdmin(auth)) throw new ForbiddenError();
}

function issuesToDetails(error: $ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Validates one part of the request; `notFound` turns a bad path parameter into a 404. */
function validate<S extends z.ZodMiniType>(schema: S, value: unknown, notFound = false): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error);
  const message = details[0]?.message || API_MESSAGES.badRequest;
  if (notFound) throw new NotFoundError(message);
  throw new BadRequestError(message, details);
}

/** The body's text; a body over the API's limit is refused here as CloudFront and WAF refuse it. */
function bodyText(event: HttpApiEvent): string | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (bytes.length > LIMITS.apiBodyMaxBytes) throw new PayloadTooLargeError();
  return bytes.toString('utf8');
}

function parseBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(API_MESSAGES.invalidJson);
  }
}

function json(statusCode: number, body: unknown, cacheControl: string): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
    body: JSON.stringify(body),
  };
}

/**
 * THE mapping of errors to HTTP: typed errors keep their status; a dependency that is down or
 * throttling is a 503 with Retry-After (the request may work in a moment); anything else is a
 * logged 500.
 */
export function errorResponse(error: unknown, requestId?: string): HttpResult {
  let body: ApiErrorBody;
  let status: number;
  if (isDependencyUnavailable(error)) {
    logger.warn('dependency unavailable', {
      requestId,
      error: error instanceof Error ? error : String(error),
    });
    error = new ServiceUnavailableError();
  }
  if (error instanceof AppError) {
    status = error.status;
    body = {
      // A 503 may answer a report beside its error (health: which part is down).
      ...(error instanceof ServiceUnavailableError ? error.report : undefined),
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    };
    if (status >= 500) logger.error('service unavailable', { requestId, error });
  } else if (error instanceof $ZodError) {
    const details = issuesToDetails(error);
    status = 400;
    body = {
      error: { code: 'bad_request', message: details[0]?.message || API_MESSAGES.badRequest, details },
    };
  } else {
    status = 500;
    logger.error('unhandled error', { requestId, error: error instanceof Error ? error : String(error) });
    body = { error: { code: 'internal', message: API_MESSAGES.internal } };
  }
  const response = json(status, body, NO_STORE);
  if (status === 503) response.headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  return response;
}

/** One route the router serves. */
export interface RouterEntry<Ctx> {
  readonly name: string;
  readonly def: RouteDef;
  readonly handler: (req: HttpRequest<RouteDef>, ctx: Ctx) => unknown;
}

interface CompiledEntry<Ctx> extends RouterEntry<Ctx> {
  readonly routeKey: string;
  readonly regex: RegExp;
  readonly names: string[];
}

/** Where the router learns who calls: required as soon as one of its routes reads its caller. */
export interface RouterOptions {
  /** Verifies bearer tokens: every signed-in route, and public ones with an optional identity. */
  tokens?: () => TokenVerifier;
  /** The caller's account at the source: admin routes and signed-in writes. */
  accounts?: () => CallerAccounts;
  /** Reads the first answers of routes marked `idempotent` (required when one is). */
  idempotency?: () => IdempotencyStore;
}

/**
 * A Lambda handler (API Gateway HTTP API, payload v2) serving the given routes. `context` gives the
 * adapters the handlers use; it is called per request and builds nothing until a handler uses a part.
 */

/** A first answer again, marked as such (the header Stripe and others send on a replay). */
const REPLAYED_HEADER = 'idempotent-replayed';

export function createRouter<Ctx>(
  name: string,
  entries: readonly RouterEntry<Ctx>[],
  context: () => Ctx,
  options: RouterOptions = {},
) {
  const compiled: CompiledEntry<Ctx>[] = entries.map((e) => ({
    ...e,
    routeKey: `${e.def.method} ${e.def.path}`,
    ...compilePath(e.def.path),
  }));
  const byRouteKey = new Map(compiled.map((e) => [e.routeKey, e]));
  const idempotent = compiled.filter((e) => e.def.idempotent).map((e) => e.name);
  const { idempotency } = options;
  if (idempotent.length > 0 && !idempotency)
    throw new Error(
      `Router ${name}: routes [${idempotent}] are idempotent but no idempotency store is given`,
    );

  /**
   * An idempotent route (decision 041): the first answer when this key's create was written (a
   * retry, or a twin that won the race), marked as replayed; else the handler's. Nothing is written
   * twice: the create and its first answer are one transaction.
   */
  async function once(
    claim: IdempotencyClaim,
    run: () => Promise<HttpResult>,
    answer: (statusCode: number, result: unknown) => HttpResult,
  ): Promise<HttpResult> {
    const store = (idempotency as () => IdempotencyStore)();
    const replay = (record: IdempotencyRecord) => {
      const response = answer(record.status, JSON.parse(record.body));
      response.headers[REPLAYED_HEADER] = 'true';
      return response;
    };
    const first = await firstAnswer(store, claim, Date.now());
    if (first) return replay(first);
    try {
      return await run();
    } catch (error) {
      return replay(await answerAfterFailure(store, claim, error, Date.now()));
    }
  }

  // A route that cannot know its caller must not be served at all (fails at cold start, not per call).
  const defs = entries.map((e) => e.def);
  if (defs.some(readsCaller) && !options.tokens)
    throw new Error(`${name}: routes read their caller, but the router was given no token verifier`);
  if (defs.some(confirmsCaller) && !options.accounts)
    throw new Error(
      `${name}: routes confirm their caller at the user pool, but the router was given no accounts`,
    );

  /**
   * The caller the request's bearer token names, verified here. A signed-in route without a token
   * is a 401; a token that is sent must be valid on every route that reads its caller (a public
   * route with an optional identity included), or it is a 401.
   */
  async function callerOf(route: RouteDef, event: HttpApiEvent): Promise<AuthContext | null> {
    if (!readsCaller(route)) return null;
    const header = event.headers?.authorization ?? event.headers?.Authorization;
    if (header === undefined || header.trim() === '') {
      if (route.auth === 'public') return null;
      throw new UnauthorizedError();
    }
    const token = header.replace(/^Bearer\s+/i, '').trim();
    const claims = token && options.tokens ? await options.tokens().verify(token) : null;
    const caller = claims ? callerFromClaims(claims) : null;
    if (!caller) throw new UnauthorizedError(API_MESSAGES.sessionInvalid);
    return caller;
  }

  /**
   * The caller as the user pool holds them now: a deleted or disabled account is a 401 whatever
   * its token says; on admin routes the groups are the ones both the token and the pool name (a
   * removal counts at once; a grant at the next sign-in, as the admin is told).
   */
  async function confirmed(route: RouteDef, caller: AuthContext): Promise<AuthContext> {
    const withGroups = isAdminRoute(route);
    const account = await options.accounts!().find(caller.username ?? caller.userId, withGroups);
    if (!account?.enabled) {
      logger.info('caller refused by the user pool', { reason: account ? 'disabled' : 'gone' });
      throw new UnauthorizedError(API_MESSAGES.sessionInvalid);
    }
    if (!withGroups) return caller;
    const held = new Set(account.groups ?? []);
    return { ...caller, groups: caller.groups.filter((g) => held.has(g)) };
  }

  /** API Gateway names the matched route; without one (a $default route), method and path decide. */
  function match(event: HttpApiEvent): { entry: CompiledEntry<Ctx>; pathParameters: Record<string, string> } {
    const byKey = event.routeKey ? byRouteKey.get(event.routeKey) : undefined;
    if (byKey)
      return { entry: byKey, pathParameters: (event.pathParameters ?? {}) as Record<string, string> };
    const method = event.requestContext?.http?.method?.toUpperCase();
    const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
    for (const entry of compiled) {
      if (entry.def.method !== method) continue;
      const found = entry.regex.exec(path);
      if (!found) continue;
      const pathParameters: Record<string, string> = {};
      try {
        entry.names.forEach((n, i) => {
          pathParameters[n] = decodeURIComponent(found[i + 1]);
        });
      } catch {
        throw new BadRequestError();
      }
      return { entry, pathParameters };
    }
    throw new NotFoundError();
  }

  const base = async (event: HttpApiEvent, lambdaContext: Context): Promise<HttpResult> => {
    const started = Date.now();
    const { entry, pathParameters } = match(event);
    const route = entry.def;
    const requestId = lambdaContext?.awsRequestId ?? event.requestContext?.requestId ?? '';
    let status: number | 'error' = 'error';
    try {
      const text = bodyText(event);
      let auth = await callerOf(route, event);
      // The token's own word first (a student on an admin route costs no call to the pool).
      checkAccess(route, auth);
      if (auth && confirmsCaller(route)) {
        auth = await confirmed(route, auth);
        checkAccess(route, auth);
      }
      const params = route.params ? validate(route.params, pathParameters, true) : undefined;
      const query = route.query ? validate(route.query, event.queryStringParameters ?? {}) : undefined;
      const body = route.body ? validate(route.body, parseBody(text)) : undefined;
      const cache =
        route.identity === 'optional' && auth
          ? PRIVATE_NO_STORE
          : (route.cache ?? (route.method === 'GET' && route.auth === 'public' ? 'public' : 'no-store')) ===
              'public'
            ? PUBLIC_CACHE
            : NO_STORE;
      const answer = (statusCode: number, result: unknown): HttpResult => {
        // Strips every key the route does not declare, so nothing private can leak. A mismatch here
        // is a server bug (500), not bad input.
        const parsed = route.response.safeParse(result);
        if (!parsed.success)
          throw new Error(`Response of ${entry.name} does not match its schema: ${parsed.error.message}`);
        const response = json(statusCode, parsed.data, cache);
        // The anonymous answer a browser keeps must never serve the same URL asked with a token.
        if (route.identity === 'optional') response.headers.vary = 'Authorization';
        return response;
      };
      const claim = route.idempotent
        ? claimOf(entry.name, route, event, auth, { params, query, body }, Date.now())
        : undefined;
      const req = {
        params,
        query,
        body,
        auth,
        idempotency: claim,
        requestId,
        event,
      } as HttpRequest<RouteDef>;
      const run = async () => {
        const out = await entry.handler(req, context());
        return out instanceof Answered ? answer(out.status, out.body) : answer(route.status ?? 200, out);
      };
      const response = claim ? await once(claim, run, answer) : await run();
      status = response.statusCode;
      return response;
    } catch (error) {
      const response = errorResponse(error, requestId);
      status = response.statusCode;
      return response;
    } finally {
      logger.info('request', { route: entry.name, status, latencyMs: Date.now() - started });
    }
  };

  return middy<HttpApiEvent, HttpResult, Error, Context>(base)
    .use(observe<HttpApiEvent, HttpResult>())
    .use({
      // What escapes the route's own handling (an unknown route, a malformed path) is mapped here.
      name: `${name}-error-mapper`,
      onError: (request) => {
        request.response = errorResponse(request.error, request.context?.awsRequestId);
      },
    });
}

/**
 * The Lambda handler of one API area: the routes of the area's table (shared/api/<area>.ts, so a
 * function carries only its own routes' schemas), each served by the handler of the same name.
 * `context` gives the area's adapters (functions/app/).
 */
export function createAreaHandler<T extends AreaTable, Ctx>(
  table: T,
  handlers: AreaHandlers<T, Ctx>,
  context: () => Ctx,
  options: RouterOptions = {},
) {
  const defs = Object.entries(table);
  const area = defs[0]?.[1].area ?? 'empty';
  const byName = handlers as unknown as Record<string, RouterEntry<Ctx>['handler']>;
  const missing = defs.filter(([name]) => typeof byName[name] !== 'function').map(([name]) => name);
  const extra = Object.keys(byName).filter((n) => !Object.hasOwn(table, n));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(`Area ${area}: handlers missing for [${missing}] or without a route [${extra}]`);
  return createRouter(
    `api-${area}`,
    defs.map(([name, def]) => ({ name, def, handler: byName[name] })),
    context,
    options,
  );
}
