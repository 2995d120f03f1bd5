import { logger } from '../../functions/commons/observability';
import type { JobLauncher } from '../../functions/ports/admin';
import { type JobDeps, pendingJobIds, runJob } from '../../functions/services/admin-jobs';
import { createSleeper, pauseAfter } from './pause';

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
  const intervalMs = opts.intervalMs ?? 1000;
  const maxBackoffMs = opts.maxBackoffMs ?? 10_000;
  let stopped = false;
  let failures = 0;
  const sleeper = createSleeper();
  // One sweep at a time; jobs run one after another, as one function's runs would per job.
  let running: Promise<void> = Promise.resolve();

  const sweep = (only?: string) => {
    running = running.then(async () => {
      try {
        const ids = only ? [only] : await pendingJobIds(deps());
        for (const id of ids) if (!stopped) await runJob(deps(), id);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) logger.warn('local job runner failed; retrying with a growing pause', { error });
      }
    });
    return running;
  };

  const loop = (async () => {
    while (!stopped) {
      await sweep();
      if (stopped) break;
      await sleeper.sleep(pauseAfter(failures, intervalMs, maxBackoffMs));
    }
  })();

  return {
    async launch(jobId) {
      // Not awaited: the route answers while the job runs.
      void sweep(jobId);
    },
    runNow: () => sweep(),
    async stop() {
      stopped = true;
      sleeper.wake();
      await loop;
      await running;
    },
  };
}
