/**
 * Environment variable names, as constants: the CDK stack sets them (and grants the access they
 * imply), the local stack sets them for the in-process handlers, and the code below reads them.
 */
export const ENV = {
  /** 'aws' or 'local': chooses the adapters once. */
  runtime: 'APP_RUNTIME',
  stage: 'APP_STAGE',
  tableName: 'TABLE_NAME',
  /** Local only: DynamoDB Local endpoint. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  /** 'opensearch' or 'embedded'. */
  searchBackend: 'SEARCH_BACKEND',
  openSearchEndpoint: 'OPENSEARCH_ENDPOINT',
  /** Local only: the local OpenSearch node, spoken to unsigned (it has no security plugin; decision 044). */
  openSearchLocalEndpoint: 'OPENSEARCH_LOCAL_ENDPOINT',
  openSearchIndex: 'OPENSEARCH_INDEX',
  /** The saved searches' percolator index (docs/decisions/031). */
  openSearchAlertsIndex: 'OPENSEARCH_ALERTS_INDEX',
  /** Milliseconds a search may take before the DynamoDB fallback answers instead. */
  searchTimeoutMs: 'SEARCH_TIMEOUT_MS',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** The user pool's token issuer (public routes that verify an optional caller's token). */
  tokenIssuer: 'TOKEN_ISSUER',
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  sesEndpoint: 'SES_ENDPOINT',
  mailFrom: 'MAIL_FROM',
  /** Public origin of the web app (links in e-mails, e.g. the password-reset link). */
  appUrl: 'APP_URL',
  /**
   * The request header that carries the client's address, set by the stack (AWS: CloudFront's
   * viewer-request function writes it); unset, the connection's address counts (the local
   * server's socket). functions/http/client-ip.ts.
   */
  clientIpHeader: 'CLIENT_IP_HEADER',
  imagesBucket: 'IMAGES_BUCKET',
  s3Endpoint: 'S3_ENDPOINT',
  /** Local only: where browsers POST uploads (the local server's proxy to s3rver). */
  uploadEndpoint: 'UPLOAD_ENDPOINT',
  bedrockModelId: 'BEDROCK_MODEL_ID',
  /** 'rules' (the local stand-in) or 'bedrock' (rules first, then the model). */
  moderator: 'MODERATOR',
  /** The Secrets Manager secret that signs unsubscribe links (AWS; docs/decisions/020). */
  notifySecretArn: 'NOTIFY_SECRET_ARN',
  /** Local only: the unsubscribe links' signing secret itself (the local stack generates it). */
  notifySecret: 'NOTIFY_SECRET',
  /** Web Push's VAPID key pair (issue 41): in AWS a Secrets Manager secret, JSON { publicKey, privateKey }. */
  vapidSecretArn: 'VAPID_SECRET_ARN',
  /** Locally (APP_RUNTIME=local only): the pair the local stack makes in its data directory. */
  vapidPublicKey: 'VAPID_PUBLIC_KEY',
  vapidPrivateKey: 'VAPID_PRIVATE_KEY',
  /** Length of a question-mail window in seconds (default 900; shorter for the local stack and tests). */
  notifyWindowSeconds: 'NOTIFY_WINDOW_SECONDS',
  logLevel: 'LOG_LEVEL',
  /** The admin's job function (docs/decisions/026), invoked asynchronously by the routes that start jobs. */
  jobsFunctionName: 'JOBS_FUNCTION_NAME',
  /** Days a listing stays on offer after publishing or renewal (the stage's config; default 60; decision 030). */
  listingExpiryDays: 'LISTING_EXPIRY_DAYS',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];

/** Reads a required variable, failing fast with its name. */
export function requireEnv(name: EnvName): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function optionalEnv(name: EnvName, fallback?: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

export const isLocal = () => process.env[ENV.runtime] === 'local';
