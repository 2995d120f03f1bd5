import type { JobLauncher } from '../../functions/ports/admin';
import { type JobDeps, pendingJobIds, runJob } from '../../functions/services/admin/admin-jobs';
import { startSweepLoop } from './pause';

/**
 * The local stand-in for the admin's job function (docs/decisions/026): runs the jobs in this
 * process, away from the request that queued them (the route's `launch` wakes the runner and
 * answers at once), and sweeps every `intervalMs` for queued jobs and jobs whose run died (an
 * expired lease), as the schedule does in AWS. The jobs' state is in the table, so a restart loses
 * none: the first sweep after it takes them over.
 */
export interface JobRunner extends JobLauncher {
  /** Runs every pending job now (and waits for them); tests use it. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startJobRunner(
  deps: () => JobDeps,
  opts: { intervalMs?: number; maxBackoffMs?: number } = {},
): JobRunner {
  // One sweep at a time; jobs run one after another, as one function's runs would per job.
  const loop = startSweepLoop<string>(
    'local job runner',
    async (only, stopped) => {
      const ids = only ? [only] : await pendingJobIds(deps());
      for (const id of ids) if (!stopped()) await runJob(deps(), id);
    },
    opts,
  );
  return {
    async launch(jobId) {
      // Not awaited: the route answers while the job runs.
      void loop.run(jobId);
    },
    runNow: () => loop.run(),
    stop: () => loop.stop(),
  };
}
