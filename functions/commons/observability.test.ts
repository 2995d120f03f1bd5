import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../../test/support/events';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from './metric-names';
import { countMetric, logger, observe, resetObservabilityForTests, sdkLogger } from './observability';

/** Every JSON line the function wrote to stdout while `run` ran. */
async function stdoutLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe('observability (Powertools logger, metrics, tracer through one middleware)', () => {
  const saved = { ...process.env };

  beforeEach(() => {
    // As in Lambda: metrics on, logs at info, a stage name.
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    process.env.LOG_LEVEL = 'info';
    process.env.APP_STAGE = 'test';
    resetObservabilityForTests();
  });

  afterEach(() => {
    process.env = { ...saved };
    resetObservabilityForTests();
  });

  it('flushes the counted business metrics as one EMF line per invocation, with service and stage', async () => {
    // Prepare
    const handler = middy(async () => {
      countMetric(METRIC.productsPublished);
      countMetric(METRIC.rateLimitsHit, 2);
      return 'ok';
    }).use(observe());
    // Act
    const lines = await stdoutLines(() => handler({}, lambdaContext('api-publishing')));
    // Assess
    const emf = lines.filter((l) => '_aws' in l);
    const published = emf.find((l) => METRIC.productsPublished in l);
    expect(published).toMatchObject({
      service: METRICS_SERVICE,
      stage: 'test',
      [METRIC.productsPublished]: 1,
      [METRIC.rateLimitsHit]: 2,
      _aws: {
        CloudWatchMetrics: [
          expect.objectContaining({
            Namespace: METRICS_NAMESPACE,
            Dimensions: [expect.arrayContaining(['service', 'stage'])],
          }),
        ],
      },
    });
  });

  it('writes structured log lines carrying the Lambda request id and the stage', async () => {
    const context = lambdaContext('api-catalog');
    const handler = middy(async () => {
      logger.info('search index failed; answering from DynamoDB', { error: 'timeout' });
    }).use(observe());
    const lines = await stdoutLines(() => handler({}, context));
    expect(lines.find((l) => l.message === 'search index failed; answering from DynamoDB')).toMatchObject({
      level: 'INFO',
      service: METRICS_SERVICE,
      stage: 'test',
      function_request_id: context.awsRequestId,
      error: 'timeout',
    });
  });

  it('keeps the log level it is given: nothing below it is written', async () => {
    process.env.LOG_LEVEL = 'warn';
    resetObservabilityForTests();
    const lines = await stdoutLines(async () => {
      logger.info('quiet');
      logger.debug('quieter');
    });
    expect(lines.filter((l) => l.message === 'quiet' || l.message === 'quieter')).toEqual([]);
  });
});

describe('the AWS SDK clients’ logger', () => {
  /** How many times the SDK masked a copy of a command's answer for its logger. */
  async function maskedCopies(logger?: typeof sdkLogger): Promise<number> {
    const answer = {
      handle: async () => ({
        response: {
          statusCode: 200,
          headers: { 'content-type': 'application/x-amz-json-1.0' },
          body: new TextEncoder().encode('{"TableNames":["t"]}'),
        },
      }),
    };
    const client = new DynamoDBClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      requestHandler: answer as never,
      ...(logger ? { logger } : {}),
    });
    let copies = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const mask = context.outputFilterSensitiveLog as (o: unknown) => unknown;
        context.outputFilterSensitiveLog = (output: unknown) => {
          copies += 1;
          return mask(output);
        };
        return next(args);
      },
      { step: 'initialize', name: 'countMaskedCopies' },
    );
    const { TableNames } = await client.send(new ListTablesCommand({}));
    expect(TableNames).toEqual(['t']);
    return copies;
  }

  it('spares the masked copy of every answer the default logger would drop', async () => {
    expect(await maskedCopies()).toBe(1);
    expect(await maskedCopies(sdkLogger)).toBe(0);
  });
});
