import type { DynamoDBRecord } from 'aws-lambda';
import { ENTITY_ATTRIBUTE, type Entity } from '#shared/table';

/**
 * What reaches the stream's dispatcher, and in what batches (docs/decisions/051): stated ONCE here,
 * for the event source mapping in AWS (infra/constructs/stream.ts) and for the local poller that
 * stands in for it (scripts/local/stream-poller.ts), which applies the same patterns.
 */

/** The entities whose changes the dispatcher acts on (functions/handlers/stream.ts has exactly these). */
export const STREAM_ENTITIES = [
  'product',
  'savedSearch',
  'report',
  'question',
  'profile',
  'university',
  'mailRequest',
  'deal',
  'review',
  'reputation',
] as const satisfies readonly Entity[];
export type StreamEntity = (typeof STREAM_ENTITIES)[number];

/**
 * Records per invocation. Once the count items' own changes are filtered out (about six of every
 * seven records a new listing brings), a batch is all handled records: larger batches mean fewer
 * `_bulk` writes, percolations and count transactions per listing. 1,000 records of at most a few
 * KB each stay far below Lambda's 6 MB payload and, on the measured path, well within the timeout.
 */
export const STREAM_BATCH_SIZE = 1000;
/** How long AWS gathers records for a batch; the local poller takes what is there at once. */
export const STREAM_BATCHING_WINDOW_S = 1;

/** A Lambda event filter pattern (the subset used here: lists of values, `exists`). */
export type FilterPattern = { readonly [key: string]: FilterPattern | readonly FilterValue[] };
type FilterValue = string | { readonly exists: boolean };

const entityIs = (values: readonly FilterValue[]) => ({ [ENTITY_ATTRIBUTE]: { S: values } });

/**
 * Lambda event filtering (ORed patterns): a record reaches the dispatcher when its new image, or a
 * removed item's old image, names a handled entity, or when its images name no entity at all
 * (items written before they carried one: the dispatcher reads their key). Everything else — above
 * all the listing counts' own items, rewritten by every batch of new listings — never invokes it.
 */
export const STREAM_FILTERS: readonly FilterPattern[] = [
  { dynamodb: { NewImage: entityIs(STREAM_ENTITIES) } },
  { eventName: ['REMOVE'], dynamodb: { OldImage: entityIs(STREAM_ENTITIES) } },
  {
    dynamodb: {
      NewImage: entityIs([{ exists: false }]),
      OldImage: entityIs([{ exists: false }]),
    },
  },
];

/** Whether a value (of the record, at the pattern's path) is one the pattern's list accepts. */
function accepts(values: readonly FilterValue[], value: unknown): boolean {
  return values.some((v) =>
    typeof v === 'string' ? value === v : v.exists ? value !== undefined : value === undefined,
  );
}

function matches(pattern: FilterPattern, value: unknown): boolean {
  return Object.entries(pattern).every(([key, inner]) => {
    const child =
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    return Array.isArray(inner) ? accepts(inner, child) : matches(inner as FilterPattern, child);
  });
}

/** Lambda's rule for a record and the mapping's patterns: kept when any pattern matches (or none is set). */
export function passesFilters(record: DynamoDBRecord, patterns: readonly FilterPattern[]): boolean {
  return patterns.length === 0 || patterns.some((p) => matches(p, record));
}
