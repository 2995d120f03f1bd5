import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { ApiError } from '../lib/api-client';
import { SIGNED_OUT, SessionContext } from '../lib/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not heal by retrying; network and server errors get one retry.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
    },
  });
}

/**
 * App-wide providers. The accounts issue replaces the constant SIGNED_OUT session with a provider
 * backed by Cognito; nothing else changes.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={SIGNED_OUT}>
        <ToastProvider>{children}</ToastProvider>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}
