import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { ENV } from '../../functions/commons/env';
import { lambdaContext } from './api-gateway';
import { DEMO_USERS } from './demo-users';
import { ensureUserPool, startCognitoLocal } from './parts/cognito';
import { startCognitoProxy } from './parts/cognito-proxy';
import { startHostedUi } from './parts/hosted-ui';
import { localUserStore } from './parts/cognito-store';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from './parts/dynamodb';
import { type OpenSearchLocal, startOpenSearchLocal } from './parts/opensearch';
import { deployStaticImages, localS3Client, S3_LOCAL_CREDENTIALS, startS3Local } from './parts/s3';
import { startSesLocal } from './parts/ses';
import { startPushReceiver } from './push-receiver';
import { localVapidKeys } from './vapid-keys';
import { localNotifySecret } from './notify-secret';
import {
  freePort,
  LOCAL_PORTS,
  type LocalPortName,
  type LocalPorts,
  PortSettingError,
  portIsFree,
  portsTakenMessage,
  stablePorts,
} from './ports';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { startLocalServer, UPLOAD_PROXY_PREFIX } from './server';

export const LOCAL_TABLE_NAME = 'mercado-local';
export const LOCAL_IMAGES_BUCKET = 'mercado-local-images';
export const LOCAL_MAIL_FROM = 'no-reply@mercado-universitario.local';
/**
 * Written after a complete seed: later starts skip seeding. Its version goes up when the seed's
 * output changes (v2: images under images/ like CloudFront's paths; v3: university logos as WebP,
 * decision 015), so an existing .data/ is seeded again once (idempotent).
 */
export const SEED_MARKER = { pk: 'META#seed', sk: 'META#v3' } as const;
export const STACK_FILE = 'local-stack.json';
const STOP_TIMEOUT_MS = 5000;
/** Held while a stack uses a data directory: two DynamoDB Locals on one SQLite file break both. */
const LOCK_FILE = 'local-stack.lock';
const PART_NAMES = ['DynamoDB Local', 'cognito-local', 'SES emulator', 's3rver', 'OpenSearch'];
/** The engines the local stack can search with (SEARCH_ENGINE): its own embedded one, or a real OpenSearch node. */
export const SEARCH_ENGINES = ['embedded', 'opensearch'] as const;
export type SearchEngine = (typeof SEARCH_ENGINES)[number];

export interface LocalStackOptions {
  /** Where the parts keep their data. @default - in memory / temporary directories, removed on stop */
  dataDir?: string;
  /** Port of the one origin (web + /api). 0 picks a free one. @default PORT or 3000 */
  port?: number;
  /**
   * Every part on its stable port (scripts/local/ports.ts: its variable, else its default), as
   * `npm start` runs, so the token issuer and the endpoints stay the same across restarts.
   * @default false: the parts take free ports the OS picks (tests and benchmarks run many stacks)
   */
  stablePorts?: boolean;
  /** Ports asked for by part (0 or absent: as `stablePorts` says); a taken one refuses the start. */
  ports?: Partial<Omit<LocalPorts, 'web'>>;
  /** Seed the demo data on first start. */
  seed?: boolean;
  /** Serve the SPA through Vite's dev server. */
  dev?: boolean;
  quiet?: boolean;
  /** Built SPA to serve. @default web/dist */
  webDir?: string;
  /** Interface the origin binds. @default HOST, else the loopback interface only */
  host?: string;
  /**
   * The search engine: the embedded one (Node only), or a real OpenSearch 2.19 node on loopback
   * (Java; its artifacts fetched from Maven Central on first use; docs/decisions/044), its index
   * rebuilt from the table at each start as the embedded engine's is. @default 'embedded'
   */
  searchEngine?: SearchEngine;
  /** The server render's module; null: none, the static shell only (a build from before it). @default web/dist-ssr/render.mjs */
  renderModule?: string | null;
  /** Keep rendered pages as CloudFront's edge does (startLocalServer's `edgeCache`). @default false */
  edgeCache?: boolean;
}

export interface LocalStackInfo {
  url: string;
  region: string;
  tableName: string;
  streamArn: string;
  dynamodbEndpoint: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string; issuer: string };
  sesEndpoint: string;
  mailboxUrl: string;
  /** The local push service's page and API (scripts/local/push-receiver.ts; issue 41). */
  pushReceiverUrl: string;
  /** Google sign-in's stand-in, on HTTPS with a self-signed certificate (decision 061). */
  hostedUiUrl: string;
  s3Endpoint: string;
  imagesBucket: string;
  search: { engine: SearchEngine; endpoint?: string };
  pid: number;
}

export interface LocalStack extends LocalStackInfo {
  /** The port each part listens on (OpenSearch's only with SEARCH_ENGINE=opensearch). */
  ports: Omit<LocalPorts, 'opensearch'> & { opensearch?: number };
  /**
   * Stops one part while the rest keep running (to see what health and the app do without it);
   * `stop()` still stops everything.
   */
  stopPart(part: LocalPart): Promise<void>;
  /**
   * The table stream's delivery to the dispatcher: `hold` lets a backlog build up (resolving once
   * nothing is being delivered), `release` drains it. The indexing bench times the drain.
   */
  stream: { hold(): Promise<void>; release(): void };
  stop(): Promise<void>;
}

/** The parts `stopPart` can stop. */
export type LocalPart = 'dynamodb' | 'cognito' | 'ses' | 's3';

/**
 * Starts the whole local stack: DynamoDB Local (table from shared/table.ts, stream on), cognito-local
 * (pool from shared/auth-config.ts, demo users), the SES emulator, s3rver (images bucket), the stream
 * poller feeding the indexer handler into the search index (the embedded engine, or a real
 * OpenSearch node: `searchEngine`), the demo data (once) and the local origin server. `stop()` stops
 * every part, Java included.
 */
export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const log = (msg: string) => {
    if (!opts.quiet) process.stdout.write(`[local] ${msg}\n`);
  };
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lockDataDir(dataDir);
  }
  const searchEngine = opts.searchEngine ?? 'embedded';
  let ports: LocalPorts;
  try {
    ports = await localPorts(opts, searchEngine);
  } catch (err) {
    if (dataDir) rmSync(join(dataDir, LOCK_FILE), { force: true });
    throw err;
  }
  const webPort = ports.web;
  const stoppers: { name: string; stop: () => Promise<void> | void }[] = [];
  const stopAll = async () => {
    // Reverse order: the server stops taking requests before the parts it uses go away.
    // Each part gets a bounded time, so one stuck part never keeps Java (last to stop) alive.
    for (const part of stoppers.reverse()) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const outcome = await Promise.race([
          Promise.resolve(part.stop()).then(() => 'stopped' as const),
          new Promise<'timeout'>((done) => {
            timer = setTimeout(() => done('timeout'), STOP_TIMEOUT_MS);
          }),
        ]);
        if (outcome === 'timeout')
          console.error(`[local] ${part.name} did not stop within ${STOP_TIMEOUT_MS} ms`);
      } catch (err) {
        console.error(`[local] stopping ${part.name} failed:`, err);
      } finally {
        clearTimeout(timer);
      }
    }
    stoppers.length = 0;
    // The handlers' parts were built for this stack's endpoints, once per process: a stack started
    // next in the same process (the bench starts two) builds its own.
    const [{ resetContext }, { forgetTable }] = await Promise.all([
      import('../../functions/app/context'),
      import('../../functions/app/parts/table'),
    ]);
    resetContext();
    forgetTable();
    if (dataDir) {
      rmSync(join(dataDir, STACK_FILE), { force: true });
      rmSync(join(dataDir, LOCK_FILE), { force: true });
    }
  };

  try {
    const { dynamodb: dynamodbPort, cognito: cognitoPort, ses: sesPort, s3: s3Port } = ports;
    const started = Date.now();
    log(
      `starting the parts: DynamoDB Local, cognito-local, the SES emulator, s3rver${searchEngine === 'opensearch' ? ', an OpenSearch node' : ''}…`,
    );
    const parts = [
      startDynamoDbLocal({ port: dynamodbPort, dataDir: dataDir && join(dataDir, 'dynamodb') }),
      startCognitoLocal({ port: cognitoPort, dataDir: dataDir && join(dataDir, 'cognito') }),
      startSesLocal({ port: sesPort }),
      startS3Local({ port: s3Port, dataDir: dataDir && join(dataDir, 's3'), buckets: [LOCAL_IMAGES_BUCKET] }),
      // Its data in a temporary folder: the index is rebuilt from the table below, as the embedded one.
      searchEngine === 'opensearch'
        ? startOpenSearchLocal({ port: ports.opensearch, log })
        : Promise.resolve(undefined),
    ] as const;
    // allSettled: when one part fails, the others still finish starting and are then stopped.
    const settled = await Promise.allSettled(parts);
    settled.forEach((r, i) => {
      if (r.status === 'fulfilled' && r.value) stoppers.push({ name: PART_NAMES[i], stop: r.value.stop });
    });
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, cognito, ses, s3] = [await parts[0], await parts[1], await parts[2], await parts[3]];
    const openSearch: OpenSearchLocal | undefined = await parts[4];
    log(`parts up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (openSearch)
      log(
        `OpenSearch ${openSearch.version} on ${openSearch.endpoint}, ready in ${(openSearch.readyInMs / 1000).toFixed(1)} s (heap ${openSearch.heapMb} MB)`,
      );

    // More attempts than the default local client: under load DynamoDB Local (SQLite underneath)
    // now and then answers a write with InternalFailure, which a retry gets through.
    const dynamoClient = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 6,
    });
    stoppers.push({ name: 'DynamoDB client', stop: () => dynamoClient.destroy() });
    const streamArn = await ensureTable(dynamoClient, LOCAL_TABLE_NAME);
    // The pool is set up on cognito-local directly: its issuer (in every token) is cognito-local's
    // own URL, which the functions trust (TOKEN_ISSUER). Amplify and the handlers talk to the proxy, which
    // covers the operations cognito-local lacks (docs/decisions/008-local-cognito-gaps.md).
    // With the demo data, its sellers' accounts too (scripts/demo/sellers.ts).
    const users = opts.seed
      ? [...DEMO_USERS, ...(await import('../demo/sellers')).DEMO_CATALOGUE_SELLERS]
      : DEMO_USERS;
    const pool = await ensureUserPool(cognito.endpoint, users);
    const cognitoProxy = await startCognitoProxy({
      port: ports.cognitoProxy,
      target: cognito.endpoint,
      // Sessions and their revocations outlive a restart (decision 050): their key and revocations
      // are kept beside cognito-local's data.
      ...(dataDir ? { stateDir: join(dataDir, 'cognito') } : {}),
      // SRP sign-in (decision 059) makes its verifiers from the passwords cognito-local keeps; the
      // app client's flows and the users' attributes and state come from there too.
      users: localUserStore(cognito.dataDir),
    });
    stoppers.push({ name: 'cognito proxy', stop: cognitoProxy.stop });
    // Google sign-in's stand-in: the hosted UI's OAuth endpoints on HTTPS (decision 061).
    const hostedUi = await startHostedUi({
      port: ports.hostedUi,
      cognitoEndpoint: cognitoProxy.endpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      dataDir: dataDir && join(dataDir, 'hosted-ui'),
    });
    stoppers.push({ name: 'hosted UI', stop: hostedUi.stop });

    // Web Push's key pair (kept in the data directory), and the push service that stands in for the
    // browsers' ones offline: it decrypts and lists what it gets (issue 41).
    const vapid = localVapidKeys(dataDir);
    const pushReceiver = await startPushReceiver();
    stoppers.push({ name: 'push receiver', stop: pushReceiver.close });

    // The in-process handlers read their configuration from the environment, as in Lambda.
    Object.assign(process.env, {
      [ENV.runtime]: 'local',
      [ENV.stage]: 'local',
      [ENV.tableName]: LOCAL_TABLE_NAME,
      [ENV.dynamoEndpoint]: dynamo.endpoint,
      [ENV.searchBackend]: searchEngine,
      // The node takes unsigned requests only (functions/app/parts/search.ts).
      ...(openSearch ? { [ENV.openSearchLocalEndpoint]: openSearch.endpoint } : {}),
      [ENV.userPoolId]: pool.userPoolId,
      [ENV.userPoolClientId]: pool.clientId,
      [ENV.tokenIssuer]: pool.issuer,
      [ENV.cognitoEndpoint]: cognitoProxy.endpoint,
      [ENV.sesEndpoint]: ses.endpoint,
      [ENV.mailFrom]: LOCAL_MAIL_FROM,
      // Signs the unsubscribe links of question mails (kept in the data directory; docs/decisions/020).
      [ENV.notifySecret]: localNotifySecret(dataDir),
      [ENV.vapidPublicKey]: vapid.publicKey,
      [ENV.vapidPrivateKey]: vapid.privateKey,
      [ENV.imagesBucket]: LOCAL_IMAGES_BUCKET,
      [ENV.s3Endpoint]: s3.endpoint,
      [ENV.logLevel]: process.env[ENV.logLevel] ?? (opts.dev ? 'info' : 'warn'),
      AWS_REGION: LOCAL_REGION,
      AWS_DEFAULT_REGION: LOCAL_REGION,
      // s3rver only knows this key pair; the other parts accept any, so every SDK client can use it.
      AWS_ACCESS_KEY_ID: S3_LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_LOCAL_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Metrics are CloudWatch's business; locally they would only be log noise.
      POWERTOOLS_METRICS_DISABLED: 'true',
    });

    // The embedded engine stands in for OpenSearch by default: the local stack gives it to the
    // composition root, so it never ships in a Lambda bundle. With SEARCH_ENGINE=opensearch the
    // Lambdas' own factories build the OpenSearch adapters from the environment set above, on the
    // local node. Imported only now: the handlers' composition root reads that environment.
    const { lazyContext, provideParts } = await import('../../functions/app/context');
    const { tableParts } = await import('../../functions/app/parts/table');
    const engine = await localSearchEngine(searchEngine);
    // Wrapped in the local switch that makes it fail or hang on demand (scripts/local/search-switch.ts).
    const { switchableSearchIndex, SEARCH_SWITCH_PATH, handleSearchSwitch } = await import('./search-switch');
    const search = switchableSearchIndex(engine.search);
    // The saved searches' matcher (alerts, decision 031): the engine's (reverse index, percolator).
    const { savedSearchIndex } = engine;
    provideParts({ search, savedSearchIndex });
    // The stream poller starts before the rebuild so no write in between is missed (upserts are idempotent).
    const { handler: dispatcher } = await import('../../functions/app/stream');
    const { reindexAll } = await import('../../functions/services/search/indexer');
    const { startStreamPoller } = await import('./stream-poller');
    const { STREAM_BATCH_SIZE, STREAM_FILTERS } = await import('../../functions/stream/filter');
    const poller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      streamArn,
      handler: (event) => dispatcher(event, lambdaContext('stream', randomUUID(), 60_000)),
      // The mapping's batches and filter (functions/stream/filter.ts; infra/constructs/stream.ts).
      batchSize: STREAM_BATCH_SIZE,
      filters: STREAM_FILTERS,
    });
    stoppers.push({ name: 'stream poller', stop: () => poller.stop() });
    const reindexStarted = Date.now();
    const { products, counts } = lazyContext(tableParts);
    const indexed = await reindexAll({ products, search: engine.search });
    log(`search index rebuilt from the table: ${indexed} products in ${Date.now() - reindexStarted} ms`);
    const { rebuildSavedSearchIndex } = await import(
      '../../functions/services/notifications/alert-notifications'
    );
    const { savedSearches } = lazyContext(tableParts);
    const alertsIndexed = await rebuildSavedSearchIndex({ savedSearches, savedSearchIndex });
    if (alertsIndexed > 0)
      log(`saved searches' matcher rebuilt from the table: ${alertsIndexed} saved searches`);
    // Items written before the admin area's indexes get their index attributes (decision 025).
    const { createTablePages } = await import('../../functions/adapters/dynamodb/table-pages');
    const pages = createTablePages({
      doc: DynamoDBDocumentClient.from(dynamoClient),
      tableName: LOCAL_TABLE_NAME,
    });
    let backfilled = 0;
    let scanCursor: string | undefined;
    do {
      const page = await pages.page(scanCursor, 1000);
      backfilled += page.backfilled;
      scanCursor = page.cursor ?? undefined;
    } while (scanCursor);
    if (backfilled > 0) log(`index attributes added to ${backfilled} items written before the admin area`);
    // Counts of data written before they were kept (decisions 016, 025); the stream keeps them after.
    // First, products' own count markers from before marker pages go into their pages (decision 051).
    const { foldProductMarkers, recountListings } = await import(
      '../../functions/services/catalog/listing-counts'
    );
    const folded = await foldProductMarkers({ products, counts });
    if (folded > 0) log(`count markers of ${folded} products folded into their pages`);
    const recounted = await recountListings({
      products,
      counts,
      pages: (size, from) => products.listEvery({}, size, from),
    });
    if (recounted > 0) log(`listing counts settled for ${recounted} products`);

    // The demo accounts' profiles start with their names, as a confirmed sign-up's does.
    const { createProfileRepository } = await import('../../functions/adapters/dynamodb/accounts');
    const profiles = createProfileRepository({
      doc: DynamoDBDocumentClient.from(dynamoClient),
      tableName: LOCAL_TABLE_NAME,
    });
    for (const user of users) {
      const sub = pool.userIds.get(user.email.toLowerCase());
      if (!sub) continue;
      await profiles.createIfAbsent({
        user_id: sub,
        email: user.email.toLowerCase(),
        full_name: user.name,
        university_email: null,
        university_email_verified: false,
        university_id: null,
        created_at: new Date().toISOString(),
      });
    }

    const s3Client = localS3Client(s3.endpoint);
    stoppers.push({ name: 'S3 client', stop: () => s3Client.destroy() });
    // Health checks the local emulators too (decision 050): in AWS they are managed services.
    const answers = (url: string) => async () => {
      const res = await fetch(url);
      await res.body?.cancel();
      return res.ok;
    };
    provideParts({
      healthChecks: {
        // Through the proxy, as the app signs in: the proxy and cognito-local both answer.
        auth: answers(`${cognitoProxy.endpoint}/${pool.userPoolId}/.well-known/jwks.json`),
        mail: answers(`${ses.endpoint}/health-check`),
        images: async () => {
          await s3Client.send(new HeadBucketCommand({ Bucket: LOCAL_IMAGES_BUCKET }));
          return true;
        },
      },
    });
    // The web app's own images live in the bucket, as the stack deploys them (the dev server reads
    // web/public; a build copies it to web/dist).
    const webRoot = opts.webDir ?? join(import.meta.dirname, '..', '..', 'web', opts.dev ? 'public' : 'dist');
    await deployStaticImages(s3Client, LOCAL_IMAGES_BUCKET, join(webRoot, 'images'));
    if (opts.seed) {
      const seeded = await dynamoClient.send(
        new GetItemCommand({
          TableName: LOCAL_TABLE_NAME,
          Key: { pk: { S: SEED_MARKER.pk }, sk: { S: SEED_MARKER.sk } },
          ConsistentRead: true,
        }),
      );
      if (!seeded.Item) {
        const seedStarted = Date.now();
        log('seeding the demo data (first start of this data folder)…');
        const { seedDemoData } = await import('../demo/seed');
        await seedDemoData({
          dynamodb: dynamoClient,
          tableName: LOCAL_TABLE_NAME,
          s3: s3Client,
          imagesBucket: LOCAL_IMAGES_BUCKET,
          log,
        });
        // The marker goes in last: a start interrupted mid-seed seeds again (the seeder is idempotent).
        try {
          await dynamoClient.send(
            new PutItemCommand({
              TableName: LOCAL_TABLE_NAME,
              Item: {
                pk: { S: SEED_MARKER.pk },
                sk: { S: SEED_MARKER.sk },
                entity: { S: 'seedMarker' },
                seeded_at: { S: new Date().toISOString() },
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          );
        } catch (err) {
          if (!(err instanceof ConditionalCheckFailedException)) throw err;
        }
        log(`demo data seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
      } else {
        // A data directory from before responsive photos: the one-off job gives its photos their
        // sizes (decision 022); once done, it only reads the table's products and skips them.
        const { runLocalPhotoVariantsJob } = await import('./photo-variants-job');
        const job = await runLocalPhotoVariantsJob({
          table: { doc: DynamoDBDocumentClient.from(dynamoClient), tableName: LOCAL_TABLE_NAME },
          s3: s3Client,
          bucket: LOCAL_IMAGES_BUCKET,
        });
        if (job.derived > 0) log(`photo sizes derived for ${job.derived} products`);
      }
      // A recent BCV rate, dated relative to today, so the demo's bolívar equivalents never go stale.
      const { ensureDemoRate } = await import('../demo/exchange-rate');
      const demoRate = await ensureDemoRate({
        doc: DynamoDBDocumentClient.from(dynamoClient),
        tableName: LOCAL_TABLE_NAME,
      });
      if (demoRate) log(`demo BCV rate: Bs. ${demoRate.rate} per US$ on ${demoRate.date}`);
      // The catalogue's sellers verified and their listings linked to their accounts, once (decision 050).
      const { seedDemoSellersOnce } = await import('../demo/sellers');
      const { generateDemoExport } = await import('../demo/data');
      const sellers = await seedDemoSellersOnce(
        { doc: DynamoDBDocumentClient.from(dynamoClient), tableName: LOCAL_TABLE_NAME },
        pool.userIds,
        generateDemoExport().products,
      );
      if (sellers) log(`demo sellers: ${sellers.verified} verified, ${sellers.linked} listings linked`);
      // Questions and answers on the demo seller's listings, once per data directory (decision 018).
      const { seedDemoQuestionsOnce } = await import('../demo/questions');
      const { DEMO_SELLER, DEMO_STUDENT } = await import('./demo-users');
      const sellerId = pool.userIds.get(DEMO_SELLER.email.toLowerCase());
      const studentId = pool.userIds.get(DEMO_STUDENT.email.toLowerCase());
      if (sellerId && studentId) {
        const questions = await seedDemoQuestionsOnce(
          {
            doc: DynamoDBDocumentClient.from(dynamoClient, {
              marshallOptions: { removeUndefinedValues: true },
            }),
            tableName: LOCAL_TABLE_NAME,
          },
          {
            seller: { id: sellerId, name: DEMO_SELLER.name, email: DEMO_SELLER.email },
            student: { id: studentId, name: DEMO_STUDENT.name },
          },
        );
        if (questions !== null) log(`demo questions: ${questions} written`);
        // Meeting points and the demo seller's verified e-mail, once per data directory (decision 032).
        const { seedDemoTrustOnce } = await import('../demo/trust');
        const trust = await seedDemoTrustOnce(
          { doc: DynamoDBDocumentClient.from(dynamoClient), tableName: LOCAL_TABLE_NAME },
          { seller: { id: sellerId, email: DEMO_SELLER.email, universityId: DEMO_SELLER.universityId } },
        );
        if (trust) log(`demo meeting points: ${trust.meetingPoints} written`);
        // Listings expiring soon and one expired listing of the demo seller (decision 030).
        const { seedDemoExpiryOnce } = await import('../demo/expiry');
        const expiring = await seedDemoExpiryOnce(
          {
            doc: DynamoDBDocumentClient.from(dynamoClient, {
              marshallOptions: { removeUndefinedValues: true },
            }),
            tableName: LOCAL_TABLE_NAME,
          },
          { id: sellerId, name: DEMO_SELLER.name, email: DEMO_SELLER.email },
        );
        if (expiring !== null) log(`demo expiry dates: ${expiring} listings changed`);
      }
    }

    const mailboxUrl = `${ses.endpoint}/`;
    const { ALERTS_DIGEST_PATH, handleAlertsDigest } = await import('./alerts-digest');
    const { parts: streamParts } = await import('../../functions/app/stream');
    const { lazyContextOf } = await import('../../functions/app/context');
    const alertParts = lazyContextOf(streamParts);
    // Listing expiry's timer (decision 030), started once the origin its mails' links name is known.
    const { EXPIRY_RUN_PATH, handleExpiryRun, startExpiryTimer } = await import('./expiry-timer');
    let expiryTimer: import('./expiry-timer').ExpiryTimer | undefined;
    const server = await startLocalServer({
      port: webPort,
      // Loopback only unless HOST says otherwise (e.g. HOST=0.0.0.0 to try the app from a phone).
      host: opts.host ?? (process.env.HOST || undefined),
      dev: opts.dev,
      quiet: opts.quiet,
      webDir: opts.webDir,
      renderModule: opts.renderModule,
      edgeCache: opts.edgeCache,
      connectSrc: [cognitoProxy.endpoint, hostedUi.origin],
      images: { s3: s3Client, bucket: LOCAL_IMAGES_BUCKET },
      uploads: { target: s3.endpoint, bucket: LOCAL_IMAGES_BUCKET, credentials: S3_LOCAL_CREDENTIALS },
      controls: {
        [SEARCH_SWITCH_PATH]: (req, res) => handleSearchSwitch(search, req, res),
        // The alert digests at a chosen time (decision 031): the stream's parts with that clock.
        [ALERTS_DIGEST_PATH]: (req, res) =>
          handleAlertsDigest(
            // The stream's lazy parts (built on first use), with that clock in front of them.
            (at) => Object.create(alertParts, { now: { value: () => at } }) as typeof alertParts,
            req,
            res,
          ),
        [EXPIRY_RUN_PATH]: (req, res) => handleExpiryRun(() => expiryTimer, req, res),
      },
      runtimeConfig: {
        stage: 'local',
        apiBaseUrl: '',
        auth: {
          // Google sign-in through the local hosted UI (decision 061).
          oauthDomain: hostedUi.domain,
          userPoolId: pool.userPoolId,
          userPoolClientId: pool.clientId,
          region: LOCAL_REGION,
          userPoolEndpoint: cognitoProxy.endpoint,
        },
        mailboxUrl,
        pushPublicKey: vapid.publicKey,
      },
    });
    stoppers.push({ name: 'local server', stop: server.close });
    // Its callback and sign-out URLs, as the CDK client lists the app's (both names of loopback).
    hostedUi.allowOrigins([server.url, server.url.replace('//localhost:', '//127.0.0.1:')]);
    // Links in mails (password reset) and upload forms point at this origin; known once it listens.
    process.env[ENV.appUrl] = server.url;
    process.env[ENV.uploadEndpoint] = `${server.url}${UPLOAD_PROXY_PREFIX.slice(0, -1)}`;
    // The schedule's stand-in: question mails gathered in a window go out when it closes (started
    // once the origin their links name is known).
    const { startNotificationSweeper } = await import('./notification-sweeper');
    const sweeper = startNotificationSweeper({
      handler: (event) => dispatcher(event, lambdaContext('stream', randomUUID(), 60_000)),
    });
    stoppers.push({ name: 'notification sweeper', stop: () => sweeper.stop() });
    // The admin's background jobs (reindex, university deletion) run in this process (decision 026).
    const { startJobRunner } = await import('./job-runner');
    const { imageParts } = await import('../../functions/app/parts/images');
    const jobContext = lazyContext({ ...tableParts, ...imageParts, now: () => () => new Date() });
    const jobRunner = startJobRunner(() => ({
      jobStore: jobContext.jobStore,
      universities: jobContext.universities,
      tablePages: jobContext.tablePages,
      profiles: jobContext.profiles,
      savedSearches: jobContext.savedSearches,
      now: jobContext.now,
      search,
      savedSearchIndex,
      images: jobContext.images,
    }));
    provideParts({ jobLauncher: jobRunner });
    stoppers.push({ name: 'job runner', stop: () => jobRunner.stop() });
    // The hourly schedule's stand-in: the same job on a timer (LOCAL_EXPIRY_INTERVAL_MS, default a minute).
    const { mailParts } = await import('../../functions/app/parts/mail');
    const { unsubscribeTokenParts } = await import('../../functions/app/parts/unsubscribe-tokens');
    const { basicParts } = await import('../../functions/app/parts/basics');
    const expiryContext = lazyContext({
      ...tableParts,
      ...mailParts,
      ...unsubscribeTokenParts,
      ...basicParts,
    });
    const timer = startExpiryTimer(() => expiryContext, {
      intervalMs: Number(process.env.LOCAL_EXPIRY_INTERVAL_MS) || undefined,
    });
    expiryTimer = timer;
    stoppers.push({ name: 'expiry timer', stop: () => timer.stop() });

    const info: LocalStackInfo = {
      url: server.url,
      region: LOCAL_REGION,
      tableName: LOCAL_TABLE_NAME,
      streamArn,
      dynamodbEndpoint: dynamo.endpoint,
      cognito: {
        // The proxy: what Amplify and the handlers use (the issuer below stays cognito-local's).
        endpoint: cognitoProxy.endpoint,
        userPoolId: pool.userPoolId,
        clientId: pool.clientId,
        issuer: pool.issuer,
      },
      sesEndpoint: ses.endpoint,
      mailboxUrl,
      pushReceiverUrl: pushReceiver.url,
      hostedUiUrl: hostedUi.origin,
      s3Endpoint: s3.endpoint,
      imagesBucket: LOCAL_IMAGES_BUCKET,
      search: { engine: searchEngine, ...(openSearch ? { endpoint: openSearch.endpoint } : {}) },
      pid: process.pid,
    };
    // The import command and other tools reach the running stack through this file.
    if (dataDir) writeFileSync(join(dataDir, STACK_FILE), `${JSON.stringify(info, null, 2)}\n`);

    let stopping: Promise<void> | undefined;
    return {
      ...info,
      ports: {
        web: server.port,
        dynamodb: dynamodbPort,
        cognito: cognitoPort,
        cognitoProxy: ports.cognitoProxy,
        hostedUi: hostedUi.port,
        ses: sesPort,
        s3: s3Port,
        ...(openSearch ? { opensearch: ports.opensearch } : {}),
      },
      stream: { hold: () => poller.hold(), release: () => poller.release() },
      stopPart: async (part) => {
        const name = PART_NAMES[(['dynamodb', 'cognito', 'ses', 's3'] as const).indexOf(part)];
        const at = stoppers.findIndex((p) => p.name === name);
        if (at < 0) return;
        // Taken off the list: the stack's own stop does not stop it twice.
        const [stopper] = stoppers.splice(at, 1);
        await stopper.stop();
      },
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** The engine's search index and saved searches' matcher, built once the environment names it. */
async function localSearchEngine(engine: SearchEngine): Promise<{
  search: import('../../functions/ports/search-index').SearchIndex;
  savedSearchIndex: import('../../functions/ports/alerts').SavedSearchIndex;
}> {
  if (engine === 'opensearch') {
    const { ensureOpenSearchIndexes } = await import('../../functions/app/parts/search-indexes');
    // Made now, as the embedded engine is ready at once and as a stage's deploy makes them (the
    // same code, decision 060): otherwise health says 503 until the first listing.
    return ensureOpenSearchIndexes();
  }
  const { getEmbeddedSearchIndex } = await import('../../functions/adapters/search/embedded');
  const { getEmbeddedSavedSearchIndex } = await import('../../functions/adapters/search/embedded-alerts');
  return { search: getEmbeddedSearchIndex(), savedSearchIndex: getEmbeddedSavedSearchIndex() };
}

/** A start refused for a reason the message fully explains (no stack trace needed). */
export class LocalStackStartError extends Error {
  override name = 'LocalStackStartError';
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockDataDir(dataDir: string): void {
  const lock = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(readFileSync(lock, 'utf8').trim());
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new LocalStackStartError(
        `Another local stack (pid ${holder}) is using ${dataDir}. Stop it first (Ctrl-C in its terminal or kill ${holder}).`,
      );
    }
    // A stale lock from a stack that was killed: take it over.
    rmSync(lock, { force: true });
  }
}

/**
 * The port of each part: asked for (`port`, `ports`), else stable (`stablePorts`: its variable or
 * default), else a free one the OS picks. Every asked-for or stable port is checked before anything
 * starts, so a taken one is refused with a message naming the part, the port and its variable
 * rather than a part's own failure halfway through the start.
 */
async function localPorts(opts: LocalStackOptions, engine: SearchEngine): Promise<LocalPorts> {
  let stable: LocalPorts | undefined;
  try {
    stable = opts.stablePorts ? stablePorts() : undefined;
  } catch (err) {
    if (err instanceof PortSettingError) throw new LocalStackStartError(err.message);
    throw err;
  }
  const asked: Partial<LocalPorts> = {
    ...opts.ports,
    web: opts.port ?? stable?.web ?? Number(process.env.PORT ?? LOCAL_PORTS.web.port),
  };
  const ports = {} as LocalPorts;
  const taken: LocalPortName[] = [];
  for (const name of Object.keys(LOCAL_PORTS) as LocalPortName[]) {
    // The origin's port is settled above (0: the server picks one); a part's 0 means "not asked".
    const port = name === 'web' ? (asked.web ?? 0) : asked[name] || stable?.[name] || 0;
    if (name === 'opensearch' && engine !== 'opensearch') {
      ports[name] = 0;
      continue;
    }
    // The origin binds every loopback address (IPv4 and IPv6); the parts bind 127.0.0.1.
    if (port !== 0 && !(await portIsFree(port, name === 'web' ? undefined : '127.0.0.1'))) taken.push(name);
    ports[name] = port;
  }
  if (taken.length > 0) throw new LocalStackStartError(portsTakenMessage(taken, ports));
  const chosen = new Set(Object.values(ports).filter((p) => p !== 0));
  for (const name of Object.keys(ports) as LocalPortName[]) {
    if (name === 'web' || ports[name] !== 0 || (name === 'opensearch' && engine !== 'opensearch')) continue;
    // The origin's 0 stays 0 (the server picks it, on IPv4 and IPv6 alike).
    let port = await freePort();
    while (chosen.has(port)) port = await freePort();
    chosen.add(port);
    ports[name] = port;
  }
  return ports;
}
