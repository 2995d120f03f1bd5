import { existsSync } from 'node:fs';
import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { areaSettings, routeList } from '#shared/routes';
import { RENDER_WARM_EVENT } from '../../functions/http/render-handler';
import { type AreaResources, bindArea } from './api';
import { AppFunction } from './app-function';

/** Memory of the render function: React's server render is CPU-bound, and Lambda's CPU follows memory. */
export const RENDER_MEMORY_MB = 1_024;
/** Its timeout: past CloudFront's 3 s read timeout the page is the bucket's shell anyway. */
export const RENDER_TIMEOUT_SECONDS = 5;
/** The log line of a failed render (functions/http/render-handler.ts), counted by the alarm. */
export const RENDER_FAILED_MARK = '[render-failed]';
const METRIC_NAMESPACE = 'Marketplace/Render';
/**
 * How often the warm ping runs. Lambda keeps an idle instance for minutes (not documented, commonly
 * 5–15); every 5 minutes keeps one loaded for 8,640 pings a month, < $0.01 (decision 054).
 */
export const RENDER_WARM_MINUTES = 5;

export interface RenderProps extends AreaResources {
  /** functions/app/render.ts (its stub in the infra tests). */
  readonly entry: string;
  /** web/dist-ssr/render.mjs and web/dist/index.html, packed beside the bundle. */
  readonly renderModule: string;
  readonly template: string;
}

/**
 * The render function behind CloudFront (issue 27; docs/decisions/054): the rendered pages' origin,
 * answering through a Function URL that only CloudFront may call (IAM auth, signed by the
 * distribution's origin access control). It reads what the catalog's public GET routes read, with
 * exactly their environment and grants (bindArea over those routes), and nothing else.
 */
export class Render extends Construct {
  readonly fn: AppFunction;
  readonly url: FunctionUrl;
  /** Renders that failed or were late (answered 500, so the edge served the shell), per 5 minutes. */
  readonly failures: Metric;
  /** The warm ping (functions/http/render-handler.ts `RENDER_WARM_EVENT`). */
  readonly warmPing: Schedule;

  constructor(scope: Construct, id: string, props: RenderProps) {
    super(scope, id);
    const missing = [props.renderModule, props.template].filter((f) => !existsSync(f));
    if (missing.length > 0)
      Annotations.of(this).addWarningV2(
        'marketplace:no-render-build',
        `${missing.join(', ')} missing: the render function will answer 500 and CloudFront serve the static shell. Run \`npm run build:web\` (client and SSR) before deploying.`,
      );
    this.fn = new AppFunction(this, 'Function', {
      entry: props.entry,
      stage: props.stage,
      description: 'Server render of the first screens (CloudFront origin)',
      memoryMb: RENDER_MEMORY_MB,
      timeoutSeconds: RENDER_TIMEOUT_SECONDS,
      besideBundle: [props.renderModule, props.template].filter((f) => existsSync(f)),
    });
    // The catalog's anonymous reads: its public GET routes' settings (no writes, no pool).
    const reads = routeList.filter((r) => r.area === 'catalog' && r.method === 'GET' && r.auth === 'public');
    bindArea(this.fn, areaSettings('catalog', reads), props);
    this.url = this.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });

    // The warm ping: one instance kept with the render module loaded (the ping renders nothing).
    // Its own role, which LambdaInvoke lets invoke this function alone.
    const role = new Role(this, 'WarmPingRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: the render function warm ping',
    });
    this.warmPing = new Schedule(this, 'WarmPing', {
      description: `Keeps one render function instance loaded (${props.stage.name})`,
      schedule: ScheduleExpression.rate(Duration.minutes(RENDER_WARM_MINUTES)),
      target: new LambdaInvoke(this.fn, {
        role,
        input: ScheduleTargetInput.fromObject(RENDER_WARM_EVENT),
        // A late or missed ping is replaced by the next one.
        maxEventAge: Duration.minutes(1),
        retryAttempts: 0,
      }),
    });
    const fnId = Stack.of(this).resolve((this.fn.node.defaultChild as CfnFunction).logicalId);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*]`,
      reason: "LambdaInvoke's grant: the render function's own versions and aliases (<arn>:*), nothing else.",
    });

    new MetricFilter(this, 'FailuresFilter', {
      logGroup: this.fn.logGroup,
      filterPattern: FilterPattern.literal(`"${RENDER_FAILED_MARK}"`),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'RenderFailures',
      metricValue: '1',
    });
    this.failures = new Metric({
      namespace: METRIC_NAMESPACE,
      metricName: 'RenderFailures',
      statistic: Stats.SUM,
      period: Duration.minutes(5),
    });
  }
}
