import type { QueryClient } from '@tanstack/react-query';
import { apiRoutes as adminApiRoutes } from 'virtual:api-routes/admin';
import { registerApiRoutes, revalidatePublicReads } from '@/lib/api-client';
import { getUniversitiesQueryOptions } from '@/lib/api/get-universities';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

// The admin routes are not in the first route's table (web/api-routes-plugin.ts): every admin call
// goes through a file that imports this one, which registers them.
registerApiRoutes(adminApiRoutes);

/** Every admin query lives under this root: an admin's change refreshes every admin view. */
export const ADMIN_KEY = 'admin';

/**
 * After an admin changed something: every admin view (counts, lists, histories) and, since products
 * and universities are public, the app's own public reads (lists, selection) too.
 */
export function invalidateAfterAdminChange(queryClient: QueryClient): Promise<unknown> {
  revalidatePublicReads();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] }),
    queryClient.invalidateQueries({ queryKey: [productsQueryKeyRoot] }),
    queryClient.invalidateQueries({ queryKey: getUniversitiesQueryOptions().queryKey }),
  ]);
}
