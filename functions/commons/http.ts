import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { ZodError } from 'zod';
import { es } from 'zod/locales';
import { API_MESSAGES, type ApiErrorBody } from '#shared/messages';
import { type RouteDef, type RouteName, type Routes, routes } from '#shared/routes';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from './errors';
import { logger, requestLogger } from './logger';

// zod's own messages (wrong type, unknown key...) in Spanish, like every other text the API returns.
z.config(es());

/**
 * The HTTP side of every API handler, in one place: parse the API Gateway HTTP API payload-v2
 * event, validate it with the route's schemas, read the caller from the JWT authorizer's claims,
 * call the route's implementation, and map its result or its error to the response.
 */

/** The event of an HTTP API route, with the JWT authorizer's part when the route has one. */
export type HttpApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & { authorizer?: unknown };
};
export type HttpResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
};

export interface AuthContext {
  userId: string;
  email: string | null;
  groups: string[];
  /** The token's `name` claim (the full name given at sign-up), when it has one. */
  name?: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HttpRequest<R extends RouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  auth: AuthContext | null;
  requestId: string;
  event: HttpApiEvent;
}

export type RouteImpl<N extends RouteName> = (
  req: HttpRequest<Routes[N]>,
) => Promise<z.input<Routes[N]['response']>> | z.input<Routes[N]['response']>;

export interface HandlerOptions {
  /** Overrides the cache-control of a successful response (e.g. 'no-store' for a health probe). */
  cacheControl?: string;
}

const ADMIN_GROUPS = ['admin', 'super_admin'];
/** Public GETs may be cached briefly by the browser and CloudFront; everything else never. */
const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=60';
const NO_STORE = 'no-store';

// Claim values are strings as API Gateway hands them; other shapes are tolerated, never trusted.
const authorizerSchema = z.object({
  jwt: z.object({ claims: z.record(z.string(), z.unknown()) }),
});

/**
 * API Gateway flattens array claims to a string: ["admin","super_admin"] arrives as
 * "[admin super_admin]". Other sources send a real array or a comma-separated string.
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

/** The caller, as the JWT authorizer handed it over; null when the route had no valid token. */
export function readAuth(event: HttpApiEvent): AuthContext | null {
  const parsed = authorizerSchema.safeParse(event.requestContext?.authorizer);
  if (!parsed.success) return null;
  const claims = parsed.data.jwt.claims;
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const email = claims.email;
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
  return {
    userId: sub,
    email: typeof email === 'string' && email.length > 0 ? email : null,
    groups: parseGroups(claims['cognito:groups']),
    ...(name ? { name } : {}),
  };
}

export const isAdmin = (auth: AuthContext | null) =>
  !!auth && auth.groups.some((g) => ADMIN_GROUPS.includes(g));

function issuesToDetails(error: ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Validates one part of the request; `notFound` turns a bad path parameter into a 404. */
function validate<S extends z.ZodType>(schema: S, value: unknown, notFound = false): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error);
  const message = details[0]?.message || API_MESSAGES.badRequest;
  if (notFound) throw new NotFoundError(message);
  throw new BadRequestError(message, details);
}

function readBody(event: HttpApiEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
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

/** THE mapping of errors to HTTP: typed errors keep their status, anything else is a logged 500. */
export function errorResponse(error: unknown, requestId?: string): HttpResult {
  let body: ApiErrorBody;
  let status: number;
  if (error instanceof AppError) {
    status = error.status;
    body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    };
    if (status >= 500) logger.error('service unavailable', { requestId, error });
  } else if (error instanceof ZodError) {
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
  return json(status, body, NO_STORE);
}

/** Wraps a route implementation into a Lambda handler for API Gateway HTTP API (payload v2). */
export function makeHandler<N extends RouteName>(
  routeName: N,
  impl: RouteImpl<N>,
  options: HandlerOptions = {},
) {
  return makeRouteHandler<Routes[N]>(routeName, routes[routeName], impl, options);
}

/** The same for any route definition (tests use it for auth levels no route has yet). */
export function makeRouteHandler<R extends RouteDef>(
  routeName: string,
  route: R,
  impl: (req: HttpRequest<R>) => Promise<z.input<R['response']>> | z.input<R['response']>,
  options: HandlerOptions = {},
) {
  const successCache =
    options.cacheControl ?? (route.method === 'GET' && route.auth === 'public' ? PUBLIC_CACHE : NO_STORE);

  const base = async (event: HttpApiEvent, context: Context): Promise<HttpResult> => {
    const auth = readAuth(event);
    // The authorizer already refused bad tokens; this is defence in depth (and the local server's check).
    if (route.auth !== 'public' && !auth) throw new UnauthorizedError();
    if (route.auth === 'admin' && !isAdmin(auth)) throw new ForbiddenError();

    const params = route.params ? validate(route.params, event.pathParameters ?? {}, true) : undefined;
    const query = route.query ? validate(route.query, event.queryStringParameters ?? {}) : undefined;
    const body = route.body ? validate(route.body, readBody(event)) : undefined;

    const req = {
      params,
      query,
      body,
      auth,
      requestId: context?.awsRequestId ?? event.requestContext?.requestId ?? '',
      event,
    } as HttpRequest<R>;
    const result = await impl(req);
    // Strips every key the route does not declare, so nothing private can leak. A mismatch here
    // is a server bug (500), not bad input.
    const parsed = route.response.safeParse(result);
    if (!parsed.success)
      throw new Error(`Response of ${routeName} does not match its schema: ${parsed.error.message}`);
    return json(route.status ?? 200, parsed.data, successCache);
  };

  return middy<HttpApiEvent, HttpResult>(base)
    .use(requestLogger<HttpApiEvent, HttpResult>(routeName))
    .use({
      name: 'http-error-mapper',
      onError: (request) => {
        request.response = errorResponse(request.error, request.context?.awsRequestId);
      },
    });
}
