import { ENTITY_ATTRIBUTE, KEY, keys } from '#shared/table';
import type { ProductPhotoPages } from '../../ports/photo-variants';
import type { TableAccess } from './client';
import { productEntity } from './entities';
import { tableOf } from './table';

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
export function createProductPhotoPages(access: TableAccess): ProductPhotoPages {
  const table = tableOf(access);
  return {
    async page(limit, cursor) {
      const { items, lastKey } = await table.scanOnce({
        limit,
        // Items written before they carried `entity` are products by their key pattern.
        filter: {
          expression: '(#e = :product) OR (begins_with(pk, :pk) AND sk = :sk)',
          names: { '#e': ENTITY_ATTRIBUTE },
          values: { ':product': 'product', ':pk': 'PRODUCT#', ':sk': PRODUCT_SK },
        },
        start: cursor ? decodeCursor(cursor) : undefined,
      });
      // A malformed product is logged and skipped.
      const products = productEntity.parseAll(items.filter((item) => item[KEY.sk] === PRODUCT_SK));
      return { items: products, cursor: encodeCursor(lastKey) };
    },

    setDerivedPhotos(product, variants) {
      // Only the product as it was read: deleted or with other photos, it is left alone (false).
      // (An update of an entity holds only while the item exists.)
      return table.write(
        productEntity.update(
          { id: product.id },
          {
            expression: 'SET image_variants = :v, photos_reencoded = :reencoded',
            values: { ':v': variants, ':reencoded': true },
          },
          {
            condition: {
              expression:
                product.image === null
                  ? 'images = :images AND (attribute_not_exists(image) OR attribute_type(image, :null))'
                  : 'images = :images AND image = :image',
              values: {
                ':images': product.images,
                ...(product.image === null ? { ':null': 'NULL' } : { ':image': product.image }),
              },
            },
          },
        ),
      );
    },
  };
}
