import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { Validations } from 'aws-cdk-lib';
import { ENV, type EnvName } from '../../functions/commons/env';
import { acknowledgeCfnLint } from '../cfn-lint';
import type { StageConfig } from '../stages';

const LOG_LEVELS: Record<StageConfig['logLevel'], ApplicationLogLevel> = {
  debug: ApplicationLogLevel.DEBUG,
  info: ApplicationLogLevel.INFO,
  warn: ApplicationLogLevel.WARN,
  error: ApplicationLogLevel.ERROR,
};

export interface AppFunctionProps {
  /** Absolute path of the handler module; it exports `handler`. */
  readonly entry: string;
  readonly stage: StageConfig;
  readonly description?: string;
  /** @default 256 */
  readonly memoryMb?: number;
  /** @default 10 seconds */
  readonly timeoutSeconds?: number;
  /** @default the stage's log retention */
  readonly logRetention?: RetentionDays;
  /** @default the stage's removal policy */
  readonly logRemovalPolicy?: RemovalPolicy;
  /**
   * Packages with native code (sharp) left out of the bundle and installed beside it for Lambda's
   * platform (linux, arm64, glibc) at the version package.json pins. @default none
   */
  readonly nativeModules?: readonly string[];
  /**
   * Files copied beside the bundle, as they are (the render function's server render module and
   * index.html, built by Vite). @default none
   */
  readonly besideBundle?: readonly string[];
}

/** The pinned version of a package, from the project's package.json (dependencies first). */
function pinnedVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const version = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
  if (!version) throw new Error(`${name} is not pinned in package.json`);
  return version;
}

/**
 * The install of native packages into a bundle: npm fetches the builds for Lambda's platform
 * whatever the machine that synthesises (sharp ships one package per platform). `--prefer-offline`
 * takes them from npm's cache after the first time.
 */
export function nativeInstallCommand(outputDir: string, modules: readonly string[]): string {
  const specs = modules.map((m) => `${m}@${pinnedVersion(m)}`).join(' ');
  return [
    'npm install --no-save --no-package-lock --no-audit --no-fund --ignore-scripts --prefer-offline',
    '--os=linux --cpu=arm64 --libc=glibc',
    `--prefix "${outputDir}" ${specs}`,
  ].join(' ');
}

/**
 * What Lambda bundles leave out: the AWS SDK v3, which the Node.js runtime provides
 * (docs/decisions/010-dependencies.md). Everything else a function imports is bundled; a test
 * checks that every bundle's remaining imports are Node built-ins or these.
 */
export const RUNTIME_PROVIDED_MODULES = ['@aws-sdk/*'];

/** What a function that draws photos' sizes installs beside its bundle (decision 022). */
export const PHOTO_NATIVE_MODULES: readonly string[] = ['sharp'];

/**
 * cfn-lint W3005 on every Lambda function CDK makes: the function DependsOn its role construct
 * (the role and its default policy, so the grants exist before the first invocation), and the
 * role's entry repeats what the `Role` GetAtt already orders.
 */
export const FUNCTION_ROLE_DEPENDENCY = {
  id: 'W3005',
  reason:
    "CDK's Function depends on its whole role construct so its default policy exists before the first call; the role's own entry repeats the Role GetAtt, harmless.",
};

/**
 * The build-time constants of every bundle: whether the stage traces AWS calls
 * (functions/commons/observability.ts reads `process.env.TRACE_AWS_CALLS`; with 'false' esbuild
 * drops the tracer from the bundle, docs/decisions/048).
 */
export function bundleDefine(traceAwsCalls = false): Record<string, string> {
  return { 'process.env.TRACE_AWS_CALLS': JSON.stringify(String(traceAwsCalls)) };
}

/** ESM bundles lose `require`; some CommonJS dependencies still call it. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * A Lambda with the project's fixed defaults: Node.js 24 on arm64, a minified ESM bundle from the
 * local esbuild with source maps and the runtime's AWS SDK left out, X-Ray active tracing (the
 * SDK's subsegments only when the stage traces AWS calls), its own log group with retention, and its own role that can only write to that log group and X-Ray (no
 * managed policy). Access to anything else is added by the `bind…` helpers of the resource
 * constructs, which set the environment variable and grant together.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? props.stage.logRetention,
      removalPolicy: props.logRemovalPolicy ?? props.stage.removalPolicy,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      role,
      logGroup,
      // Lambda's own invocation segment (init, invocation, errors) with no code in the bundle;
      // Powertools' subsegments of each AWS call only when the stage traces them (decision 048).
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      // Lambda drops console output below this level; it follows the stage's LOG_LEVEL.
      applicationLogLevelV2: LOG_LEVELS[props.stage.logLevel],
      bundling: {
        forceDockerBundling: false,
        minify: true,
        // Packages' ES module builds, which esbuild can tree-shake (CommonJS builds it cannot).
        mainFields: ['module', 'main'],
        sourceMap: true,
        format: OutputFormat.ESM,
        externalModules: [...RUNTIME_PROVIDED_MODULES, ...(props.nativeModules ?? [])],
        ...(props.nativeModules?.length || props.besideBundle?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_inputDir: string, outputDir: string) => [
                  ...(props.nativeModules?.length
                    ? [nativeInstallCommand(outputDir, props.nativeModules)]
                    : []),
                  ...(props.besideBundle ?? []).map((file) => `cp "${file}" "${outputDir}/"`),
                ],
              },
            }
          : {}),
        // Licence banners would otherwise be gathered at the end of every bundle.
        esbuildArgs: { '--legal-comments': 'none' },
        banner: ESM_REQUIRE_BANNER,
        define: bundleDefine(props.stage.traceAwsCalls),
      },
      environment: {
        [ENV.runtime]: 'aws',
        [ENV.stage]: props.stage.name,
        [ENV.logLevel]: props.stage.logLevel,
        // Publishing, renewals, imports and the expiry job all date listings by it (decision 030).
        [ENV.listingExpiryDays]: String(props.stage.listingExpiryDays),
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    logGroup.grantWrite(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray trace writes (xray:PutTraceSegments, xray:PutTelemetryRecords) support no resource-level permissions.',
    });
    acknowledgeCfnLint(this, FUNCTION_ROLE_DEPENDENCY);
  }

  /** Sets one of the variables named in functions/commons/env.ts. */
  setEnv(name: EnvName, value: string): this {
    this.addEnvironment(name, value);
    return this;
  }
}
