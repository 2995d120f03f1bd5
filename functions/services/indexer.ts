import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { type Product, productSchema } from '#shared/schemas';
import { keys } from '#shared/table';
import { logger } from '../commons/logger';
import type { ProductRepository } from '../ports/repositories';
import type { SearchDocument, SearchIndex } from '../ports/search-index';
import { MalformedRecordError, type StreamChange, type StreamRecordDecoder } from '../ports/stream';

/**
 * Feeds the search index from the table's stream (the ONLY way anything reaches the index, so it
 * can always be rebuilt from the table). Product items only; an active product is upserted, any
 * other status or a removal deletes it by id.
 */
export function toSearchDocument(p: Product): SearchDocument {
  return {
    id: p.id,
    title: p.title,
    price: p.price,
    category: p.category,
    career: p.career,
    condition: p.condition,
    image: p.image,
    university_id: p.university_id,
    created_at: p.created_at,
    description: p.description,
    tags: p.tags,
    seller_name: p.seller_name,
  };
}

const productPk = /^PRODUCT#(\d{1,16})$/;

/** What one stream change asks of the index, or null when it does not concern it. */
export type IndexAction = { kind: 'upsert'; doc: SearchDocument } | { kind: 'remove'; id: number } | null;

export function actionFor(change: StreamChange): IndexAction {
  if (change.keys.sk !== keys.product(0).sk) return null;
  const idMatch = typeof change.keys.pk === 'string' ? productPk.exec(change.keys.pk) : null;
  if (!idMatch) throw new MalformedRecordError(`unexpected product key ${String(change.keys.pk)}`);
  const id = Number(idMatch[1]);
  if (change.eventName === 'REMOVE') return { kind: 'remove', id };
  if (!change.newImage) throw new MalformedRecordError('INSERT/MODIFY without NewImage');
  const product = productSchema.safeParse(change.newImage);
  if (!product.success) {
    const issue = product.error.issues[0];
    throw new MalformedRecordError(`invalid product: ${issue?.path.join('.')} ${issue?.message}`);
  }
  if (product.data.id !== id) throw new MalformedRecordError('product id does not match its key');
  return product.data.status === 'active'
    ? { kind: 'upsert', doc: toSearchDocument(product.data) }
    : { kind: 'remove', id };
}

/**
 * Processes a stream batch with the Lambda partial-failure contract: a record whose index write
 * fails is reported by its sequence number (Lambda retries from there); a malformed record is
 * logged and skipped, so it never blocks the shard.
 */
export async function indexStreamRecords(
  search: SearchIndex,
  records: readonly DynamoDBRecord[],
  decode: StreamRecordDecoder,
): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of records) {
    const sequenceNumber = record?.dynamodb?.SequenceNumber;
    let action: IndexAction;
    try {
      action = actionFor(decode(record));
    } catch (error) {
      logger.error('skipping malformed stream record', {
        sequenceNumber,
        eventID: record?.eventID,
        error: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    if (!action) continue;
    try {
      if (action.kind === 'upsert') await search.upsert([action.doc]);
      else await search.remove([action.id]);
    } catch (error) {
      logger.warn('index write failed; record reported for retry', {
        sequenceNumber,
        error: error instanceof Error ? error.message : String(error),
      });
      if (sequenceNumber) batchItemFailures.push({ itemIdentifier: sequenceNumber });
    }
  }
  return { batchItemFailures };
}

/**
 * Rebuilds the index from the table: pages through the global listing index (every active
 * product) and upserts everything. A maintenance path (the local stack runs it at start to fill
 * the in-memory engine), never a request path. Returns how many products were indexed.
 * Without `deps` it uses the composition root's adapters (loaded lazily: the service itself stays
 * free of adapters).
 */
export async function reindexAll(
  deps?: { products: ProductRepository; search: SearchIndex },
  pageSize = 200,
): Promise<number> {
  const { products, search } = deps ?? (await (await import('../commons/context')).getContext());
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await products.listActive({}, 'newest', pageSize, cursor);
    if (page.items.length > 0) await search.upsert(page.items.map(toSearchDocument));
    count += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}
