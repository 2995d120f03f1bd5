import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, AssetStaging, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceStack } from '../../infra/stack';
import { stages } from '../../infra/stages';
import { CACHE_CONTROL } from '#shared/web-delivery';
import { MANIFEST_FILE, SERVICE_WORKER_FILE } from '../../web/pwa-plugin';
import { stubFunctions } from '../support/function-stubs';

/**
 * CloudFront and S3 serve the installable app's files as the local origin does (decision 023): the
 * worker and the manifest revalidated on every load and invalidated on deploy, the manifest with its
 * own content type, the icons' folder invalidated as a whole, and a CSP that names the worker and
 * manifest sources (self only).
 */
type Resource = { Type: string; Properties: Record<string, unknown> };

let work: string;
let stack: Stack;
let template: Template;

beforeAll(() => {
  // Under the project root: NodejsFunction refuses entries outside it.
  mkdirSync('node_modules/.cache', { recursive: true });
  work = mkdtempSync(join(process.cwd(), 'node_modules/.cache/infra-pwa-'));
  const functionsDir = join(work, 'app');
  const dist = join(work, 'dist');
  stubFunctions(functionsDir);
  for (const dir of ['assets', 'images', 'icons']) mkdirSync(join(dist, dir), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(dist, SERVICE_WORKER_FILE), '(function(){})();');
  writeFileSync(join(dist, MANIFEST_FILE), '{"name":"Mercado Universitario"}');
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new MarketplaceStack(app, 'Marketplace-pwa', {
    stage: stages.dev,
    functionsDir,
    webDistPath: dist,
  });
  template = Template.fromStack(stack);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const deployments = () =>
  Object.entries(template.toJSON().Resources as Record<string, Resource>)
    .filter(([, r]) => r.Type === 'Custom::CDKBucketDeployment')
    .map(([id, r]) => ({ id, ...r.Properties }) as Record<string, unknown> & { id: string });

const stagedFiles = (constructPath: string) => {
  const staging = stack.node
    .findAll()
    .find((c): c is AssetStaging => c instanceof AssetStaging && c.node.path.includes(constructPath));
  if (!staging) throw new Error(`no asset under ${constructPath}`);
  return readdirSync(staging.absoluteStagedPath).sort();
};

describe('the installable app on CloudFront', () => {
  it('deploys /sw.js and the icons no-cache with the shell, invalidating the worker and the whole icons folder', () => {
    expect(stagedFiles('/Web/DeployShell/Asset1')).toEqual(['icons', 'index.html', SERVICE_WORKER_FILE]);
    const shell = deployments().find((d) => d.id.startsWith('WebDeployShell'));
    expect(shell).toMatchObject({
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/icons/*', '/index.html', `/${SERVICE_WORKER_FILE}`, '/runtime-config.json'],
    });
  });

  it('deploys the manifest alone, no-cache, as application/manifest+json, and invalidates it', () => {
    expect(stagedFiles('/Web/DeployManifest/Asset1')).toEqual([MANIFEST_FILE]);
    const manifest = deployments().find((d) => d.id.startsWith('WebDeployManifest'));
    expect(manifest).toMatchObject({
      SystemMetadata: { 'cache-control': 'no-cache', 'content-type': 'application/manifest+json' },
      DistributionPaths: [`/${MANIFEST_FILE}`],
      Prune: false,
    });
  });

  it("names the worker and manifest sources in the CSP, 'self' only", () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(
      (policy.Properties.ResponseHeadersPolicyConfig as Record<string, Record<string, unknown>>)
        .SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain("manifest-src 'self';");
    expect(csp).not.toMatch(/worker-src [^;]*(https:|blob:|\*)/);
  });
});

/** CloudFront's managed CachingOptimized policy: gzip and brotli enabled, so the behaviour compresses. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

describe("the site's files on CloudFront travel as the local origin sends them (shared/web-delivery.ts)", () => {
  const behaviours = () => {
    const [dist] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const config = dist.Properties.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: (Record<string, unknown> & { PathPattern: string })[];
    };
    return {
      site: config.DefaultCacheBehavior,
      images: config.CacheBehaviors.find((b) => b.PathPattern === '/images/*'),
    };
  };

  it('compresses the site and /images/* (gzip and brotli by the cache policy)', () => {
    const { site, images } = behaviours();
    for (const b of [site, images])
      expect(b).toMatchObject({ Compress: true, CachePolicyId: CACHING_OPTIMIZED });
  });

  it('stamps the hashed assets immutable and the app pictures a day, as the local origin serves them', () => {
    const byId = (prefix: string) => deployments().find((d) => d.id.startsWith(prefix));
    expect(byId('WebDeployAssets')).toMatchObject({
      SystemMetadata: { 'cache-control': CACHE_CONTROL.hashedAsset },
    });
    expect(byId('WebDeployStaticImages')).toMatchObject({
      SystemMetadata: { 'cache-control': CACHE_CONTROL.image },
    });
    expect(byId('WebDeployShell')).toMatchObject({
      SystemMetadata: { 'cache-control': CACHE_CONTROL.revalidate },
    });
  });
});
