import { Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { LIMITS } from '#shared/limits';
import { API_MESSAGES, apiErrorJson } from '#shared/messages';
import type { StageConfig } from '../stages';

/** The only region where CloudFront (CLOUDFRONT-scope) web ACLs can be created. */
export const WEB_ACL_REGION = 'us-east-1';

/**
 * Largest request body let through: the API's own limit (LIMITS.apiBodyMaxBytes, which the router
 * and CloudFront's /api/* function answer too). CloudFront web ACLs inspect the first 16 KB of a
 * body (the default, priced in), so nothing past what the rules read gets in.
 */
export const MAX_BODY_BYTES = LIMITS.apiBodyMaxBytes;

/** The AWS managed rule groups, in evaluation order (after the IP reputation list comes the rate rule). */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * Rules of the Common rule set switched to Count (still measured and sampled, never blocking):
 * SizeRestrictions_BODY blocks bodies over 8 KB, and a publication with a long description with
 * accents or emoji passes 8 KB; the BodyTooLarge rule below blocks at 16 KB instead.
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY'] as const;

/**
 * Rules of the Common rule set that judge what a person types (a body: a publication, a question;
 * a query: a search): they block as before, but with the API's Spanish 403 rather than CloudFront's
 * English page (decision 043). The other rules (user agents, cookies, paths, IP lists, known exploit
 * payloads) only meet requests no one makes through the app.
 */
export const COMMON_RULES_ON_TYPED_TEXT = [
  'CrossSiteScripting_BODY',
  'CrossSiteScripting_QUERYARGUMENTS',
  'GenericLFI_BODY',
  'GenericLFI_QUERYARGUMENTS',
  'GenericRFI_BODY',
  'GenericRFI_QUERYARGUMENTS',
  'EC2MetaDataSSRF_BODY',
  'EC2MetaDataSSRF_QUERYARGUMENTS',
  'SizeRestrictions_QUERYSTRING',
] as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export interface EdgeFirewallProps {
  readonly stage: StageConfig;
  readonly waf: NonNullable<StageConfig['waf']>;
}

/**
 * The CloudFront web ACL of a stage: the Amazon IP reputation list, a per-IP rate limit on /api/*
 * (answered 429 with the API's own error body), AWS's known-bad-inputs and common rule sets, and a
 * body-size ceiling. Every rule publishes metrics and keeps sampled requests.
 *
 * It lives in the stage's stack, so the stack must be in us-east-1 (decision 012): synth fails with
 * the remedy otherwise, rather than deploy failing halfway.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  /** The web ACL's metric name (the `WebACL` dimension of AWS/WAFV2 metrics). */
  readonly metricName: string;
  /** The rules' metric names (the `Rule` dimension). */
  readonly ruleMetricNames: string[];

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const { stage, waf } = props;
    const region = Stack.of(this).region;
    if (Token.isUnresolved(region) || region !== WEB_ACL_REGION) {
      throw new Error(
        `Stage ${stage.name} turns WAF on, and a CloudFront web ACL can only be created in ${WEB_ACL_REGION}, ` +
          `but the stack's region is ${Token.isUnresolved(region) ? 'not fixed at synth time' : region}. ` +
          `Set region: '${WEB_ACL_REGION}' in the stage (infra/stages.ts), or move the web ACL to a ` +
          `${WEB_ACL_REGION} stack (docs/decisions/012-monitoring-and-waf.md).`,
      );
    }
    this.metricName = `marketplace-${stage.name}-edge`;

    const managed = (
      name: (typeof MANAGED_RULE_GROUPS)[number],
      priority: number,
    ): CfnWebACL.RuleProperty => ({
      name: `AWS-${name}`,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides:
            name === 'AWSManagedRulesCommonRuleSet'
              ? [
                  ...COMMON_RULES_COUNTED.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
                  ...COMMON_RULES_ON_TYPED_TEXT.map((rule) => ({
                    name: rule,
                    actionToUse: {
                      block: { customResponse: { responseCode: 403, customResponseBodyKey: 'blocked' } },
                    },
                  })),
                ]
              : undefined,
        },
      },
      visibilityConfig: visibility(name),
    });

    const rules: CfnWebACL.RuleProperty[] = [
      // Cheapest first: addresses AWS already knows for bots and scanning.
      managed('AWSManagedRulesAmazonIpReputationList', 0),
      {
        name: 'ApiRateLimit',
        priority: 1,
        action: {
          block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } },
        },
        statement: {
          rateBasedStatement: {
            limit: waf.apiRequestsPer5Minutes,
            evaluationWindowSec: 300,
            aggregateKeyType: 'IP',
            // Only the API costs per request; the SPA's files are cached at the edge.
            scopeDownStatement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                searchString: '/api/',
                textTransformations: [{ priority: 0, type: 'NONE' }],
              },
            },
          },
        },
        visibilityConfig: visibility('ApiRateLimit'),
      },
      managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
      managed('AWSManagedRulesCommonRuleSet', 3),
      {
        name: 'BodyTooLarge',
        priority: 4,
        action: { block: { customResponse: { responseCode: 413, customResponseBodyKey: 'bodyTooLarge' } } },
        statement: {
          sizeConstraintStatement: {
            // A body past the inspection limit counts as a match, so it is blocked too.
            fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
            comparisonOperator: 'GT',
            size: MAX_BODY_BYTES,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        visibilityConfig: visibility('BodyTooLarge'),
      },
    ];
    this.ruleMetricNames = rules.map(
      (rule) => (rule.visibilityConfig as CfnWebACL.VisibilityConfigProperty).metricName,
    );

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.metricName,
      description: `Mercado universitario ${stage.name} - CloudFront distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: apiErrorJson('too_many_requests', API_MESSAGES.tooManyRequests),
        },
        bodyTooLarge: {
          contentType: 'APPLICATION_JSON',
          content: apiErrorJson('payload_too_large', API_MESSAGES.bodyTooLarge),
        },
        blocked: {
          contentType: 'APPLICATION_JSON',
          content: apiErrorJson('forbidden', API_MESSAGES.blockedByFirewall),
        },
      },
      // Stated rather than defaulted: MAX_BODY_BYTES relies on it.
      associationConfig: { requestBody: { CLOUDFRONT: { defaultSizeInspectionLimit: 'KB_16' } } },
      visibilityConfig: visibility(this.metricName),
    });
  }

  /** What CloudFront's `webAclId` takes for a WAFv2 web ACL: its ARN. */
  get arn(): string {
    return this.webAcl.attrArn;
  }
}
