import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import {
  FunctionUrlOrigin,
  HttpOrigin,
  OriginGroup,
  S3BucketOrigin,
} from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import {
  BlockPublicAccess,
  Bucket,
  HttpMethods,
  BucketEncryption,
  type BucketProps,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY } from 'aws-cdk-lib/cx-api';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';
import { securityHeaders } from '#shared/security-headers';
import {
  cloudFrontPatternsOf,
  RENDER_MAX_CACHE_SECONDS,
  RENDER_ORIGIN_HEADER,
  RENDER_PATH_HEADER,
  RENDER_QUERY_KEYS,
  RENDER_TIMEOUT_MS,
  RENDERED_PAGES,
  UNIVERSITY_COOKIE,
} from '#shared/pages';
import { CACHE_CONTROL } from '#shared/web-delivery';
import type { StageConfig } from '../stages';
import { renderPathCode } from './render-path';
import { SPA_FALLBACK_CODE } from './spa-fallback';
import { VIEWER_ADDRESS_CODE } from './viewer-address';
import { type AppFunction, FUNCTION_ROLE_DEPENDENCY } from './app-function';
import { acknowledgeCfnLint } from '../cfn-lint';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ENV } from '../../functions/commons/env';

/** Folder of web/dist (and path prefix) served from the images bucket, as CloudFront routes /images/*. */
const STATIC_IMAGES_DIR = 'images';
/** Vite's output folder of content-hashed files. */
const HASHED_ASSETS_DIR = 'assets';
/** The web app manifest (decision 023): deployed on its own, for its content type. */
const WEB_APP_MANIFEST = 'manifest.webmanifest';
/**
 * Vite's build manifest folder (.vite/manifest.json): build input only, never uploaded. The SSR
 * build inlines it into render.mjs and the service worker's precache list is computed from it at
 * build time (web/pwa-plugin.ts), so nothing reads it at run time; public, it would list every
 * chunk and source module of the app (decision 054).
 */
export const BUILD_ONLY_DIR = '.vite';

export interface WebProps {
  readonly stage: StageConfig;
  /** The HTTP API's domain (`<api id>.execute-api.<region>.amazonaws.com`), origin of /api/*. */
  readonly apiDomain: string;
  /** Cognito ids and region written to /runtime-config.json. */
  readonly auth: {
    readonly userPoolId: string;
    readonly userPoolClientId: string;
    /** Hosted UI host name, when the stage configures Google sign-in. */
    readonly oauthDomain?: string;
  };
  /**
   * The built SPA. When the folder does not exist the stack still synthesises (with a warning) and
   * deploys only /runtime-config.json.
   */
  readonly webDistPath: string;
  /** ARN of the stage's CloudFront web ACL (EdgeFirewall), when it has one. @default - no WAF */
  readonly webAclArn?: string;
  /** The render function's URL (infra/constructs/render.ts): origin of the rendered pages. */
  readonly renderUrl?: IFunctionUrl;
  /** Web Push's VAPID public key (a deploy-time value of infra/constructs/push.ts). @default - no push */
  readonly pushPublicKey?: string;
}

/** The origin group fails over to the bucket's shell on these answers of the render function (not 404: real pages). */
export const RENDER_FAILOVER_CODES = [500, 502, 503, 504];

/**
 * CloudFront + S3 for the SPA on one origin with the API: `/*` from a private bucket through origin
 * access control with the SPA fallback function, `/api/*` to the HTTP API uncached (with the viewer's
 * address in a header CloudFront writes), `/images/*` from the images bucket; every response
 * carries the headers of shared/security-headers.ts.
 */
export class Web extends Construct {
  readonly siteBucket: Bucket;
  readonly imagesBucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  private readonly stageDomain?: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    // S3 server access logs reach the logs bucket through its bucket policy (the logging service
    // principal, scoped to the source buckets), not the legacy LogDeliveryWrite canned ACL
    // (cfn-lint W3045). CloudFront's standard logs still write with an ACL (objectOwnership below).
    // Set here rather than in cdk.json so that every synth of the stack, the tests' too, has it.
    this.node.setContext(S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY, true);
    const { stage } = props;
    this.stageDomain = stage.domain?.domainName;
    const region = Stack.of(this).region;

    const privateBucket: BucketProps = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: stage.removalPolicy,
    };
    this.logsBucket = new Bucket(this, 'AccessLogs', {
      ...privateBucket,
      // CloudFront standard logs are delivered with an ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(stage.accessLogDays) }],
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });
    this.siteBucket = new Bucket(this, 'Site', {
      ...privateBucket,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });
    // Published product images under images/ (served by CloudFront at the same path); browsers
    // upload to uploads/<user>/ with presigned POSTs, and what no product adopts expires in a day.
    this.imagesBucket = new Bucket(this, 'Images', {
      ...privateBucket,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/images/',
      lifecycleRules: [{ id: 'ExpireUnusedUploads', prefix: 'uploads/', expiration: Duration.days(1) }],
      // The POST is authorized by its signed policy, not by CORS; naming the site's origin here
      // would make the bucket depend on the distribution that depends on it.
      cors: [
        { allowedMethods: [HttpMethods.POST], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 },
      ],
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Marketplace security headers (${stage.name}), from shared/security-headers.ts`,
      ...responseHeaders(
        securityHeaders({
          https: true,
          connectSrc: [
            `https://cognito-idp.${region}.amazonaws.com`,
            // Photo uploads go straight to the images bucket (presigned POST).
            `https://${this.imagesBucket.bucketRegionalDomainName}`,
            // Amplify exchanges the hosted UI's code for tokens at <domain>/oauth2/token.
            ...(props.auth.oauthDomain ? [`https://${props.auth.oauthDomain}`] : []),
          ],
        }),
      ),
    });

    const spaFallback = new CfFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for extension-less paths (client-side routes)',
    });

    // The API's per-client limits need the viewer's address, which API Gateway cannot see behind
    // CloudFront (functions/http/client-ip.ts has the trust model).
    const viewerAddress = new CfFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(VIEWER_ADDRESS_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Writes the viewer address into x-viewer-address for the API (overwriting any sent)',
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const certificate = stage.domain
      ? Certificate.fromCertificateArn(this, 'Certificate', stage.domain.certificateArn)
      : undefined;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Marketplace ${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Users are in Venezuela: South American edge locations are only in the full price class.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      domainNames: stage.domain ? [stage.domain.domainName] : undefined,
      certificate,
      minimumProtocolVersion: stage.domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would drop POST bodies: plain http is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards the Authorization header, query strings and cookies, and the viewer address the
          // function below writes; Host must be the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        ...(props.renderUrl ? this.renderedPages(props.renderUrl, siteOrigin, stage) : {}),
        '/images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(this.imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: students and their families abroad (a large diaspora) use the marketplace too.',
    });
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF in this stage (its config has no `waf`): a web ACL costs a fixed monthly price that a stage only developers use does not need; the API has stage throttling and per-user limits, and the buckets are private. Production has one (decision 012).',
      });
    }
    if (!stage.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'The stage uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; stages with a custom domain set TLSv1.2_2021.',
      });
    }

    this.deploySite(props);
  }

  /**
   * The rendered pages' behaviours (shared/pages.ts RENDERED_PAGES, one per CloudFront pattern):
   * the render function first, the bucket's shell when it answers an error or not within the read
   * timeout (origin failover, GET and HEAD only); cached per path, allow-listed query and `mu_u`
   * cookie for at most a minute, as the render's Cache-Control says; nothing else of the viewer's
   * request (no Authorization, no other cookie or header) reaches the function.
   */
  private renderedPages(
    renderUrl: IFunctionUrl,
    siteOrigin: ReturnType<typeof S3BucketOrigin.withOriginAccessControl>,
    stage: StageConfig,
  ): Record<string, BehaviorOptions> {
    const origin = new OriginGroup({
      primaryOrigin: FunctionUrlOrigin.withOriginAccessControl(renderUrl, {
        readTimeout: Duration.millis(RENDER_TIMEOUT_MS),
        connectionAttempts: 1,
        connectionTimeout: Duration.seconds(2),
      }),
      fallbackOrigin: siteOrigin,
      fallbackStatusCodes: RENDER_FAILOVER_CODES,
    });
    const cachePolicy = new CachePolicy(this, 'RenderedPages', {
      comment: `Rendered pages (${stage.name}): path, listing query and chosen university`,
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(RENDER_MAX_CACHE_SECONDS),
      headerBehavior: CacheHeaderBehavior.allowList(RENDER_PATH_HEADER),
      queryStringBehavior: CacheQueryStringBehavior.allowList(...RENDER_QUERY_KEYS),
      cookieBehavior: CacheCookieBehavior.allowList(UNIVERSITY_COOKIE),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const originRequestPolicy = new OriginRequestPolicy(this, 'RenderedPagesRequest', {
      comment: `Rendered pages (${stage.name}): the site origin header besides the cache key, nothing else`,
      headerBehavior: OriginRequestHeaderBehavior.allowList(RENDER_ORIGIN_HEADER),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    const renderPath = new CfFunction(this, 'RenderPath', {
      code: FunctionCode.fromInline(renderPathCode(stage.domain ? `https://${stage.domain.domainName}` : '')),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Rendered pages: real path and site origin in headers, URI to the static shell',
    });
    const behavior: BehaviorOptions = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Origin failover serves GET, HEAD and OPTIONS only; a page is read with GET and HEAD.
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy,
      originRequestPolicy,
      responseHeadersPolicy: this.responseHeadersPolicy,
      functionAssociations: [{ function: renderPath, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    // '/' is left to the default behaviour (the static shell): a path pattern's leading slash is
    // optional in CloudFront, so '/' would be an empty pattern.
    const patterns = RENDERED_PAGES.flatMap(cloudFrontPatternsOf).filter((p) => p !== '/');
    return Object.fromEntries(patterns.map((pattern) => [pattern, behavior]));
  }

  /** The app's public https origin: the stage's custom domain, else the distribution's domain. */
  get appUrl(): string {
    return `https://${this.stageDomain ?? this.distribution.distributionDomainName}`;
  }

  /** Uploads the built SPA (when present) and writes /runtime-config.json with the deploy-time ids. */
  private deploySite(props: WebProps): void {
    const checked: RuntimeConfig = runtimeConfigSchema.parse({
      stage: props.stage.name,
      // Same origin: the route table's paths already start with /api.
      apiBaseUrl: '',
      auth: {
        userPoolId: props.auth.userPoolId,
        userPoolClientId: props.auth.userPoolClientId,
        region: Stack.of(this).region,
        oauthDomain: props.auth.oauthDomain,
      },
    });
    // Known only at deploy time (a token here): added past the schema's check of its shape.
    const config: RuntimeConfig = props.pushPublicKey
      ? { ...checked, pushPublicKey: props.pushPublicKey }
      : checked;
    const configFile = Source.jsonData(RUNTIME_CONFIG_PATH.replace(/^\//, ''), config);
    const common = {
      destinationBucket: this.siteBucket,
      memoryLimit: 512,
      // Old hashed assets stay for browsers still holding the previous index.html.
      prune: false,
    };
    const dist = props.webDistPath;
    const hasDist = existsSync(dist);
    const hashed = join(dist, HASHED_ASSETS_DIR);
    if (hasDist && existsSync(hashed)) {
      new BucketDeployment(this, 'DeployAssets', {
        ...common,
        destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
        sources: [Source.asset(hashed)],
        // Vite names these files by content hash, so they never change under the same name.
        cacheControl: [CacheControl.fromString(CACHE_CONTROL.hashedAsset)],
      });
    }
    // CloudFront sends /images/* to the images bucket, so the SPA's own files under /images/ (e.g.
    // the default product picture) go there too, next to the product images.
    const staticImages = join(dist, STATIC_IMAGES_DIR);
    if (hasDist && existsSync(staticImages)) {
      new BucketDeployment(this, 'DeployStaticImages', {
        ...common,
        destinationBucket: this.imagesBucket,
        destinationKeyPrefix: `${STATIC_IMAGES_DIR}/`,
        sources: [Source.asset(staticImages)],
        cacheControl: [CacheControl.fromString(CACHE_CONTROL.image)],
      });
    }
    if (!hasDist) {
      Annotations.of(this).addWarningV2(
        'marketplace:no-web-build',
        `${dist} does not exist: only runtime-config.json is deployed. Run \`npm run build:web\` before deploying.`,
      );
    }
    // index.html and the other unhashed root files (the service worker /sw.js among them: a cached
    // worker would keep an old version alive): revalidated on every load, invalidated on deploy;
    // a folder (the app's icons) by everything in it.
    const rootPaths = hasDist
      ? readdirSync(dist, { withFileTypes: true })
          .filter(
            (e) => ![HASHED_ASSETS_DIR, STATIC_IMAGES_DIR, WEB_APP_MANIFEST, BUILD_ONLY_DIR].includes(e.name),
          )
          .map((e) => (e.isDirectory() ? `/${e.name}/*` : `/${e.name}`))
          .sort()
      : [];
    new BucketDeployment(this, 'DeployShell', {
      ...common,
      sources: hasDist
        ? [
            Source.asset(dist, {
              exclude: [HASHED_ASSETS_DIR, STATIC_IMAGES_DIR, WEB_APP_MANIFEST, BUILD_ONLY_DIR],
            }),
            configFile,
          ]
        : [configFile],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: [...rootPaths, RUNTIME_CONFIG_PATH],
    });
    // The deployment's `aws s3 sync` guesses types from its Python's table, which may lack
    // `.webmanifest` (binary/octet-stream then): the manifest's type is stated instead.
    if (hasDist && existsSync(join(dist, WEB_APP_MANIFEST))) {
      new BucketDeployment(this, 'DeployManifest', {
        ...common,
        sources: [Source.asset(dist, { exclude: ['*', `!${WEB_APP_MANIFEST}`] })],
        contentType: 'application/manifest+json',
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: [`/${WEB_APP_MANIFEST}`],
      });
    }
    this.acknowledgeDeploymentHandler();
  }

  /**
   * A function that handles photos: the bucket's name in its environment; read, write and delete
   * of uploads and published product images only (ListBucket so a missing object reads as 404).
   */
  bindImages(fn: AppFunction): void {
    fn.setEnv(ENV.imagesBucket, this.imagesBucket.bucketName);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [
          this.imagesBucket.arnForObjects('uploads/*'),
          this.imagesBucket.arnForObjects('images/products/*'),
        ],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.imagesBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': ['uploads/*', 'images/products/*'] } },
      }),
    );
    const imagesId = Stack.of(this).resolve((this.imagesBucket.node.defaultChild as CfnBucket).logicalId);
    // The findings are on the role's policy: acknowledged there, as for the search grants.
    if (!fn.role) throw new Error('A photo function has no role to grant');
    Validations.of(fn.role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${imagesId}.Arn>/uploads/*]`,
        reason:
          'Uploads have server-generated keys under uploads/<user id>/; the function checks the owner prefix.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${imagesId}.Arn>/images/products/*]`,
        reason: 'Published photos live at images/products/<product id>/<n>; ids are known only at run time.',
      },
    );
  }

  /**
   * BucketDeployment runs one CDK-provided singleton Lambda per stack (at the stack's root). Its
   * runtime, managed policy and wildcard grants are set by CDK, not by this project.
   */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const siteId = stack.resolve((this.siteBucket.node.defaultChild as CfnBucket).logicalId);
    const imagesId = stack.resolve((this.imagesBucket.node.defaultChild as CfnBucket).logicalId);
    // cdk-nag prints pseudo parameters as <AWS::…> and concrete account/region values as they are.
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const reason = (what: string) =>
      `CDK's BucketDeployment handler (deploy-time only, not reachable by users): ${what}`;
    const findings: [string, string][] = [
      ['AwsSolutions-L1', reason('CDK pins the runtime of its own handler.')],
      [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason('CDK attaches the basic execution policy for its logs.'),
      ],
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
        (action): [string, string] => [
          `AwsSolutions-IAM5[Action::${action}]`,
          reason('CDK grants read/write of the asset and site buckets it copies between.'),
        ],
      ),
      [
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${account}-${region}/*]`,
        reason('reads the uploaded assets from the CDK bootstrap bucket.'),
      ],
      [`AwsSolutions-IAM5[Resource::<${siteId}.Arn>/*]`, reason('writes every object of the site bucket.')],
      [`AwsSolutions-IAM5[Resource::<${imagesId}.Arn>/*]`, reason('writes the static images under images/.')],
      [
        'AwsSolutions-IAM5[Resource::*]',
        reason('cloudfront:CreateInvalidation has no resource-level scoping here.'),
      ],
    ];
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      Validations.of(child).acknowledge(...findings.map(([id, text]) => ({ id, reason: text })));
      acknowledgeCfnLint(child, FUNCTION_ROLE_DEPENDENCY);
    }
  }
}

/** CloudFront's typed header behaviours from the shared header map; unknown names become custom headers. */
export function responseHeaders(headers: Record<string, string>): {
  securityHeadersBehavior: ResponseSecurityHeadersBehavior;
  customHeadersBehavior: { customHeaders: { header: string; value: string; override: boolean }[] };
} {
  const security: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: { header: string; value: string; override: boolean }[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`Unsupported x-content-type-options: ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const frameOption = Object.values(HeadersFrameOption).find((v) => v === value.toUpperCase());
        if (!frameOption) throw new Error(`Unsupported x-frame-options: ${value}`);
        security.frameOptions = { frameOption, override: true };
        break;
      }
      case 'referrer-policy': {
        const referrerPolicy = Object.values(HeadersReferrerPolicy).find((v) => v === value);
        if (!referrerPolicy) throw new Error(`Unsupported referrer-policy: ${value}`);
        security.referrerPolicy = { referrerPolicy, override: true };
        break;
      }
      case 'strict-transport-security': {
        const maxAge = /max-age=(\d+)/i.exec(value);
        if (!maxAge) throw new Error(`strict-transport-security without max-age: ${value}`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
          includeSubdomains: /includeSubDomains/i.test(value),
          preload: /preload/i.test(value),
          override: true,
        };
        break;
      }
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeadersBehavior: { customHeaders: custom } };
}
