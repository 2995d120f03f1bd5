import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj, Request } from '@middy/core';
import { ENV } from './env';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from './metric-names';

/**
 * THE observability module of every function (Powertools for AWS Lambda): structured JSON logs
 * with the request id, CloudWatch metrics in embedded metric format (log lines, no API call), and
 * X-Ray traces of the handler and of each AWS SDK client. Handlers get all three through
 * `observe()`, one middy middleware.
 *
 * The three are made on first use, not at import, so whatever sets the environment (the local
 * stack, a test) can do so after importing a handler. Outside Lambda the tracer is off by itself
 * and the local stack turns metrics off (POWERTOOLS_METRICS_DISABLED).
 */
interface Tools {
  logger: Logger;
  metrics: Metrics;
  tracer: Tracer;
}

let tools: Tools | undefined;

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
    tracer: new Tracer({ serviceName: METRICS_SERVICE }),
  };
}

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

/** An AWS SDK v3 client whose calls appear as X-Ray subsegments when tracing is on (in Lambda). */
export function traced<T>(client: T): T {
  const { tracer } = get();
  return tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client;
}

/** Tests: forget the instances so the next use reads the environment again. */
export function resetObservabilityForTests(): void {
  tools = undefined;
}

type AnyRequest = Request<unknown, unknown, Error>;

/**
 * The middy middleware every function uses: the Lambda context in each log line (request id,
 * function name, cold start), the invocation traced, and the metrics flushed after each invocation
 * (with a cold-start metric). Use it FIRST so its after/onError run last, once the response is known.
 */
export function observe<TEvent, TResult>(): MiddlewareObj<TEvent, TResult, Error> {
  let inner: MiddlewareObj<unknown, unknown, Error>[] | undefined;
  const parts = () => {
    const { logger: l, metrics, tracer } = get();
    inner ??= [
      injectLambdaContext(l, { resetKeys: true }),
      captureLambdaHandler(tracer, { captureResponse: false }),
      logMetrics(metrics, { captureColdStartMetric: true }),
    ] as MiddlewareObj<unknown, unknown, Error>[];
    return inner;
  };
  const run = async (phase: 'before' | 'after' | 'onError', request: AnyRequest) => {
    const list = phase === 'before' ? parts() : [...parts()].reverse();
    for (const m of list) await m[phase]?.(request);
  };
  return {
    before: (request) => run('before', request as AnyRequest),
    after: (request) => run('after', request as AnyRequest),
    onError: (request) => run('onError', request as AnyRequest),
  };
}
