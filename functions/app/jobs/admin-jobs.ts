import type { Context } from 'aws-lambda';
import { logger } from '../../commons/observability';
import { pendingJobIds, runJob } from '../../services/admin/admin-jobs';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { imageStoreParts } from '../parts/images';
import { savedSearchIndexParts } from '../parts/saved-search-index';
import { searchParts } from '../parts/search';
import { tableParts } from '../parts/table';

/** The job function's parts: the table, the search index, the saved searches' matcher and the images bucket. */
export const parts = {
  table: tableParts,
  search: searchParts,
  savedSearchIndex: savedSearchIndexParts,
  images: imageStoreParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/**
 * A run stops a minute before its timeout; its job waits queued for the schedule's next sweep
 * (within a minute), which resumes it from its saved cursor.
 */
const STOP_BEFORE_END_MS = 60_000;

/**
 * Lambda entry of the admin's background jobs (docs/decisions/026). Invoked asynchronously with
 * `{ jobId }` by the admin route that queued the job, and every minute by a schedule (no jobId)
 * that runs queued and paused jobs and takes over jobs whose run died (an expired lease).
 */
export async function handler(event: { jobId?: unknown } | undefined, lambdaContext: Context): Promise<void> {
  const stop = () => lambdaContext.getRemainingTimeInMillis() < STOP_BEFORE_END_MS;
  const ids = typeof event?.jobId === 'string' ? [event.jobId] : await pendingJobIds(context);
  for (const jobId of ids) {
    const outcome = await runJob(context, jobId, { stop });
    logger.info('admin job run', { jobId, outcome });
    if (stop()) break;
  }
}
