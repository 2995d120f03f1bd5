import { mkdirSync, mkdtempSync, readFileSync, rmSync, } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../../functions/commons/metric-names';
import {
  COMMON_RULES_COUNTED,
  COMMON_RULES_ON_TYPED_TEXT,
  MANAGED_RULE_GROUPS,
  MAX_BODY_BYTES,
} from '../../infra/constructs/firewall';
import {
  API_5XX_RATE_PERCENT,
  API_MIN_REQUESTS,
  ITERATOR_AGE_MS,
  SEARCH_FREE_STORAGE_SHARE,
  TABLE_OPERATIONS,
  TABLE_THROTTLES,
} from '../../infra/constructs/monitoring';
import { MarketplaceStack } from '../../infra/stack';
import { type StageConfig, stages } from '../../infra/stages';
import { LIMITS } from '#shared/limits';
import { API_MESSAGES } from '#shared/messages';
import { PayloadTooLargeError } from '../../functions/commons/errors';
import { errorResponse } from '../../functions/http/router';
import { stubFunctions } from '../support/function-stubs';

type Resource = { Type: string; Properties: Record<string, unknown> };

/** The section headings of docs/runbook.md (what an alarm's description may point to). */
const runbookHeadings = readFileSync(join(import.meta.dirname, '../../docs/runbook.md'), 'utf8')
  .split('\n')
  .filter((line) => /^#{2,3} /.test(line))
  .map((line) => line.replace(/^#+ /, '').trim());
type Built = ReturnType<typeof build>;

let work: string;
let functionsDir: string;

/** Synthesises one stage without bundling, against handler stubs (as stack.test.ts does). */
function build(stage: StageConfig, env?: { account?: string; region?: string }) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new MarketplaceStack(app, `Marketplace-${stage.name}`, {
    stage,
    env,
    functionsDir,
    webDistPath: join(work, 'no-web-build'),
  });
  const template = Template.fromStack(stack);
  const resources = template.toJSON().Resources as Record<string, Resource>;
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(construct.node.defaultChild as CfnElement);
  return { app, stack, template, resources, logicalId };
}

const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** Flattens an Fn::Join of literals, Refs and GetAtts into one string (`<Logical>`, `<Logical.Attr>`). */
function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { 'Fn::Join'?: [string, unknown[]]; Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (v.Ref) return `<${v.Ref}>`;
  if (v['Fn::GetAtt']) return `<${v['Fn::GetAtt'].join('.')}>`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(joined).join(v['Fn::Join'][0]);
  throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
}

const alarms = (built: Built) =>
  ofType(built.resources, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties as AlarmProps);
type AlarmProps = {
  AlarmName: string;
  MetricName?: string;
  Namespace?: string;
  Statistic?: string;
  Period?: number;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: {
    Id: string;
    Expression?: string;
    ReturnData?: boolean;
    MetricStat?: {
      Metric: { MetricName: string; Namespace: string; Dimensions: { Name: string; Value: unknown }[] };
      Period: number;
      Stat: string;
    };
  }[];
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  TreatMissingData?: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
};

function alarm(built: Built, key: string): AlarmProps {
  const name = `${built.stack.monitoring.prefix}-${key}`;
  const found = alarms(built).find((a) => a.AlarmName === name);
  expect(found, name).toBeDefined();
  return found!;
}

const dims = (dimensions: { Name: string; Value: unknown }[] | undefined) =>
  Object.fromEntries((dimensions ?? []).map((d) => [d.Name, d.Value]));

let dev: Built;
let prod: Built;

beforeAll(() => {
  mkdirSync('node_modules/.cache', { recursive: true });
  work = mkdtempSync(join(process.cwd(), 'node_modules/.cache/infra-monitoring-'));
  functionsDir = join(work, 'app');
  stubFunctions(functionsDir);
  dev = build(stages.dev);
  prod = build(stages.prod);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.each([
  ['dev', () => dev, stages.dev as StageConfig],
  ['prod', () => prod, stages.prod as StageConfig],
])('alarms (%s)', (_name, get, stage) => {
  const topicRef = () => ({ Ref: get().logicalId(get().stack.monitoring.topic) });

  it('every alarm notifies the topic on ALARM and on OK, says what to do, and chooses its missing data', () => {
    const all = alarms(get());
    expect(all.length).toBe(get().stack.monitoring.alarms.length);
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) {
      expect(a.AlarmActions, a.AlarmName).toEqual([topicRef()]);
      expect(a.OKActions, a.AlarmName).toEqual([topicRef()]);
      expect(a.AlarmName).toMatch(new RegExp(`^marketplace-${stage.name}-`));
      expect(['breaching', 'notBreaching', 'ignore', 'missing']).toContain(a.TreatMissingData);
      // The description names a section of the runbook that exists, so whoever is paged finds it.
      const section = /Runbook: docs\/runbook\.md, "([^"]+)"\.$/.exec(
        (a as { AlarmDescription?: string }).AlarmDescription ?? '',
      )?.[1];
      expect(section, a.AlarmName).toBeDefined();
      expect(runbookHeadings, a.AlarmName).toContain(section);
    }
    expect(new Set(all.map((a) => a.AlarmName)).size).toBe(all.length);
  });

  it('API 5xx rate: 5xx / requests over 5 minutes, judged only above the minimum traffic', () => {
    const a = alarm(get(), 'api-5xx-rate');
    const apiId = { Ref: get().logicalId(get().stack.api.httpApi) };
    const expression = a.Metrics?.find((m) => m.Expression);
    expect(expression?.ReturnData).toBe(true);
    expect(expression?.Expression).toBe(
      `IF(requests >= ${API_MIN_REQUESTS}, 100 * FILL(errors, 0) / requests, 0)`,
    );
    const byId = Object.fromEntries(
      (a.Metrics ?? []).filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat!]),
    );
    expect(byId.errors).toEqual({
      Metric: {
        Namespace: 'AWS/ApiGateway',
        MetricName: '5xx',
        Dimensions: [{ Name: 'ApiId', Value: apiId }],
      },
      Period: 300,
      Stat: 'Sum',
    });
    expect(byId.requests).toEqual({
      Metric: {
        Namespace: 'AWS/ApiGateway',
        MetricName: 'Count',
        Dimensions: [{ Name: 'ApiId', Value: apiId }],
      },
      Period: 300,
      Stat: 'Sum',
    });
    expect(a).toMatchObject({
      Threshold: API_5XX_RATE_PERCENT,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
    });
  });

  it('errors and throttles of every function: each API area, the stream dispatcher, the jobs and the render function', () => {
    const { stack } = get();
    const functions = [
      ...stack.api.functions.map((f) => ({ name: f.area, fn: f.fn })),
      { name: 'stream', fn: stack.stream.dispatcher },
      { name: 'admin-jobs', fn: stack.adminJobs.runner },
      { name: 'exchange-rate', fn: stack.exchangeRateJob.fn },
      { name: 'listing-expiry', fn: stack.listingExpiry.job },
      { name: 'render', fn: stack.render.fn },
    ];
    expect(functions.length).toBeGreaterThan(1);
    const fnAlarms = alarms(get()).filter((a) => a.AlarmName.includes('-fn-'));
    expect(fnAlarms).toHaveLength(functions.length * 2);
    for (const { name, fn } of functions) {
      const functionName = { Ref: get().logicalId(fn) };
      expect(alarm(get(), `fn-${name}-errors`)).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: functionName }],
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
        TreatMissingData: 'notBreaching',
      });
      expect(alarm(get(), `fn-${name}-throttles`)).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Throttles',
        Dimensions: [{ Name: 'FunctionName', Value: functionName }],
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it("the stream consumer's iterator age and the failure queue", () => {
    const { stack, logicalId } = get();
    expect(alarm(get(), 'stream-iterator-age')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(stack.stream.dispatcher) } }],
      Statistic: 'Maximum',
      Period: 300,
      Threshold: ITERATOR_AGE_MS,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 2,
      TreatMissingData: 'notBreaching',
    });
    expect(alarm(get(), 'stream-failure-queue')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack.stream.failureQueue), 'QueueName'] } },
      ],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('the search domain: red (silence counts), yellow where there are replicas to lose, free storage', () => {
    const { stack, logicalId } = get();
    const domainDims = {
      DomainName: { Ref: logicalId(stack.search.domain) },
      ClientId: { Ref: 'AWS::AccountId' },
    };
    const red = alarm(get(), 'search-red');
    expect(red).toMatchObject({
      Namespace: 'AWS/ES',
      MetricName: 'ClusterStatus.red',
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'breaching',
    });
    expect(dims(red.Dimensions)).toEqual(domainDims);
    const yellowName = `marketplace-${stage.name}-search-yellow`;
    const yellow = alarms(get()).find((a) => a.AlarmName === yellowName);
    if (stage.search.instanceCount > 1) {
      expect(yellow).toMatchObject({
        Namespace: 'AWS/ES',
        MetricName: 'ClusterStatus.yellow',
        Statistic: 'Maximum',
        Period: 60,
        Threshold: 1,
        EvaluationPeriods: 5,
        DatapointsToAlarm: 5,
        TreatMissingData: 'notBreaching',
      });
      expect(dims(yellow?.Dimensions)).toEqual(domainDims);
    } else {
      expect(yellow).toBeUndefined();
    }
    const storage = alarm(get(), 'search-free-storage');
    expect(storage).toMatchObject({
      Namespace: 'AWS/ES',
      MetricName: 'FreeStorageSpace',
      Statistic: 'Minimum',
      Period: 60,
      Threshold: stage.search.volumeGiB * 1024 * SEARCH_FREE_STORAGE_SHARE,
      ComparisonOperator: 'LessThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(dims(storage.Dimensions)).toEqual(domainDims);
  });

  it('table throttled requests: every operation the code uses, summed with gaps as zero', () => {
    const a = alarm(get(), 'table-throttles');
    const table = { Ref: get().logicalId(get().stack.data.table) };
    const series = (a.Metrics ?? []).filter((m) => m.MetricStat);
    expect(series.map((m) => dims(m.MetricStat?.Metric.Dimensions).Operation).sort()).toEqual(
      [...TABLE_OPERATIONS].sort(),
    );
    for (const m of series) {
      expect(m.MetricStat).toMatchObject({
        Metric: { Namespace: 'AWS/DynamoDB', MetricName: 'ThrottledRequests' },
        Period: 300,
        Stat: 'Sum',
      });
      expect(dims(m.MetricStat?.Metric.Dimensions).TableName).toEqual(table);
    }
    expect(a.Metrics?.find((m) => m.Expression)?.Expression).toBe(
      series.map((m) => `FILL(${m.Id}, 0)`).join(' + '),
    );
    expect(a).toMatchObject({ Threshold: TABLE_THROTTLES, TreatMissingData: 'notBreaching' });
  });
});

describe('alarm topic', () => {
  it('is encrypted with its own rotating key that CloudWatch may use, and refuses plain HTTP', () => {
    for (const built of [dev, prod]) {
      const topic = built.stack.monitoring.topic;
      const [[keyId, key]] = ofType(built.resources, 'AWS::KMS::Key');
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
      built.template.hasResourceProperties('AWS::SNS::Topic', {
        KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
      });
      built.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: built.logicalId(topic) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 'sns:Publish',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
            Match.objectLike({
              Effect: 'Allow',
              Action: 'sns:Publish',
              Principal: { Service: 'cloudwatch.amazonaws.com' },
            }),
          ]),
        },
      });
    }
  });

  it('e-mails the stage address when the config names one, and no one otherwise', () => {
    expect(stages.prod.alarmEmail).toBeDefined();
    prod.template.resourceCountIs('AWS::SNS::Subscription', 1);
    prod.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: stages.prod.alarmEmail,
      TopicArn: { Ref: prod.logicalId(prod.stack.monitoring.topic) },
    });
    expect((stages.dev as StageConfig).alarmEmail).toBeUndefined();
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe.each([
  ['dev', () => dev, stages.dev as StageConfig],
  ['prod', () => prod, stages.prod as StageConfig],
])('dashboard (%s)', (_name, get, stage) => {
  const body = () => {
    const [[, dashboard]] = ofType(get().resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties.DashboardName).toBe(`marketplace-${stage.name}`);
    return JSON.parse(joined(dashboard.Properties.DashboardBody)) as {
      widgets: { type: string; properties: { title?: string; metrics?: unknown[][]; alarms?: unknown[] } }[];
    };
  };
  const metricRows = () => body().widgets.flatMap((w) => w.properties.metrics ?? []);

  it('graphs every business metric of metric-names.ts with the service and stage dimensions', () => {
    const rows = metricRows();
    for (const name of Object.values(METRIC)) {
      const row = rows.find((r) => r[0] === METRICS_NAMESPACE && r[1] === name);
      expect(row, name).toBeDefined();
      const pairs = row!.slice(2).filter((x) => typeof x === 'string');
      const dimensions = Object.fromEntries(
        Array.from({ length: pairs.length / 2 }, (_, i) => [pairs[2 * i], pairs[2 * i + 1]]),
      );
      expect(dimensions, name).toEqual({ service: METRICS_SERVICE, stage: stage.name });
    }
  });

  it('shows every alarm and the figures they watch', () => {
    const alarmWidget = body().widgets.find((w) => w.type === 'alarm');
    expect(alarmWidget?.properties.alarms).toHaveLength(get().stack.monitoring.alarms.length);
    const names = new Set(metricRows().map((r) => r[1]));
    for (const m of [
      '5xx',
      'Count',
      'Errors',
      'Throttles',
      'IteratorAge',
      'ApproximateNumberOfMessagesVisible',
    ]) {
      expect(names, m).toContain(m);
    }
    for (const m of ['ClusterStatus.red', 'ClusterStatus.yellow', 'FreeStorageSpace', 'ThrottledRequests']) {
      expect(names, m).toContain(m);
    }
  });
});

describe('WAF', () => {
  type WafRule = {
    Name: string;
    Priority: number;
    Action?: Record<string, unknown>;
    OverrideAction?: Record<string, unknown>;
    Statement: Record<string, Record<string, unknown>>;
    VisibilityConfig: {
      CloudWatchMetricsEnabled: boolean;
      SampledRequestsEnabled: boolean;
      MetricName: string;
    };
  };
  const acl = () => {
    const found = ofType(prod.resources, 'AWS::WAFv2::WebACL');
    expect(found).toHaveLength(1);
    const [[id, resource]] = found;
    return { id, props: resource.Properties as Record<string, unknown> & { Rules: WafRule[] } };
  };

  it('guards the prod distribution with a CloudFront web ACL, metrics and samples on', () => {
    const { id, props } = acl();
    expect(props).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true },
      AssociationConfig: { RequestBody: { CLOUDFRONT: { DefaultSizeInspectionLimit: 'KB_16' } } },
    });
    for (const rule of props.Rules) {
      expect(rule.VisibilityConfig, rule.Name).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      });
    }
    expect(new Set(props.Rules.map((r) => r.Priority)).size).toBe(props.Rules.length);
    const [[, distribution]] = ofType(prod.resources, 'AWS::CloudFront::Distribution');
    expect((distribution.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId).toEqual({
      'Fn::GetAtt': [id, 'Arn'],
    });
    // The stack lives where CloudFront web ACLs can be created.
    expect(prod.stack.region).toBe('us-east-1');
  });

  it('limits each IP on /api/* to the stage rate, answering 429 with the API error body', () => {
    const { props } = acl();
    const rate = props.Rules.find((r) => r.Statement.RateBasedStatement);
    expect(rate?.Statement.RateBasedStatement).toEqual({
      Limit: stages.prod.waf.apiRequestsPer5Minutes,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/',
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      },
    });
    expect(rate?.Action).toEqual({
      Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'tooManyRequests' } },
    });
    const bodies = props.CustomResponseBodies as Record<string, { ContentType: string; Content: string }>;
    expect(bodies.tooManyRequests.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(bodies.tooManyRequests.Content)).toEqual({
      error: { code: 'too_many_requests', message: API_MESSAGES.tooManyRequests },
    });
  });

  it('runs the AWS managed groups, counting (not blocking) the 8 KB body rule, and blocks bodies past 16 KB in Spanish', () => {
    const { props } = acl();
    const groups = props.Rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(groups.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...MANAGED_RULE_GROUPS]);
    for (const group of groups) {
      expect(group.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(group.OverrideAction).toEqual({ None: {} });
    }
    for (const required of [
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesAmazonIpReputationList',
    ]) {
      expect(groups.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toContain(required);
    }
    const common = groups.find(
      (r) => r.Statement.ManagedRuleGroupStatement.Name === 'AWSManagedRulesCommonRuleSet',
    );
    expect(common?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      ...COMMON_RULES_COUNTED.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
      // The rules that judge what a person types block with the API's Spanish 403 (decision 043).
      ...COMMON_RULES_ON_TYPED_TEXT.map((name) => ({
        Name: name,
        ActionToUse: { Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'blocked' } } },
      })),
    ]);
    expect(COMMON_RULES_ON_TYPED_TEXT.every((name) => /_(BODY|QUERYARGUMENTS|QUERYSTRING)$/.test(name))).toBe(
      true,
    );
    const size = props.Rules.find((r) => r.Statement.SizeConstraintStatement);
    expect(size?.Statement.SizeConstraintStatement).toMatchObject({
      FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
      ComparisonOperator: 'GT',
      Size: MAX_BODY_BYTES,
    });
    expect(MAX_BODY_BYTES).toBe(LIMITS.apiBodyMaxBytes);
    expect(size?.Action).toEqual({
      Block: { CustomResponse: { ResponseCode: 413, CustomResponseBodyKey: 'bodyTooLarge' } },
    });
    const bodies = props.CustomResponseBodies as Record<string, { ContentType: string; Content: string }>;
    // Word for word what the router answers (functions/http/router.ts).
    expect(bodies.bodyTooLarge.Content).toBe(errorResponse(new PayloadTooLargeError()).body);
    expect(JSON.parse(bodies.blocked.Content)).toEqual({
      error: { code: 'forbidden', message: API_MESSAGES.blockedByFirewall },
    });
    for (const body of Object.values(bodies)) expect(body.ContentType).toBe('APPLICATION_JSON');
  });

  it('is absent in dev, whose distribution acknowledges cdk-nag CFR2 instead', () => {
    expect(stages.dev).not.toHaveProperty('waf');
    dev.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [[, distribution]] = ofType(dev.resources, 'AWS::CloudFront::Distribution');
    expect((distribution.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId).toBeUndefined();
    const acknowledged = (built: Built) =>
      JSON.stringify(
        built.stack.web.distribution.node.metadata
          .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .map((m) => m.data),
      );
    expect(acknowledged(dev)).toContain('AwsSolutions-CFR2');
    expect(acknowledged(prod)).not.toContain('AwsSolutions-CFR2');
  });

  it('refuses at synth a WAF stage whose stack is not in us-east-1', () => {
    const { region: _pinned, ...unpinned } = stages.prod;
    expect(() => build({ ...stages.prod, name: 'elsewhere', region: 'sa-east-1' })).toThrow(
      /can only be created in us-east-1, but the stack's region is sa-east-1/,
    );
    expect(() => build({ ...unpinned, name: 'unpinned' })).toThrow(/region is not fixed at synth time/);
    // Credentials in us-east-1 make an unpinned stage valid too.
    const fromEnv = build({ ...unpinned, name: 'fromenv' }, { region: 'us-east-1' });
    fromEnv.template.resourceCountIs('AWS::WAFv2::WebACL', 1);
  });
});

describe('cdk-nag AwsSolutions and stack size', () => {
  it.each([
    ['dev', () => dev],
    ['prod', () => prod],
  ])('has no unacknowledged finding in %s', (_name, get) => {
    const violations = new AwsSolutionsChecks().validateScope(get().app).violations.map((v) => ({
      rule: v.ruleName,
      at: v.violatingResources.map((r) => r.resourceLogicalId),
    }));
    expect(violations).toEqual([]);
  });

  it('stays well inside the 500-resource CloudFormation limit', () => {
    for (const [name, built] of [
      ['dev', dev],
      ['prod', prod],
    ] as const) {
      const count = Object.keys(built.resources).length;
      const alarmCount = alarms(built).length;
      console.log(`resources ${name}: ${count} (of which ${alarmCount} alarms)`);
      expect(count).toBeLessThan(450);
    }
  });
});
