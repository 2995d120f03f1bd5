import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';

/**
 * API Gateway HTTP API behaviour for calls that do not go through API Gateway: the payload-v2 event
 * a Lambda integration receives and the way the integration's result becomes the HTTP response.
 * The local origin (scripts/local/api-gateway.ts) and a server render calling the API's handlers
 * in process (issue 27) build their events here.
 */

/** The payload-v2 event of a route (no authorizer: the functions verify their callers; decision 043). */
export type HttpApiEvent = APIGatewayProxyEventV2;

export interface IncomingApiRequest {
  method: string;
  /** Path and query as received: '/api/products?q=silla'. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
  /** 'localhost:3000' */
  host: string;
}

const TEXT_TYPES = [
  /^text\//,
  /^application\/(?:[\w.+-]+\+)?json\b/,
  /^application\/(?:[\w.+-]+\+)?xml\b/,
  /^application\/javascript\b/,
  /^application\/x-www-form-urlencoded\b/,
];

/** Text bodies are passed as they are; anything else (images, multipart) base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const value = contentType.toLowerCase();
  return TEXT_TYPES.some((re) => re.test(value));
}

/** Formats a date as API Gateway's requestContext.time: '12/Mar/2020:19:03:58 +0000'. */
export function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${p(date.getUTCHours())}:${p(
    date.getUTCMinutes(),
  )}:${p(date.getUTCSeconds())} +0000`;
}

/** Builds the payload-v2 event API Gateway sends for a matched route, or for its `$default` route. */
export function buildHttpApiEvent(
  req: IncomingApiRequest,
  route: { method: string; path: string } | '$default',
  pathParameters: Record<string, string>,
  now: Date = new Date(),
): HttpApiEvent {
  const queryIndex = req.url.indexOf('?');
  const rawPath = queryIndex === -1 ? req.url : req.url.slice(0, queryIndex);
  const rawQueryString = queryIndex === -1 ? '' : req.url.slice(queryIndex + 1);

  // Header names lower-case, repeated headers comma-joined; cookies move to `cookies`.
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (key === 'cookie') {
      cookies = joined
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[key] = joined;
  }

  // Repeated query keys are comma-joined, values decoded.
  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      queryStringParameters[key] =
        key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
    }
  }

  const hasBody = req.body.length > 0;
  const text = isTextContentType(headers['content-type']);
  const routeKey = route === '$default' ? route : `${route.method} ${route.path}`;
  const requestId = randomUUID();
  const event: HttpApiEvent = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: req.host,
      domainPrefix: req.host.split('.')[0].split(':')[0],
      http: {
        method: req.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
    ...(hasBody ? { body: text ? req.body.toString('utf8') : req.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  };
  return event;
}

const headerValue = z.union([z.string(), z.number(), z.boolean()]);
const structuredResultSchema = z.object({
  statusCode: z.int(),
  headers: z.optional(z.record(z.string(), headerValue)),
  multiValueHeaders: z.optional(z.record(z.string(), z.array(headerValue))),
  cookies: z.optional(z.array(z.string())),
  body: z.optional(z.string()),
  isBase64Encoded: z.optional(z.boolean()),
});

export interface HttpResult {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/**
 * Turns a payload-v2 integration result into the HTTP response, as API Gateway does: a result with
 * statusCode is used as given; any other value is a 200 application/json whose body is that value.
 */
export function toHttpResult(result: unknown): HttpResult {
  const structured = structuredResultSchema.safeParse(result);
  if (typeof result === 'object' && result !== null && 'statusCode' in result && structured.success) {
    const r = structured.data;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.multiValueHeaders ?? {})) headers[k.toLowerCase()] = v.join(',');
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    const body =
      r.body === undefined ? Buffer.alloc(0) : Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8');
    return { statusCode: r.statusCode, headers, cookies: r.cookies ?? [], body };
  }
  if (typeof result === 'object' && result !== null && 'statusCode' in result) {
    // A malformed structured response: API Gateway answers 500.
    return internalServerError();
  }
  const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(body, 'utf8'),
  };
}

/** API Gateway's own JSON error responses. */
export function gatewayError(statusCode: number, message: string): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(JSON.stringify({ message })),
  };
}

export const internalServerError = () => gatewayError(500, 'Internal Server Error');

/** Runs one API request (its body already read) through its handler and returns the HTTP response. */
export type InvokeApi = (req: IncomingApiRequest) => Promise<HttpResult>;

/**
 * The API as a `fetch` for a server render (web/src/lib/api-client.ts `setApiTransport`): each call
 * handed in process to `invoke` (the local gateway, or the catalog's handler in the render
 * function). Anonymous and read-only by construction: only the call's method and path reach the
 * handlers, never the visitor's Authorization header or cookies, and anything but a GET is refused.
 */
export function inProcessApiTransport(
  invoke: InvokeApi,
  origin: () => string,
): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`A server render only reads the API, not ${method} ${url}`);
    const target = new URL(url, origin());
    const result = await invoke({
      method,
      url: `${target.pathname}${target.search}`,
      headers: { accept: 'application/json' },
      body: Buffer.alloc(0),
      sourceIp: '127.0.0.1',
      host: target.host,
    });
    return new Response(result.statusCode === 204 ? null : new Uint8Array(result.body), {
      status: result.statusCode,
      headers: result.headers,
    });
  };
}
