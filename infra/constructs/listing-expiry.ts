import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';

export interface ListingExpiryProps {
  readonly stage: StageConfig;
  /** Absolute path of the job's Lambda entry (functions/app/jobs/listing-expiry.ts). */
  readonly entry: string;
}

/**
 * Listing expiry (docs/decisions/030): the job function and the EventBridge Scheduler schedule
 * that invokes it every hour. The job Queries only the due listings (gsi7) and is idempotent, so
 * Scheduler's retries and an overlapping run are harmless. The stack grants it the table (no
 * Scan), SES and the links' signing secret (infra/stack.ts); its errors count on the monitoring's
 * per-function alarm. The schedule's role may invoke this function only (LambdaInvoke makes it).
 */
export class ListingExpiry extends Construct {
  readonly job: AppFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ListingExpiryProps) {
    super(scope, id);
    this.job = new AppFunction(this, 'Job', {
      entry: props.entry,
      stage: props.stage,
      description: 'Listing expiry: reminders 3 days before, expiry when due (decision 030)',
      memoryMb: 512,
      // It stops 30 s before and leaves the rest due for the next hour's run.
      timeoutSeconds: 600,
    });
    // The schedule's own role: LambdaInvoke grants it InvokeFunction on this function alone.
    const role = new Role(this, 'ScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invokes the listing expiry job',
    });
    this.schedule = new Schedule(this, 'Hourly', {
      description: `Expires due listings and mails expiry reminders (${props.stage.name})`,
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: new LambdaInvoke(this.job, {
        role,
        // A run older than this is pointless: the next one comes within the hour.
        maxEventAge: Duration.hours(1),
        retryAttempts: 2,
      }),
    });
    const jobId = Stack.of(this).resolve((this.job.node.defaultChild as CfnFunction).logicalId);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${jobId}.Arn>:*]`,
      reason: "LambdaInvoke's grant: the job function's own versions and aliases (<arn>:*), nothing else.",
    });
  }
}
