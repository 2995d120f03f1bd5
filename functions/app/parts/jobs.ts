import { createLambdaJobLauncher } from '../../adapters/lambda/job-launcher';
import type { PartFactories } from '../context';

/**
 * Starting background jobs (docs/decisions/026): in AWS an async invoke of the job function
 * (JOBS_FUNCTION_NAME and the invoke grant come with the `jobs` route flag). The local stack
 * provides its in-process runner instead (scripts/local/job-runner.ts).
 */
export const jobParts = {
  jobLauncher: createLambdaJobLauncher,
} satisfies PartFactories<'jobLauncher'>;
