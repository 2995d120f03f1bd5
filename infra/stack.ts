import { join } from 'node:path';
import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AdminJobs } from './constructs/admin-jobs';
import { ExchangeRateJob } from './constructs/exchange-rate-job';
import { Api, type ApiRouteDef } from './constructs/api';
import { Auth, STREAM_IDENTITY_ACTIONS } from './constructs/auth';
import { Data } from './constructs/data';
import { ListingExpiry } from './constructs/listing-expiry';
import { EdgeFirewall } from './constructs/firewall';
import { Mail } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { Push } from './constructs/push';
import { Notifications } from './constructs/notifications';
import { PhotoJobs } from './constructs/photo-jobs';
import { Render } from './constructs/render';
import { Search } from './constructs/search';
import { Stream } from './constructs/stream';
import { Web } from './constructs/web';
import type { StageConfig } from './stages';

const root = join(import.meta.dirname, '..');

export interface MarketplaceStackProps extends StackProps {
  readonly stage: StageConfig;
  /**
   * Folder of the Lambda entries: `areas/<area>.ts` (one per API area) and `stream.ts` (the
   * stream dispatcher). @default functions/app
   */
  readonly functionsDir?: string;
  /** The built SPA. @default web/dist */
  readonly webDistPath?: string;
  /** The server render's module (Vite's SSR build). @default web/dist-ssr/render.mjs */
  readonly renderModulePath?: string;
  /** The API's routes. @default the route table of shared/routes.ts (other values are for tests) */
  readonly routes?: readonly ApiRouteDef[];
}

/** The whole marketplace for one stage. It only composes the constructs and wires their access. */
export class MarketplaceStack extends Stack {
  readonly data: Data;
  readonly search: Search;
  readonly stream: Stream;
  readonly auth: Auth;
  readonly mail: Mail;
  readonly api: Api;
  readonly web: Web;
  /** The rendered pages' origin behind CloudFront (issue 27; decision 054). */
  readonly render: Render;
  /** The stage's CloudFront web ACL, when its config turns WAF on. */
  readonly firewall?: EdgeFirewall;
  readonly monitoring: Monitoring;
  /** Question and answer mails: the unsubscribe links' secret and the windows' sweep (decision 020). */
  readonly notifications: Notifications;
  readonly push: Push;
  /** The one-off job that gives stored photos their WebP sizes (decision 022). */
  readonly photoJobs: PhotoJobs;
  /** The admin's background jobs: search reindex, university deletion (decision 026). */
  readonly adminJobs: AdminJobs;
  readonly exchangeRateJob: ExchangeRateJob;
  /** Listing expiry: the hourly job and its schedule (decision 030). */
  readonly listingExpiry: ListingExpiry;

  constructor(scope: Construct, id: string, props: MarketplaceStackProps) {
    // A stage that names its region always deploys there, whatever the credentials' default.
    super(scope, id, {
      ...props,
      env: { account: props.env?.account, region: props.stage.region ?? props.env?.region },
    });
    const { stage } = props;
    const functionsDir = props.functionsDir ?? join(root, 'functions', 'app');

    this.data = new Data(this, 'Data', { stage });
    this.search = new Search(this, 'Search', { stage, functionsDir });
    this.stream = new Stream(this, 'Stream', {
      stage,
      table: this.data.table,
      entry: join(functionsDir, 'stream.ts'),
    });
    // The web app's origin is known only once the distribution exists, which itself needs the API;
    // resolving it lazily lets the pool client and the mailing functions use it without a cycle.
    const appUrl = Lazy.string({ produce: () => this.web.appUrl });
    this.auth = new Auth(this, 'Auth', { stage, appUrl });
    this.mail = new Mail(this, 'Mail', { stage, appUrl });
    // The dispatcher's handlers (functions/handlers/stream.ts, wired in functions/app/stream.ts):
    // search indexing writes the index; mail requests look the address up in the pool, store the
    // code or reset link in the table and send the mail.
    this.search.bindSearch(this.stream.dispatcher, 'RW');
    // Alerts: new listings are percolated against the saved searches' index (decision 031).
    this.search.bindSavedSearches(this.stream.dispatcher);
    this.data.bindTable(this.stream.dispatcher, 'RW');
    this.auth.bindIdentity(this.stream.dispatcher, STREAM_IDENTITY_ACTIONS);
    this.mail.bindMail(this.stream.dispatcher);
    // Question mails: signed unsubscribe links, and the sweep of closed windows on a schedule.
    this.notifications = new Notifications(this, 'Notifications', {
      stage,
      dispatcher: this.stream.dispatcher,
    });
    this.notifications.bindSigning(this.stream.dispatcher);
    // Web Push (issue 41): the dispatcher pushes what it mails; its key pair is made at the first deploy.
    this.push = new Push(this, 'Push', { stage, functionsDir });
    this.push.bindSender(this.stream.dispatcher);
    this.api = new Api(this, 'Api', {
      stage,
      data: this.data,
      search: this.search,
      auth: this.auth,
      mail: this.mail,
      areasDir: join(functionsDir, 'areas'),
      routes: props.routes,
    });
    // The rendered pages read what the catalog's public routes read, in process (decision 054).
    const webDistPath = props.webDistPath ?? join(root, 'web', 'dist');
    this.render = new Render(this, 'Render', {
      stage,
      data: this.data,
      search: this.search,
      auth: this.auth,
      mail: this.mail,
      entry: join(functionsDir, 'render.ts'),
      renderModule: props.renderModulePath ?? join(root, 'web', 'dist-ssr', 'render.mjs'),
      template: join(webDistPath, 'index.html'),
    });
    if (stage.waf) this.firewall = new EdgeFirewall(this, 'Firewall', { stage, waf: stage.waf });
    this.web = new Web(this, 'Web', {
      stage,
      apiDomain: `${this.api.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      auth: {
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        oauthDomain: this.auth.oauthDomain,
      },
      pushPublicKey: this.push.publicKey,
      webDistPath,
      webAclArn: this.firewall?.arn,
      renderUrl: this.render.url,
    });

    // Photo areas need the images bucket, which lives with the distribution (created after the API).
    for (const { fn, uses } of this.api.functions) if (uses.images) this.web.bindImages(fn);
    // Photos stored before responsive photos get their sizes from a job the operator invokes.
    this.photoJobs = new PhotoJobs(this, 'PhotoJobs', {
      stage,
      entry: join(functionsDir, 'jobs', 'photo-variants.ts'),
    });
    this.data.bindTable(this.photoJobs.variants, 'RW');
    this.data.grantScan(this.photoJobs.variants);
    this.web.bindImages(this.photoJobs.variants);
    // The admin's jobs rebuild the search index from the table and delete a university (its products
    // with their photos, its verifications and saved searches); the admin routes that queue them
    // invoke the runner.
    this.adminJobs = new AdminJobs(this, 'AdminJobs', {
      stage,
      entry: join(functionsDir, 'jobs', 'admin-jobs.ts'),
    });
    this.data.bindTable(this.adminJobs.runner, 'RW');
    this.data.grantScan(this.adminJobs.runner);
    this.search.bindSearch(this.adminJobs.runner, 'RW');
    // A reindex also rewrites the saved searches' stored queries (docs/decisions/046).
    this.search.bindSavedSearches(this.adminJobs.runner);
    this.web.bindImages(this.adminJobs.runner);
    for (const { fn, uses } of this.api.functions) if (uses.jobs) this.adminJobs.bindLauncher(fn);
    // The BCV's official rate, read each business day (decision 033).
    this.exchangeRateJob = new ExchangeRateJob(this, 'ExchangeRateJob', {
      stage,
      entry: join(functionsDir, 'jobs', 'exchange-rate.ts'),
      table: this.data.table,
    });
    // The unsubscribe route verifies the links the dispatcher signs.
    for (const { fn, uses } of this.api.functions)
      if (uses.unsubscribeTokens) this.notifications.bindSigning(fn);

    // Listing expiry (decision 030): reads due listings from gsi7 (no Scan grant), mails reminders
    // whose links it signs.
    this.listingExpiry = new ListingExpiry(this, 'ListingExpiry', {
      stage,
      entry: join(functionsDir, 'jobs', 'listing-expiry.ts'),
    });
    this.data.bindTable(this.listingExpiry.job, 'RW');
    this.mail.bindMail(this.listingExpiry.job);
    this.notifications.bindSigning(this.listingExpiry.job);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      httpApi: this.api.httpApi,
      // Every function: one per API area, and the stream's one consumer.
      functions: [
        ...this.api.functions.map((f) => ({ name: f.area, fn: f.fn })),
        { name: 'stream', fn: this.stream.dispatcher },
        { name: 'admin-jobs', fn: this.adminJobs.runner },
        { name: 'exchange-rate', fn: this.exchangeRateJob.fn },
        { name: 'listing-expiry', fn: this.listingExpiry.job },
        { name: 'render', fn: this.render.fn },
      ],
      renderFailures: this.render.failures,
      streamConsumer: this.stream.dispatcher,
      failureQueue: this.stream.failureQueue,
      domain: this.search.domain,
      table: this.data.table,
      webAcl: this.firewall,
    });

    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'PhotoVariantsJobName', { value: this.photoJobs.variants.functionName });
    new CfnOutput(this, 'AdminJobsFunctionName', { value: this.adminJobs.runner.functionName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${this.monitoring.dashboard.dashboardName}`,
    });
  }
}
