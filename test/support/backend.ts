import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { ENV } from '../../functions/commons/env';
import type { Product } from '#shared/schemas';

/**
 * Points the functions at the integration setup's DynamoDB Local (the same environment variables
 * the local stack and the CDK stack set) and returns direct table access for arranging data.
 */
export function useTestTable(): TableAccess {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env[ENV.runtime] = 'local';
  process.env[ENV.tableName] = inject('tableName');
  process.env[ENV.dynamoEndpoint] = inject('dynamoEndpoint');
  process.env[ENV.searchBackend] = 'embedded';
  process.env[ENV.logLevel] = process.env[ENV.logLevel] ?? 'silent';
  return createTableAccess();
}

/** A university id no other test file uses, so every file has its own listing partitions. */
export function uniqueUniversity(prefix = 't'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

let clock = Date.parse('2025-01-01T00:00:00.000Z');

/** A valid product with fresh id and strictly increasing created_at (listing order is deterministic). */
export async function makeProduct(
  table: TableAccess,
  overrides: Partial<Product> & { university_id: string },
): Promise<Product> {
  const repo = createProductRepository(table);
  clock += 60_000;
  const product: Product = {
    id: await repo.nextId(),
    title: 'Producto de prueba',
    description: 'Descripción de prueba',
    price: 10,
    category: 'otros',
    condition: 'usado',
    career: null,
    image: null,
    images: [],
    tags: [],
    seller_name: 'Vendedor',
    seller_email: 'vendedor@est.ucab.edu.ve',
    whatsapp_number: '+584141234567',
    status: 'active',
    owner_id: 'owner-1',
    created_at: new Date(clock).toISOString(),
    ...overrides,
  };
  if (!(await repo.putIfAbsent(product))) throw new Error(`product ${product.id} already exists`);
  return product;
}
