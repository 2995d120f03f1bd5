import type { InstitutionalEnded } from '#shared/account-schemas';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { isListed } from '#shared/table';
import { logger } from '../../commons/observability';
import type { ProfileRepository } from '../../ports/accounts';
import type { JobStore, TablePages } from '../../ports/admin';
import type { UniversityRepository } from '../../ports/repositories';
import type { SavedSearchIndex, SavedSearchRepository } from '../../ports/alerts';
import type { ImageStore } from '../../ports/images';
import type { SearchIndex } from '../../ports/search-index';
import { rebuildSavedSearchIndex } from '../notifications/alert-notifications';
import { ownImageKeys } from '../publishing/images';
import { toSearchDocument } from '../search/indexer';

/**
 * The admin's background jobs (docs/decisions/026): a reindex of the search index from the table
 * (and of the saved searches' stored queries), and the deletion of a university (its products, verifications and saved searches; decision 042). Never inside an HTTP request: the route writes a
 * queued job (claiming its kind's lock) and launches a run; a run leases the job, works page by
 * page writing its progress, and finishes it (releasing the lock). A run that dies leaves a lease
 * that expires: the next run (a retry, the schedule) takes the job over.
 */
export interface JobDeps {
  jobStore: JobStore;
  universities: Pick<UniversityRepository, 'getStored' | 'remove'>;
  tablePages: TablePages;
  profiles: Pick<ProfileRepository, 'endInstitutional'>;
  savedSearches: Pick<SavedSearchRepository, 'remove' | 'page'>;
  search: SearchIndex;
  /** The saved searches' matcher: a reindex rewrites its stored queries under today's rule. */
  savedSearchIndex: SavedSearchIndex;
  images: ImageStore;
  now: () => Date;
}

/** A run holds its job this long past its last progress; a crashed run's job is free after it. */
export const LEASE_MS = 2 * 60_000;
/** Items per page of the table's Scan (reindex) and per page of a university's products. */
export const REINDEX_PAGE = 500;
export const DELETE_PAGE = 100;
/** Items read per page of a deleted university's profiles and saved searches (filtered index pages). */
export const SWEEP_PAGE = 500;

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
  if (
    !(await deps.jobStore.lease(jobId, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))
  )
    return 'skipped';
  try {
    if (job.kind === 'reindex') return await reindex(deps, jobId);
    return await deleteUniversity(deps, jobId, job.target ?? '', job.cursor, job.processed, opts);
  } catch (err) {
    logger.error('admin job failed', { jobId, kind: job.kind, error: String(err) });
    await deps.jobStore.finish(jobId, {
      status: 'failed',
      processed: 0,
      indexed: null,
      drift: null,
      error:
        err instanceof IndexError || job.kind === 'reindex'
          ? ADMIN_MESSAGES.reindexError
          : ADMIN_MESSAGES.unexpected,
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
  // The percolator stores each saved search as the query of the rule it was saved under: a reindex
  // writes them again, so a rule changed since (decision 046's soft condition words) reaches them.
  let savedSearches: number;
  try {
    savedSearches = await rebuildSavedSearchIndex(deps, REINDEX_PAGE);
  } catch (err) {
    throw new IndexError(String(err));
  }
  await deps.jobStore.finish(jobId, {
    status: 'succeeded',
    processed,
    indexed,
    drift: { missing: drift.missing.length, extra: drift.extra.length },
    error: null,
    now: deps.now().toISOString(),
  });
  logger.info('reindex finished', { jobId, processed, indexed, savedSearches });
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

/** The steps of a university's deletion, in order; the saved cursor names its step (decision 042). */
const DELETION_STEPS = ['products', 'profiles', 'searches'] as const;
type DeletionStep = (typeof DELETION_STEPS)[number];

/** `<step>:<page cursor>`; a cursor saved before the steps (a bare products cursor) is the products step's. */
function readDeletionCursor(saved: string | null): { step: DeletionStep; cursor: string | undefined } {
  const at = saved?.indexOf(':') ?? -1;
  if (!saved || at < 0) return { step: 'products', cursor: saved ?? undefined };
  const step = saved.slice(0, at) as DeletionStep;
  return {
    step: DELETION_STEPS.includes(step) ? step : 'products',
    cursor: saved.slice(at + 1) || undefined,
  };
}
const deletionCursor = (step: DeletionStep, cursor: string | undefined) => `${step}:${cursor ?? ''}`;

/**
 * Deletes a university (decisions 026, 042), one page at a time, saving its step and cursor as it
 * goes: its products (each product's photos too; its questions and favorites go through the stream
 * dispatcher), then it ends every verification tied to it (each profile loses the university and
 * its verification, keeps why, and its address's claim is released), then its saved searches (each
 * with its owner's count, in one transaction), last its meeting points and the university item
 * with its domain claim. Resumable: a new run continues from the saved step and cursor, and every
 * step is a no-op when done already, so a run that dies and a rerun end in the same state.
 * Publishing, verifying and saving a search check the university in their own writes, so nothing
 * new is tied to it while this runs.
 */
async function deleteUniversity(
  deps: JobDeps,
  jobId: string,
  universityId: string,
  savedCursor: string | null,
  savedProcessed: number,
  opts: RunOptions,
): Promise<RunOutcome> {
  let { step, cursor } = readDeletionCursor(savedCursor);
  let processed = savedProcessed;
  const university = await deps.universities.getStored(universityId);
  const ended: InstitutionalEnded = {
    reason: 'university_deleted',
    university_name: university?.full_name ?? universityId,
    at: deps.now().toISOString(),
  };
  // Gone already: a run removed it and died before finishing the job; every step was done.
  while (university) {
    if (opts.stop?.()) {
      await deps.jobStore.pause(jobId, {
        processed,
        cursor: deletionCursor(step, cursor),
        now: deps.now().toISOString(),
      });
      return 'paused';
    }
    let next: string | null;
    if (step === 'products') {
      const page = await deps.tablePages.universityProducts(universityId, cursor, DELETE_PAGE);
      for (const p of page.items) {
        const deleted = await deps.tablePages.deleteProduct(p.id);
        if (!deleted) continue;
        processed++;
        await deps.images
          .delete(ownImageKeys(p.id, deleted.images))
          .catch((e: unknown) => logger.warn('product images not deleted', { id: p.id, error: String(e) }));
      }
      next = page.cursor;
    } else if (step === 'profiles') {
      const page = await deps.tablePages.universityProfiles(universityId, cursor, SWEEP_PAGE);
      for (const userId of page.userIds) await deps.profiles.endInstitutional(userId, universityId, ended);
      next = page.cursor;
    } else {
      const page = await deps.tablePages.universitySavedSearches(universityId, cursor, SWEEP_PAGE);
      for (const s of page.items) await deps.savedSearches.remove(s.user_id, s.id);
      next = page.cursor;
    }
    const following = DELETION_STEPS[DELETION_STEPS.indexOf(step) + 1];
    if (next) cursor = next;
    else if (following) {
      step = following;
      cursor = undefined;
    }
    await deps.jobStore.progress(jobId, {
      processed,
      cursor: next || following ? deletionCursor(step, cursor) : null,
      leaseUntil: leaseFrom(deps),
      now: deps.now().toISOString(),
    });
    if (!next && !following) break;
  }
  await deps.universities.remove(universityId, jobId);
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
