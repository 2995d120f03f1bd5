import { createServer } from 'node:net';

/** A TCP port that is free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

/**
 * THE ports of `npm start` (docs/decisions/050): each local part on a port of its own that stays
 * the same from one start to the next, so what names a port survives a restart — above all the
 * token issuer, `http://127.0.0.1:<cognito-local's port>/<pool id>`, which every signed-in user's
 * tokens carry and the functions check (TOKEN_ISSUER); the proxy's port is the endpoint the open
 * tabs refresh their sessions through. Each default can be changed with its variable (e.g.
 * `LOCAL_COGNITO_PORT=3202 npm start`). Tests and benchmarks start many stacks at once and take free
 * ports the OS picks instead (startLocalStack without `stablePorts`).
 *
 * | part            | variable                 | default |
 * | --------------- | ------------------------ | ------- |
 * | web origin      | PORT                     | 3000    |
 * | DynamoDB Local  | LOCAL_DYNAMODB_PORT      | 3101    |
 * | cognito-local   | LOCAL_COGNITO_PORT       | 3102    |
 * | cognito proxy   | LOCAL_COGNITO_PROXY_PORT | 3103    |
 * | SES emulator    | LOCAL_SES_PORT           | 3104    |
 * | s3rver          | LOCAL_S3_PORT            | 3105    |
 * | OpenSearch      | LOCAL_OPENSEARCH_PORT    | 3106    |
 * | hosted UI       | LOCAL_HOSTED_UI_PORT     | 3107    |
 */
export const LOCAL_PORTS = {
  web: { part: 'the web origin', variable: 'PORT', port: 3000 },
  dynamodb: { part: 'DynamoDB Local', variable: 'LOCAL_DYNAMODB_PORT', port: 3101 },
  cognito: { part: 'cognito-local', variable: 'LOCAL_COGNITO_PORT', port: 3102 },
  cognitoProxy: { part: 'the cognito proxy', variable: 'LOCAL_COGNITO_PROXY_PORT', port: 3103 },
  ses: { part: 'the SES emulator', variable: 'LOCAL_SES_PORT', port: 3104 },
  s3: { part: 's3rver', variable: 'LOCAL_S3_PORT', port: 3105 },
  opensearch: { part: 'OpenSearch', variable: 'LOCAL_OPENSEARCH_PORT', port: 3106 },
  hostedUi: { part: 'the local hosted UI', variable: 'LOCAL_HOSTED_UI_PORT', port: 3107 },
} as const;

export type LocalPortName = keyof typeof LOCAL_PORTS;
export type LocalPorts = Record<LocalPortName, number>;

/** A port variable's value that is not a port. */
export class PortSettingError extends Error {
  override name = 'PortSettingError';
}

/** The stable port of each part: its variable when set, else its default. */
export function stablePorts(env: NodeJS.ProcessEnv = process.env): LocalPorts {
  const ports = {} as LocalPorts;
  for (const [name, spec] of Object.entries(LOCAL_PORTS) as [
    LocalPortName,
    (typeof LOCAL_PORTS)[LocalPortName],
  ][]) {
    const raw = env[spec.variable]?.trim();
    if (!raw) {
      ports[name] = spec.port;
      continue;
    }
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new PortSettingError(`${spec.variable} must be a port number from 1 to 65535 (found '${raw}').`);
    ports[name] = port;
  }
  return ports;
}

/** True when nothing listens on `port` of `host` (no host: every interface, as the origin binds). */
export function portIsFree(port: number, host?: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, host, () => probe.close(() => done(true)));
  });
}

/**
 * The message of a start refused because ports are taken: each line names the part, its port and
 * the variable that moves it.
 */
export function portsTakenMessage(taken: readonly LocalPortName[], ports: Partial<LocalPorts>): string {
  return taken
    .map((name) => {
      const spec = LOCAL_PORTS[name];
      return `Port ${ports[name]} of ${spec.part} is in use: stop what uses it, or set ${spec.variable} to another port.`;
    })
    .join('\n');
}
