import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import middy from '@middy/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../test/support/events';
import { METRICS_SERVICE } from './metric-names';
import { observe, resetObservabilityForTests, traced } from './observability';

/**
 * Tracing on (a stage with `traceAwsCalls`, docs/decisions/048): the function runs as in Lambda with
 * active tracing (a trace header in the environment, the X-Ray daemon's UDP address), and the
 * segments the X-Ray SDK sends are caught on a real UDP socket standing in for the daemon. The AWS
 * call goes to a local HTTP server answering as Secrets Manager. A file of its own: the X-Ray SDK
 * reads whether it runs in Lambda (LAMBDA_TASK_ROOT) and the daemon's address once, when first
 * loaded, so no other test may load it before these set the environment, and one daemon serves all.
 */
describe('observability with AWS calls traced (X-Ray subsegments sent to the daemon)', () => {
  const saved = { ...process.env };
  let daemon: Socket;
  let api: Server;
  let received: Record<string, unknown>[];

  beforeAll(async () => {
    daemon = createSocket('udp4');
    daemon.on('message', (msg) => {
      // Each datagram: a JSON header line, then the (sub)segment document.
      const [, body] = msg.toString('utf8').split('\n');
      if (body) received.push(JSON.parse(body) as Record<string, unknown>);
    });
    await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
    api = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify({
          ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:s',
          Name: 's',
          SecretString: 'x',
        }),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    daemon.close();
    await new Promise((resolve) => api.close(resolve));
  });

  beforeEach(() => {
    received = [];
    Object.assign(process.env, {
      POWERTOOLS_METRICS_DISABLED: 'true',
      LOG_LEVEL: 'silent',
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      AWS_LAMBDA_FUNCTION_NAME: 'api-publishing',
      LAMBDA_TASK_ROOT: '/var/task',
      _HANDLER: 'index.handler',
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${(daemon.address() as AddressInfo).port}`,
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
    });
    resetObservabilityForTests();
  });

  afterEach(() => {
    process.env = { ...saved };
    resetObservabilityForTests();
  });

  /** The invocation's trace header, as Lambda's active tracing sets it. */
  const invocationTrace = (root: string) => {
    process.env._X_AMZN_TRACE_ID = `Root=${root};Parent=53995c3f42cd8ad8;Sampled=1`;
  };

  const secretsClient = () =>
    new SecretsManagerClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });

  /** The handler's run and the segments the daemon got within a moment of it. */
  async function runTraced() {
    const handler = middy(async () => {
      const client = await traced(secretsClient());
      return (await client.send(new GetSecretValueCommand({ SecretId: 's' }))).SecretString;
    }).use(observe());
    const result = await handler({}, lambdaContext('api-publishing'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    return result;
  }

  it('sends the handler subsegment and one subsegment per AWS call, under the invocation trace, when the stage traces AWS calls', async () => {
    process.env.TRACE_AWS_CALLS = 'true';
    const traceId = '1-5759e988-bd862e3fe1be46a994272793';
    invocationTrace(traceId);
    expect(await runTraced()).toBe('x');
    const handlerSegment = received.find((s) => s.name === '## index.handler');
    expect(handlerSegment).toMatchObject({ trace_id: traceId, parent_id: '53995c3f42cd8ad8' });
    expect(handlerSegment?.annotations).toMatchObject({
      ColdStart: expect.any(Boolean),
      Service: METRICS_SERVICE,
    });
    // The AWS call, a child of the handler's subsegment: an operator sees which call took the time.
    expect(received.find((s) => s.name === 'SecretsManager')).toMatchObject({
      trace_id: traceId,
      parent_id: handlerSegment?.id,
      namespace: 'aws',
      aws: expect.objectContaining({ operation: 'GetSecretValue' }),
      http: { response: { status: 200 } },
    });
  });

  it("sends nothing to the daemon when the stage does not trace AWS calls (Lambda's active tracing alone)", async () => {
    process.env.TRACE_AWS_CALLS = 'false';
    invocationTrace('1-5759e988-0a1b2c3d4e5f60718293a4b5');
    expect(await runTraced()).toBe('x');
    expect(received).toEqual([]);
  });
});
