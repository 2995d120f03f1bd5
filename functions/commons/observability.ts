import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { MiddlewareObj, Request } from '@middy/core';
import { ENV } from './env';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from './metric-names';

/**
 * THE observability module of every function (Powertools for AWS Lambda): structured JSON logs
 * with the request id, CloudWatch metrics in embedded metric format (log lines, no API call), and,
 * when a stage turns them on, X-Ray subsegments of the handler and of each AWS SDK client and
 * outgoing request. Handlers get all of it through `observe()`, one middy middleware.
 *
 * Tracing at its cost (docs/decisions/048): every function runs with Lambda's active tracing, whose
 * invocation segment needs no code here. The Powertools tracer (the X-Ray SDK, about 110 KB of
 * every bundle) is loaded only when TRACE_AWS_CALLS is 'true': the stack writes the stage's choice
 * into each bundle at build time (esbuild `define`), so with it off the tracer is not in the bundle
 * at all. Outside Lambda the tracer stays off by itself even when loaded.
 *
 * Logger and metrics are made on first use, not at import, so whatever sets the environment (the
 * local stack, a test) can do so after importing a handler; the local stack turns metrics off
 * (POWERTOOLS_METRICS_DISABLED).
 */
interface Tools {
  logger: Logger;
  metrics: Metrics;
}

/** The tracer and its handler middleware, when the stage traces AWS calls. */
interface Tracing {
  tracer: Tracer;
  handlerMiddleware: MiddlewareObj<unknown, unknown, Error>;
}

let tools: Tools | undefined;
let tracing: Promise<Tracing | undefined> | undefined;

function make(): Tools {
  const level = (process.env[ENV.logLevel] ?? 'info').toUpperCase();
  const stage = process.env[ENV.stage] ?? 'local';
  // Metrics are log lines CloudWatch turns into figures: outside Lambda (the local stack, tests)
  // they would only be noise, unless a test turns them on explicitly.
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.POWERTOOLS_METRICS_DISABLED === undefined)
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  const logger = new Logger({
    serviceName: METRICS_SERVICE,
    logLevel: ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'].includes(level)
      ? (level as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT')
      : 'INFO',
    persistentKeys: { stage },
  });
  return {
    logger,
    metrics: new Metrics({
      namespace: METRICS_NAMESPACE,
      serviceName: METRICS_SERVICE,
      defaultDimensions: { stage },
      // An invocation that counted nothing is normal here, not worth a warning in every log.
      logger: {
        debug: (...a: unknown[]) => logger.debug(String(a[0])),
        info: (...a: unknown[]) => logger.debug(String(a[0])),
        warn: (...a: unknown[]) => logger.debug(String(a[0])),
        error: (...a: unknown[]) => logger.error(String(a[0])),
      },
    }),
  };
}

/**
 * Whether this build traces AWS calls. Read as the literal `process.env.TRACE_AWS_CALLS` (not
 * through ENV) because the stack's esbuild `define` replaces exactly that expression: with 'false'
 * the branch below, and the tracer's import in it, is dropped from the bundle.
 */
async function loadTracing(): Promise<Tracing | undefined> {
  if (process.env.TRACE_AWS_CALLS === 'true') {
    const [{ Tracer }, { captureLambdaHandler }] = await Promise.all([
      import('@aws-lambda-powertools/tracer'),
      import('@aws-lambda-powertools/tracer/middleware'),
    ]);
    const tracer = new Tracer({ serviceName: METRICS_SERVICE });
    return {
      tracer,
      handlerMiddleware: captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<
        unknown,
        unknown,
        Error
      >,
    };
  }
  return undefined;
}

const getTracing = (): Promise<Tracing | undefined> => {
  tracing ??= loadTracing();
  return tracing;
};

const get = (): Tools => {
  tools ??= make();
  return tools;
};

type Fields = Record<string, unknown>;

/** The structured logger (Powertools Logger): `logger.info('message', { fields })`. */
export const logger = {
  debug: (message: string, fields: Fields = {}) => get().logger.debug(message, fields),
  info: (message: string, fields: Fields = {}) => get().logger.info(message, fields),
  warn: (message: string, fields: Fields = {}) => get().logger.warn(message, fields),
  error: (message: string, fields: Fields = {}) => get().logger.error(message, fields),
};

/** Counts one business or operations event (functions/commons/metric-names.ts). */
export function countMetric(name: MetricName, value = 1): void {
  get().metrics.addMetric(name, MetricUnit.Count, value);
}

/** The logger an AWS SDK v3 client takes. */
interface SdkLogger {
  debug(...content: unknown[]): void;
  info(...content: unknown[]): void;
  warn(...content: unknown[]): void;
  error(...content: unknown[]): void;
}

/**
 * The AWS SDK clients' logger: the SDK's default one, without `info`. After every command the SDK
 * calls `logger.info?.(...)` with copies of the input and output it first walks to mask sensitive
 * fields; the default logger's `info` does nothing with them, but the walk over every item a
 * BatchGet or Query returns is done anyway (about 4 % of the stream dispatcher's CPU, seen with
 * `node --cpu-prof` on `npm run bench -- indexing`). Without `info` the SDK skips it; like the
 * default, this logger drops what the SDK says.
 */
export const sdkLogger = { debug() {}, warn() {}, error() {} } as unknown as SdkLogger;

/**
 * An AWS SDK v3 client whose calls appear as X-Ray subsegments when the stage traces AWS calls (in
 * Lambda); otherwise the client itself.
 */
export async function traced<T>(client: T): Promise<T> {
  const t = await getTracing();
  return t?.tracer.isTracingEnabled() ? t.tracer.captureAWSv3Client(client) : client;
}

/** Tests: forget the instances so the next use reads the environment again. */
export function resetObservabilityForTests(): void {
  tools = undefined;
  tracing = undefined;
}

type AnyRequest = Request<unknown, unknown, Error>;

/**
 * The middy middleware every function uses: the Lambda context in each log line (request id,
 * function name, cold start), the invocation traced when the stage traces AWS calls, and the
 * metrics flushed after each invocation (with a cold-start metric). Use it FIRST so its
 * after/onError run last, once the response is known.
 */
export function observe<TEvent, TResult>(): MiddlewareObj<TEvent, TResult, Error> {
  let inner: MiddlewareObj<unknown, unknown, Error>[] | undefined;
  const parts = async () => {
    if (inner) return inner;
    const { logger: l, metrics } = get();
    const t = await getTracing();
    inner = [
      injectLambdaContext(l, { resetKeys: true }),
      ...(t ? [t.handlerMiddleware] : []),
      logMetrics(metrics, { captureColdStartMetric: true }),
    ] as MiddlewareObj<unknown, unknown, Error>[];
    return inner;
  };
  const run = async (phase: 'before' | 'after' | 'onError', request: AnyRequest) => {
    const list = phase === 'before' ? await parts() : [...(await parts())].reverse();
    for (const m of list) await m[phase]?.(request);
  };
  return {
    before: (request) => run('before', request as AnyRequest),
    after: (request) => run('after', request as AnyRequest),
    onError: (request) => run('onError', request as AnyRequest),
  };
}
