import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ENV } from '../../functions/commons/env';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  type HttpRoute,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type RouteDef, routeList } from '#shared/routes';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';
import type { Auth } from './auth';
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

export interface ApiProps {
  readonly stage: StageConfig;
  readonly data: Data;
  readonly search: Search;
  readonly auth: Auth;
  readonly mail: Mail;
  /** Folder of the handler modules (`<handler>.ts` exporting `handler`). */
  readonly handlersDir: string;
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

/**
 * The HTTP API, generated from shared/routes.ts: one Lambda per route, a JWT authorizer (the user
 * pool's issuer and the SPA client) on every route whose auth is not 'public', table access by method
 * (GET reads, anything else writes), and search, user-pool admin and SES access exactly where the
 * route's `lambda` flags say so.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly routes: ApiRoute[] = [];

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

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', auth.issuer, {
      jwtAudience: [auth.client.userPoolClientId],
    });

    for (const def of props.routes ?? routeList) {
      const id = def.name.charAt(0).toUpperCase() + def.name.slice(1);
      const fn = new AppFunction(this, id, {
        entry: join(props.handlersDir, `${def.handler}.ts`),
        stage,
        description: `${def.method} ${def.path}`,
        memoryMb: def.lambda?.memoryMb,
        timeoutSeconds: def.lambda?.timeoutSeconds,
      });
      data.bindTable(fn, def.method === 'GET' ? 'RO' : 'RW');
      if (def.lambda?.searchIndex) search.bindSearch(fn, 'RO');
      if (def.lambda?.identity) auth.bindIdentity(fn);
      if (def.lambda?.mail) mail.bindMail(fn);
      if (def.lambda?.moderation) bindModeration(fn, stage, Stack.of(this).region);

      const [route] = this.httpApi.addRoutes({
        path: def.path,
        methods: [HttpMethod[def.method]],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
        authorizer: def.auth === 'public' ? undefined : authorizer,
      });
      if (def.auth === 'public') {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `Public by the route table (shared/routes.ts): ${def.method} ${def.path} serves anonymous visitors.`,
        });
      }
      this.routes.push({ name: def.name, def, fn, route });
    }
  }

  /** The default stage's URL (https://<api id>.execute-api.<region>.amazonaws.com/). */
  get url(): string {
    return this.stage.url;
  }
}
