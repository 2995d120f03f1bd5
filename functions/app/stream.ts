import { streamHandlers } from '../handlers/stream';
import { createStreamDispatcher } from '../stream/dispatcher';
import { lazyContext } from './context';
import { basicParts } from './parts/basics';
import { identityParts } from './parts/identity';
import { mailParts } from './parts/mail';
import { searchParts } from './parts/search';
import { tableParts } from './parts/table';

/**
 * The stream's parts: the search index (product changes), and the table, the user pool and mail
 * (mail requests of the public account routes). infra/stack.ts grants the dispatcher exactly these.
 */
export const parts = {
  search: searchParts,
  table: tableParts,
  identity: identityParts,
  mail: mailParts,
  basics: basicParts,
};
const context = lazyContext({ ...searchParts, ...tableParts, ...identityParts, ...mailParts, ...basicParts });

/** Lambda entry of the table stream's one consumer. */
export const handler = createStreamDispatcher(streamHandlers, () => context);
