import { type Product, productSchema } from '#shared/schemas';
import { isListed, keys } from '#shared/table';
import type { ProductRepository } from '../../ports/repositories';
import type { IndexWrite, SearchDocument, SearchIndex } from '../../ports/search-index';
import { MalformedRecordError, type StreamChange } from '../../ports/stream';
import { productSummary } from '../catalog/product-summary';

/**
 * What the search index holds of a product, and what one of the table's product changes asks of
 * the index: a listed product (active, not held) is upserted; any other state or a removal deletes it by id.
 */
export function toSearchDocument(p: Product): SearchDocument {
  return {
    ...productSummary(p),
    description: p.description,
    tags: p.tags,
    seller_name: p.seller_name,
  };
}

const productPk = /^PRODUCT#(\d{1,16})$/;

/** What one stream change asks of the index, or null when it does not concern it. */
export type IndexAction = IndexWrite | null;

/** The product id of a change to a product item; null for other items of the product's entity. */
export function productIdOf(change: StreamChange): number | null {
  if (change.keys.sk !== keys.product(0).sk) return null;
  const idMatch = typeof change.keys.pk === 'string' ? productPk.exec(change.keys.pk) : null;
  if (!idMatch) throw new MalformedRecordError(`unexpected product key ${String(change.keys.pk)}`);
  return Number(idMatch[1]);
}

export function actionFor(change: StreamChange): IndexAction {
  const id = productIdOf(change);
  if (id === null) return null;
  if (change.eventName === 'REMOVE') return { kind: 'remove', id };
  if (!change.newImage) throw new MalformedRecordError('INSERT/MODIFY without NewImage');
  const product = productSchema.safeParse(change.newImage);
  if (!product.success) {
    const issue = product.error.issues[0];
    throw new MalformedRecordError(`invalid product: ${issue?.path.join('.')} ${issue?.message}`);
  }
  if (product.data.id !== id) throw new MalformedRecordError('product id does not match its key');
  return isListed(product.data)
    ? { kind: 'upsert', doc: toSearchDocument(product.data) }
    : { kind: 'remove', id };
}

/**
 * A run of the stream's product changes into the index in ONE write (docs/decisions/051): each
 * product's last change in the run wins (a delete after an update deletes), so the index ends as
 * record-by-record writes would leave it. The changes of a product whose write the engine refused
 * fail (retried, then parked); a malformed change is skipped. When the engine does not answer, the
 * write rejects and the whole run is retried.
 */
export async function indexChanges(
  search: SearchIndex,
  changes: readonly StreamChange[],
): Promise<Map<StreamChange, unknown>> {
  const failures = new Map<StreamChange, unknown>();
  const last = new Map<number, IndexWrite>();
  const changesOf = new Map<number, StreamChange[]>();
  for (const change of changes) {
    let action: IndexAction;
    try {
      action = actionFor(change);
    } catch (error) {
      failures.set(change, error);
      continue;
    }
    if (!action) continue;
    const id = action.kind === 'upsert' ? action.doc.id : action.id;
    last.delete(id);
    last.set(id, action);
    changesOf.set(id, [...(changesOf.get(id) ?? []), change]);
  }
  if (last.size === 0) return failures;
  for (const refused of await search.write([...last.values()]))
    for (const change of changesOf.get(refused.id) ?? []) failures.set(change, new Error(refused.reason));
  return failures;
}

/**
 * Rebuilds the index from the table: pages through the global listing index (every active
 * product) and upserts everything. A maintenance path (the local stack runs it at start to fill
 * the in-memory engine), never a request path. Returns how many products were indexed.
 */
export async function reindexAll(
  { products, search }: { products: ProductRepository; search: SearchIndex },
  pageSize = 200,
): Promise<number> {
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
