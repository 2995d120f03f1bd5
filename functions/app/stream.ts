import { streamHandlers } from '../handlers/stream';
import { createStreamDispatcher } from '../stream/dispatcher';
import { lazyContext } from './context';
import { searchParts } from './parts/search';
import { tableParts } from './parts/table';

/** The stream's parts: the search index, and the table for the listing counts. */
const { products, counts } = tableParts;
export const parts = { search: searchParts, table: { products, counts } };
const context = lazyContext({ ...searchParts, products, counts });

/** Lambda entry of the table stream's one consumer. */
export const handler = createStreamDispatcher(streamHandlers, () => context);
