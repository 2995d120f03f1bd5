import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { isListed } from '#shared/table';
import { logger } from '../commons/observability';
import type { AdminStore, JobStore, TablePages } from '../ports/admin';
import type { ImageStore } from '../ports/images';
import type { SearchIndex } from '../ports/search-index';
import { ownImageKeys } from './images';
import { toSearchDocument } from './indexer';

/**
 * The admin's background jobs (docs/decisions/026): a reindex of the search index from the table,
 * and the deletion of a university's products. Never inside an HTTP request: the route writes a
 * queued job (claiming its kind's lock) and launches a run; a run leases the job, works page by
 * page writing its progress, and finishes it (releasing the lock). A run that dies leaves a lease
 * that expires: the next run (a retry, the schedule) takes the job over.
 */
export interface JobDeps {
  jobStore: JobStore;
  adminStore: AdminStore;
  tablePages: TablePages;
  search: SearchIndex;
  images: ImageStore;
  now: () => Date;
}

/** A run holds its job this long past its last progress; a crashed run's job is free after it. */
export const LEASE_MS = 2 * 60_000;
/** Items per page of the table's Scan (reindex) and per page of a university's products. */
export const REINDEX_PAGE = 500;
export const DELETE_PAGE = 100;

export interface RunOptions {
  /** True when the run should stop at the next page (a Lambda near its timeout). */
  stop?: () => boolean;
}

export type RunOutcome = 'finished' | 'paused' | 'skipped';

/** An error the index gave (the admin sees 'Error al reindexar el índice de búsqueda'). */
class IndexError extends Error {}

export async function runJob(deps: JobDeps, jobId: string, opts: RunOptions = {}): Promise<RunOutcome> {
  const job = await deps.jobStore.get(jobId);
  if (!job || job.status === 'succeeded' || job.status === 'failed') return 'skipped';
  const now = deps.now();
  if (!(await deps.jobStore.lease(jobId, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString())))
    return 'skipped';
  try {
    if (job.kind === 'reindex') return await reindex(deps, jobId);
    return await deleteUniversityProducts(deps, jobId, job.target ?? '', job.cursor, job.processed, opts);
  } catch (err) {
    logger.error('admin job failed', { jobId, kind: job.kind, error: String(err) });
    await deps.jobStore.finish(jobId, {
      status: 'failed',
      processed: 0,
      indexed: null,
      drift: null,
      error: err instanceof IndexError || job.kind === 'reindex' ? ADMIN_MESSAGES.reindexError : ADMIN_MESSAGES.unexpected,
      now: deps.now().toISOString(),
    });
    return 'finished';
  }
}

const leaseFrom = (deps: JobDeps) => new Date(deps.now().getTime() + LEASE_MS).toISOString();

/**
 * Pages through the table (a Scan: every product whatever the listing indexes say, and every item
 * missing the admin area's index attributes gets them), writes the listed products into a fresh
 * index, swaps it in, then checks the index against the table and corrects any difference (a change
 * that reached the old index during the rebuild). A reindex restarts from the beginning when its
 * run dies (the fresh index of the dead run is dropped or abandoned): its result is the same.
 */
async function reindex(deps: JobDeps, jobId: string): Promise<RunOutcome> {
  const { search } = deps;
  if (!search.beginRebuild || !search.ids) throw new IndexError('the search index cannot be rebuilt');
  let rebuild: Awaited<ReturnType<NonNullable<SearchIndex['beginRebuild']>>>;
  try {
    rebuild = await search.beginRebuild();
  } catch (err) {
    throw new IndexError(String(err));
  }
  const listed = new Map<number, ReturnType<typeof toSearchDocument>>();
  let processed = 0;
  let cursor: string | undefined;
  try {
    do {
      const page = await deps.tablePages.page(cursor, REINDEX_PAGE);
      const docs = page.products.filter(isListed).map(toSearchDocument);
      for (const d of docs) listed.set(d.id, d);
      try {
        await rebuild.write(docs);
      } catch (err) {
        throw new IndexError(String(err));
      }
      processed += page.products.length;
      cursor = page.cursor ?? undefined;
      await deps.jobStore.progress(jobId, {
        processed,
        cursor: null,
        leaseUntil: leaseFrom(deps),
        now: deps.now().toISOString(),
      });
    } while (cursor);
    try {
      await rebuild.swap();
    } catch (err) {
      throw new IndexError(String(err));
    }
  } catch (err) {
    await rebuild.abort().catch(() => undefined);
    throw err;
  }
  // The drift check: the index against the products the table lists, corrected once, checked again.
  let drift = await driftOf(search, listed);
  if (drift.missing.length > 0 || drift.extra.length > 0) {
    await search.upsert(drift.missing.map((id) => listed.get(id)).filter((d) => d !== undefined));
    await search.remove(drift.extra);
    drift = await driftOf(search, listed);
  }
  const indexed = (await search.ids()).length;
  await deps.jobStore.finish(jobId, {
    status: 'succeeded',
    processed,
    indexed,
    drift: { missing: drift.missing.length, extra: drift.extra.length },
    error: null,
    now: deps.now().toISOString(),
  });
  logger.info('reindex finished', { jobId, processed, indexed });
  return 'finished';
}

export async function driftOf(
  search: SearchIndex,
  listed: Map<number, unknown>,
): Promise<{ missing: number[]; extra: number[] }> {
  if (!search.ids) throw new IndexError('the search index cannot list its ids');
  const inIndex = new Set(await search.ids());
  return {
    missing: [...listed.keys()].filter((id) => !inIndex.has(id)),
    extra: [...inIndex].filter((id) => !listed.has(id)),
  };
}

/**
 * Deletes a university's products page by page (each product's photos too; its questions and
 * favorites go through the stream dispatcher), saving its cursor as it goes, then the university
 * item. Resumable: a new run continues from the saved cursor; a product deleted twice is no-op.
 */
async function deleteUniversityProducts(
  deps: JobDeps,
  jobId: string,
  universityId: string,
  savedCursor: string | null,
  savedProcessed: number,
  opts: RunOptions,
): Promise<RunOutcome> {
  let cursor = savedCursor ?? undefined;
  let processed = savedProcessed;
  do {
    if (opts.stop?.()) {
      await deps.jobStore.pause(jobId, { processed, cursor: cursor ?? null, now: deps.now().toISOString() });
      return 'paused';
    }
    const page = await deps.tablePages.universityProducts(universityId, cursor, DELETE_PAGE);
    for (const p of page.items) {
      const deleted = await deps.tablePages.deleteProduct(p.id);
      if (!deleted) continue;
      processed++;
      await deps.images
        .delete(ownImageKeys(p.id, deleted.images))
        .catch((e: unknown) => logger.warn('product images not deleted', { id: p.id, error: String(e) }));
    }
    cursor = page.cursor ?? undefined;
    await deps.jobStore.progress(jobId, {
      processed,
      cursor: cursor ?? null,
      leaseUntil: leaseFrom(deps),
      now: deps.now().toISOString(),
    });
  } while (cursor);
  await deps.adminStore.removeUniversity(universityId, jobId);
  await deps.jobStore.finish(jobId, {
    status: 'succeeded',
    processed,
    indexed: null,
    drift: null,
    error: null,
    now: deps.now().toISOString(),
  });
  return 'finished';
}

/**
 * The jobs a run should pick up (the schedule's sweep, the local runner): queued ones, and running
 * ones whose lease expired (their run died).
 */
export async function pendingJobIds(deps: Pick<JobDeps, 'jobStore' | 'now'>): Promise<string[]> {
  const now = deps.now().toISOString();
  const ids: string[] = [];
  for (const kind of ['reindex', 'deleteUniversity'] as const) {
    for (const job of await deps.jobStore.latest(kind, 20)) {
      if (job.status === 'queued') ids.push(job.id);
      else if (job.status === 'running') {
        const full = await deps.jobStore.get(job.id);
        if (full?.lease_until && full.lease_until < now) ids.push(job.id);
      }
    }
  }
  return ids;
}
