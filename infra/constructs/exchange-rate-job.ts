import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import { keys } from '../../shared/table';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';

export interface ExchangeRateJobProps {
  readonly stage: StageConfig;
  /** Absolute path of the job's Lambda entry (functions/app/jobs/exchange-rate.ts). */
  readonly entry: string;
  readonly table: ITable;
}

/**
 * The BCV rate job (docs/decisions/033): an EventBridge Scheduler schedule invokes the function on
 * business days at 17:00 and again at 20:00 America/Caracas (the BCV publishes in the afternoon; the
 * second run stores what the first missed, and finds the rest stored). The function reads the BCV's
 * page over the internet and may touch only the rate's partition and the rates' audit records:
 * GetItem, Query and PutItem on the table, limited by `dynamodb:LeadingKeys` to those partitions.
 */
export class ExchangeRateJob extends Construct {
  readonly fn: AppFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ExchangeRateJobProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Function', {
      entry: props.entry,
      stage: props.stage,
      description: "Reads the BCV's official USD rate and stores it once per date (decision 033)",
      // The BCV's site is slow at times: 20 s for the page, the rest for two small writes.
      timeoutSeconds: 60,
    });
    this.fn.setEnv(ENV.tableName, props.table.tableName);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': [
              keys.exchangeRatePartition,
              `${keys.auditPartition('exchangeRate', '')}*`,
            ],
          },
        },
      }),
    );
    // The schedule's own role: it may invoke this function (and its versions) and nothing else.
    const role = new Role(this, 'ScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    this.schedule = new Schedule(this, 'Schedule', {
      description: `Reads the BCV rate on business days (${props.stage.name})`,
      schedule: ScheduleExpression.cron({
        minute: '0',
        hour: '17,20',
        weekDay: 'MON-FRI',
        timeZone: TimeZone.AMERICA_CARACAS,
      }),
      target: new LambdaInvoke(this.fn, {
        role,
        // A run an hour late is still useful; older, the next run comes anyway.
        maxEventAge: Duration.hours(1),
        retryAttempts: 2,
      }),
    });
    const fnId = Stack.of(this).resolve((this.fn.node.defaultChild as CfnFunction).logicalId);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*]`,
      reason:
        "Scheduler's Lambda target grants invoke on the function's versions too (<function arn>:*); this one function only.",
    });
  }
}
