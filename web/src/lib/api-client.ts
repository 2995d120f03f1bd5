import { z } from 'zod';
import { API_MESSAGES } from '../../../shared/messages';
import { buildPath, type RouteDef, type RouteName, type Routes, routes } from '../../../shared/routes';

/**
 * Typed HTTP client driven by THE route table (shared/routes.ts): the method, path, query and
 * response schema of every call come from there, so no second list of routes exists.
 * Same origin: /api/* is routed to the API by CloudFront in AWS and by the local server locally.
 */

const API_BASE_URL = '';

/** `{id}` names in a path template: PathParamNames<'/api/products/{id}'> = 'id'. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

type ParamsInput<R extends RouteDef> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<R['path']>, string | number> };

/** Query values are given in their parsed shape; every key is optional (the server applies defaults). */
type QueryInput<R extends RouteDef> = R extends { query: z.ZodType }
  ? { query?: { [K in keyof z.output<R['query']>]?: z.output<R['query']>[K] | null } }
  : { query?: undefined };

type BodyInput<R extends RouteDef> = R extends { body: z.ZodType }
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

/** shared/messages.ts ApiErrorBody, parsed rather than trusted. */
const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

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
  const route: RouteDef = routes[name];
  const params = (input as { params?: Record<string, string | number> }).params;
  const query = (input as { query?: Record<string, unknown> }).query;
  return `${API_BASE_URL}${buildPath(route.path, params)}${toSearchParams(query)}`;
}

export async function apiCall<N extends RouteName>(name: N, input: ApiInput<N>): Promise<ApiOutput<N>> {
  const route: RouteDef = routes[name];
  const body = (input as { body?: unknown }).body;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (route.auth !== 'public' && tokenProvider) {
    const token = await tokenProvider();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(name, input), {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: input.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NetworkError', API_MESSAGES.internal);
  }

  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(json);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      throw new ApiError(response.status, code, message, details);
    }
    throw new ApiError(response.status, 'HttpError', API_MESSAGES.internal);
  }
  const parsed = route.response.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'InvalidResponse', API_MESSAGES.internal);
  return parsed.data as ApiOutput<N>;
}
