import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { productSchema } from '#shared/schemas';
import { ENTITY_ATTRIBUTE, keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type { ProductPhotoPages } from '../../ports/photo-variants';
import type { TableAccess } from './client';
import { isConditionalCheckFailed, stripKeys } from './items';

const PRODUCT_SK = keys.product(0).sk;

/** The job's cursor: the Scan's last key (a product's pk and sk), base64url JSON. */
function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk })).toString('base64url') : undefined;
}

function decodeCursor(cursor: string): Record<string, string> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof key.pk === 'string' && typeof key.sk === 'string') return { pk: key.pk, sk: key.sk };
  } catch {
    // Reported below.
  }
  throw new Error('Not a cursor of the photo variants job');
}

/**
 * The one-off photo job's view of the table (decision 022): a Scan for product items, page by
 * page — a maintenance path, never a request path — and the guarded write of a product's variants
 * and of the mark that its photos are re-encoded.
 */
export function createProductPhotoPages(table: TableAccess): ProductPhotoPages {
  const { doc, tableName } = table;
  return {
    async page(limit, cursor) {
      const res = await doc.send(
        new ScanCommand({
          TableName: tableName,
          Limit: limit,
          // Items written before they carried `entity` are products by their key pattern.
          FilterExpression: '(#e = :product) OR (begins_with(pk, :pk) AND sk = :sk)',
          ExpressionAttributeNames: { '#e': ENTITY_ATTRIBUTE },
          ExpressionAttributeValues: { ':product': 'product', ':pk': 'PRODUCT#', ':sk': PRODUCT_SK },
          ExclusiveStartKey: cursor ? decodeCursor(cursor) : undefined,
        }),
      );
      const items = [];
      for (const item of res.Items ?? []) {
        if (item.sk !== PRODUCT_SK) continue;
        const parsed = productSchema.safeParse(stripKeys(item));
        if (parsed.success) items.push(parsed.data);
        else logger.warn('photo job skips a malformed product item', { pk: item.pk });
      }
      return { items, cursor: encodeCursor(res.LastEvaluatedKey) };
    },

    async setDerivedPhotos(product, variants) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(product.id),
            UpdateExpression: 'SET image_variants = :v, photos_reencoded = :reencoded',
            // Only the product as it was read: deleted or with other photos, it is left alone.
            ConditionExpression:
              product.image === null
                ? 'attribute_exists(pk) AND images = :images AND (attribute_not_exists(image) OR attribute_type(image, :null))'
                : 'attribute_exists(pk) AND images = :images AND image = :image',
            ExpressionAttributeValues: {
              ':v': variants,
              ':reencoded': true,
              ':images': product.images,
              ...(product.image === null ? { ':null': 'NULL' } : { ':image': product.image }),
            },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },
  };
}
