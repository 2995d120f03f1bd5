import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { PwaStatus } from '@/components/pwa/pwa-status';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <PwaStatus />
    </AppProvider>
  );
}
