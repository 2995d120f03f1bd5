import './lib/csp-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The app's root error boundary reports what it catches (app/route-error-boundary.tsx), except a
// screen that cannot load offline, which is expected (decision 023); React's own report of caught
// errors would log every one, that one too.
createRoot(container, { onCaughtError: () => {} }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
