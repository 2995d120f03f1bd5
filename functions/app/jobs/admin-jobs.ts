import type { Context } from 'aws-lambda';
import { logger } from '../../commons/observability';
import { pendingJobIds, runJob } from '../../services/admin-jobs';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { imageParts } from '../parts/images';
import { jobParts } from '../parts/jobs';
import { searchParts } from '../parts/search';
import { tableParts } from '../parts/table';

/** The job function's parts: the table, the search index, the images bucket and its own launcher. */
export const parts = {
  table: tableParts,
  search: searchParts,
  images: imageParts,
  jobs: jobParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** A run stops a minute before its timeout and hands its job to a new run. */
const STOP_BEFORE_END_MS = 60_000;

/**
 * Lambda entry of the admin's background jobs (docs/decisions/026). Invoked asynchronously with
 * `{ jobId }` by the admin route that queued the job, and every few minutes by a schedule (no
 * jobId) that runs queued jobs and takes over jobs whose run died (an expired lease).
 */
export async function handler(event: { jobId?: unknown } | undefined, lambdaContext: Context): Promise<void> {
  const stop = () => lambdaContext.getRemainingTimeInMillis() < STOP_BEFORE_END_MS;
  const ids = typeof event?.jobId === 'string' ? [event.jobId] : await pendingJobIds(context);
  for (const jobId of ids) {
    const outcome = await runJob(context, jobId, { stop });
    logger.info('admin job run', { jobId, outcome });
    if (outcome === 'paused') await context.jobLauncher.launch(jobId);
    if (stop()) break;
  }
}
