import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { ENV } from './env';

/**
 * One small structured JSON logger for every function: one line per entry on stdout/stderr, which
 * CloudWatch (and the local server's console) keep as they are.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

function threshold(): number {
  const raw = (process.env[ENV.logLevel] ?? 'info').toLowerCase();
  return raw in ORDER ? ORDER[raw as LogLevel] : ORDER.info;
}

/** Errors do not serialise to JSON by themselves: keep name, message and stack. */
function serialise(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  return out;
}

function write(level: Exclude<LogLevel, 'silent'>, message: string, fields: LogFields): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...serialise(fields) });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every entry. */
  child(fields: LogFields): Logger;
}

function make(base: LogFields): Logger {
  return {
    debug: (m, f = {}) => write('debug', m, { ...base, ...f }),
    info: (m, f = {}) => write('info', m, { ...base, ...f }),
    warn: (m, f = {}) => write('warn', m, { ...base, ...f }),
    error: (m, f = {}) => write('error', m, { ...base, ...f }),
    child: (f) => make({ ...base, ...f }),
  };
}

export const logger: Logger = make({});

/**
 * Middy middleware: one entry per invocation with the request id, the route (or function name),
 * the status and the latency. Place it FIRST in `.use()` so its onError runs after the error mapper
 * and sees the mapped status.
 */
export function requestLogger<TEvent, TResult>(name: string): MiddlewareObj<TEvent, TResult, Error, Context> {
  const started = new WeakMap<object, number>();
  const done = (request: {
    context: Context;
    response: TResult | null | undefined;
    error?: Error | null;
  }) => {
    const response = request.response;
    const status =
      typeof response === 'object' && response !== null && 'statusCode' in response
        ? (response as { statusCode: unknown }).statusCode
        : request.error
          ? 'error'
          : 'ok';
    const start = started.get(request) ?? Date.now();
    logger.info('request', {
      requestId: request.context?.awsRequestId,
      route: name,
      status,
      latencyMs: Date.now() - start,
    });
  };
  return {
    name: 'request-logger',
    before: (request) => {
      started.set(request, Date.now());
    },
    after: done,
    onError: done,
  };
}
