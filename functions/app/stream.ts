import { streamHandlers } from '../handlers/stream';
import { createStreamDispatcher } from '../stream/dispatcher';
import { lazyContext } from './context';
import { searchParts } from './parts/search';

/** The stream's parts: the search index. */
export const parts = { search: searchParts };
const context = lazyContext({ ...searchParts });

/** Lambda entry of the table stream's one consumer. */
export const handler = createStreamDispatcher(streamHandlers, () => context);
