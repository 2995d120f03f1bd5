import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, AssetStaging, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/commons/env';
import { PayloadTooLargeError } from '../../functions/commons/errors';
import { errorResponse } from '../../functions/http/router';
import { NOTIFICATION_SWEEP_EVENT } from '../../functions/stream/sweep-event';
import {
  type FilterPattern,
  passesFilters,
  STREAM_BATCH_SIZE,
  STREAM_BATCHING_WINDOW_S,
} from '../../functions/stream/filter';
import { renderPathCode } from '../../infra/constructs/render-path';
import { SPA_FALLBACK_CODE } from '../../infra/constructs/spa-fallback';
import { BUILD_ONLY_DIR, RENDER_FAILOVER_CODES } from '../../infra/constructs/web';
import { RENDER_WARM_MINUTES } from '../../infra/constructs/render';
import { RENDER_WARM_EVENT } from '../../functions/http/render-handler';
import { VIEWER_ADDRESS_CODE } from '../../infra/constructs/viewer-address';
import { VIEWER_ADDRESS_HEADER } from '../../functions/http/client-ip';
import { MarketplaceStack } from '../../infra/stack';
import { type StageConfig, stageConfig, stages } from '../../infra/stages';
import type { ApiRouteDef } from '../../infra/constructs/api';
import { CALLER_GROUP_ACTIONS, IDENTITY_ACTIONS, ROLE_ACTIONS } from '../../infra/constructs/auth';
import { type CfnLintRun, startCfnLint } from '../support/cfn-lint';
import { AUTH_CONFIG } from '#shared/auth-config';
import { LIMITS } from '#shared/limits';
import { API_AREAS, type ApiArea, type RouteUses, routeList, UNMATCHED_ROUTES_AREA } from '#shared/routes';
import {
  cloudFrontPatternsOf,
  RENDER_ORIGIN_HEADER,
  RENDER_PATH_HEADER,
  RENDER_QUERY_KEYS,
  RENDERED_PAGES,
  shellPages,
  shellFiles,
  shellLocations,
  UNIVERSITY_COOKIE,
} from '#shared/pages';
import { runtimeConfigSchema } from '#shared/runtime-config';
import { securityHeaders } from '#shared/security-headers';
import { INDEX_LIST, KEY, STREAM_VIEW, TTL_ATTRIBUTE } from '#shared/table';
import { stubFunctions } from '../support/function-stubs';

// Managed CloudFront policy ids (fixed by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

let work: string;
let functionsDir: string;
let webDist: string;

/** Synthesises one stage without bundling; handler stubs keep the test independent of functions/. */
function build(
  stage: StageConfig,
  opts: {
    webDist?: boolean;
    routes?: readonly ApiRouteDef[];
    env?: { account: string; region: string };
  } = {},
) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new MarketplaceStack(app, `Marketplace-${stage.name}`, {
    stage,
    env: opts.env,
    functionsDir,
    webDistPath: opts.webDist ? webDist : join(work, 'no-web-build'),
    routes: opts.routes,
  });
  const template = Template.fromStack(stack);
  return { app, stack, template, resources: template.toJSON().Resources as Record<string, Resource> };
}

const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/**
 * Flattens an Fn::Join of literals, Refs and GetAtts into one string (`<AWS::Region>` for a Ref,
 * `<Logical.Attr>` for a GetAtt).
 */
function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { 'Fn::Join'?: [string, unknown[]]; Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (v.Ref) return `<${v.Ref}>`;
  if (v['Fn::GetAtt']) return `<${v['Fn::GetAtt'].join('.')}>`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(joined).join(v['Fn::Join'][0]);
  throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
}

let dev: ReturnType<typeof build>;
let prod: ReturnType<typeof build>;
let custom: ReturnType<typeof build>;
/** A stage with Google sign-in and an SES configuration set. */
let google: ReturnType<typeof build>;
const googleStage: StageConfig = {
  ...stages.dev,
  name: 'google',
  google: {
    clientId: 'google-client-id',
    clientSecretName: 'marketplace/google',
    domainPrefix: 'mercado-google',
  },
  mail: { identity: stages.dev.mail.identity, configurationSet: 'marketplace-mail' },
};
const customDomain: StageConfig['domain'] = {
  domainName: 'mercado.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000',
};
/** The route table plus signed-in and admin routes, so the caller checks bite before such routes exist. */
let guarded: ReturnType<typeof build>;
/** cfn-lint over the stages' templates, started once they are built. */
let lint: CfnLintRun;
const extraRoutes: ApiRouteDef[] = [
  {
    name: 'testMine',
    area: 'favorites',
    method: 'GET',
    path: '/api/test/mine',
    auth: 'user',
    response: routeList[0].response,
  },
  {
    name: 'testAdmin',
    area: 'catalog',
    method: 'DELETE',
    path: '/api/test/admin/{id}',
    auth: 'admin',
    response: routeList[0].response,
  },
  {
    name: 'testSuperAdmin',
    area: 'catalog',
    method: 'POST',
    path: '/api/test/admin/roles',
    auth: 'super_admin',
    response: routeList[0].response,
  },
];

/** The flags an area's routes set, worked out here from the table (not by the code under test). */
const areaUses = (area: ApiArea, flag: keyof RouteUses) =>
  routeList.some((r) => r.area === area && r.uses?.[flag] === true);
/** An area with a write made as a signed-in caller (its router confirms the account at the pool). */
const confirmsCallers = (area: ApiArea) =>
  routeList.some(
    (r) => r.area === area && (r.auth !== 'public' || r.identity === 'optional') && r.method !== 'GET',
  );

/** The function serving an API area, found by its description. */
function areaFunction(built: ReturnType<typeof build>, area: ApiArea) {
  const found = ofType(built.resources, 'AWS::Lambda::Function').filter(([, f]) =>
    String(f.Properties.Description).startsWith(`API area ${area}:`),
  );
  expect(found, area).toHaveLength(1);
  return found[0];
}

/** The environment and IAM statements of an API area's function. */
function areaGrants(built: ReturnType<typeof build>, area: ApiArea) {
  return grantsOf(built, areaFunction(built, area));
}
function grantsOf(built: ReturnType<typeof build>, [logicalId, fn]: [string, Resource]) {
  const roleId = logicalId.replace(/[0-9A-F]{8}$/, 'Role');
  const policy = ofType(built.resources, 'AWS::IAM::Policy').find(([id]) => id.startsWith(roleId));
  type Statement = { Action: string | string[]; Resource: unknown };
  return {
    env: (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables,
    statements: policy ? (policy[1].Properties.PolicyDocument as { Statement: Statement[] }).Statement : [],
  };
}
const actionsOf = <T extends { Action: string | string[] }>(statements: T[], prefix: string): T[] =>
  statements.filter((st) => [st.Action].flat().some((a) => a.startsWith(prefix)));

beforeAll(() => {
  // Under the project root: NodejsFunction refuses entries outside it.
  mkdirSync('node_modules/.cache', { recursive: true });
  work = mkdtempSync(join(process.cwd(), 'node_modules/.cache/infra-test-'));
  functionsDir = join(work, 'app');
  webDist = join(work, 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(join(webDist, 'images'), { recursive: true });
  writeFileSync(join(webDist, 'images', 'default-product.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  stubFunctions(functionsDir);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
  // Vite's build manifest, as the client build writes it: build input only (decision 054).
  mkdirSync(join(webDist, BUILD_ONLY_DIR), { recursive: true });
  writeFileSync(
    join(webDist, BUILD_ONLY_DIR, 'manifest.json'),
    '{"index.html":{"file":"assets/app-abc123.js"}}',
  );
  dev = build(stages.dev);
  prod = build(stages.prod);
  custom = build(
    { ...stages.prod, name: 'custom', domain: customDomain },
    // An environment-bound stack, as `cdk synth` makes with a default region.
    { webDist: true, env: { account: '111111111111', region: 'us-east-1' } },
  );
  guarded = build({ ...stages.dev, name: 'guarded' }, { routes: [...routeList, ...extraRoutes] });
  google = build(googleStage);
  // cfn-lint takes seconds a template: the stages and one with every optional part a stage may
  // switch on (custom domain, Google sign-in, SES configuration set), linted in the background.
  const options = build(
    {
      ...stages.prod,
      name: 'options',
      domain: customDomain,
      google: googleStage.google,
      mail: { ...stages.prod.mail, configurationSet: 'marketplace-mail' },
    },
    { webDist: true },
  );
  // us-east-1: prod's pinned region, where dev deploys too from the project's credentials.
  lint = startCfnLint(
    { dev: dev.template.toJSON(), prod: prod.template.toJSON(), options: options.template.toJSON() },
    ['us-east-1'],
  );
  // Six syntheses take a few seconds alone, longer on a busy machine.
}, 120_000);

afterAll(() => {
  lint?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('stages', () => {
  it('rejects an unknown stage with the known names', () => {
    expect(() => stageConfig('qa')).toThrow('Unknown stage "qa". Known stages: dev, prod');
    expect(stageConfig('prod')).toBe(stages.prod);
  });
});

describe('table', () => {
  it('has the keys and every index of shared/table.ts, the stream, TTL, PITR and encryption', () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: KEY.pk, KeyType: 'HASH' },
        { AttributeName: KEY.sk, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamViewType: STREAM_VIEW },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: INDEX_LIST.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.pk, KeyType: 'HASH' },
          { AttributeName: index.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('is protected and retained in prod, disposable in dev', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    prod.template.hasResource('AWS::OpenSearchService::Domain', { DeletionPolicy: 'Retain' });
    for (const [, bucket] of ofType(prod.resources, 'AWS::S3::Bucket'))
      expect(bucket.DeletionPolicy).toBe('Retain');
    dev.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('search', () => {
  it("filters the count items' own changes out of the stream mapping, keeping every handled entity's", () => {
    const [[, mapping]] = ofType(dev.resources, 'AWS::Lambda::EventSourceMapping');
    const props = mapping.Properties as {
      BatchSize: number;
      MaximumBatchingWindowInSeconds: number;
      FilterCriteria: { Filters: { Pattern: string }[] };
    };
    expect(props.BatchSize).toBe(STREAM_BATCH_SIZE);
    expect(props.MaximumBatchingWindowInSeconds).toBe(STREAM_BATCHING_WINDOW_S);
    const patterns = props.FilterCriteria.Filters.map((f) => JSON.parse(f.Pattern) as FilterPattern);
    const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', image: Record<string, string>) => {
      const attrs = Object.fromEntries(Object.entries(image).map(([k, v]) => [k, { S: v }]));
      return {
        eventName,
        dynamodb: eventName === 'REMOVE' ? { OldImage: attrs } : { NewImage: attrs, OldImage: attrs },
      };
    };
    const passes = (r: ReturnType<typeof record>) => passesFilters(r as never, patterns);
    // What a new listing's batch rewrites: the counts and the product's count marker — dropped.
    expect(passes(record('MODIFY', { pk: 'COUNT#GLOBAL', sk: 'COUNT', entity: 'count' }))).toBe(false);
    expect(
      passes(record('INSERT', { pk: 'COUNTMEMBER#P#1', sk: 'COUNTMEMBER', entity: 'countMember' })),
    ).toBe(false);
    expect(
      passes(record('REMOVE', { pk: 'COUNTMEMBER#P#1', sk: 'COUNTMEMBER', entity: 'countMember' })),
    ).toBe(false);
    // The product itself, its removal, a saved search, an item from before `entity`: kept.
    expect(passes(record('INSERT', { pk: 'PRODUCT#1', sk: 'PRODUCT', entity: 'product' }))).toBe(true);
    expect(passes(record('REMOVE', { pk: 'PRODUCT#1', sk: 'PRODUCT', entity: 'product' }))).toBe(true);
    expect(passes(record('MODIFY', { pk: 'USER#u', sk: 'SEARCH#s', entity: 'savedSearch' }))).toBe(true);
    expect(passes(record('MODIFY', { pk: 'PRODUCT#2', sk: 'PRODUCT' }))).toBe(true);
    expect(passes(record('REMOVE', { pk: 'PRODUCT#2', sk: 'PRODUCT' }))).toBe(true);
  });

  it('feeds the indexer from the stream with partial failures, bisect, bounded retries and a failure queue', () => {
    dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataTable'), 'StreamArn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: stages.dev.streamMaxRecordAge.toSeconds(),
      DestinationConfig: {
        OnFailure: {
          Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^StreamFailures'), 'Arn'] },
        },
      },
    });
    dev.template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    dev.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ],
      },
    });
  });

  it('is an encrypted HTTPS-only domain whose policy names only the stream dispatcher and the searching areas', () => {
    const searchAreas = API_AREAS.filter((a) => areaUses(a, 'search'));
    expect(searchAreas).toEqual(['catalog']);
    const [[, domain]] = ofType(dev.resources, 'AWS::OpenSearchService::Domain');
    expect(domain.Properties).toMatchObject({
      EncryptionAtRestOptions: { Enabled: true },
      NodeToNodeEncryptionOptions: { Enabled: true },
      DomainEndpointOptions: { EnforceHTTPS: true, TLSSecurityPolicy: 'Policy-Min-TLS-1-2-2019-07' },
    });
    const statements = (domain.Properties.AccessPolicies as { Statement: { Principal: { AWS: unknown } }[] })
      .Statement;
    const principals = statements.map(
      (s) => (s.Principal.AWS as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
    );
    const expected = [
      'StreamDispatcherRole',
      // The admin's reindex builds a fresh index and swaps it in (decision 026).
      'AdminJobsRunnerRole',
      ...searchAreas.map((a) => `Api${a[0].toUpperCase()}${a.slice(1)}FunctionRole`),
      // The render function reads what the catalog's public routes read (decision 054).
      'RenderFunctionRole',
      // The deploy's index maker: HEAD and PUT of the two indexes alone (decision 060).
      'SearchMakeIndexesRole',
    ];
    expect(principals.map((p) => p.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(expected.sort());
    // Two zones in prod.
    prod.template.hasResourceProperties('AWS::OpenSearchService::Domain', {
      ClusterConfig: Match.objectLike({ InstanceCount: 2, ZoneAwarenessEnabled: true }),
    });
  });
});

describe.each([
  ['the route table', () => dev, routeList],
  ['the route table plus guarded routes', () => guarded, [...routeList, ...extraRoutes]],
])('API generated from %s', (_name, get, table) => {
  const resources = () => get().resources;

  it('has one route per route-table entry and the $default route, none behind an API Gateway authorizer', () => {
    const routes = ofType(resources(), 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes).toHaveLength(table.length + 1);
    for (const key of [...table.map((def) => `${def.method} ${def.path}`), '$default']) {
      const route = routes.find((r) => r.RouteKey === key);
      expect(route, key).toBeDefined();
      // The functions verify their callers' tokens, so every refusal is the API's Spanish error
      // (an authorizer's 401 is always {"message":"Unauthorized"}): decision 043.
      expect(route?.AuthorizationType ?? 'NONE', key).toBe('NONE');
      expect(route?.AuthorizerId, key).toBeUndefined();
    }
    get().template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
  });

  it('throttles and logs the default stage', () => {
    get().template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: stages.dev.throttling.rateLimit,
        ThrottlingBurstLimit: stages.dev.throttling.burstLimit,
      },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('serves each area from ONE function, with one integration and one invoke permission per area', () => {
    const areas = API_AREAS.filter((a) => table.some((r) => r.area === a));
    const integrations = ofType(resources(), 'AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(areas.length);
    const routes = ofType(resources(), 'AWS::ApiGatewayV2::Route');
    for (const area of areas) {
      const [fnId] = areaFunction(get(), area);
      const [integrationId] = integrations.find(([, i]) =>
        JSON.stringify(i.Properties.IntegrationUri).includes(fnId),
      )!;
      const served = routes.filter(([, r]) => JSON.stringify(r.Properties.Target).includes(integrationId));
      expect(served.map(([, r]) => r.Properties.RouteKey).sort(), area).toEqual(
        [
          ...table.filter((r) => r.area === area).map((r) => `${r.method} ${r.path}`),
          // What matches no route: this area's router answers the Spanish 404.
          ...(area === UNMATCHED_ROUTES_AREA ? ['$default'] : []),
        ].sort(),
      );
      const permissions = ofType(resources(), 'AWS::Lambda::Permission').filter(([, p]) =>
        JSON.stringify(p.Properties.FunctionName).includes(fnId),
      );
      expect(permissions, area).toHaveLength(1);
    }
  });

  it('runs every area and the dispatcher on Node.js 22+ arm64, traced, with the table read-only unless a route writes', () => {
    const functions = ofType(resources(), 'AWS::Lambda::Function');
    const policies = ofType(resources(), 'AWS::IAM::Policy');
    const areas = API_AREAS.filter((a) => table.some((r) => r.area === a));
    const dispatcher = functions.find(([id]) => id.startsWith('StreamDispatcher'));
    expect(dispatcher).toBeDefined();
    for (const [name, entry] of [
      ...areas.map((a) => [a, areaFunction(get(), a)] as const),
      ['stream', dispatcher!] as const,
    ]) {
      const [logicalId, fn] = entry;
      const version = Number(/^nodejs(\d+)\.x$/.exec(String(fn.Properties.Runtime))?.[1]);
      expect(version).toBeGreaterThanOrEqual(22);
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect((fn.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup).toBeDefined();
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      if (name === 'stream') {
        expect(env[ENV.searchBackend]).toBe('opensearch');
        expect(env[ENV.openSearchEndpoint]).toBeDefined();
      }
      expect(env[ENV.tableName]).toEqual({ Ref: expect.stringMatching(/^DataTable/) });
      const roleId = logicalId.replace(/[0-9A-F]{8}$/, 'Role');
      const policy = policies.find(([id]) => id.startsWith(roleId));
      expect(policy, `${name} policy`).toBeDefined();
      type Statement = { Action: string | string[]; Resource: unknown };
      const statements = (policy![1].Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      // The stream event source's own grant (reading the stream, ListStreams on '*') is not table access.
      const streamRead = /^dynamodb:(ListStreams|DescribeStream|GetRecords|GetShardIterator)$/;
      const dynamo = actionsOf(statements, 'dynamodb:').filter(
        (st) => ![st.Action].flat().every((a) => streamRead.test(a)),
      );
      const actions = dynamo.flatMap((st) => [st.Action].flat());
      expect(actions).toContain('dynamodb:Query');
      // The dispatcher writes the listing counts (a transaction of conditional puts and updates).
      if (name === 'stream' || table.some((r) => r.area === name && r.method !== 'GET'))
        expect(actions).toContain('dynamodb:PutItem');
      else expect(actions, name).not.toContain('dynamodb:PutItem');
      // Exact table and index ARNs, never `index/*`.
      expect(JSON.stringify(dynamo.map((st) => st.Resource))).not.toContain('*');
    }
  });
});

describe('resources', () => {
  it('grow per area, not per route (printed for the record)', () => {
    const count = (b: ReturnType<typeof build>) => Object.keys(b.resources).length;
    // Three more routes (two of them in areas that already exist) add three resources: the routes.
    expect(count(guarded) - count(dev)).toBe(3);
    console.log(
      `CloudFormation resources: dev ${count(dev)}, prod ${count(prod)} for ${routeList.length} routes in ${API_AREAS.length} areas`,
    );
    // Within half of CloudFormation's 500, with room for a few more parts.
    expect(count(prod)).toBeLessThan(275);
  });
});

describe('callers (decision 043)', () => {
  /** Worked out here from the table, not by the code under test. */
  const signedInAreas = API_AREAS.filter((a) =>
    routeList.some((r) => r.area === a && (r.auth !== 'public' || r.identity === 'optional')),
  );

  it("gives every area whose routes read a caller the pool's issuer and client id to verify tokens with", () => {
    expect(signedInAreas).toEqual([...API_AREAS]);
    for (const built of [dev, guarded])
      for (const area of signedInAreas) {
        const { env } = areaGrants(built, area);
        expect(joined(env[ENV.tokenIssuer]), area).toMatch(
          /^https:\/\/<AuthUserPool[0-9A-F]{8}\.ProviderURL>$/,
        );
        expect(env[ENV.userPoolClientId], area).toEqual({
          Ref: expect.stringMatching(/^AuthUserPoolWebClient/),
        });
      }
  });

  it("lets an area that serves admin routes read its callers' groups, and any area with signed-in writes look its callers up", () => {
    // The guarded stack's catalog serves an admin route (extraRoutes): groups as well as the lookup.
    const { env, statements } = areaGrants(guarded, 'catalog');
    expect(env[ENV.userPoolId]).toEqual({ Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/) });
    const cognito = actionsOf(statements, 'cognito-idp:');
    expect(cognito).toHaveLength(1);
    expect([cognito[0].Action].flat().sort()).toEqual([
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
    ]);
    // The guarded stack's favorites only gained a signed-in read: what it had before, no more.
    expect(actionsOf(areaGrants(guarded, 'favorites').statements, 'cognito-idp:')).toEqual(
      actionsOf(areaGrants(dev, 'favorites').statements, 'cognito-idp:'),
    );
  });
});

describe('auth', () => {
  it('signs in by case-insensitive e-mail with the shared custom attributes and groups', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      // Resets are the app's own e-mailed links; Cognito never mails a recovery code.
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      Schema: Match.arrayWith(
        Object.keys(AUTH_CONFIG.customAttributes).map((name) =>
          Match.objectLike({ Name: name, AttributeDataType: 'String' }),
        ),
      ),
    });
    for (const group of AUTH_CONFIG.groups) {
      dev.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: group });
    }
    dev.template.resourceCountIs('AWS::Cognito::UserPoolGroup', AUTH_CONFIG.groups.length);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
  });

  it.each([
    ['dev', () => dev],
    ['prod', () => prod],
    ['google', () => google],
  ])(
    'sends no Cognito e-mail of its own, takes no sign-up and lets the client write only what Google sign-in maps (%s)',
    (_n, get) => {
      const [[, pool]] = ofType(get().resources, 'AWS::Cognito::UserPool');
      // No auto-verified attribute: Cognito sends no verification code; the app's own code confirms.
      expect(pool.Properties.AutoVerifiedAttributes ?? []).toEqual([]);
      expect(pool.Properties.UserAttributeUpdateSettings).toBeUndefined();
      // No sign-up through the pool itself: nobody gets a user without the app's code (decision 040).
      expect(pool.Properties.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true });
      const [[, client]] = ofType(get().resources, 'AWS::Cognito::UserPoolClient');
      // The custom attributes are the server's (set when it creates the account): never the client's.
      expect([...(client.Properties.WriteAttributes as string[])].sort()).toEqual(['email', 'name']);
    },
  );

  it('keeps ID and access tokens short-lived and refresh tokens revocable, from shared/auth-config.ts', () => {
    // 15 minutes bound how long a token taken before a reset or a global sign-out still reads the
    // API (revoking refresh tokens does not end an ID token); docs/decisions/014-accounts-hardening.md.
    // A deleted or disabled account, or a removed admin role, is refused at once (decision 043).
    expect(AUTH_CONFIG.tokenValidity).toEqual({ accessMinutes: 15, idMinutes: 15, refreshDays: 30 });
    for (const built of [dev, prod, google]) {
      const [[, client]] = ofType(built.resources, 'AWS::Cognito::UserPoolClient');
      expect(client.Properties).toMatchObject({
        AccessTokenValidity: AUTH_CONFIG.tokenValidity.accessMinutes,
        IdTokenValidity: AUTH_CONFIG.tokenValidity.idMinutes,
        RefreshTokenValidity: AUTH_CONFIG.tokenValidity.refreshDays * 24 * 60,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
        EnableTokenRevocation: true,
      });
    }
  });

  it('has no hosted UI, Google provider or OAuth flow without a Google client', () => {
    dev.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    dev.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    const [[, client]] = ofType(dev.resources, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.Properties.CallbackURLs).toBeUndefined();
  });

  it('signs in with Google through the hosted UI, back to /auth/callback, when the stage has a client', () => {
    google.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: 'google-client-id',
        client_secret: Match.stringLikeRegexp('resolve:secretsmanager:marketplace/google'),
      }),
    });
    google.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'mercado-google' });
    const [[, client]] = ofType(google.resources, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      AllowedOAuthFlows: ['code'],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
    const [callback] = client.Properties.CallbackURLs as unknown[];
    expect(joined(callback)).toMatch(/^https:\/\/<WebDistribution[0-9A-F]{8}\.DomainName>\/auth\/callback$/);
  });
});

describe.each([
  ['dev', () => dev, stages.dev as StageConfig],
  ['google', () => google, googleStage],
])('account grants from the route flags, per area (%s)', (_name, get, stage) => {
  it('gives USER_POOL_ID and exactly the admin actions on the pool to areas with `identity` routes, and AdminGetUser alone to the others with signed-in writes', () => {
    expect(API_AREAS.filter((a) => areaUses(a, 'identity'))).toEqual(['accounts']);
    // What the account flows call (functions/adapters/cognito/identity.ts); a reset and
    // 'Cerrar sesión en todos los dispositivos' revoke every refresh token of the account.
    expect([...IDENTITY_ACTIONS].sort()).toEqual(
      [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminUserGlobalSignOut',
      ].sort(),
    );
    for (const area of API_AREAS) {
      const { env, statements } = areaGrants(get(), area);
      const cognito = actionsOf(statements, 'cognito-idp:');
      if (areaUses(area, 'roles')) continue; // the admin groups' own grant: the next test
      if (areaUses(area, 'identity')) {
        expect(env[ENV.userPoolId], area).toEqual({
          Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/),
        });
        expect(cognito, area).toHaveLength(1);
        expect([cognito[0].Action].flat().sort()).toEqual([...IDENTITY_ACTIONS].sort());
        expect(cognito[0].Resource).toEqual({
          'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/), 'Arn'],
        });
      } else if (confirmsCallers(area)) {
        // The router confirms a signed-in writer's account at the pool (decision 043).
        expect(env[ENV.userPoolId], area).toEqual({
          Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/),
        });
        expect(
          cognito.map((st) => st.Action),
          area,
        ).toEqual(['cognito-idp:AdminGetUser']);
        expect(cognito[0].Resource).toEqual({
          'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/), 'Arn'],
        });
      } else {
        expect(env[ENV.userPoolId], area).toBeUndefined();
        expect(cognito, area).toEqual([]);
      }
    }
  });

  it("gives the admin groups' calls alone, on the pool, to areas with `roles` routes only (the admin area), which covers reading its callers' groups", () => {
    expect(API_AREAS.filter((a) => areaUses(a, 'roles'))).toEqual(['admin']);
    expect([...ROLE_ACTIONS].sort()).toEqual(
      [
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:AdminRemoveUserFromGroup',
      ].sort(),
    );
    const { env, statements } = areaGrants(get(), 'admin');
    expect(env[ENV.userPoolId]).toEqual({ Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/) });
    const cognito = actionsOf(statements, 'cognito-idp:');
    expect(cognito).toHaveLength(1);
    expect([cognito[0].Action].flat().sort()).toEqual([...ROLE_ACTIONS].sort());
    expect(ROLE_ACTIONS).toEqual(expect.arrayContaining([...CALLER_GROUP_ACTIONS]));
    expect(cognito[0].Resource).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/), 'Arn'],
    });
  });

  it('gives MAIL_FROM, APP_URL and sending as the stage identity to areas with `mail` routes only', () => {
    expect(API_AREAS.filter((a) => areaUses(a, 'mail'))).toEqual(['accounts']);
    for (const area of API_AREAS) {
      const { env, statements } = areaGrants(get(), area);
      const ses = actionsOf(statements, 'ses:');
      if (areaUses(area, 'mail')) {
        expect(env[ENV.mailFrom], area).toBe(stage.mailFrom);
        // The distribution's own https origin (the custom domain is checked below).
        expect(joined(env[ENV.appUrl]), area).toMatch(/^https:\/\/<WebDistribution[0-9A-F]{8}\.DomainName>$/);
        expect(ses, area).toHaveLength(1);
        expect([ses[0].Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
        const resources = [ses[0].Resource].flat().map(joined);
        const expected = [
          `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/${stage.mail.identity}`,
        ];
        if (stage.mail.configurationSet)
          expected.push(
            `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:configuration-set/${stage.mail.configurationSet}`,
          );
        expect(resources).toEqual(expected);
      } else {
        // e.g. catalog and favorites cannot reach SES at all.
        expect(env[ENV.mailFrom], area).toBeUndefined();
        expect(env[ENV.appUrl], area).toBeUndefined();
        expect(ses, area).toEqual([]);
      }
    }
  });
});

describe('the stream dispatcher', () => {
  it('is granted what its handlers reach: the index, the table, AdminGetUser on the pool and SES, nothing else', () => {
    for (const built of [dev, google]) {
      const dispatcher = ofType(built.resources, 'AWS::Lambda::Function').find(([id]) =>
        id.startsWith('StreamDispatcher'),
      )!;
      const { env, statements } = grantsOf(built, dispatcher);
      expect(env[ENV.openSearchEndpoint]).toBeDefined();
      expect(env[ENV.tableName]).toEqual({ Ref: expect.stringMatching(/^DataTable/) });
      expect(env[ENV.userPoolId]).toEqual({ Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/) });
      expect(env[ENV.mailFrom]).toBe(stages.dev.mailFrom);
      expect(joined(env[ENV.appUrl])).toMatch(/^https:\/\/<WebDistribution[0-9A-F]{8}\.DomainName>$/);
      // Mail requests: the lookup of the address, and nothing else in the pool.
      const cognito = actionsOf(statements, 'cognito-idp:');
      expect(cognito.map((st) => st.Action)).toEqual(['cognito-idp:AdminGetUser']);
      expect(cognito[0].Resource).toEqual({
        'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/), 'Arn'],
      });
      expect(
        actionsOf(statements, 'ses:')
          .flatMap((st) => [st.Action].flat())
          .sort(),
      ).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
      // Codes and reset links are table writes.
      expect(actionsOf(statements, 'dynamodb:').flatMap((st) => [st.Action].flat())).toContain(
        'dynamodb:PutItem',
      );
      expect(actionsOf(statements, 'bedrock:')).toEqual([]);
      expect(actionsOf(statements, 's3:')).toEqual([]);
    }
  });
});

describe('question mails (decision 020)', () => {
  /** The read grant of the unsubscribe links' secret, in a function's statements. */
  /** Reads of the unsubscribe links' secret (Web Push's key pair is another: below). */
  const secretReads = (statements: { Action: string | string[]; Resource: unknown }[]) =>
    actionsOf(statements, 'secretsmanager:').filter((st) =>
      JSON.stringify(st.Resource).includes('NotificationsUnsubscribeSecret'),
    );
  const secretRef = { Ref: expect.stringMatching(/^NotificationsUnsubscribeSecret[0-9A-F]{8}$/) };

  it('keep a generated secret (no value in the template) for the unsubscribe links', () => {
    const secrets = ofType(dev.resources, 'AWS::SecretsManager::Secret').filter(([id]) =>
      id.startsWith('NotificationsUnsubscribeSecret'),
    );
    expect(secrets).toHaveLength(1);
    const [[, secret]] = secrets;
    expect(secret.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
    });
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(JSON.stringify(dev.resources)).not.toMatch(/resolve:secretsmanager/);
  });

  it('let the dispatcher and the areas with `unsubscribeTokens` routes only read that secret, by its ARN', () => {
    // Favorites' alerts unsubscribe; publishing verifies the expiry reminder's links (decision 030).
    expect(API_AREAS.filter((a) => areaUses(a, 'unsubscribeTokens')).sort()).toEqual([
      'accounts',
      'favorites',
      'publishing',
    ]);
    const dispatcher = ofType(dev.resources, 'AWS::Lambda::Function').find(([id]) =>
      id.startsWith('StreamDispatcher'),
    )!;
    const checks: [string, ReturnType<typeof grantsOf>, boolean][] = [
      ['stream', grantsOf(dev, dispatcher), true],
      ...API_AREAS.map(
        (a) =>
          [a, areaGrants(dev, a), areaUses(a, 'unsubscribeTokens')] as [
            string,
            ReturnType<typeof grantsOf>,
            boolean,
          ],
      ),
    ];
    for (const [name, { env, statements }, granted] of checks) {
      const reads = secretReads(statements);
      if (granted) {
        expect(env[ENV.notifySecretArn], name).toEqual(secretRef);
        expect(reads, name).toHaveLength(1);
        expect([reads[0].Action].flat().sort()).toEqual([
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
        ]);
        expect(reads[0].Resource).toEqual(secretRef);
      } else {
        expect(env[ENV.notifySecretArn], name).toBeUndefined();
        expect(reads, name).toEqual([]);
      }
      // The local stand-ins never reach AWS.
      expect(env[ENV.notifySecret], name).toBeUndefined();
      expect(env[ENV.notifyWindowSeconds], name).toBeUndefined();
    }
  });

  it('sweep the closed windows every minute: a schedule sends the dispatcher the sweep event', () => {
    const rules = ofType(dev.resources, 'AWS::Events::Rule').filter(([id]) =>
      id.startsWith('NotificationsSweep'),
    );
    expect(rules).toHaveLength(1);
    const [[, rule]] = rules;
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    const [target] = rule.Properties.Targets as { Arn: unknown; Input: string; RetryPolicy: unknown }[];
    expect(target.Arn).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^StreamDispatcher[0-9A-F]{8}$/), 'Arn'],
    });
    expect(JSON.parse(target.Input)).toEqual(NOTIFICATION_SWEEP_EVENT);
    expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 300, MaximumRetryAttempts: 2 });
    const invokes = ofType(dev.resources, 'AWS::Lambda::Permission').filter(
      ([, p]) =>
        p.Properties.Principal === 'events.amazonaws.com' &&
        JSON.stringify(p.Properties.FunctionName).includes('StreamDispatcher'),
    );
    expect(invokes).toHaveLength(1);
    expect(invokes[0][1].Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [expect.stringMatching(/^StreamDispatcher[0-9A-F]{8}$/), 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^NotificationsSweep[0-9A-F]{8}$/), 'Arn'] },
    });
  });
});

describe('admin jobs (decision 026)', () => {
  const runner = () => {
    const found = ofType(dev.resources, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('AdminJobsRunner'),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('run in their own function for up to 15 minutes, with the table, the index and the photos, nothing of the pool', () => {
    const [id, fn] = runner();
    expect(fn.Properties.Timeout).toBe(900);
    const { env, statements } = grantsOf(dev, [id, fn]);
    expect(env[ENV.tableName]).toBeDefined();
    expect(env[ENV.openSearchEndpoint]).toBeDefined();
    // A reindex also rewrites the saved searches' stored queries (decision 046).
    expect(env[ENV.openSearchAlertsIndex]).toBe(`${env[ENV.openSearchIndex]}-saved-searches`);
    expect(env[ENV.imagesBucket]).toBeDefined();
    const search = actionsOf(statements, 'es:').flatMap((st) => [st.Action].flat());
    expect(search).toEqual(expect.arrayContaining(['es:ESHttpPut', 'es:ESHttpDelete', 'es:ESHttpPost']));
    expect(actionsOf(statements, 'dynamodb:').flatMap((st) => [st.Action].flat())).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Scan']),
    );
    expect(actionsOf(statements, 'cognito-idp:')).toEqual([]);
    expect(actionsOf(statements, 'lambda:')).toEqual([]);
  });

  it('are started by the areas with `jobs` routes only (invoke on the runner alone), and swept every minute', () => {
    const [runnerId] = runner();
    expect(API_AREAS.filter((a) => areaUses(a, 'jobs'))).toEqual(['admin']);
    for (const area of API_AREAS) {
      const { env, statements } = areaGrants(dev, area);
      const invoke = actionsOf(statements, 'lambda:');
      if (areaUses(area, 'jobs')) {
        expect(env[ENV.jobsFunctionName], area).toEqual({ Ref: runnerId });
        expect(invoke).toHaveLength(1);
        expect(invoke[0].Action).toBe('lambda:InvokeFunction');
        expect(invoke[0].Resource).toEqual({ 'Fn::GetAtt': [runnerId, 'Arn'] });
      } else {
        expect(env[ENV.jobsFunctionName], area).toBeUndefined();
        expect(invoke, area).toEqual([]);
      }
    }
    const rules = ofType(dev.resources, 'AWS::Events::Rule').filter(([id]) =>
      id.startsWith('AdminJobsSweep'),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties.ScheduleExpression).toBe('rate(1 minute)');
    const [target] = rules[0][1].Properties.Targets as { Arn: unknown }[];
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [runnerId, 'Arn'] });
  });
});

describe('the BCV rate job (decision 033)', () => {
  const job = () => {
    const found = ofType(dev.resources, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('ExchangeRateJobFunction'),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };

  it("has its own function that may only read and put the rate's partition and the rates' audit records", () => {
    const [id, fn] = job();
    const { env, statements } = grantsOf(dev, [id, fn]);
    expect(env[ENV.tableName]).toBeDefined();
    expect(env[ENV.openSearchEndpoint]).toBeUndefined();
    expect(env[ENV.imagesBucket]).toBeUndefined();
    const table = actionsOf(statements, 'dynamodb:') as unknown as {
      Action: string[];
      Resource: unknown;
      Condition: Record<string, Record<string, string[]>>;
    }[];
    expect(table).toHaveLength(1);
    expect([table[0].Action].flat().sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    expect(joined(table[0].Resource)).toMatch(/^<DataTable[0-9A-F]{8}\.Arn>$/);
    expect(table[0].Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#USD', 'AUDIT#exchangeRate#*'] },
    });
    for (const prefix of ['es:', 's3:', 'cognito-idp:', 'lambda:', 'ses:', 'bedrock:', 'secretsmanager:'])
      expect(actionsOf(statements, prefix), prefix).toEqual([]);
  });

  it('runs on business days at 17:00 and 20:00 America/Caracas through EventBridge Scheduler', () => {
    const [id] = job();
    // Each job has its own schedule (the listing expiry's is another).
    const schedules = ofType(dev.resources, 'AWS::Scheduler::Schedule').filter(
      ([, s]) =>
        JSON.stringify((s.Properties.Target as { Arn: unknown }).Arn) ===
        JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] }),
    );
    expect(schedules).toHaveLength(1);
    const props = schedules[0][1].Properties as {
      ScheduleExpression: string;
      ScheduleExpressionTimezone: string;
      State: string;
      Target: { Arn: unknown; RoleArn: unknown; RetryPolicy: unknown };
    };
    expect(props.ScheduleExpression).toBe('cron(0 17,20 ? * MON-FRI *)');
    expect(props.ScheduleExpressionTimezone).toBe('America/Caracas');
    expect(props.Target.Arn).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    expect(props.Target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 2 });
    // The scheduler's role may invoke this function and nothing else.
    const roleId = (props.Target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = ofType(dev.resources, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(roleId),
    );
    const statements = policies.flatMap(
      ([, p]) =>
        (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] })
          .Statement,
    );
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['lambda:InvokeFunction']);
    expect(
      [statements[0].Resource]
        .flat()
        .map(joined)
        .every((r) => r.startsWith(`<${id}.Arn>`)),
    ).toBe(true);
  });
});

describe('publishing grants from the route flags, per area', () => {
  it('gives IMAGES_BUCKET and object access under uploads/ and images/products/ to areas with `images` routes only', () => {
    expect(API_AREAS.filter((a) => areaUses(a, 'images'))).toEqual(['publishing', 'admin']);
    for (const area of API_AREAS) {
      const { env, statements } = areaGrants(dev, area);
      const s3 = actionsOf(statements, 's3:');
      if (areaUses(area, 'images')) {
        expect(env[ENV.imagesBucket], area).toEqual({ Ref: expect.stringMatching(/^WebImages[0-9A-F]{8}$/) });
        const objects = s3.find((st) => [st.Action].flat().includes('s3:PutObject'));
        expect([objects?.Action].flat().sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
        expect([objects?.Resource].flat().map(joined)).toEqual([
          expect.stringMatching(/^<WebImages[0-9A-F]{8}\.Arn>\/uploads\/\*$/),
          expect.stringMatching(/^<WebImages[0-9A-F]{8}\.Arn>\/images\/products\/\*$/),
        ]);
      } else {
        expect(env[ENV.imagesBucket], area).toBeUndefined();
        expect(s3, area).toEqual([]);
      }
    }
  });

  it('gives the stage model and InvokeModel on it alone to areas with `moderation` routes only', () => {
    expect(API_AREAS.filter((a) => areaUses(a, 'moderation'))).toEqual(['publishing', 'questions']);
    for (const area of API_AREAS) {
      const { env, statements } = areaGrants(dev, area);
      const bedrock = actionsOf(statements, 'bedrock:');
      if (areaUses(area, 'moderation')) {
        expect(env[ENV.bedrockModelId], area).toBe(stages.dev.bedrockModelId);
        expect(env[ENV.moderator], area).toBe('bedrock');
        expect(bedrock.map((st) => st.Action)).toEqual(['bedrock:InvokeModel']);
        expect(joined(bedrock[0].Resource)).toBe(
          `arn:aws:bedrock:<AWS::Region>::foundation-model/${stages.dev.bedrockModelId}`,
        );
      } else {
        expect(env[ENV.bedrockModelId], area).toBeUndefined();
        expect(bedrock, area).toEqual([]);
      }
    }
  });

  it('gives the search endpoint and read access to areas with `search` routes only', () => {
    for (const area of API_AREAS) {
      const { env, statements } = areaGrants(dev, area);
      const es = actionsOf(statements, 'es:');
      if (areaUses(area, 'search')) {
        expect(env[ENV.openSearchEndpoint], area).toBeDefined();
        expect(es.flatMap((st) => [st.Action].flat()).sort()).toEqual([
          'es:ESHttpGet',
          'es:ESHttpHead',
          'es:ESHttpPost',
        ]);
      } else {
        expect(env[ENV.openSearchEndpoint], area).toBeUndefined();
        expect(es, area).toEqual([]);
      }
    }
  });

  it('expires photos no product adopted after a day, and accepts presigned POSTs from browsers', () => {
    const [, bucket] = ofType(dev.resources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('WebImages'))!;
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [{ Id: 'ExpireUnusedUploads', Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }],
    });
    expect(bucket.Properties.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['POST'], AllowedOrigins: ['*'], AllowedHeaders: ['*'], MaxAge: 3000 }],
    });
  });
});

describe('mail', () => {
  it('links to the custom domain when the stage has one', () => {
    expect(areaGrants(custom, 'accounts').env[ENV.appUrl]).toBe('https://mercado.example.com');
  });

  it('refuses a sender outside the verified identity', () => {
    expect(() => build({ ...stages.dev, name: 'badmail', mailFrom: 'x@elsewhere.example' })).toThrow(
      'is not an address of',
    );
  });
});

describe('listing expiry (decision 030)', () => {
  const job = () => {
    const found = ofType(dev.resources, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('ListingExpiryJob'),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('gives every function the stage’s listing lifetime', () => {
    // The app's functions (CDK's own deployment helper has no stage).
    const fns = ofType(dev.resources, 'AWS::Lambda::Function').filter(
      ([, f]) =>
        (f.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[
          ENV.stage
        ] !== undefined,
    );
    expect(fns.length).toBeGreaterThan(API_AREAS.length);
    for (const [id, fn] of fns)
      expect(
        (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables[
          ENV.listingExpiryDays
        ],
        id,
      ).toBe(String(stages.dev.listingExpiryDays));
    expect(stages.dev.listingExpiryDays).toBe(60);
  });

  it('has a sparse index keyed by the next expiry step (gsi7), which the job Queries: no Scan grant', () => {
    const [tableRes] = ofType(dev.resources, 'AWS::DynamoDB::Table').map(([, r]) => r);
    const gsis = tableRes.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown }[];
    expect(gsis.find((g) => g.IndexName === 'gsi7')?.KeySchema).toEqual([
      { AttributeName: 'gsi7pk', KeyType: 'HASH' },
      { AttributeName: 'gsi7sk', KeyType: 'RANGE' },
    ]);
    const { env, statements } = grantsOf(dev, job());
    expect(env[ENV.tableName]).toBeDefined();
    const dynamo = actionsOf(statements, 'dynamodb:').flatMap((st) => [st.Action].flat());
    expect(dynamo).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:PutItem']),
    );
    expect(dynamo).not.toContain('dynamodb:Scan');
  });

  it('mails as the stage identity and reads the links’ signing secret, and reaches nothing else', () => {
    const { env, statements } = grantsOf(dev, job());
    expect(env[ENV.mailFrom]).toBe(stages.dev.mailFrom);
    expect(env[ENV.appUrl]).toBeDefined();
    expect(env[ENV.notifySecretArn]).toEqual({
      Ref: expect.stringMatching(/^NotificationsUnsubscribeSecret/),
    });
    expect(
      actionsOf(statements, 'ses:')
        .flatMap((st) => [st.Action].flat())
        .sort(),
    ).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const services = new Set(statements.flatMap((st) => [st.Action].flat()).map((a) => a.split(':')[0]));
    expect([...services].sort()).toEqual(
      ['dynamodb', 'logs', 'secretsmanager', 'ses', 'xray'].filter((s) => services.has(s)),
    );
    for (const denied of ['es:', 'cognito-idp:', 'lambda:', 's3:', 'bedrock:'])
      expect(actionsOf(statements, denied), denied).toEqual([]);
  });

  it('runs hourly on EventBridge Scheduler, whose role may invoke the job alone', () => {
    const [jobId] = job();
    // Each job has its own schedule (the BCV rate's is another).
    const schedules = ofType(dev.resources, 'AWS::Scheduler::Schedule').filter(
      ([, s]) =>
        JSON.stringify((s.Properties.Target as { Arn: unknown }).Arn) ===
        JSON.stringify({ 'Fn::GetAtt': [jobId, 'Arn'] }),
    );
    expect(schedules).toHaveLength(1);
    const [[, schedule]] = schedules;
    expect(schedule.Properties.ScheduleExpression).toBe('rate(1 hour)');
    expect(schedule.Properties.State).toBe('ENABLED');
    const target = schedule.Properties.Target as {
      Arn: unknown;
      RoleArn: { 'Fn::GetAtt': [string, string] };
      RetryPolicy: unknown;
    };
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [jobId, 'Arn'] });
    expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 2 });
    const roleId = target.RoleArn['Fn::GetAtt'][0];
    const role = dev.resources[roleId];
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
    const policies = ofType(dev.resources, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(roleId),
    );
    const statements = policies.flatMap(
      ([, p]) =>
        (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toBe('lambda:InvokeFunction');
    // The job function and its own versions and aliases, nothing else.
    expect(statements[0].Resource).toEqual([
      { 'Fn::GetAtt': [jobId, 'Arn'] },
      { 'Fn::Join': ['', [{ 'Fn::GetAtt': [jobId, 'Arn'] }, ':*']] },
    ]);
  });

  it('is watched: the job has an errors alarm like every function', () => {
    const [jobId] = job();
    const alarms = ofType(dev.resources, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(a.Properties).includes(jobId),
    );
    expect(alarms.length).toBeGreaterThanOrEqual(1);
  });
});

describe('web', () => {
  const distribution = (r: Record<string, Resource>) =>
    ofType(r, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as Record<
      string,
      unknown
    > & {
      CacheBehaviors: Record<string, unknown>[];
      DefaultCacheBehavior: Record<string, unknown>;
      Origins: Record<string, unknown>[];
    };

  it('sends the shared security headers, strict CSP included', () => {
    const [[, policy]] = ofType(dev.resources, 'AWS::CloudFront::ResponseHeadersPolicy');
    const config = policy.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    };
    const imagesBucket = ofType(dev.resources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('WebImages'));
    const expected = securityHeaders({
      https: true,
      // Photo uploads POST straight to the images bucket.
      connectSrc: [
        'https://cognito-idp.<AWS::Region>.amazonaws.com',
        `https://<${imagesBucket?.[0]}.RegionalDomainName>`,
      ],
    });
    const security = config.SecurityHeadersConfig;
    expect(joined(security.ContentSecurityPolicy.ContentSecurityPolicy)).toBe(
      expected['content-security-policy'],
    );
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['content-security-policy']).toContain("script-src 'self';");
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: expected['referrer-policy'], Override: true });
    expect(security.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    const custom = Object.fromEntries(config.CustomHeadersConfig.Items.map((i) => [i.Header, i.Value]));
    expect(custom).toEqual({
      'permissions-policy': expected['permissions-policy'],
      'cross-origin-opener-policy': expected['cross-origin-opener-policy'],
    });
  });

  it('serves both buckets through origin access control and routes /api/* uncached to the HTTP API', () => {
    // The two buckets' and the render function URL's (decision 054).
    dev.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 3);
    dev.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    const config = distribution(dev.resources);
    const s3Origins = config.Origins.filter((o) => o.S3OriginConfig);
    // The site bucket once: the default behaviour's origin is also the rendered pages' fallback.
    expect(s3Origins).toHaveLength(2);
    for (const origin of s3Origins) expect(origin.OriginAccessControlId).toBeDefined();
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
    // The viewer's address, written by CloudFront for the API's per-client limits.
    expect(api?.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebViewerAddress/), 'FunctionARN'] },
      },
    ]);
    const apiOrigin = config.Origins.find((o) => o.Id === api?.TargetOriginId);
    expect(apiOrigin?.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(config.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual(
      [
        '/api/*',
        '/images/*',
        ...RENDERED_PAGES.flatMap(cloudFrontPatternsOf).filter((p) => p !== '/'),
      ].sort(),
    );
    // CloudFront's default quota of cache behaviours per distribution (the pages served a shell
    // only take none: the default behaviour's function serves their shells).
    expect(config.CacheBehaviors.length).toBeLessThanOrEqual(25);
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
    });
    // Custom error responses would answer API 404s with the SPA shell.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.Logging).toBeDefined();
  });

  it("rewrites a page's path to its static shell, any other extension-less path to /index.html, and leaves files alone", () => {
    const run = (uri: string) =>
      runInNewContext(
        `${SPA_FALLBACK_CODE}\nhandler({ request: { uri: ${JSON.stringify(uri)} } }).uri`,
      ) as string;
    // Issue 38: the pages served a shell only, with the bar and their loading state.
    expect(run('/profile')).toBe('/shells/profile.html');
    expect(run('/new-product')).toBe('/shells/new-product.html');
    expect(run('/favoritos')).toBe('/shells/favorites.html');
    expect(run('/alertas/baja')).toBe('/shells/alerts-unsubscribe.html');
    expect(run('/admin')).toBe('/shells/admin.html');
    expect(run('/admin/users')).toBe('/shells/admin.html');
    // '/' has no path pattern of its own: the default behaviour serves the chooser's shell.
    expect(run('/')).toBe('/shells/chooser.html');
    // A rendered page that reaches this behaviour gets its kind's shell too.
    expect(run('/product/42')).toBe('/shells/product.html');
    // Other spellings and unknown paths: the generic shell, which the app fills.
    expect(run('/profile/')).toBe('/index.html');
    expect(run('/categoria/electronica/')).toBe('/index.html');
    expect(run('/admin/users/u1')).toBe('/index.html');
    expect(run('/no-existe')).toBe('/index.html');
    expect(run('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(run('/runtime-config.json')).toBe('/runtime-config.json');
    expect(run('/shells/profile.html')).toBe('/shells/profile.html');
    // Every page of the one list is served a shell the build writes.
    for (const page of shellPages())
      for (const route of page.routes)
        expect(shellFiles(), route).toContain(run(route.replace(/:\w+/g, 'x1')));
    // CloudFront Functions take at most 10 KB of code.
    expect(Buffer.byteLength(SPA_FALLBACK_CODE)).toBeLessThan(10_240);
    expect(Buffer.byteLength(renderPathCode('https://mercado.example.com'))).toBeLessThan(10_240);
  });

  it("writes the viewer's own address into the API's trusted header, whatever the viewer sent", () => {
    const run = (headers: Record<string, { value: string }>) =>
      runInNewContext(
        `${VIEWER_ADDRESS_CODE}\nhandler(${JSON.stringify({ viewer: { ip: '200.44.32.12' }, request: { uri: '/api/auth/sign-up', headers } })}).headers`,
      ) as Record<string, { value: string }>;
    expect(run({})[VIEWER_ADDRESS_HEADER]).toEqual({ value: '200.44.32.12' });
    const forged = run({
      [VIEWER_ADDRESS_HEADER]: { value: '1.2.3.4' },
      authorization: { value: 'Bearer x' },
    });
    expect(forged[VIEWER_ADDRESS_HEADER]).toEqual({ value: '200.44.32.12' });
    expect(forged.authorization).toEqual({ value: 'Bearer x' });
    // Every API function reads the client address from that header, and only there.
    for (const area of API_AREAS)
      expect(areaGrants(dev, area).env[ENV.clientIpHeader], area).toBe(VIEWER_ADDRESS_HEADER);
  });

  it("answers a declared body over the API's limit with the router's own Spanish 413, before the API", () => {
    type Answer = {
      statusCode?: number;
      headers: Record<string, { value: string }>;
      body?: { data: string };
    };
    const run = (headers: Record<string, { value: string }>) =>
      runInNewContext(
        `${VIEWER_ADDRESS_CODE}\nhandler(${JSON.stringify({ viewer: { ip: '200.44.32.12' }, request: { method: 'POST', uri: '/api/me/profile', headers } })})`,
      ) as Answer;
    const refused = run({ 'content-length': { value: String(LIMITS.apiBodyMaxBytes + 1) } });
    const router = errorResponse(new PayloadTooLargeError());
    expect(refused.statusCode).toBe(413);
    expect(refused.body?.data).toBe(router.body);
    expect(refused.headers['content-type']).toEqual({ value: router.headers['content-type'] });
    expect(JSON.parse(refused.body!.data)).toEqual({
      error: { code: 'payload_too_large', message: 'La solicitud es demasiado grande.' },
    });
    // At the limit, or without a declared length, the request goes on (the router judges the rest).
    const untouched: Record<string, { value: string }>[] = [
      { 'content-length': { value: String(LIMITS.apiBodyMaxBytes) } },
      {},
    ];
    for (const headers of untouched) {
      const passed = run(headers);
      expect(passed.statusCode).toBeUndefined();
      expect(passed.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '200.44.32.12' });
    }
  });

  it('uses TLSv1.2_2021 with a custom domain', () => {
    expect(distribution(custom.resources)).toMatchObject({
      Aliases: ['mercado.example.com'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
  });

  it('deploys the build and the runtime config, or only the config with a warning when there is no build', () => {
    custom.template.resourceCountIs('Custom::CDKBucketDeployment', 3);
    const staged = (path: string) =>
      custom.stack.node
        .findAll()
        .find((c): c is AssetStaging => c instanceof AssetStaging && c.node.path.includes(path))!
        .absoluteStagedPath;
    expect(readdirSync(staged('/Web/DeployAssets/Asset'))).toEqual(['app-abc123.js']);
    expect(readdirSync(staged('/Web/DeployShell/Asset1')).sort()).toEqual(['favicon.svg', 'index.html']);
    custom.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    custom.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/favicon.svg', '/index.html', '/runtime-config.json'],
    });
    // web/dist/images goes to the images bucket under images/, where CloudFront's /images/* looks.
    custom.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: Match.stringLikeRegexp('^WebImages') },
      DestinationBucketKeyPrefix: 'images/',
    });
    dev.template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    Annotations.fromStack(dev.stack).hasWarning(
      '/Marketplace-dev/Web',
      Match.stringLikeRegexp('npm run build:web'),
    );
    expect(
      Annotations.fromStack(custom.stack).findWarning('*', Match.stringLikeRegexp('npm run build:web')),
    ).toHaveLength(0);
    // The runtime config as written into the deployment asset: valid for the SPA's schema, with the
    // pool and client ids as deploy-time markers.
    const staging = dev.stack.node
      .findAll()
      .find(
        (c): c is AssetStaging => c instanceof AssetStaging && c.node.path.includes('/Web/DeployShell/Asset'),
      );
    // Web Push's public key is a deploy-time marker too (the key pair's custom resource): checked below.
    const { pushPublicKey, ...file } = JSON.parse(
      readFileSync(join(staging!.absoluteStagedPath, 'runtime-config.json'), 'utf8'),
    );
    const config = runtimeConfigSchema.parse(file);
    expect(config).toMatchObject({ stage: 'dev', apiBaseUrl: '' });
    // No sign-in flow in the file: the SPA signs in with Amplify's default, SRP.
    expect(file.auth).not.toHaveProperty('authFlowType');
    expect(config.auth.oauthDomain).toBeUndefined();
    const [[, deployment]] = ofType(dev.resources, 'Custom::CDKBucketDeployment');
    const markers = (deployment.Properties.SourceMarkers as Record<string, unknown>[])[0];
    expect(markers[config.auth.userPoolId]).toEqual({
      Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/),
    });
    expect(markers[config.auth.userPoolClientId]).toEqual({
      Ref: expect.stringMatching(/^AuthUserPoolWebClient/),
    });
    expect(markers[config.auth.region]).toEqual({ Ref: 'AWS::Region' });
    expect(markers[pushPublicKey]).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^PushKeyPair[0-9A-F]{8}$/), 'PublicKey'],
    });
  });
});

describe('runtime config with Google sign-in', () => {
  it('names the hosted UI domain for Amplify and allows it in connect-src', () => {
    const staging = google.stack.node
      .findAll()
      .find(
        (c): c is AssetStaging => c instanceof AssetStaging && c.node.path.includes('/Web/DeployShell/Asset'),
      );
    const { pushPublicKey: _deployTime, ...file } = JSON.parse(
      readFileSync(join(staging!.absoluteStagedPath, 'runtime-config.json'), 'utf8'),
    );
    const config = runtimeConfigSchema.parse(file);
    expect(config.auth.oauthDomain).toBeDefined();
    const [[, deployment]] = ofType(google.resources, 'Custom::CDKBucketDeployment');
    const markers = (deployment.Properties.SourceMarkers as Record<string, unknown>[])[0];
    const marked = Object.entries(markers).filter(([k]) => config.auth.oauthDomain?.includes(k));
    expect(JSON.stringify(marked)).toContain('AuthUserPoolHostedUi');
    expect(config.auth.oauthDomain).toMatch(/\.auth\..+\.amazoncognito\.com$/);
    const [[, policy]] = ofType(google.resources, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = (
      policy.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
      }
    ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(joined(csp)).toMatch(/connect-src [^;]*\.auth\.<AWS::Region>\.amazoncognito\.com/);
  });
});

describe('outputs', () => {
  it('exports what deploy scripts and docs/deploying.md need', () => {
    const outputs = Object.keys(dev.template.toJSON().Outputs as Record<string, unknown>);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'TableName',
        'ApiUrl',
        'DistributionDomainName',
        'UserPoolId',
        'UserPoolClientId',
      ]),
    );
  });
});

describe('render function (decision 054)', () => {
  type Behavior = Record<string, unknown> & { PathPattern: string; TargetOriginId: string };
  const config = (r: Record<string, Resource>) =>
    ofType(r, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as {
      CacheBehaviors: Behavior[];
      DefaultCacheBehavior: Record<string, unknown>;
      Origins: (Record<string, unknown> & { Id: string })[];
      OriginGroups: { Items: Record<string, unknown>[] };
    };
  const renderFunction = (built: ReturnType<typeof build>) => {
    const found = ofType(built.resources, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('RenderFunction'),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };
  const renderedPatterns = RENDERED_PAGES.flatMap(cloudFrontPatternsOf).filter((p) => p !== '/');

  it('sends every rendered pattern of shared/pages.ts to one origin group: the function first, the site bucket on 500/502/503/504', () => {
    const c = config(dev.resources);
    const behaviors = c.CacheBehaviors.filter((b) => renderedPatterns.includes(b.PathPattern));
    expect(behaviors.map((b) => b.PathPattern).sort()).toEqual([...renderedPatterns].sort());
    expect(c.OriginGroups.Items).toHaveLength(1);
    const [group] = c.OriginGroups.Items as {
      Id: string;
      FailoverCriteria: { StatusCodes: { Items: number[] } };
      Members: { Items: { OriginId: string }[] };
    }[];
    expect(group.FailoverCriteria.StatusCodes.Items.sort()).toEqual([...RENDER_FAILOVER_CODES].sort());
    const [primary, fallback] = group.Members.Items.map((m) => c.Origins.find((o) => o.Id === m.OriginId));
    // The function URL, signed by its own origin access control, 1 attempt, 3 s read timeout.
    expect(primary?.CustomOriginConfig).toMatchObject({
      OriginReadTimeout: 3,
      OriginProtocolPolicy: 'https-only',
    });
    expect(primary?.ConnectionAttempts).toBe(1);
    expect(primary?.ConnectionTimeout).toBe(2);
    expect(primary?.OriginAccessControlId).toBeDefined();
    // The default behaviour's own site-bucket origin: the static shell.
    expect(fallback?.S3OriginConfig).toBeDefined();
    expect(fallback?.Id).toBe(c.DefaultCacheBehavior.TargetOriginId);
    dev.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 'lambda',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    for (const b of behaviors)
      expect(b, b.PathPattern).toMatchObject({
        TargetOriginId: group.Id,
        // Origin groups fail over for GET, HEAD and OPTIONS only: no write reaches a page.
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
        ResponseHeadersPolicyId: c.DefaultCacheBehavior.ResponseHeadersPolicyId,
        FunctionAssociations: [
          {
            EventType: 'viewer-request',
            FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebRenderPath/), 'FunctionARN'] },
          },
        ],
      });
  });

  it('keys the cache on the path header, the listing query and mu_u only, for at most 60 s, and forwards no Authorization or other cookie', () => {
    const [[, cachePolicy]] = ofType(dev.resources, 'AWS::CloudFront::CachePolicy').filter(([id]) =>
      id.startsWith('WebRenderedPages'),
    );
    const cp = cachePolicy.Properties.CachePolicyConfig as Record<string, unknown> & {
      ParametersInCacheKeyAndForwardedToOrigin: Record<string, Record<string, unknown>>;
    };
    expect(cp).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
    const keys = cp.ParametersInCacheKeyAndForwardedToOrigin;
    expect(keys.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: [RENDER_PATH_HEADER] });
    expect(keys.QueryStringsConfig).toEqual({
      QueryStringBehavior: 'whitelist',
      QueryStrings: [...RENDER_QUERY_KEYS],
    });
    expect(keys.CookiesConfig).toEqual({ CookieBehavior: 'whitelist', Cookies: [UNIVERSITY_COOKIE] });
    expect(keys).toMatchObject({ EnableAcceptEncodingGzip: true, EnableAcceptEncodingBrotli: true });
    const [[, requestPolicy]] = ofType(dev.resources, 'AWS::CloudFront::OriginRequestPolicy').filter(([id]) =>
      id.startsWith('WebRenderedPagesRequest'),
    );
    expect(requestPolicy.Properties.OriginRequestPolicyConfig).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: [RENDER_ORIGIN_HEADER] },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
    const forwarded = JSON.stringify([cachePolicy.Properties, requestPolicy.Properties]).toLowerCase();
    expect(forwarded).not.toContain('authorization');
  });

  it('writes the real path and the site origin over whatever the viewer sent, and points the URI at the shell', () => {
    const run = (code: string, uri: string, headers: Record<string, { value: string }>) =>
      runInNewContext(
        `${code}\nhandler(${JSON.stringify({ context: { distributionDomainName: 'd111.cloudfront.net' }, request: { uri, headers } })})`,
      ) as { uri: string; headers: Record<string, { value: string }> };
    // The attack: a viewer naming another page (or origin) in the headers the function trusts.
    const forged = run(renderPathCode(''), '/product/12', {
      [RENDER_PATH_HEADER]: { value: '/vendedor/evil' },
      [RENDER_ORIGIN_HEADER]: { value: 'https://evil.example' },
    });
    expect(forged.headers[RENDER_PATH_HEADER]).toEqual({ value: '/product/12' });
    expect(forged.headers[RENDER_ORIGIN_HEADER]).toEqual({ value: 'https://d111.cloudfront.net' });
    // The failover's answer is the page's own static shell (decision 052): its kind's, or its
    // career's or category's; index.html for a value the build wrote no shell for.
    expect(forged.uri).toBe('/shells/product.html');
    const shellOf = (uri: string) => run(renderPathCode(''), uri, {}).uri;
    expect(shellOf('/')).toBe('/shells/chooser.html');
    expect(shellOf('/marketplace')).toBe('/shells/marketplace.html');
    expect(shellOf('/vendedor/abc')).toBe('/shells/seller.html');
    expect(shellOf('/carrera/ingenieria')).toBe('/shells/career-ingenieria.html');
    expect(shellOf('/categoria/libros')).toBe('/shells/category-libros.html');
    expect(shellOf('/categoria/no-existe')).toBe('/index.html');
    expect(shellOf('/carrera/..%2Fadmin')).toBe('/index.html');
    // Every path it may rewrite to is a shell the build writes (the same list renders them).
    for (const location of shellLocations())
      expect(shellFiles()).toContain(shellOf(new URL(location, 'https://x').pathname));
    const withDomain = run(renderPathCode('https://mercado.example.com'), '/marketplace', {});
    expect(withDomain.headers[RENDER_ORIGIN_HEADER]).toEqual({ value: 'https://mercado.example.com' });
    // The function deployed is that code, with the stage's domain.
    const fns = ofType(custom.resources, 'AWS::CloudFront::Function').filter(([id]) =>
      id.startsWith('WebRenderPath'),
    );
    expect(fns.map(([, f]) => f.Properties.FunctionCode)).toEqual([
      renderPathCode('https://mercado.example.com'),
    ]);
  });

  it("has only the catalog's public reads: the table read-only and the search index, no pool, mail or images; callable by this distribution only", () => {
    const [logicalId, fn] = renderFunction(dev);
    expect(fn.Properties).toMatchObject({ MemorySize: 1024, Timeout: 5, Architectures: ['arm64'] });
    const { env, statements } = grantsOf(dev, [logicalId, fn]);
    const catalog = areaGrants(dev, 'catalog');
    // Besides its own log group and X-Ray, every action is one the catalog's function has on the same resource.
    for (const st of statements.filter((x) => ![x.Action].flat().every((a) => /^(logs|xray):/.test(a))))
      expect(
        catalog.statements.some(
          (c) =>
            JSON.stringify(c.Resource) === JSON.stringify(st.Resource) &&
            [st.Action].flat().every((a) => [c.Action].flat().includes(a)),
        ),
        JSON.stringify(st.Action),
      ).toBe(true);
    expect(actionsOf(statements, 'dynamodb:').flatMap((st) => [st.Action].flat())).not.toContain(
      'dynamodb:PutItem',
    );
    expect(actionsOf(statements, 'es:')).not.toEqual([]);
    expect(actionsOf(statements, 'cognito-idp:')).toEqual([]);
    expect(actionsOf(statements, 'ses:')).toEqual([]);
    expect(actionsOf(statements, 's3:')).toEqual([]);
    for (const [name, value] of Object.entries(env))
      if (name !== ENV.userPoolClientId && name !== ENV.tokenIssuer)
        expect(catalog.env[name], name).toEqual(value);
    expect(env[ENV.tokenIssuer]).toBeUndefined();
    dev.template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      TargetFunctionArn: { 'Fn::GetAtt': [logicalId, 'Arn'] },
    });
    const permissions = ofType(dev.resources, 'AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'cloudfront.amazonaws.com',
    );
    expect(permissions.map(([, p]) => p.Properties.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const [, p] of permissions)
      expect(joined(p.Properties.SourceArn)).toMatch(/:distribution\/<WebDistribution/);
  });

  it('is pinged every 5 minutes with the warm event, by a schedule whose role may invoke the render function alone', () => {
    const [fnId] = renderFunction(dev);
    const schedules = ofType(dev.resources, 'AWS::Scheduler::Schedule').filter(
      ([, s]) =>
        JSON.stringify((s.Properties.Target as { Arn: unknown }).Arn) ===
        JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(schedules).toHaveLength(1);
    const [[, schedule]] = schedules;
    expect(RENDER_WARM_MINUTES).toBe(5);
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
    const target = schedule.Properties.Target as {
      Input: string;
      RoleArn: { 'Fn::GetAtt': [string, string] };
      RetryPolicy: unknown;
    };
    // The event the handler answers without rendering (test/integration/render-function.test.ts).
    expect(JSON.parse(target.Input)).toEqual(RENDER_WARM_EVENT);
    expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 60, MaximumRetryAttempts: 0 });
    const roleId = target.RoleArn['Fn::GetAtt'][0];
    expect(JSON.stringify(dev.resources[roleId].Properties.AssumeRolePolicyDocument)).toContain(
      'scheduler.amazonaws.com',
    );
    const statements = ofType(dev.resources, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(roleId))
      .flatMap(
        ([, p]) =>
          (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
      );
    expect(statements).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Resource: [
          { 'Fn::GetAtt': [fnId, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [fnId, 'Arn'] }, ':*']] },
        ],
      }),
    ]);
  });

  it("keeps Vite's build manifest (inlined into render.mjs at build time) out of the public bucket and its invalidations", () => {
    // custom deploys the fixture build, whose .vite/manifest.json is written in beforeAll.
    const stagings = custom.stack.node
      .findAll()
      .filter((c): c is AssetStaging => c instanceof AssetStaging && c.node.path.includes('/Web/Deploy'));
    expect(stagings.map((c) => c.node.path).some((p) => p.includes('/Web/DeployShell/'))).toBe(true);
    // The build's folders (the runtime config is a staged file of its own).
    for (const staging of stagings.filter((c) => statSync(c.absoluteStagedPath).isDirectory()))
      expect(readdirSync(staging.absoluteStagedPath), staging.node.path).not.toContain(BUILD_ONLY_DIR);
    const paths = ofType(custom.resources, 'Custom::CDKBucketDeployment').flatMap(
      ([, d]) => (d.Properties.DistributionPaths as string[] | undefined) ?? [],
    );
    expect(paths).toContain('/index.html');
    expect(paths.filter((p) => p.includes(BUILD_ONLY_DIR))).toEqual([]);
  });

  it('is watched: its errors like every function, and its handled failures (500s) from its log', () => {
    dev.template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '"[render-failed]"',
      MetricTransformations: [Match.objectLike({ MetricName: 'RenderFailures', MetricValue: '1' })],
    });
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'marketplace-dev-render-failures',
      MetricName: 'RenderFailures',
    });
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'marketplace-dev-fn-render-errors',
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  const violations = (built: { app: App; stack: Stack }) =>
    new AwsSolutionsChecks().validateScope(built.app).violations.map((v) => ({
      rule: v.ruleName,
      at: v.violatingResources.map((r) => r.resourceLogicalId),
    }));

  it.each([
    ['dev', () => dev],
    ['prod', () => prod],
    ['custom domain', () => custom],
    ['guarded routes', () => guarded],
    ['google sign-in', () => google],
  ])('has no unacknowledged finding in %s', (_name, get) => {
    expect(violations(get())).toEqual([]);
  });
});

describe('cfn-lint (decision 045)', () => {
  it("finds no error and no unacknowledged warning in dev's, prod's or a stage with every option's template", async () => {
    expect(await lint.findings).toEqual([]);
  });
});

describe('search indexes made at deploy (issue 42, decision 060)', () => {
  const maker = (built: ReturnType<typeof build>) =>
    ofType(built.resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith('SearchMakeIndexes'))!;
  const indexPaths = (index: string) => [index, `${index}/_mapping`];

  it.each([
    ['dev', () => dev, stages.dev],
    ['prod', () => prod, stages.prod],
  ])(
    'in %s: a custom resource after the domain names both indexes and the mappings it makes',
    (_name, get, stage) => {
      const built = get();
      const [[domainId]] = ofType(built.resources, 'AWS::OpenSearchService::Domain');
      const [[, resource], ...more] = ofType(built.resources, 'Custom::SearchIndexes');
      expect(more).toEqual([]);
      const saved = `${stage.search.indexName}-saved-searches`;
      expect(resource.Properties).toEqual({
        ServiceToken: { 'Fn::GetAtt': [maker(built)[0], 'Arn'] },
        ProductsIndex: stage.search.indexName,
        SavedSearchesIndex: saved,
        // A hash of both index bodies: a mapping change is an Update, which adds the new fields.
        Mappings: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      // Ordered after the domain, so the domain (and its policy naming the maker's role) exists first.
      expect((resource as { DependsOn?: string[] }).DependsOn).toEqual(expect.arrayContaining([domainId]));
      // Its function is the handler that makes them, with the same names the other functions read.
      const [, fn] = maker(built);
      expect(fn.Properties.Handler).toBe('index.handler');
      expect(Number(fn.Properties.Timeout)).toBeGreaterThan(60);
      const { env } = grantsOf(built, maker(built));
      expect(env[ENV.openSearchIndex]).toBe(stage.search.indexName);
      expect(env[ENV.openSearchAlertsIndex]).toBe(saved);
      expect(joined(env[ENV.openSearchEndpoint])).toBe(`https://<${domainId}.DomainEndpoint>`);
    },
  );

  it('gives its function HEAD and PUT of the two indexes and their mappings, nothing else of the domain', () => {
    const [[domainId, domain]] = ofType(dev.resources, 'AWS::OpenSearchService::Domain');
    const saved = `${stages.dev.search.indexName}-saved-searches`;
    const paths = [...indexPaths(stages.dev.search.indexName), ...indexPaths(saved)];
    const { statements } = grantsOf(dev, maker(dev));
    const es = actionsOf(statements, 'es:');
    expect(es).toHaveLength(1);
    expect([es[0].Action].flat().sort()).toEqual(['es:ESHttpHead', 'es:ESHttpPut']);
    expect(([es[0].Resource].flat() as unknown[]).map(joined).sort()).toEqual(
      paths.map((path) => `<${domainId}.Arn>/${path}`).sort(),
    );
    // The domain's resource policy names its role for the same actions on the same paths.
    const [roleId] = ofType(dev.resources, 'AWS::IAM::Role').find(([id]) =>
      id.startsWith('SearchMakeIndexesRole'),
    )!;
    const ofMaker = (
      domain.Properties.AccessPolicies as {
        Statement: { Principal: { AWS: unknown }; Action: string | string[]; Resource: unknown }[];
      }
    ).Statement.filter((st) => JSON.stringify(st.Principal.AWS).includes(roleId));
    expect(ofMaker).toHaveLength(1);
    expect([ofMaker[0].Action].flat().sort()).toEqual(['es:ESHttpHead', 'es:ESHttpPut']);
    expect(([ofMaker[0].Resource].flat() as unknown[]).map(joined).sort()).toEqual(
      paths
        .map(
          (path) => `arn:<AWS::Partition>:es:<AWS::Region>:<AWS::AccountId>:domain/marketplace-dev/${path}`,
        )
        .sort(),
    );
  });
});

describe('Web Push (issue 41, decision 058)', () => {
  const dispatcher = () =>
    ofType(dev.resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith('StreamDispatcher'))!;
  const vapidReads = (statements: { Action: string | string[]; Resource: unknown }[]) =>
    actionsOf(statements, 'secretsmanager:').filter((st) =>
      JSON.stringify(st.Resource).includes('PushVapidKeys'),
    );

  it('keeps the key pair in a secret with no value in the template, made and kept by a custom resource that answers only the public key', () => {
    const [[, secret], ...more] = ofType(dev.resources, 'AWS::SecretsManager::Secret').filter(([id]) =>
      id.startsWith('PushVapidKeys'),
    );
    expect(more).toEqual([]);
    expect(secret.Properties.SecretString).toBeUndefined();
    const [[, resource]] = ofType(dev.resources, 'AWS::CloudFormation::CustomResource');
    expect(resource.Properties.SecretArn).toEqual({ Ref: expect.stringMatching(/^PushVapidKeys/) });
    expect(resource.Properties.ServiceToken).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^PushMakeKeys/), 'Arn'],
    });
    // Its function may read and write that secret, and nothing else of Secrets Manager.
    const maker = ofType(dev.resources, 'AWS::Lambda::Function').find(([id]) =>
      id.startsWith('PushMakeKeys'),
    )!;
    const { statements } = grantsOf(dev, maker);
    const secrets = actionsOf(statements, 'secretsmanager:');
    expect(secrets.every((st) => JSON.stringify(st.Resource).includes('PushVapidKeys'))).toBe(true);
    expect(secrets.flatMap((st) => [st.Action].flat())).toEqual(
      expect.arrayContaining(['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']),
    );
  });

  it('lets the dispatcher alone read it (it pushes what it mails); no API area reaches it', () => {
    const { env, statements } = grantsOf(dev, dispatcher());
    expect(env[ENV.vapidSecretArn]).toEqual({ Ref: expect.stringMatching(/^PushVapidKeys/) });
    const reads = vapidReads(statements);
    expect(reads).toHaveLength(1);
    expect([reads[0].Action].flat().sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    for (const area of API_AREAS) {
      const grants = areaGrants(dev, area);
      expect(grants.env[ENV.vapidSecretArn], area).toBeUndefined();
      expect(vapidReads(grants.statements), area).toEqual([]);
      // The local stand-ins never reach AWS.
      expect(grants.env[ENV.vapidPrivateKey], area).toBeUndefined();
    }
    expect(env[ENV.vapidPrivateKey]).toBeUndefined();
  });
});

describe('saved searches with alerts (decision 031)', () => {
  const dispatcher = () =>
    ofType(dev.resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith('StreamDispatcher'))!;

  it("percolate new listings from the dispatcher: the saved searches' index beside the products index, on the domain's write grant", () => {
    const { env, statements } = grantsOf(dev, dispatcher());
    expect(env[ENV.openSearchAlertsIndex]).toBe(`${env[ENV.openSearchIndex]}-saved-searches`);
    const search = actionsOf(statements, 'es:').flatMap((st) => [st.Action].flat());
    // _bulk of the saved searches (POST), the percolator index made on first write (HEAD, PUT), _search.
    expect(search).toEqual(expect.arrayContaining(['es:ESHttpHead', 'es:ESHttpPut', 'es:ESHttpPost']));
    // No API area reaches the percolator index: saved searches reach it only through the stream.
    for (const area of API_AREAS)
      expect(areaGrants(dev, area).env[ENV.openSearchAlertsIndex], area).toBeUndefined();
  });

  it('send the digests on the notification schedule (every minute, the dispatcher)', () => {
    const [[, rule]] = ofType(dev.resources, 'AWS::Events::Rule').filter(([id]) =>
      id.startsWith('NotificationsSweep'),
    );
    expect(String(rule.Properties.Description)).toMatch(/alert digests/);
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
  });
});
