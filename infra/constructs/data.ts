import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import { INDEX_LIST, KEY, STREAM_VIEW, TTL_ATTRIBUTE } from '#shared/table';
import type { StageConfig } from '../stages';
import type { AppFunction } from './app-function';

export type TableAccess = 'RO' | 'RW';

/** Item actions the repositories use; transactions need the same per-item permissions. */
const READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

export interface DataProps {
  readonly stage: StageConfig;
}

/** The single table, made from shared/table.ts (the same definition the local bootstrap uses). */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { stage } = props;
    this.table = new Table(this, 'Table', {
      partitionKey: { name: KEY.pk, type: AttributeType.STRING },
      sortKey: { name: KEY.sk, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      stream: StreamViewType[STREAM_VIEW],
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: stage.pointInTimeRecovery },
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
    });
    for (const index of INDEX_LIST) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.pk, type: AttributeType.STRING },
        sortKey: { name: index.sk, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }

  /**
   * Sets TABLE_NAME on the function and grants exactly the item actions of the access level, on the
   * table and on each named index (no `index/*` wildcard), so the variable and the grant never drift.
   */
  bindTable(fn: AppFunction, access: TableAccess): void {
    fn.setEnv(ENV.tableName, this.table.tableName);
    const tableArn = this.table.tableArn;
    const indexArns = INDEX_LIST.map((index) => `${tableArn}/index/${index.name}`);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: access === 'RW' ? [...READ_ACTIONS, ...WRITE_ACTIONS] : READ_ACTIONS,
        resources: [tableArn],
      }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexArns }));
  }

  /**
   * Lets a background job read the whole table in pages (Scan). No request path scans: only the
   * jobs that must see every item (the reindex, the photo job) get this.
   */
  grantScan(fn: AppFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [this.table.tableArn] }));
  }
}
