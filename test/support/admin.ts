import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { createJobStore } from '../../functions/adapters/dynamodb/admin';
import { createSavedSearchRepository } from '../../functions/adapters/dynamodb/alerts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createTablePages } from '../../functions/adapters/dynamodb/table-pages';
import { createRebuildableEmbeddedIndex } from '../../functions/adapters/search/embedded';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import { type JobDeps, type RunOptions, runJob } from '../../functions/services/admin/admin-jobs';
import type { RouteName } from '#shared/routes';
import { apiEvent, type EventOptions, invoke } from './events';
import { handlerOf } from './handlers';

/**
 * Admin routes and jobs for integration tests: callers with an admin's, a student's or nobody's
 * token claims, and the admin's background jobs run in this process as the local runner runs them.
 */
export type Caller = 'admin' | 'none' | string;

/** Token claims of `sub` (an admin when `admin`), as the JWT authorizer hands them over. */
export const claimsOf = (sub: string, admin = false) => ({
  sub,
  email: `${sub}@correo.com`,
  token_use: 'id',
  ...(admin ? { 'cognito:groups': ['admin'] } : {}),
});

/** Calls a route as `as`: 'admin' (an admin of this run), 'none' (no token) or a user's sub. */
export function callerFor(run: string) {
  return (name: RouteName, opts: EventOptions & { as?: Caller } = {}) => {
    const { as = 'admin', ...rest } = opts;
    const claims = as === 'none' ? undefined : as === 'admin' ? claimsOf(`admin-${run}`, true) : claimsOf(as);
    return invoke(handlerOf(name), apiEvent(name, { ...rest, ...(claims ? { claims } : {}) }));
  };
}

/** An error answer's body: its code, Spanish message and the fields it names. */
export const errorOf = (body: unknown) =>
  (body as { error: { code: string; message: string; details?: { path: string; message: string }[] } }).error;

/** The jobs' parts over the test table (images: nothing to delete; search: a fresh embedded index). */
export function jobDepsOf(table: TableAccess, overrides: Partial<JobDeps> = {}): JobDeps {
  return {
    jobStore: createJobStore(table),
    universities: createUniversityRepository(table),
    tablePages: createTablePages(table),
    profiles: createProfileRepository(table),
    savedSearches: createSavedSearchRepository(table),
    search: createRebuildableEmbeddedIndex(),
    savedSearchIndex: createEmbeddedSavedSearchIndex(),
    images: { delete: async () => undefined } as never,
    now: () => new Date(),
    ...overrides,
  };
}

/** Runs a job as the local runner would, after the route answered. */
export const runAdminJob = (
  table: TableAccess,
  jobId: string,
  overrides: Partial<JobDeps> = {},
  opts?: RunOptions,
) => runJob(jobDepsOf(table, overrides), jobId, opts);

/** A domain of its own for each test (the table is shared by every file of a run). */
export const uniqueDomain = (prefix = 'u') =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}.edu.ve`;
