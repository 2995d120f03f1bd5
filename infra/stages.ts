import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * One typed config per stage: the stack is the same everywhere and differs only by these values.
 * Select with `cdk synth -c stage=prod` (default dev).
 */
export interface StageConfig {
  /** Stage name: part of the stack name and of resource names. Lower-case letters and digits. */
  readonly name: string;
  /** What happens to stateful resources (table, buckets, domain, pool) when the stack goes. */
  readonly removalPolicy: RemovalPolicy;
  /** DynamoDB and Cognito deletion protection. */
  readonly deletionProtection: boolean;
  /** DynamoDB point-in-time recovery. */
  readonly pointInTimeRecovery: boolean;
  readonly search: {
    /** OpenSearch data node instance type, e.g. 't3.small.search'. */
    readonly instanceType: string;
    /** Data nodes; 2 or more spreads them over two availability zones. */
    readonly instanceCount: number;
    /** EBS gp3 volume per node, GiB. */
    readonly volumeGiB: number;
    /** Index the indexer writes and the search handlers read. */
    readonly indexName: string;
    /** Milliseconds a search may take before the DynamoDB fallback answers (SEARCH_TIMEOUT_MS). */
    readonly timeoutMs: number;
  };
  /** Bedrock model for content moderation; it must accept images (the first photo is attached). */
  readonly bedrockModelId: string;
  /** HTTP API default-stage throttling. */
  readonly throttling: { readonly rateLimit: number; readonly burstLimit: number };
  /** Retention of every log group (Lambda, API access logs, OpenSearch). */
  readonly logRetention: RetentionDays;
  /** Days S3/CloudFront access logs are kept. */
  readonly accessLogDays: number;
  /** SES sender of the 6-digit codes and reset links (MAIL_FROM); an address of `mail.identity`. */
  readonly mailFrom: string;
  /**
   * The SES identity the functions may send as. It is verified out of band (DKIM records in the
   * domain's DNS, production access requested), so the stack only scopes the grant to it.
   */
  readonly mail: {
    /** Verified SES identity: a domain (`example.org`) or one address. */
    readonly identity: string;
    /** SES configuration set the mailer names (event publishing, suppression). @default - none */
    readonly configurationSet?: string;
  };
  /** Days a listing stays on offer after publishing or renewal (LISTING_EXPIRY_DAYS; decision 030). */
  readonly listingExpiryDays: number;
  /** Handler log level (LOG_LEVEL). */
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** How long the indexer may keep retrying a stream record before it goes to the failure queue. */
  readonly streamMaxRecordAge: Duration;
  /** Google sign-in through Cognito's hosted UI (accounts issue). @default - e-mail sign-in only */
  readonly google?: {
    readonly clientId: string;
    /** Secrets Manager secret name holding the client secret. */
    readonly clientSecretName: string;
    /** Cognito hosted UI domain prefix (`<prefix>.auth.<region>.amazoncognito.com`), globally unique. */
    readonly domainPrefix: string;
  };
  /**
   * The AWS region the stage always deploys to, whatever the deploying credentials' default.
   * Required (as 'us-east-1') when `waf` is on: a CloudFront web ACL exists only in us-east-1
   * (docs/decisions/012-monitoring-and-waf.md). @default - the deploying credentials' region
   */
  readonly region?: string;
  /**
   * Address subscribed to the stage's alarm topic (SNS e-mail: the address must confirm the
   * subscription once after the first deploy). Every alarm sends ALARM and OK there.
   * @default - no subscription: alarms still reach the topic and the console, nobody is e-mailed
   */
  readonly alarmEmail?: string;
  /** AWS WAF on the CloudFront distribution (decision 012). @default - no web ACL */
  readonly waf?: {
    /**
     * Requests to /api/* one client IP may make in any 5 minutes; above it that IP is answered 429
     * until its rate falls back. Campus networks and mobile carriers put many students behind one
     * address, so this is sized for a crowd, not for one person.
     */
    readonly apiRequestsPer5Minutes: number;
  };
  /**
   * X-Ray subsegments of each handler, AWS SDK call and outgoing request (Powertools' tracer,
   * about 110 KB more in every bundle and its load at cold start; docs/decisions/048). Off, every
   * function still has Lambda's active tracing: its invocation segment with init time and errors.
   * Turn it on for a deploy while investigating latency: `cdk deploy -c traceAwsCalls=true`.
   * @default false
   */
  readonly traceAwsCalls?: boolean;
  /** Custom domain of the distribution. @default - the cloudfront.net domain */
  readonly domain?: {
    readonly domainName: string;
    /** ACM certificate in us-east-1 covering domainName. */
    readonly certificateArn: string;
  };
}

const common = {
  // Small and cheap, and it reads images: moderation attaches the listing's first photo.
  bedrockModelId: 'amazon.nova-lite-v1:0',
  streamMaxRecordAge: Duration.hours(6),
  // Listings expire 60 days after publishing or their last renewal (issue 13).
  listingExpiryDays: 60,
} as const;

export const stages = {
  dev: {
    ...common,
    name: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    pointInTimeRecovery: true,
    search: {
      instanceType: 't3.small.search',
      instanceCount: 1,
      volumeGiB: 10,
      indexName: 'products',
      timeoutMs: 800,
    },
    throttling: { rateLimit: 50, burstLimit: 100 },
    logRetention: RetentionDays.ONE_WEEK,
    accessLogDays: 14,
    mailFrom: 'no-reply@dev.mercado-universitario.example',
    mail: { identity: 'dev.mercado-universitario.example' },
    logLevel: 'debug',
    // No alarm e-mail and no WAF in dev: alarms are visible on the dashboard, and a web ACL's fixed
    // monthly price buys nothing for a stage only developers use.
  },
  prod: {
    ...common,
    name: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    pointInTimeRecovery: true,
    search: {
      instanceType: 't3.small.search',
      instanceCount: 2,
      volumeGiB: 20,
      indexName: 'products',
      timeoutMs: 800,
    },
    throttling: { rateLimit: 500, burstLimit: 1000 },
    logRetention: RetentionDays.THREE_MONTHS,
    accessLogDays: 90,
    mailFrom: 'no-reply@mercado-universitario.example',
    mail: { identity: 'mercado-universitario.example' },
    logLevel: 'info',
    // CloudFront's web ACL (and the custom domain's certificate) live in us-east-1, which is also
    // the AWS region nearest to Venezuela and serves the stage's Bedrock model.
    region: 'us-east-1',
    // Placeholder: replace with the on-call address (or a list) before the first prod deploy.
    alarmEmail: 'operaciones@mercado-universitario.example',
    // 3,000 per 5 minutes is 10 requests a second sustained from one address. A browsing student
    // makes 10–15 API calls a minute (a page view is 3–6), so 40–60 students active at once behind
    // one campus NAT or carrier CGNAT address stay under it; a flood or a password sprayer does not.
    waf: { apiRequestsPer5Minutes: 3000 },
  },
} as const satisfies Record<string, StageConfig>;

export type StageName = keyof typeof stages;

/** The config of a stage name, failing with the known names when it is unknown. */
export function stageConfig(name: string): StageConfig {
  if (!Object.hasOwn(stages, name)) {
    throw new Error(`Unknown stage "${name}". Known stages: ${Object.keys(stages).join(', ')}`);
  }
  return stages[name as StageName];
}
