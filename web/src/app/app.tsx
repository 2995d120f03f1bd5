import { lazy } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { OptionalPart } from '@/components/ui/optional-part';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

// The connection notice and the update offer (decision 023): fixed in a corner, so nothing moves when
// they mount; a chunk requested with the first render (decision 037), precached with the shell.
const PwaStatus = lazy(() => import('@/components/pwa/pwa-status').then((m) => ({ default: m.PwaStatus })));

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <OptionalPart>
        <PwaStatus />
      </OptionalPart>
    </AppProvider>
  );
}
