import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { ENV } from '../../functions/commons/env';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';

export interface AdminJobsProps {
  readonly stage: StageConfig;
  /** Absolute path of the jobs' Lambda entry (functions/app/jobs/admin-jobs.ts). */
  readonly entry: string;
}

/**
 * The admin's background jobs (docs/decisions/026): the search reindex and the deletion of a
 * university's products, never inside an HTTP request (API Gateway cuts integrations at 30 s).
 * - `runner` runs them: the admin route that queues a job invokes it asynchronously with the job's
 *   id (`bindLauncher` grants exactly that); the stack grants it the table, the search domain and
 *   the images bucket (infra/stack.ts).
 * - a schedule sends it an empty event every minute: it picks up queued jobs (a launch that
 *   failed, a run that paused near its timeout) and jobs whose run died (an expired lease). The
 *   runner does not invoke itself (that grant would make its role depend on its own ARN).
 */
export class AdminJobs extends Construct {
  readonly runner: AppFunction;
  readonly sweep: Rule;

  constructor(scope: Construct, id: string, props: AdminJobsProps) {
    super(scope, id);
    this.runner = new AppFunction(this, 'Runner', {
      entry: props.entry,
      stage: props.stage,
      description: 'Admin jobs: search reindex and university deletion (decision 026)',
      memoryMb: 1024,
      // The longest Lambda allows; a deletion pauses a minute before and the sweep resumes it.
      timeoutSeconds: 900,
    });
    this.sweep = new Rule(this, 'Sweep', {
      description: `Runs queued admin jobs and takes over dead runs (${props.stage.name})`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [
        new LambdaFunction(this.runner, {
          // An old sweep is pointless: the next one comes within a minute.
          maxEventAge: Duration.minutes(5),
          retryAttempts: 0,
        }),
      ],
    });
  }

  /** Sets JOBS_FUNCTION_NAME and lets the function invoke the runner (nothing else). */
  bindLauncher(fn: AppFunction): void {
    fn.setEnv(ENV.jobsFunctionName, this.runner.functionName);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.runner.functionArn] }),
    );
  }
}
