import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MarketplaceStack } from './stack';
import { stageConfig } from './stages';

/** One app, one stack per stage: `cdk synth -c stage=prod` (default dev, from cdk.json). */
const app = new App();
const stageName = String(app.node.tryGetContext('stage') ?? 'dev');
// `-c traceAwsCalls=true` traces each AWS call for one deploy (docs/decisions/048).
const traceAwsCalls = app.node.tryGetContext('traceAwsCalls');
const stage = {
  ...stageConfig(stageName),
  ...(traceAwsCalls === undefined ? {} : { traceAwsCalls: String(traceAwsCalls) === 'true' }),
};

new MarketplaceStack(app, `Marketplace-${stage.name}`, {
  stage,
  description: `Mercado universitario (${stage.name})`,
  // Account and region come from the deploying credentials; synth needs neither.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});

// Every AwsSolutions finding fails the synth unless it is fixed or acknowledged with a reason.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
