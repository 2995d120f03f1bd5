import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { CustomResource, Stack, Validations } from 'aws-cdk-lib';
import { EbsDeviceVolumeType } from 'aws-cdk-lib/aws-ec2';
import { ArnPrincipal, Effect, PolicyDocument, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, ResourcePolicy } from 'aws-cdk-lib/aws-logs';
import { type CfnDomain, Domain, EngineVersion, TLSSecurityPolicy } from 'aws-cdk-lib/aws-opensearchservice';
import { Construct } from 'constructs';
import { buildIndexBody } from '../../functions/adapters/search/opensearch';
import { buildPercolatorIndexBody } from '../../functions/adapters/search/opensearch-alerts';
import { ENV } from '../../functions/commons/env';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';

export type SearchAccess = 'RO' | 'RW';

/** Reads run `_search`/`_count` as POST; writes add documents and index management. */
const READ_ACTIONS = ['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost'];
const WRITE_ACTIONS = ['es:ESHttpPut', 'es:ESHttpDelete', 'es:ESHttpPatch'];

/**
 * What the deploy's index maker sends: HEAD (does the index exist), PUT (make it, or add the fields
 * added since to its mapping). Nothing else: no read of documents, no delete.
 */
const INDEX_MAKER_ACTIONS = ['es:ESHttpHead', 'es:ESHttpPut'];

export interface SearchProps {
  readonly stage: StageConfig;
  /** functions/app: the index maker's entry (jobs/search-indexes.ts) is there. */
  readonly functionsDir: string;
}

/**
 * The OpenSearch Service domain (fed by the table stream's dispatcher, infra/constructs/stream.ts).
 * Access is IAM-based: the domain's resource policy names exactly the roles bound with `bindSearch`,
 * and every request is SigV4-signed.
 */
export class Search extends Construct {
  readonly domain: Domain;
  /** The custom resource that makes the indexes at deploy, once the domain exists (decision 060). */
  readonly indexes: CustomResource;
  private readonly stage: StageConfig;
  private readonly accessPolicy = new PolicyDocument();
  private readonly domainName: string;

  constructor(scope: Construct, id: string, props: SearchProps) {
    super(scope, id);
    const { stage } = props;
    this.stage = stage;
    // A fixed name lets the resource policy name the domain's ARN without referring to itself.
    this.domainName = `marketplace-${stage.name}`;

    const logs = ['SlowSearch', 'SlowIndex', 'App'].map(
      (kind) =>
        new LogGroup(this, `${kind}Logs`, {
          retention: stage.logRetention,
          removalPolicy: stage.removalPolicy,
        }),
    );
    const [slowSearchLogGroup, slowIndexLogGroup, appLogGroup] = logs;
    const multiNode = stage.search.instanceCount > 1;
    this.domain = new Domain(this, 'Domain', {
      domainName: this.domainName,
      version: EngineVersion.OPENSEARCH_2_19,
      capacity: {
        dataNodes: stage.search.instanceCount,
        dataNodeInstanceType: stage.search.instanceType,
        multiAzWithStandbyEnabled: false,
      },
      zoneAwareness: multiNode ? { enabled: true, availabilityZoneCount: 2 } : { enabled: false },
      ebs: { volumeSize: stage.search.volumeGiB, volumeType: EbsDeviceVolumeType.GP3 },
      encryptionAtRest: { enabled: true },
      nodeToNodeEncryption: true,
      enforceHttps: true,
      tlsSecurityPolicy: TLSSecurityPolicy.TLS_1_2,
      logging: {
        slowSearchLogEnabled: true,
        slowSearchLogGroup,
        slowIndexLogEnabled: true,
        slowIndexLogGroup,
        appLogEnabled: true,
        appLogGroup,
      },
      // CDK would write the log resource policy through a Lambda-backed custom resource; a plain
      // AWS::Logs::ResourcePolicy below does the same with no extra function.
      suppressLogsResourcePolicy: true,
      removalPolicy: stage.removalPolicy,
    });
    new ResourcePolicy(this, 'LogsPolicy', {
      policyStatements: [
        new PolicyStatement({
          principals: [new ServicePrincipal('es.amazonaws.com')],
          actions: ['logs:PutLogEvents', 'logs:CreateLogStream'],
          resources: logs.map((group) => group.logGroupArn),
        }),
      ],
    });
    // Set on the L1 resource: the L2 `accessPolicies` goes through a custom-resource Lambda.
    (this.domain.node.defaultChild as CfnDomain).accessPolicies = this.accessPolicy;
    Validations.of(this.domain).acknowledge(
      {
        id: 'AwsSolutions-OS1',
        reason:
          'Public endpoint with IAM: every request is SigV4-signed by a role the resource policy names; a VPC would put every Lambda in it and add NAT costs for no extra protection here.',
      },
      {
        id: 'AwsSolutions-OS3',
        reason: 'Access is restricted to named IAM roles, not to IP ranges (Lambda has no fixed addresses).',
      },
      {
        id: 'AwsSolutions-OS4',
        reason:
          'A small catalogue index on 1-2 data nodes; dedicated master nodes would triple the cost. The index is rebuilt from the table stream if the domain is lost.',
      },
    );
    if (!multiNode) {
      Validations.of(this.domain).acknowledge({
        id: 'AwsSolutions-OS7',
        reason:
          'Single-node stage (dev): zone awareness needs two nodes. Production runs two nodes over two zones; search falls back to DynamoDB when the index is unavailable.',
      });
    }
    this.indexes = this.indexMaker(props.functionsDir);
  }

  private savedSearchesIndexName(): string {
    return `${this.stage.search.indexName}-saved-searches`;
  }

  /**
   * The products index and the saved searches' percolator index made at deploy, not at the first
   * write (issue 42, decision 060): a custom resource whose function (functions/app/jobs/
   * search-indexes.ts) answers CloudFormation itself. It runs after the domain (and its access
   * policy naming the function's role) exists; on every deploy that changes the index names or
   * the mappings (their hash is a property), so an existing index gains the fields added since.
   * Its role may only HEAD and PUT those two indexes and their mappings.
   */
  private indexMaker(functionsDir: string): CustomResource {
    const maker = new AppFunction(this, 'MakeIndexes', {
      entry: join(functionsDir, 'jobs', 'search-indexes.ts'),
      stage: this.stage,
      description: `Makes the search indexes at deploy (${this.stage.name})`,
      // Above the handler's own limit (ENSURE_TIMEOUT_MS, 60 s): it always answers in time.
      timeoutSeconds: 90,
    });
    const products = this.stage.search.indexName;
    const savedSearches = this.savedSearchesIndexName();
    maker
      .setEnv(ENV.searchBackend, 'opensearch')
      .setEnv(ENV.openSearchEndpoint, `https://${this.domain.domainEndpoint}`)
      .setEnv(ENV.openSearchIndex, products)
      .setEnv(ENV.openSearchAlertsIndex, savedSearches);
    const paths = [products, savedSearches].flatMap((index) => [index, `${index}/_mapping`]);
    this.grant(
      maker,
      INDEX_MAKER_ACTIONS,
      paths.map((path) => `${this.domain.domainArn}/${path}`),
      paths.map((path) => this.domainPaths(path)),
    );
    const mappings = createHash('sha256')
      .update(JSON.stringify([buildIndexBody(), buildPercolatorIndexBody()]))
      .digest('hex')
      .slice(0, 16);
    const resource = new CustomResource(this, 'Indexes', {
      serviceToken: maker.functionArn,
      resourceType: 'Custom::SearchIndexes',
      properties: { ProductsIndex: products, SavedSearchesIndex: savedSearches, Mappings: mappings },
    });
    resource.node.addDependency(this.domain);
    return resource;
  }

  /**
   * The saved searches' percolator index (alerts, docs/decisions/031) for a function bound 'RW'
   * already: its name (beside the products index, on the same domain and grant). The deploy makes
   * the index, with its `percolator` field mapping (indexMaker); the adapter would on its first write.
   */
  bindSavedSearches(fn: AppFunction): void {
    fn.setEnv(ENV.openSearchAlertsIndex, this.savedSearchesIndexName());
  }

  /** The domain's resource ARN of a path under it (by default every index and API path). */
  private domainPaths(path = '*'): string {
    return Stack.of(this).formatArn({
      service: 'es',
      resource: 'domain',
      resourceName: `${this.domainName}/${path}`,
    });
  }

  /**
   * Grants the function these signed HTTP actions on these resources (its role's policy), and names
   * its role in the domain's resource policy for the same actions on the same paths.
   */
  private grant(fn: AppFunction, actions: string[], resources: string[], policyResources: string[]): void {
    fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
    this.accessPolicy.addStatements(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [new ArnPrincipal(fn.role!.roleArn)],
        actions,
        resources: policyResources,
      }),
    );
  }

  /**
   * Sets SEARCH_BACKEND, OPENSEARCH_ENDPOINT and OPENSEARCH_INDEX on the function, grants it the
   * signed HTTP actions of the access level, and names its role in the domain's resource policy.
   */
  bindSearch(fn: AppFunction, access: SearchAccess): void {
    const role = fn.role!;
    const actions = access === 'RW' ? [...READ_ACTIONS, ...WRITE_ACTIONS] : READ_ACTIONS;
    fn.setEnv(ENV.searchBackend, 'opensearch')
      .setEnv(ENV.openSearchEndpoint, `https://${this.domain.domainEndpoint}`)
      .setEnv(ENV.openSearchIndex, this.stage.search.indexName)
      .setEnv(ENV.searchTimeoutMs, String(this.stage.search.timeoutMs));
    this.grant(fn, actions, [`${this.domain.domainArn}/*`], [this.domainPaths()]);
    const domainId = Stack.of(this).resolve((this.domain.node.defaultChild as CfnDomain).logicalId);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${domainId}.Arn>/*]`,
      reason:
        'OpenSearch permissions are per HTTP path: the function reaches the index and _bulk/_search paths below the domain.',
    });
  }
}
