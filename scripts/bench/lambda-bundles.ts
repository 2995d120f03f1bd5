/**
 * The Lambda bundles as the CDK stack builds them (same esbuild options as infra/constructs/
 * app-function.ts: minified ESM for Node 24, the runtime's AWS SDK left out), and how long each takes
 * to load in a fresh Node process against a module that holds only the DynamoDB document client.
 * Used by `npm run bench` and by the infra tests that check what each bundle imports.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import {
  bundleDefine,
  ESM_REQUIRE_BANNER,
  PHOTO_NATIVE_MODULES,
  RUNTIME_PROVIDED_MODULES,
} from '../../infra/constructs/app-function';
import { API_AREAS, areaSettings } from '#shared/routes';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Every bundle's budget, minified (decision 013): checked by test/infra/lambda-bundles.test.ts
 * (sizes are deterministic) and printed by `npm run bench -- lambda`.
 */
export const BUNDLE_BUDGET_KB = 300;

/**
 * The render function's budget (decision 054), its bundle and the files beside it: the server
 * render's module is React's server renderer, the router, the app's screens and the catalog's
 * code, minified by Vite's SSR build. Measured: 1,653 KB (handler 244 KB, render.mjs 1,408 KB,
 * index.html 2 KB; 3,201 KB before the SSR build was minified); the budget leaves ~12 %.
 */
export const RENDER_BUNDLE_BUDGET_KB = 1_850;

/** The files the render function carries beside its bundle (infra/constructs/render.ts). */
export const RENDER_BESIDE_BUNDLE = [
  join(ROOT, 'web', 'dist-ssr', 'render.mjs'),
  join(ROOT, 'web', 'dist', 'index.html'),
];

export interface LambdaBundle {
  /** 'catalog', 'accounts', … or 'stream'. */
  name: string;
  entry: string;
  file: string;
  bytes: number;
  /** With the files beside it (the render function's), in bytes. */
  totalBytes: number;
  /** Modules the bundle still imports (Node built-ins and the runtime's SDK). */
  externals: string[];
  metafile: Metafile;
}

/**
 * Every Lambda entry of the stack: one per API area, the stream dispatcher, the photo job, the
 * admin's job runner, the rate and expiry jobs, the deploy's index maker and the render function, with
 * the native packages installed beside the bundle (as the stack does).
 */
export function lambdaEntries(): {
  name: string;
  entry: string;
  native: readonly string[];
  beside?: readonly string[];
}[] {
  return [
    ...API_AREAS.map((area) => ({
      name: area,
      entry: join(ROOT, 'functions/app/areas', `${area}.ts`),
      native: areaSettings(area).uses.images ? PHOTO_NATIVE_MODULES : [],
    })),
    { name: 'stream', entry: join(ROOT, 'functions/app/stream.ts'), native: [] },
    {
      name: 'photo-job',
      entry: join(ROOT, 'functions/app/jobs/photo-variants.ts'),
      native: PHOTO_NATIVE_MODULES,
    },
    { name: 'admin-job', entry: join(ROOT, 'functions/app/jobs/admin-jobs.ts'), native: [] },
    { name: 'rate-job', entry: join(ROOT, 'functions/app/jobs/exchange-rate.ts'), native: [] },
    { name: 'expiry-job', entry: join(ROOT, 'functions/app/jobs/listing-expiry.ts'), native: [] },
    // The deploy's custom resource that makes the search indexes (decision 060).
    { name: 'index-maker', entry: join(ROOT, 'functions/app/jobs/search-indexes.ts'), native: [] },
    // The server render behind CloudFront, with Vite's render module and index.html beside it.
    {
      name: 'render',
      entry: join(ROOT, 'functions/app/render.ts'),
      native: [],
      beside: RENDER_BESIDE_BUNDLE,
    },
  ];
}

async function bundle(
  name: string,
  entry: string,
  outDir: string,
  native: readonly string[] = [],
  traceAwsCalls = false,
  beside: readonly string[] = [],
): Promise<LambdaBundle> {
  // A bundle with files beside it in a folder of its own, as Lambda unpacks it.
  const dir = beside.length > 0 ? join(outDir, name) : outDir;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, beside.length > 0 ? 'index.mjs' : `${name}.mjs`);
  const result = await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    external: [...RUNTIME_PROVIDED_MODULES, ...native],
    banner: { js: ESM_REQUIRE_BANNER },
    define: bundleDefine(traceAwsCalls),
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  });
  for (const extra of beside) copyFileSync(extra, join(dir, basename(extra)));
  const externals = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const imp of output.imports) if (imp.external) externals.add(imp.path);
  return {
    name,
    entry,
    file,
    bytes: statSync(file).size,
    totalBytes: statSync(file).size + beside.reduce((sum, f) => sum + statSync(f).size, 0),
    externals: [...externals].sort(),
    metafile: result.metafile,
  };
}

/**
 * Builds every Lambda bundle into `outDir` (node_modules/.cache/lambda-bundles by default), as the
 * stages build them (AWS calls untraced, the default), or with `traceAwsCalls` as a stage that
 * turns it on (decision 048).
 */
export async function buildLambdaBundles(
  outDir = join(ROOT, 'node_modules/.cache/lambda-bundles'),
  { traceAwsCalls = false, only }: { traceAwsCalls?: boolean; only?: readonly string[] } = {},
): Promise<LambdaBundle[]> {
  mkdirSync(outDir, { recursive: true });
  const out: LambdaBundle[] = [];
  for (const { name, entry, native, beside } of lambdaEntries())
    if (!only || only.includes(name))
      out.push(await bundle(name, entry, outDir, native, traceAwsCalls, beside));
  return out;
}

/** The yardstick of load times: a module holding only the DynamoDB document client. */
export async function buildBaselineBundle(outDir: string): Promise<string> {
  const entry = join(outDir, 'baseline-entry.ts');
  writeFileSync(
    entry,
    [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
      'export const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
      '',
    ].join('\n'),
  );
  return (await bundle('baseline-dynamodb', entry, outDir)).file;
}

/**
 * Milliseconds to import `file` in a fresh Node process (its own measure around `import()`, so
 * process start-up is not counted), one sample per process. A bundle in a folder of its own
 * (`index.mjs`, the render function's) counts the modules beside it too: it starts importing them
 * at init without awaiting them, and a cold start waits for both.
 */
export function loadTimeMs(file: string): number {
  const beside =
    basename(file) === 'index.mjs'
      ? readdirSync(dirname(file)).filter((f) => f.endsWith('.mjs') && f !== 'index.mjs')
      : [];
  const imports = [file, ...beside.map((f) => join(dirname(file), f))]
    .map((f) => `await import(${JSON.stringify(`file://${f}`)});`)
    .join('');
  const script = `const t=performance.now();${imports}process.stdout.write(String(performance.now()-t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_REGION: 'us-east-1',
      NODE_PATH: join(ROOT, 'node_modules'),
    },
    encoding: 'utf8',
  });
  return Number(out);
}

/** The bundles' files in `dir` (for reuse by a later step without rebuilding). */
export function bundleFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.mjs'));
}
