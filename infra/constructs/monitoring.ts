import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  Metric,
  Stats,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Domain } from 'aws-cdk-lib/aws-opensearchservice';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../../functions/commons/metric-names';
import type { StageConfig } from '../stages';

const FIVE_MINUTES = Duration.minutes(5);
const ONE_MINUTE = Duration.minutes(1);

// Thresholds: the same in every stage (a dev alarm that fires is a rehearsal of the prod one); only
// the search storage threshold follows the stage's volume size.

/** API 5xx rate (%) that alarms: one request in twenty failing is an outage for whoever makes them. */
export const API_5XX_RATE_PERCENT = 5;
/** Requests per 5 minutes below which the rate is not judged: 1 error out of 2 requests at night is noise. */
export const API_MIN_REQUESTS = 50;
/** Oldest unprocessed stream record (ms): new listings should be searchable within seconds, 5 minutes is stuck. */
export const ITERATOR_AGE_MS = 5 * 60 * 1000;
/** Throttled table requests per 5 minutes: the SDK retries a few unseen; ten means users wait or fail. */
export const TABLE_THROTTLES = 10;
/** Free storage of the fullest search node, as a share of its volume (AWS's recommended 25 %). */
export const SEARCH_FREE_STORAGE_SHARE = 0.25;
/**
 * The table operations the repositories and the stream use (functions/adapters, the event source):
 * the ThrottledRequests series the table alarm adds up (a metric math alarm takes at most 10).
 */
export const TABLE_OPERATIONS: readonly Operation[] = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.GET_RECORDS,
];

export interface MonitoredFunction {
  /** Short stable name, part of the alarm names (`…-fn-<name>-errors`). */
  readonly name: string;
  readonly fn: IFunction;
}

export interface MonitoringProps {
  readonly stage: StageConfig;
  /** The HTTP API: its 5xx rate. */
  readonly httpApi: HttpApi;
  /** Every function: errors and throttles of each. However many there are. */
  readonly functions: readonly MonitoredFunction[];
  /** The function reading the table stream: its iterator age. */
  readonly streamConsumer: IFunction;
  /** The stream mapping's on-failure queue: any message in it. */
  readonly failureQueue: IQueue;
  /** The OpenSearch domain: cluster status and free storage. */
  readonly domain: Domain;
  /** The table: throttled requests. */
  readonly table: Table;
  /**
   * Renders answered 500 or late (the edge served the static shell instead), per 5 minutes: the
   * render function's handled failures, which its errors alarm does not see.
   */
  readonly renderFailures?: IMetric;
  /** The CloudFront web ACL, when the stage has one: its requests on the dashboard. */
  readonly webAcl?: { readonly metricName: string; readonly ruleMetricNames: readonly string[] };
}

interface AlarmSpec {
  /** Part of the alarm name and of its construct id. */
  readonly key: string;
  /** What it means, one sentence; the description adds where the runbook is. */
  readonly meaning: string;
  /** The heading of docs/runbook.md that says what to do (test/infra/monitoring.test.ts checks it exists). */
  readonly runbook: string;
  readonly metric: IMetric;
  readonly threshold: number;
  readonly comparison?: ComparisonOperator;
  readonly evaluationPeriods?: number;
  readonly datapointsToAlarm?: number;
  readonly treatMissingData: TreatMissingData;
}

/**
 * The stage's alarms, the topic they all notify (on ALARM and back to OK), and its dashboard. The
 * thresholds and each alarm's missing-data choice are explained next to the alarm; what to do when
 * one fires is docs/runbook.md.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  /** `marketplace-<stage>`: prefix of every alarm name, and the dashboard's name. */
  readonly prefix: string;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, httpApi, domain, table } = props;
    const stack = Stack.of(this);
    this.prefix = `marketplace-${stage.name}`;

    // CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key (its key policy
    // does not name CloudWatch), so the topic has its own key that lets CloudWatch encrypt.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `Encrypts the ${stage.name} alarm topic; CloudWatch alarms encrypt with it to publish`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `Mercado universitario ${stage.name}: alarmas`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic policy replaces SNS's default one, so CloudWatch alarms of this account are named.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );
    if (stage.alarmEmail) this.topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    this.action = new SnsAction(this.topic);

    // --- API ---------------------------------------------------------------------------------------
    const apiErrors = httpApi.metricServerError({ statistic: Stats.SUM, period: FIVE_MINUTES });
    const apiRequests = httpApi.metricCount({ statistic: Stats.SUM, period: FIVE_MINUTES });
    const api5xxRate = new MathExpression({
      expression: `IF(requests >= ${API_MIN_REQUESTS}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { errors: apiErrors, requests: apiRequests },
      period: FIVE_MINUTES,
      label: `5xx % (judged from ${API_MIN_REQUESTS} requests / 5 min)`,
    });
    this.addAlarm({
      key: 'api-5xx-rate',
      meaning: `More than ${API_5XX_RATE_PERCENT} % of API requests answered 5xx for 10 minutes (with at least ${API_MIN_REQUESTS} requests per 5 minutes)`,
      runbook: 'API 5xx rate',
      metric: api5xxRate,
      threshold: API_5XX_RATE_PERCENT,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      // No requests, no datapoint: an idle API is not failing.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Functions ---------------------------------------------------------------------------------
    for (const { name, fn } of props.functions) {
      this.addAlarm({
        key: `fn-${name}-errors`,
        meaning: `Function ${name} failed (crash, timeout or out of memory; handled errors are 5xx answers, not these) in 2 of the last 3 five-minute periods`,
        runbook: 'Function errors',
        metric: fn.metricErrors({ statistic: Stats.SUM, period: FIVE_MINUTES }),
        threshold: 1,
        // One timeout is not a page; failures that keep coming are.
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        // Lambda publishes Errors only for periods with invocations: none is not a failure.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      this.addAlarm({
        key: `fn-${name}-throttles`,
        meaning: `Function ${name} was throttled (the account's concurrency is exhausted: requests are refused)`,
        runbook: 'Function throttles',
        metric: fn.metricThrottles({ statistic: Stats.SUM, period: FIVE_MINUTES }),
        threshold: 1,
        // Published only when something was throttled.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }

    if (props.renderFailures)
      this.addAlarm({
        key: 'render-failures',
        meaning:
          'Server renders failed or took longer than the edge waits (3 s) in 2 of the last 3 five-minute periods: visitors and link previews get the static shell instead of the page',
        runbook: 'Render failures',
        metric: props.renderFailures,
        threshold: 5,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        // The metric filter publishes only when a failure is logged.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });

    // --- Table stream → search index ---------------------------------------------------------------
    const iteratorAge = props.streamConsumer.metric('IteratorAge', {
      statistic: Stats.MAXIMUM,
      period: FIVE_MINUTES,
    });
    this.addAlarm({
      key: 'stream-iterator-age',
      meaning: `The table stream's oldest unprocessed record was more than ${ITERATOR_AGE_MS / 60_000} minutes old for 10 minutes: new listings are not reaching search`,
      runbook: 'Stream iterator age',
      metric: iteratorAge,
      threshold: ITERATOR_AGE_MS,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      // Published only while the consumer is invoked: no table writes, nothing to fall behind on.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const failures = props.failureQueue.metricApproximateNumberOfMessagesVisible({
      statistic: Stats.MAXIMUM,
      period: FIVE_MINUTES,
    });
    this.addAlarm({
      key: 'stream-failure-queue',
      meaning:
        'Stream records were given up on (retries or maximum age exhausted) and wait in the failure queue: those products are missing or stale in search',
      runbook: 'Stream failure queue',
      metric: failures,
      threshold: 1,
      // SQS stops reporting an empty queue after hours without activity; a queue holding messages reports.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Search domain -----------------------------------------------------------------------------
    const red = domain.metricClusterStatusRed({ period: ONE_MINUTE });
    this.addAlarm({
      key: 'search-red',
      meaning:
        'The search domain is red: at least one primary shard is unassigned; searches fall back to DynamoDB and the index misses writes',
      runbook: 'Search cluster red',
      metric: red,
      threshold: 1,
      // The domain reports every minute while it exists: silence means it or its metrics are gone,
      // which for search is as bad as red. (Late datapoints are not silence: CloudWatch only fills
      // in missing data when the whole evaluation range is empty.)
      treatMissingData: TreatMissingData.BREACHING,
    });
    const yellow = domain.metricClusterStatusYellow({ period: ONE_MINUTE });
    // A single-node domain is yellow by design (an index's replica has no second node to live on),
    // so only multi-node stages watch yellow.
    if (stage.search.instanceCount > 1) {
      this.addAlarm({
        key: 'search-yellow',
        meaning:
          'The search domain has been yellow for 5 minutes: a replica shard is unassigned, one more node loss makes it red',
        runbook: 'Search cluster yellow',
        metric: yellow,
        threshold: 1,
        // Replicas relocate for a minute or two during node replacements and blue/green changes.
        evaluationPeriods: 5,
        datapointsToAlarm: 5,
        // Silence is the red alarm's to report.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
    const freeStorageMiB = Math.round(stage.search.volumeGiB * 1024 * SEARCH_FREE_STORAGE_SHARE);
    const freeStorage = domain.metricFreeStorageSpace({ period: ONE_MINUTE });
    this.addAlarm({
      key: 'search-free-storage',
      meaning: `A search node has less than ${freeStorageMiB} MiB free (${SEARCH_FREE_STORAGE_SHARE * 100} % of its ${stage.search.volumeGiB} GiB): at the disk watermarks OpenSearch stops allocating shards and then blocks writes`,
      runbook: 'Search free storage',
      metric: freeStorage,
      threshold: freeStorageMiB,
      comparison: ComparisonOperator.LESS_THAN_OR_EQUAL_TO_THRESHOLD,
      // Silence is the red alarm's to report.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Table -------------------------------------------------------------------------------------
    const throttleSeries = Object.fromEntries(
      TABLE_OPERATIONS.map((operation, i) => [
        `op${i}`,
        new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: 'ThrottledRequests',
          dimensionsMap: { TableName: table.tableName, Operation: operation },
          statistic: Stats.SUM,
          period: FIVE_MINUTES,
        }),
      ]),
    );
    const tableThrottles = new MathExpression({
      // FILL: each operation's series exists only when it was throttled; a plain sum would need all.
      expression: Object.keys(throttleSeries)
        .map((id) => `FILL(${id}, 0)`)
        .join(' + '),
      usingMetrics: throttleSeries,
      period: FIVE_MINUTES,
      label: 'Throttled requests (all operations)',
    });
    this.addAlarm({
      key: 'table-throttles',
      meaning: `The table throttled ${TABLE_THROTTLES} or more requests in 5 minutes (on-demand: a traffic jump over twice the previous peak, a hot key, or an account limit)`,
      runbook: 'Table throttles',
      metric: tableThrottles,
      threshold: TABLE_THROTTLES,
      // Published only when something was throttled.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Dashboard ---------------------------------------------------------------------------------
    const fnMetric = (metric: (fn: IFunction) => Metric) =>
      props.functions.map(({ name, fn }) => metric(fn).with({ label: name }));
    const business = (metricName: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: METRICS_SERVICE, stage: stage.name },
        statistic: Stats.SUM,
        period: Duration.hours(1),
        label: metricName,
      });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: this.prefix,
      defaultInterval: Duration.days(1),
    });
    const rows: IWidget[][] = [
      [
        new TextWidget({
          markdown: [
            `# Mercado universitario — ${stage.name}`,
            'What each alarm means and what to check first: **docs/runbook.md**.',
            "Business metrics are sums per hour (namespace `Marketplace`, the functions' embedded metric format).",
          ].join('\n\n'),
          width: 8,
          height: 4,
        }),
        new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 16, height: 4 }),
      ],
      [
        new GraphWidget({
          title: 'API requests and errors (per 5 min)',
          left: [
            apiRequests.with({ label: 'requests' }),
            httpApi.metricClientError({ statistic: Stats.SUM, period: FIVE_MINUTES }).with({ label: '4xx' }),
            apiErrors.with({ label: '5xx' }),
          ],
          width: 8,
        }),
        new GraphWidget({
          title: 'API 5xx rate (%)',
          left: [api5xxRate],
          leftAnnotations: [{ value: API_5XX_RATE_PERCENT, label: 'alarm' }],
          width: 8,
        }),
        new GraphWidget({
          title: 'API latency (ms)',
          left: [Stats.p(50), Stats.p(90), Stats.p(99)].map((statistic) =>
            httpApi.metricLatency({ statistic, period: FIVE_MINUTES }).with({ label: statistic }),
          ),
          width: 8,
        }),
      ],
      [
        new GraphWidget({
          title: 'Function errors (per 5 min)',
          left: fnMetric((fn) => fn.metricErrors({ statistic: Stats.SUM, period: FIVE_MINUTES })),
          width: 8,
        }),
        new GraphWidget({
          title: 'Function throttles (per 5 min)',
          left: fnMetric((fn) => fn.metricThrottles({ statistic: Stats.SUM, period: FIVE_MINUTES })),
          width: 8,
        }),
        new GraphWidget({
          title: 'Function duration p90 (ms)',
          left: fnMetric((fn) => fn.metricDuration({ statistic: Stats.p(90), period: FIVE_MINUTES })),
          width: 8,
        }),
      ],
      [
        new GraphWidget({
          title: 'Stream iterator age, max (ms)',
          left: [iteratorAge],
          leftAnnotations: [{ value: ITERATOR_AGE_MS, label: 'alarm' }],
          width: 8,
        }),
        new GraphWidget({
          title: 'Stream failure queue (messages)',
          left: [failures],
          width: 8,
        }),
        new GraphWidget({
          title: 'Table throttled requests (per 5 min)',
          left: [tableThrottles],
          leftAnnotations: [{ value: TABLE_THROTTLES, label: 'alarm' }],
          width: 8,
        }),
      ],
      [
        new GraphWidget({
          title: 'Search cluster status (1 = true)',
          left: [red.with({ label: 'red' }), yellow.with({ label: 'yellow' })],
          width: 8,
        }),
        new GraphWidget({
          title: 'Search free storage, least free node (MiB)',
          left: [freeStorage],
          leftAnnotations: [{ value: freeStorageMiB, label: 'alarm' }],
          width: 8,
        }),
        new GraphWidget({
          title: 'Search CPU and JVM memory pressure (%, max)',
          left: [
            domain
              .metricCPUUtilization({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES })
              .with({ label: 'CPU' }),
            domain
              .metricJVMMemoryPressure({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES })
              .with({ label: 'JVM memory pressure' }),
          ],
          width: 8,
        }),
      ],
      // Every business metric of functions/commons/metric-names.ts, three to a row.
      ...chunk(
        Object.values(METRIC).map(
          (metricName) =>
            new GraphWidget({ title: `${metricName} (per hour)`, left: [business(metricName)], width: 8 }),
        ),
        3,
      ),
    ];
    if (props.webAcl) {
      const waf = (metricName: string, rule: string) =>
        new Metric({
          namespace: 'AWS/WAFV2',
          metricName,
          // CloudFront web ACLs report without a Region dimension, in us-east-1.
          dimensionsMap: { WebACL: props.webAcl!.metricName, Rule: rule },
          statistic: Stats.SUM,
          period: FIVE_MINUTES,
          label: `${metricName === 'AllowedRequests' ? 'allowed' : 'blocked'} ${rule}`,
        });
      rows.push([
        new GraphWidget({
          title: 'WAF requests (per 5 min)',
          left: [waf('AllowedRequests', 'ALL'), waf('BlockedRequests', 'ALL')],
          width: 12,
        }),
        new GraphWidget({
          title: 'WAF blocks by rule (per 5 min)',
          left: props.webAcl.ruleMetricNames.map((rule) => waf('BlockedRequests', rule)),
          width: 12,
        }),
      ]);
    }
    for (const row of rows) this.dashboard.addWidgets(...row);
  }

  private addAlarm(spec: AlarmSpec): Alarm {
    const alarm = new Alarm(this, `Alarm-${spec.key}`, {
      alarmName: `${this.prefix}-${spec.key}`,
      alarmDescription: `${spec.meaning}. Runbook: docs/runbook.md, "${spec.runbook}".`,
      metric: spec.metric,
      threshold: spec.threshold,
      comparisonOperator: spec.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      datapointsToAlarm: spec.datapointsToAlarm ?? spec.evaluationPeriods ?? 1,
      treatMissingData: spec.treatMissingData,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
