import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import type { HttpApiEvent } from '../../functions/http/api-event';
import { buildPath, type RouteDef, type RouteName, routes } from '#shared/routes';
import { idTokenFor } from './callers';

/**
 * Builds the API Gateway HTTP API payload-v2 event a route's Lambda receives, as the local server
 * and API Gateway do: repeated query keys comma-joined; a signed-in caller's claims travel as a
 * real ID token in the Authorization header, which the router verifies (support/callers.ts).
 */
export interface EventOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string is sent as it is (e.g. malformed JSON). */
  body?: unknown;
  base64?: boolean;
  /** The caller's token claims (an ID token of the test pool is signed with them). */
  claims?: Record<string, string | number | boolean | string[]>;
  headers?: Record<string, string>;
  /**
   * The Idempotency-Key of a route marked `idempotent` (decision 041). @default a new key per
   * event, as a client that does not retry sends; null sends none.
   */
  idempotencyKey?: string | null;
  /** The connection's address (requestContext.http.sourceIp). @default one address per test file */
  sourceIp?: string;
}

const octet = () => 1 + Math.floor(Math.random() * 250);
/**
 * This test file's client address: per-client limits (the public mail routes') of one file never
 * reach another's, which may run within the same hour against the same table.
 */
const FILE_CLIENT = `10.${octet()}.${octet()}.${octet()}`;

export function apiEvent(routeName: RouteName, opts: EventOptions = {}): HttpApiEvent {
  const route: RouteDef = routes[routeName];
  const rawPath = buildPath(route.path, opts.params ?? {});
  const queryStringParameters: Record<string, string> = {};
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    const values = Array.isArray(v) ? v : [v];
    for (const value of values) search.append(k, value);
    queryStringParameters[k] = values.join(',');
  }
  const pathParameters: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.params ?? {})) pathParameters[k] = String(v);
  const bodyText =
    opts.body === undefined
      ? undefined
      : typeof opts.body === 'string'
        ? opts.body
        : JSON.stringify(opts.body);
  const now = new Date();
  const authorization = opts.claims ? { authorization: `Bearer ${idTokenFor(opts.claims)}` } : {};
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString: search.toString(),
    headers: {
      'content-type': 'application/json',
      ...authorization,
      ...(route.idempotent && opts.idempotencyKey !== null
        ? { [IDEMPOTENCY_KEY_HEADER]: opts.idempotencyKey ?? randomUUID() }
        : {}),
      ...(opts.headers ?? {}),
    },
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: opts.sourceIp ?? FILE_CLIENT,
        userAgent: 'vitest',
      },
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(bodyText !== undefined
      ? {
          body: opts.base64 ? Buffer.from(bodyText).toString('base64') : bodyText,
          isBase64Encoded: !!opts.base64,
        }
      : { isBase64Encoded: false }),
  };
}

export function lambdaContext(name = 'test'): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: `aws-${Math.random().toString(36).slice(2)}`,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Invokes an HTTP handler and parses its JSON body. */
export async function invoke(
  handler: (
    event: HttpApiEvent,
    context: Context,
  ) => Promise<{ statusCode: number; headers: Record<string, string>; body?: string }>,
  event: HttpApiEvent,
): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const res = await handler(event, lambdaContext());
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined };
}

/** A hand-built Lambda stream record of an item, as DynamoDB Streams delivers it to the dispatcher. */
export function streamRecord(
  seq: string,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  image: Record<string, unknown>,
  /** A MODIFY's image before the change (NEW_AND_OLD_IMAGES); none: a record without it. */
  oldImage?: Record<string, unknown>,
): DynamoDBRecord {
  const k = { pk: image.pk, sk: image.sk };
  return {
    eventID: `ev-${seq}`,
    eventName,
    eventSource: 'aws:dynamodb',
    eventVersion: '1.1',
    awsRegion: 'us-east-1',
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/x',
    dynamodb: {
      SequenceNumber: seq,
      Keys: marshall(k) as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(eventName === 'REMOVE'
        ? { OldImage: marshall(image) as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'] }
        : {
            NewImage: marshall(image, { removeUndefinedValues: true }) as NonNullable<
              DynamoDBRecord['dynamodb']
            >['NewImage'],
            ...(oldImage
              ? {
                  OldImage: marshall(oldImage, { removeUndefinedValues: true }) as NonNullable<
                    DynamoDBRecord['dynamodb']
                  >['OldImage'],
                }
              : {}),
          }),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}
