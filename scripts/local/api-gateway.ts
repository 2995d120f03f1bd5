import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import {
  type ApiArea,
  areaSettings,
  compilePath,
  type RouteDef,
  routeList,
  UNMATCHED_ROUTES_AREA,
} from '#shared/routes';
import { BadRequestError } from '../../functions/commons/errors';
import {
  buildHttpApiEvent,
  gatewayError,
  type InvokeApi,
  internalServerError,
  toHttpResult,
} from '../../functions/http/api-event';
import { errorResponse } from '../../functions/http/router';

/**
 * The local API Gateway: a request matched against the route table and handed to its area's Lambda
 * handler, in process, as an HTTP API payload-v2 event; what matches no route goes to the
 * `$default` route's function (UNMATCHED_ROUTES_AREA). No authorizer: the functions verify their
 * callers' tokens themselves, as in AWS (decision 043). The local origin's /api/* and a local
 * server render's API calls (issue 27) both go through `invokeApi`.
 */

export type LambdaHandler = (event: unknown, context: Context) => unknown;

export interface RouteEntry extends RouteDef {
  readonly name: string;
}

export interface ApiGatewayOptions {
  /** @default the route table of shared/routes.ts */
  routes?: readonly RouteEntry[];
  /** The Lambda handler serving a route. @default its area's entry (functions/app/areas/<area>.ts) */
  loadHandler?: (route: RouteEntry) => Promise<LambdaHandler>;
  /** The handler of API Gateway's `$default` route (no route matched). @default UNMATCHED_ROUTES_AREA's entry */
  loadUnmatchedHandler?: () => Promise<LambdaHandler>;
  /** How long a handler may run before the gateway answers 503 (API Gateway's limit is 30 s). */
  integrationTimeoutMs?: number;
}

export type { InvokeApi } from '../../functions/http/api-event';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const handlerCache = new Map<string, Promise<LambdaHandler>>();

/** Imports an area's Lambda entry (functions/app/areas/<area>.ts) once per process, as a cold start would. */
export function loadAreaHandler(name: ApiArea): Promise<LambdaHandler> {
  let loaded = handlerCache.get(name);
  if (!loaded) {
    const file = join(ROOT, 'functions', 'app', 'areas', `${name}.ts`);
    loaded = import(file).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${file} does not export a handler function`);
      return mod.handler as LambdaHandler;
    });
    // A failed import is retried on the next request (e.g. the file was being written).
    loaded.catch(() => handlerCache.delete(name));
    handlerCache.set(name, loaded);
  }
  return loaded;
}

/** A Lambda context for an in-process invocation. */
export function lambdaContext(functionName: string, requestId: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function createInvokeApi(opts: ApiGatewayOptions = {}): InvokeApi {
  const routes = (opts.routes ?? routeList).map((route) => ({ route, ...compilePath(route.path) }));
  const loadHandler = opts.loadHandler ?? ((route: RouteEntry) => loadAreaHandler(route.area));
  const loadUnmatchedHandler = opts.loadUnmatchedHandler ?? (() => loadAreaHandler(UNMATCHED_ROUTES_AREA));
  const integrationTimeout = opts.integrationTimeoutMs ?? 30_000;

  return async (req) => {
    const method = req.method.toUpperCase();
    const path = req.url.split('?')[0];
    const found = routes
      .map((r) => ({ ...r, match: r.regex.exec(path) }))
      .find((r): r is typeof r & { match: RegExpExecArray } => r.match !== null && r.route.method === method);
    const pathParameters: Record<string, string> = {};
    try {
      found?.names.forEach((name, i) => {
        pathParameters[name] = decodeURIComponent(found.match[i + 1]);
      });
    } catch {
      // The functions' own router's answer (its Spanish error shape) for what never reaches one here.
      return toHttpResult(errorResponse(new BadRequestError()));
    }
    const event = buildHttpApiEvent(
      { ...req, method },
      // An unknown path, or a known one with another method: API Gateway's `$default` route.
      found?.route ?? '$default',
      pathParameters,
    );
    // The area's function runs as long as its slowest route may (as its Lambda timeout in AWS).
    const area = found?.route.area ?? UNMATCHED_ROUTES_AREA;
    const timeoutMs = Math.min(integrationTimeout, areaSettings(area).timeoutSeconds * 1000);
    const functionName = `api-${area}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await (found ? loadHandler(found.route) : loadUnmatchedHandler());
      const result = await Promise.race([
        Promise.resolve(
          handler(event, lambdaContext(functionName, event.requestContext.requestId, timeoutMs)),
        ),
        new Promise<'timeout'>((done) => {
          timer = setTimeout(() => done('timeout'), timeoutMs);
        }),
      ]);
      if (result === 'timeout') return gatewayError(503, 'Service Unavailable');
      return toHttpResult(result);
    } catch (err) {
      // Like a Lambda that throws: the client sees API Gateway's 500, the log has the cause.
      console.error(`[local-server] ${method} ${path} (${functionName}) failed:`, err);
      return internalServerError();
    } finally {
      if (timer) clearTimeout(timer);
    }
  };
}
