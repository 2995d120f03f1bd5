import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGET_KB,
  buildLambdaBundles,
  type LambdaBundle,
  RENDER_BUNDLE_BUDGET_KB,
} from '../../scripts/bench/lambda-bundles';
import { buildWebIfStale } from '../../scripts/local/web-build';
import { API_AREAS } from '#shared/routes';

/**
 * The Lambda bundles exactly as the stack builds them (infra/constructs/app-function.ts options):
 * their size against the budget (deterministic, so asserted here), what each one may still import
 * at run time, and what it loads at cold start versus on first use. (Load times are a figure of
 * `npm run bench -- lambda`.)
 */
let dir: string;
let bundles: LambdaBundle[];

beforeAll(async () => {
  dir = mkdtempSync(join(process.cwd(), 'node_modules/.cache/bundles-test-'));
  // The render function carries the web build's render module and index.html (decision 054).
  await buildWebIfStale({ quiet: true });
  bundles = await buildLambdaBundles(dir);
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bundle = (name: string) => bundles.find((b) => b.name === name)!;

/** The bundle's imports left to the runtime, by kind. */
function imports(b: LambdaBundle, kind?: 'import-statement' | 'dynamic-import') {
  const out = new Set<string>();
  for (const output of Object.values(b.metafile.outputs))
    for (const imp of output.imports) if (imp.external && (!kind || imp.kind === kind)) out.add(imp.path);
  return [...out];
}

const isBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path.split('/')[0]);
const inputs = (b: LambdaBundle) => Object.values(b.metafile.outputs).flatMap((o) => Object.keys(o.inputs));

describe('Lambda bundles', () => {
  it(`stay within ${BUNDLE_BUDGET_KB} KB each, minified (decision 013's budget)`, () => {
    const over = bundles
      .filter((b) => b.name !== 'render' && b.bytes > BUNDLE_BUDGET_KB * 1024)
      .map((b) => `${b.name}: ${(b.bytes / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it(`give the render function its own ${RENDER_BUNDLE_BUDGET_KB} KB, its bundle with the server render module and index.html beside it (decision 054)`, () => {
    const render = bundle('render');
    console.log(
      `render function: handler bundle ${(render.bytes / 1024).toFixed(1)} KB, with the files beside it ${(render.totalBytes / 1024).toFixed(1)} KB`,
    );
    expect(render.totalBytes).toBeLessThanOrEqual(RENDER_BUNDLE_BUDGET_KB * 1024);
    // The handler's own bundle is the catalog's plus a little: the render module is not bundled twice.
    expect(render.bytes).toBeLessThanOrEqual(bundle('catalog').bytes + 20 * 1024);
  });

  it("carry no X-Ray SDK: the stages leave AWS calls untraced, Lambda's active tracing needs no code (decision 048)", () => {
    for (const b of bundles)
      expect(
        inputs(b).filter((i) =>
          /aws-xray-sdk|cls-hooked|@aws-lambda-powertools\/tracer|node_modules\/semver/.test(i),
        ),
        b.name,
      ).toEqual([]);
  });

  it('carry the tracer, loaded on the first invocation, when a stage traces AWS calls', async () => {
    const [traced] = await buildLambdaBundles(join(dir, 'traced'), {
      traceAwsCalls: true,
      only: ['catalog'],
    });
    expect(inputs(traced).filter((i) => i.includes('@aws-lambda-powertools/tracer/'))).not.toEqual([]);
    expect(inputs(traced).filter((i) => i.includes('aws-xray-sdk-core/'))).not.toEqual([]);
  });

  it("exist for every API area, the stream dispatcher, the photo job, the admin job runner, the rate job, the expiry job and the deploy's index maker", () => {
    expect(bundles.map((b) => b.name).sort()).toEqual(
      [
        ...API_AREAS,
        'stream',
        'photo-job',
        'admin-job',
        'rate-job',
        'expiry-job',
        'index-maker',
        'render',
      ].sort(),
    );
  });

  it('import nothing at run time but Node built-ins, the AWS SDK the runtime provides, and sharp where photos are drawn', () => {
    // sharp is installed beside the bundles that draw photos' sizes (decision 022), loaded on first use.
    const drawsPhotos = ['publishing', 'photo-job'];
    for (const b of bundles) {
      const foreign = imports(b).filter(
        (path) =>
          !isBuiltin(path) &&
          !path.startsWith('@aws-sdk/') &&
          !(
            drawsPhotos.includes(b.name) &&
            path === 'sharp' &&
            !imports(b, 'import-statement').includes(path)
          ),
      );
      // e.g. the embedded search engine (a local stand-in) must never be left for the runtime to find.
      expect(foreign, b.name).toEqual([]);
    }
  });

  it('carry zod/mini only (classic zod would keep every method in every bundle)', () => {
    for (const b of bundles) {
      expect(
        inputs(b).filter((i) => i.includes('zod/v4/classic')),
        b.name,
      ).toEqual([]);
    }
  });

  it('load only the DynamoDB clients at cold start; every other AWS client on first use', () => {
    // The index maker reaches OpenSearch over fetch alone (decision 060): no AWS client at all.
    expect(imports(bundle('index-maker')).filter((p) => !isBuiltin(p))).toEqual([]);
    for (const b of bundles.filter((x) => !['stream', 'photo-job', 'index-maker'].includes(x.name))) {
      expect(
        imports(b, 'import-statement')
          .filter((p) => !isBuiltin(p))
          .sort(),
        b.name,
      ).toEqual(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']);
    }
    expect(
      imports(bundle('accounts'), 'dynamic-import')
        .filter((p) => !isBuiltin(p))
        .sort(),
    ).toEqual([
      '@aws-sdk/client-cognito-identity-provider',
      '@aws-sdk/client-secrets-manager',
      '@aws-sdk/client-sesv2',
    ]);
    expect(
      imports(bundle('publishing'), 'dynamic-import')
        .filter((p) => !isBuiltin(p))
        .sort(),
    ).toEqual([
      '@aws-sdk/client-bedrock-runtime',
      // The caller's account at the pool, on a signed-in write (decision 043).
      '@aws-sdk/client-cognito-identity-provider',
      '@aws-sdk/client-s3',
      // The expiry reminder's links are verified with the signing secret (decision 030).
      '@aws-sdk/client-secrets-manager',
      '@aws-sdk/s3-presigned-post',
      'sharp',
    ]);
    // Questions: the comment model on the first question or answer, and the asker's account.
    expect(
      imports(bundle('questions'), 'dynamic-import')
        .filter((p) => !isBuiltin(p))
        .sort(),
    ).toEqual(['@aws-sdk/client-bedrock-runtime', '@aws-sdk/client-cognito-identity-provider']);
    expect(
      inputs(bundle('questions')).filter((i) => /adapters\/(cognito\/identity|mail\/|s3\/|search\/)/.test(i)),
    ).toEqual([]);
  });

  it('leave out what an area never touches: catalog and favorites reach neither Bedrock, SES nor S3, and the pool only for a signed-in write', () => {
    for (const name of ['catalog', 'favorites']) {
      expect(
        imports(bundle(name))
          .filter((p) => !isBuiltin(p))
          .sort(),
        name,
      ).toEqual([
        // The caller's account, on a signed-in write only (decision 043).
        '@aws-sdk/client-cognito-identity-provider',
        '@aws-sdk/client-dynamodb',
        // Favorites verifies the alert mails' unsubscribe links (decision 031): the secret's client.
        ...(name === 'favorites' ? ['@aws-sdk/client-secrets-manager'] : []),
        '@aws-sdk/lib-dynamodb',
      ]);
    }
    expect(imports(bundle('catalog'), 'dynamic-import')).toContain(
      '@aws-sdk/client-cognito-identity-provider',
    );
    // Nor do their bundles hold those adapters' code.
    for (const name of ['catalog', 'favorites'])
      expect(
        inputs(bundle(name)).filter((i) => /adapters\/(bedrock\/|cognito\/identity|mail\/|s3\/)/.test(i)),
        name,
      ).toEqual([]);
  });

  it('keep the embedded search engine (the local stand-in for OpenSearch) out of every bundle', () => {
    for (const b of bundles)
      expect(
        inputs(b).filter((i) => i.includes('adapters/search/embedded')),
        b.name,
      ).toEqual([]);
  });

  it('give the stream dispatcher the stream decoder and the DynamoDB clients (listing counts, mail requests) at cold start; Cognito, SES and Secrets Manager on first use', () => {
    // Mail requests (docs/decisions/014) store codes and reset links, look the address up and mail.
    expect(
      imports(bundle('stream'), 'import-statement')
        .filter((p) => !isBuiltin(p))
        .sort(),
    ).toEqual(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb']);
    // Question mails (docs/decisions/020) read the unsubscribe links' secret on their first mail.
    expect(
      imports(bundle('stream'), 'dynamic-import')
        .filter((p) => !isBuiltin(p))
        .sort(),
    ).toEqual([
      '@aws-sdk/client-cognito-identity-provider',
      '@aws-sdk/client-secrets-manager',
      '@aws-sdk/client-sesv2',
    ]);
    // Never the adapters of what the stream does not touch.
    expect(inputs(bundle('stream')).filter((i) => /adapters\/(bedrock|s3)\//.test(i))).toEqual([]);
  });
});
