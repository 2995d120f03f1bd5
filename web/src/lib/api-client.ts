import type * as z from 'zod/mini';
import { INTERNAL_ERROR_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '#shared/internal-error-message';
import { apiRoutes } from 'virtual:api-routes/public-reads';
import { buildPath } from '#shared/api/define';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import type { ClientRoute, RouteDef, RouteName, Routes } from '#shared/routes';
import { submissionDone, submissionKey } from '@/lib/submission-keys';

/**
 * Typed HTTP client driven by THE route table: the method and path of every call come from
 * `virtual:api-routes` (generated from shared/routes.ts at build time, without the schemas, so zod
 * stays out of the pages' initial JavaScript), the types of its params, query, body and response
 * from shared/routes.ts (type-only imports, erased at build time). No second list of routes exists.
 *
 * Responses are not parsed again here: the server already validates every response against the
 * route's schema AND strips undeclared keys (functions/commons/http.ts), with the same schemas.
 * Same origin: /api/* is routed to the API by CloudFront in AWS and by the local server locally.
 */

const API_BASE_URL = '';

/**
 * The routes this page can call: at first the public reads (all a first screen calls), the rest of
 * the main table once a call needs it (`loadRoute`), plus the routes of a lazy area once the part of
 * the app that calls them has registered them (the admin area's routes stay out of the first route).
 */
const knownRoutes = new Map<string, ClientRoute>(Object.entries(apiRoutes));

export function registerApiRoutes(routes: Readonly<Record<string, ClientRoute>>): void {
  for (const [name, route] of Object.entries(routes)) knownRoutes.set(name, route);
}

function routeOf(name: RouteName): ClientRoute {
  const route = knownRoutes.get(name);
  // A programming error (a lazy area's route called before its part registered it), not a request failure.
  if (!route) throw new Error(`API route ${name} is not registered`);
  return route;
}

/** The main table's other routes (signed-in reads, every write): a small chunk, loaded once. */
let mainTable: Promise<void> | undefined;
function loadMainTable(): Promise<void> {
  mainTable ??= import('virtual:api-routes').then(
    (m) => registerApiRoutes(m.apiRoutes),
    (err: unknown) => {
      mainTable = undefined; // offline, say: the next call tries again
      throw err;
    },
  );
  return mainTable;
}

/** `{id}` names in a path template: PathParamNames<'/api/products/{id}'> = 'id'. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

type ParamsInput<R extends RouteDef> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<R['path']>, string | number> };

/** Query values are given in their parsed shape; every key is optional (the server applies defaults). */
type QueryInput<R extends RouteDef> = R extends { query: z.ZodMiniType }
  ? { query?: { [K in keyof z.output<R['query']>]?: z.output<R['query']>[K] | null } }
  : { query?: undefined };

type BodyInput<R extends RouteDef> = R extends { body: z.ZodMiniType }
  ? { body: z.input<R['body']> }
  : { body?: undefined };

export type ApiInput<N extends RouteName> = ParamsInput<Routes[N]> &
  QueryInput<Routes[N]> &
  BodyInput<Routes[N]> & { signal?: AbortSignal };

export type ApiOutput<N extends RouteName> = z.output<Routes[N]['response']>;

/**
 * Where signed-in and admin routes get their bearer token. The accounts issue registers the
 * session's ID-token getter here; until then such calls go out without one (and get 401).
 */
type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider | null = null;

export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/**
 * How a request reaches the API: `fetch` in the browser; a server render sets a transport that hands
 * the request to the API's handlers in process (issue 27). Every call of apiCall goes through it.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

// Looked up at each call, not captured at import: tests and polyfills replace the global.
const fetchTransport: ApiTransport = (url, init) => fetch(url, init);
let transport: ApiTransport = fetchTransport;

/** Sets the transport of every API call; null restores `fetch`. */
export function setApiTransport(next: ApiTransport | null): void {
  transport = next ?? fetchTransport;
}

/** A failed call: the HTTP status (0 when the network failed) and the API's Spanish message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: { path: string; message: string }[];

  constructor(
    status: number,
    code: string,
    message: string,
    details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type ErrorDetail = { path: string; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isDetail = (v: unknown): v is ErrorDetail =>
  isRecord(v) && typeof v.path === 'string' && typeof v.message === 'string';

/**
 * shared/messages.ts ApiErrorBody, checked rather than trusted: null when the body is not one
 * (a proxy's HTML page, an empty body). Malformed details are dropped, the message is kept.
 */
function readErrorBody(json: unknown): { code: string; message: string; details: ErrorDetail[] } | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { code, message, details } = json.error;
  if (typeof code !== 'string' || typeof message !== 'string' || message.length === 0) return null;
  return { code, message, details: Array.isArray(details) ? details.filter(isDetail) : [] };
}

function toSearchParams(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call, exposed for tests and prefetching. */
export function apiUrl<N extends RouteName>(name: N, input: Omit<ApiInput<N>, 'body' | 'signal'>): string {
  const route = routeOf(name);
  const params = (input as { params?: Record<string, string | number> }).params;
  const query = (input as { query?: Record<string, unknown> }).query;
  return `${API_BASE_URL}${buildPath(route.path, params)}${toSearchParams(query)}`;
}

/**
 * Public answers may be kept by the browser for 30 s (the API's cache-control). After this person
 * changed listings themselves (published, sold, deleted), their own browser must not show the old
 * ones: for a while, public reads revalidate with the server. Kept in sessionStorage so a reload
 * right after the change is covered too.
 */
const REVALIDATE_MS = 90_000;
/** Where that window's end is noted (sessionStorage). */
const REVALIDATE_KEY = 'revalidatePublicUntil';

/**
 * True in that window: public reads ask the server again (no-cache), and a server-rendered page's
 * answers (the edge may have kept a copy older than the person's change) are refetched once it runs.
 */
export function mustRevalidatePublicReads(): boolean {
  try {
    return Number(globalThis.sessionStorage?.getItem(REVALIDATE_KEY) ?? 0) > Date.now();
  } catch {
    return false;
  }
}

export function revalidatePublicReads(now = Date.now()): void {
  try {
    globalThis.sessionStorage?.setItem(REVALIDATE_KEY, String(now + REVALIDATE_MS));
  } catch {
    // Storage refused: the cached copies expire on their own within a minute.
  }
}

/** Routes that send the token when there is one: signed-in routes, and public ones with an optional identity. */
const mayCarryToken = (route: ClientRoute) => route.auth !== 'public' || route.identity === 'optional';

export async function apiCall<N extends RouteName>(name: N, input: ApiInput<N>): Promise<ApiOutput<N>> {
  if (!knownRoutes.has(name)) {
    // The table's chunk could not be fetched: a network failure like any other.
    await loadMainTable().catch(() => {
      throw new ApiError(0, 'NetworkError', INTERNAL_ERROR_MESSAGE);
    });
  }
  const route = routeOf(name);
  const body = (input as { body?: unknown }).body;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Signed-in routes need the token; a public route with an optional identity takes it when there is one.
  if (mayCarryToken(route) && tokenProvider) {
    const token = await tokenProvider();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  const url = apiUrl(name, input);
  // A create the server writes once per key (decision 041): the key of this submission, the same
  // for every retry of it, so a retry after a lost answer gets the first answer, not a second write.
  const submission = route.idempotent ? `${name} ${url} ${JSON.stringify(body ?? null)}` : undefined;
  if (submission) headers[IDEMPOTENCY_KEY_HEADER] = submissionKey(submission);
  let response: Response;
  try {
    response = await transport(url, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: input.signal,
      ...(route.method === 'GET' && route.auth === 'public' && mustRevalidatePublicReads()
        ? { cache: 'no-cache' as const }
        : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NetworkError', INTERNAL_ERROR_MESSAGE);
  }

  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readErrorBody(json);
    if (error) throw new ApiError(response.status, error.code, error.message, error.details);
    // The gateway's own throttle (not the API speaking): still a person's "too many", in Spanish.
    if (response.status === 429) throw new ApiError(429, 'too_many_requests', TOO_MANY_REQUESTS_MESSAGE);
    throw new ApiError(response.status, 'HttpError', INTERNAL_ERROR_MESSAGE);
  }
  // Every route answers a JSON object; anything else (an HTML fallback page, an empty body) is not
  // the API speaking.
  if (!isRecord(json) || Array.isArray(json))
    throw new ApiError(response.status, 'InvalidResponse', INTERNAL_ERROR_MESSAGE);
  if (submission) submissionDone(submission, headers[IDEMPOTENCY_KEY_HEADER]);
  // The server validated and stripped this body with the route's response schema.
  return json as ApiOutput<N>;
}
