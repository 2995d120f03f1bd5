import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { TableAccess } from '../functions/adapters/dynamodb/client';
import { IMPORT_FILES, type ImportInput } from '../functions/services/publishing/product-import';

/**
 * Support of `npm run import`: reading an export folder, and finding the running local stack.
 *
 * Where the import (and other tools) find the running local stack: `npm start` writes
 * <dataDir>/local-stack.json (scripts/local/stack.ts) and removes it on stop.
 */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_DATA_DIR = join(ROOT, '.data');
export const LOCAL_STACK_FILE = 'local-stack.json';
export const NOT_RUNNING = 'Start the local stack first with npm start';

/** The fields of local-stack.json the tools need (the file carries more). */
export const localStackFileSchema = z.object({
  tableName: z.string().min(1),
  dynamodbEndpoint: z.url(),
  s3Endpoint: z.url(),
  imagesBucket: z.string().min(1),
  region: z.string().min(1).default('us-east-1'),
  pid: z.number().int().positive(),
});
export type LocalStackFile = z.infer<typeof localStackFileSchema>;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running local stack, or an Error whose message tells the user what to do. */
export function readLocalStack(dataDir = DEFAULT_DATA_DIR): LocalStackFile {
  const file = join(dataDir, LOCAL_STACK_FILE);
  if (!existsSync(file)) throw new Error(NOT_RUNNING);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${NOT_RUNNING} (${file} is not valid JSON)`);
  }
  const parsed = localStackFileSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${NOT_RUNNING} (${file} is not a local stack description)`);
  // A stack killed without cleanup leaves its file behind: only a live process counts.
  if (!isAlive(parsed.data.pid)) throw new Error(NOT_RUNNING);
  return parsed.data;
}

/** Reads one export file: it must be a JSON array (rows are validated one by one later). */
export function readExportFile(dir: string, file: string): unknown[] {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read ${path}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${path} is not valid JSON: ${(err as Error).message}`);
  }
  const rows = z.array(z.unknown()).safeParse(json);
  if (!rows.success) throw new Error(`${path} must hold a JSON array of rows`);
  return rows.data;
}

export function readExportDir(dir: string): ImportInput {
  return {
    universities: readExportFile(dir, IMPORT_FILES.universities),
    products: readExportFile(dir, IMPORT_FILES.products),
  };
}

/** The `TableName` output of the stage's CloudFormation stack (`Marketplace-<stage>`, infra/app.ts). */
export async function stageTableName(stage: string, region: string | undefined): Promise<string> {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const cfn = new CloudFormationClient(region ? { region } : {});
  try {
    const out = await cfn.send(new DescribeStacksCommand({ StackName: `Marketplace-${stage}` }));
    const name = out.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'TableName')?.OutputValue;
    if (!name) throw new Error(`Stack Marketplace-${stage} has no TableName output`);
    return name;
  } finally {
    cfn.destroy();
  }
}

/**
 * The table a command works on: a stage's on AWS with the default credentials (`stage`, its name
 * from the stack's output unless `table` names it), or the running local stack's (in `dataDir`).
 * `target` says which, for the command's output. The adapters load here, after the caller has set
 * the SDK's environment.
 */
export async function openTable(opts: {
  stage?: string;
  table?: string;
  region?: string;
  dataDir?: string;
}): Promise<{ table: TableAccess; target: string }> {
  const { createTableAccess } = await import('../functions/adapters/dynamodb/client');
  if (opts.stage) {
    const region = opts.region ?? process.env.AWS_REGION;
    const tableName = opts.table ?? (await stageTableName(opts.stage, region));
    return {
      table: createTableAccess({ tableName, region }),
      target: `table ${tableName} of stage ${opts.stage} (AWS)`,
    };
  }
  const stack = readLocalStack(opts.dataDir ? resolve(opts.dataDir) : undefined);
  return {
    table: createTableAccess({
      endpoint: stack.dynamodbEndpoint,
      tableName: stack.tableName,
      region: stack.region,
    }),
    target: `table ${stack.tableName} of the local stack (${stack.dynamodbEndpoint})`,
  };
}
