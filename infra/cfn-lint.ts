import { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A cfn-lint rule that does not apply to one resource, and why (as cdk-nag's acknowledgements). */
export interface CfnLintAcknowledgement {
  /** The rule id, e.g. `W3005`. */
  readonly id: string;
  readonly reason: string;
}

/**
 * Acknowledges cfn-lint findings on one resource (the construct's own CloudFormation resource):
 * its template Metadata gets `cfn-lint: { config: { ignore_checks } }`, which cfn-lint reads, so
 * the rule stays on for every other resource (docs/decisions/045-cloudformation-linter.md).
 * CloudFormation ignores the Metadata. The reason stays here in the code, required as cdk-nag's.
 */
export function acknowledgeCfnLint(scope: IConstruct, ...rules: CfnLintAcknowledgement[]): void {
  const resource = CfnResource.isCfnResource(scope) ? scope : scope.node.defaultChild;
  if (!resource || !CfnResource.isCfnResource(resource)) {
    throw new Error(
      `${scope.node.path} has no CloudFormation resource of its own to acknowledge cfn-lint rules on`,
    );
  }
  for (const rule of rules) {
    if (!/^[EWI]\d{4}$/.test(rule.id)) throw new Error(`Not a cfn-lint rule id: ${rule.id}`);
    if (!rule.reason.trim()) throw new Error(`cfn-lint ${rule.id} on ${scope.node.path} needs a reason`);
  }
  const current = resource.getMetadata('cfn-lint') as { config?: { ignore_checks?: string[] } } | undefined;
  const ignored = new Set([...(current?.config?.ignore_checks ?? []), ...rules.map((r) => r.id)]);
  resource.addMetadata('cfn-lint', { config: { ignore_checks: [...ignored].sort() } });
}
