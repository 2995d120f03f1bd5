/**
 * The floor page's React tree (scripts/bench/floor, issue 27's "Performance"): the smallest
 * React + router page that shows the same 24 cards as the app's listings. The cards are the app's
 * own (components/product/product-grid.tsx, with its card, share menu and heart), inside the
 * providers they read (query client, toasts, the render's values); no layout, no lazy screen, no
 * session. The same tree on the server (StaticRouter) and in the browser (BrowserRouter, hydrated).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { ProductSummary } from '#shared/schemas';
import { FIRST_ROW, ProductGrid } from '@/components/product/product-grid';
import { ToastProvider } from '@/components/ui/toast';
import { RenderContext, type RenderValues } from '@/lib/render-context';

/** The first page of the newest products, as the listings ask for it. */
export const FLOOR_PRODUCTS_URL = '/api/products?sort=newest&limit=24';

/** What the server hands the browser's hydration (a JSON data block, as the app's render state). */
export interface FloorState {
  render: RenderValues;
  products: ProductSummary[];
}

export function Floor({
  Router,
  state,
}: {
  Router: ComponentType<{ children: ReactNode }>;
  state: FloorState;
}) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <RenderContext.Provider value={state.render}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Router>
            <Routes>
              <Route
                path="/"
                element={
                  <main id="main" className="app-main">
                    <h1>Lo más reciente</h1>
                    <ProductGrid products={state.products} eagerCount={FIRST_ROW} />
                  </main>
                }
              />
            </Routes>
          </Router>
        </ToastProvider>
      </QueryClientProvider>
    </RenderContext.Provider>
  );
}
