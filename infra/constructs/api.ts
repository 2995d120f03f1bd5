import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ENV } from '../../functions/commons/env';
import { VIEWER_ADDRESS_HEADER } from '../../functions/http/client-ip';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  API_AREAS,
  type ApiArea,
  areaSettings,
  type RouteDef,
  type RouteUses,
  routeList,
  UNMATCHED_ROUTES_AREA,
} from '#shared/routes';
import type { StageConfig } from '../stages';
import { AppFunction, PHOTO_NATIVE_MODULES } from './app-function';
import { type Auth, CALLER_ACTIONS, CALLER_GROUP_ACTIONS, IDENTITY_ACTIONS, ROLE_ACTIONS } from './auth';
import type { Data } from './data';
import type { Mail } from './mail';
import type { Search } from './search';

/**
 * Moderation calls Bedrock's Converse API with the stage's model: the model id in the environment
 * and InvokeModel on that foundation model only.
 */
function bindModeration(fn: AppFunction, stage: StageConfig, region: string): void {
  fn.setEnv(ENV.bedrockModelId, stage.bedrockModelId).setEnv(ENV.moderator, 'bedrock');
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['bedrock:InvokeModel'],
      resources: [`arn:aws:bedrock:${region}::foundation-model/${stage.bedrockModelId}`],
    }),
  );
}

/** What an area's function is bound to. */
export interface AreaResources {
  readonly stage: StageConfig;
  readonly data: Data;
  readonly search: Search;
  readonly auth: Auth;
  readonly mail: Mail;
}

/**
 * An area's environment and grants from its routes' settings (areaSettings): the table (read-only
 * unless a route writes) and exactly the search, pool, mail and moderation access its routes' flags
 * name. The API's area functions and the render function (the catalog's public reads) are bound here.
 */
export function bindArea(
  fn: AppFunction,
  settings: ReturnType<typeof areaSettings>,
  { stage, data, search, auth, mail }: AreaResources,
): void {
  data.bindTable(fn, settings.writes ? 'RW' : 'RO');
  // Behind CloudFront the client's address is the header its /api/* function writes
  // (infra/constructs/viewer-address.ts); functions/http/client-ip.ts has the trust model.
  fn.setEnv(ENV.clientIpHeader, VIEWER_ADDRESS_HEADER);
  if (settings.uses.search) search.bindSearch(fn, 'RO');
  // The pool's admin actions the area calls, in one statement: its routes' flags, and what the
  // router reads of its callers (decision 043).
  const poolActions = new Set<string>([
    ...(settings.uses.identity ? IDENTITY_ACTIONS : []),
    ...(settings.uses.roles ? ROLE_ACTIONS : []),
    ...(settings.readsCallerGroups ? CALLER_GROUP_ACTIONS : settings.confirmsCallers ? CALLER_ACTIONS : []),
  ]);
  if (poolActions.size > 0) auth.bindIdentity(fn, [...poolActions].sort());
  if (settings.verifiesTokens) auth.bindTokenVerification(fn);
  if (settings.uses.mail) mail.bindMail(fn);
  if (settings.uses.moderation) bindModeration(fn, stage, Stack.of(fn).region);
}

export interface ApiProps {
  readonly stage: StageConfig;
  readonly data: Data;
  readonly search: Search;
  readonly auth: Auth;
  readonly mail: Mail;
  /** Folder of the areas' Lambda entries (`<area>.ts` exporting `handler`). */
  readonly areasDir: string;
  /** The routes to serve. @default routeList of shared/routes.ts (other values are for tests) */
  readonly routes?: readonly ApiRouteDef[];
}

export type ApiRouteDef = RouteDef & { readonly name: string };

export interface ApiRoute {
  readonly name: string;
  readonly def: RouteDef;
  readonly fn: AppFunction;
  readonly route: HttpRoute;
}

/** The function serving one API area, and the flags of its routes (what it was granted). */
export interface ApiAreaFunction {
  readonly area: ApiArea;
  readonly fn: AppFunction;
  readonly uses: Required<{ [K in keyof RouteUses]: boolean }>;
}

/**
 * The HTTP API, generated from the route table (shared/api/*): ONE Lambda per API area serving all
 * its routes through the router (functions/http/router.ts), one API Gateway route per table entry,
 * and the `$default` route (whatever matches none: an unknown path or method) to the function of
 * UNMATCHED_ROUTES_AREA, whose router answers the Spanish 404. No route has an API Gateway
 * authorizer: every function verifies its callers' tokens itself (decision 043), so every refusal is
 * the project's Spanish error rather than API Gateway's fixed `{"message":"Unauthorized"}`. An
 * area's function gets the table (read-only unless one of its routes writes) and exactly the search,
 * user-pool, mail, moderation and images access its routes' flags name. Resources grow by about one
 * per route (the route; the integration and the invoke permission are per area).
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly routes: ApiRoute[] = [];
  readonly functions: ApiAreaFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stage, data, search, auth, mail } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Marketplace API (${stage.name})`,
      // The default stage is made below with throttling and access logs.
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.throttling,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: true,
        }),
      },
    });

    const table = props.routes ?? routeList;
    for (const area of API_AREAS) {
      const areaRoutes = table.filter((r) => r.area === area);
      if (areaRoutes.length === 0) continue;
      const settings = areaSettings(area, areaRoutes);
      const name = area.charAt(0).toUpperCase() + area.slice(1);
      const fn = new AppFunction(this, `${name}Function`, {
        entry: join(props.areasDir, `${area}.ts`),
        stage,
        description: `API area ${area}: ${areaRoutes.length} routes`,
        memoryMb: settings.memoryMb,
        timeoutSeconds: settings.timeoutSeconds,
        // Photo areas draw the photos' WebP sizes with sharp (decision 022).
        nativeModules: settings.uses.images ? PHOTO_NATIVE_MODULES : undefined,
      });
      bindArea(fn, settings, { stage, data, search, auth, mail });
      this.functions.push({ area, fn, uses: settings.uses });

      // One integration and one invoke permission for the whole area (not one per route).
      const integration = new HttpLambdaIntegration(`${name}Integration`, fn, {
        scopePermissionToRoute: false,
      });
      for (const def of areaRoutes) {
        const [route] = this.httpApi.addRoutes({
          path: def.path,
          methods: [HttpMethod[def.method]],
          integration,
        });
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            def.auth === 'public'
              ? `Public by the route table (shared/api/${area}.ts): ${def.method} ${def.path} serves anonymous visitors.`
              : `${def.method} ${def.path} (${def.auth}) is authorized by its function, which verifies the bearer token (functions/http/router.ts) so refusals are the API's Spanish errors; decision 043.`,
        });
        this.routes.push({ name: def.name, def, fn, route });
      }
      if (area === UNMATCHED_ROUTES_AREA) {
        const fallback = new HttpRoute(this, 'DefaultRoute', {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.DEFAULT,
          integration,
        });
        Validations.of(fallback).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'The $default route serves no resource: its function answers every request with the Spanish 404.',
        });
      }
    }
  }

  /** The default stage's URL (https://<api id>.execute-api.<region>.amazonaws.com/). */
  get url(): string {
    return this.stage.url;
  }
}
