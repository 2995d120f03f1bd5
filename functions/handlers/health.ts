import { getContext } from '../commons/context';
import { API_MESSAGES } from '#shared/messages';
import { AppError } from '../commons/errors';
import { makeHandler } from '../commons/http';
import { withTimeout } from '../commons/timeout';

const PROBE_TIMEOUT_MS = 2000;
const probe = (check: () => Promise<boolean>) => withTimeout(check(), PROBE_TIMEOUT_MS).catch(() => false);

/** 200 only when the table answers and the search index is ready; 503 (with the parts) otherwise. */
export const handler = makeHandler(
  'health',
  async () => {
    const ctx = await getContext();
    const [table, search] = await Promise.all([probe(ctx.tableReady), probe(() => ctx.search.ready())]);
    if (!table || !search) {
      throw new AppError(503, 'unavailable', API_MESSAGES.notReady, [
        { path: 'table', message: String(table) },
        { path: 'search', message: String(search) },
      ]);
    }
    return { status: 'ok' as const, parts: { table, search } };
  },
  { cacheControl: 'no-store' },
);
