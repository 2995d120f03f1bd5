import { BrowserRouter } from 'react-router-dom';
import { PwaStatus } from '@/components/pwa/pwa-status';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <PwaStatus />
    </AppProvider>
  );
}
