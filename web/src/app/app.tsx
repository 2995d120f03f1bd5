import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { OptionalPart } from '@/components/ui/optional-part';
import { RenderContext, type RenderValues } from '@/lib/render-context';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

// The connection notice and the update offer (decision 023): fixed in a corner, so nothing moves when
// they mount; a chunk requested with the first render (decision 037), precached with the shell.
const PwaStatus = lazy(() => import('@/components/pwa/pwa-status').then((m) => ({ default: m.PwaStatus })));

export interface AppProps {
  /** The router: the browser's; the server's render passes a StaticRouter at the request's URL. */
  Router?: ComponentType<{ children: ReactNode }>;
  queryClient?: QueryClient;
  /** The values a page rendered on the server was rendered with (server/entry-server.tsx). */
  render?: RenderValues | null;
}

/** The whole app: the same tree on the server and in the browser, so the browser can hydrate it. */
export function App({ Router = BrowserRouter, queryClient, render = null }: AppProps) {
  return (
    <RenderContext.Provider value={render}>
      <AppProvider queryClient={queryClient}>
        <Router>
          <AppRoutes />
        </Router>
        <OptionalPart>
          <PwaStatus />
        </OptionalPart>
      </AppProvider>
    </RenderContext.Provider>
  );
}
