import './lib/csp-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { earlyAnswersSettled } from './early/first-screen';
import { startSession } from './lib/session';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/** How long the first commit waits for the screen's chunk and answers before showing what it has. */
const SCREEN_WAIT_MS = 3000;

function render() {
  // Before the first render, not in the provider's effect: the screen can be in the first commit
  // (below), and a signed-in screen must see a stored session as being restored, not as absent.
  startSession();
  // The app's root error boundary reports what it catches (app/route-error-boundary.tsx), except a
  // screen that cannot load offline, which is expected (decision 023); React's own report of caught
  // errors would log every one, that one too.
  const root = createRoot(container as HTMLElement, { onCaughtError: () => {} });
  // As a transition, React renders the first screen in slices that yield to the browser between
  // them, rather than in one long task that holds a slow phone's main thread (TBT): the HTML's first
  // paint stays on screen meanwhile, and the commit replaces it in one go.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The screen's chunk and its first answers (on their way since early.ts) before the first commit:
// React then replaces the HTML's first paint with the screen itself, not with a spinner or a
// skeleton that the screen replaces again (docs/decisions/034-first-paint-before-the-app.md). A
// chunk or an answer that fails or lags is the screen's to handle, as on any later navigation.
Promise.race([
  Promise.all([preloadRoute(location.pathname).catch(() => {}), earlyAnswersSettled()]),
  new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS)),
]).then(render);
