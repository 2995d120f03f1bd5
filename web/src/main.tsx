import './lib/csp-jitless';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RENDER_STATE_ID, SERVER_RENDERED_ATTRIBUTE } from '#shared/pages';
import { App } from './app/app';
import { APP_READY_ATTRIBUTE } from './first-paint/app-scripts';
import { createQueryClient } from './app/provider';
import { preloadRoute } from './app/router';
import { mustRevalidatePublicReads } from './lib/api-client';
import { recoveryRedirect } from './lib/recovery-link';
import { applyServerStyles } from './lib/server-styles';
import { sessionSettled, startSession } from './lib/session';
import { mirrorSelectedUniversity } from './lib/university-cookie';
// A type only (erased from the bundle): the server's state as entry-server.tsx writes it.
import type { RenderState } from './server/entry-server';

import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/**
 * Marks the document ready once the app's root has committed (created or hydrated) and the session
 * is known: the taps kept until then are carried out (first-paint/early-taps.ts).
 */
function Mounted({ onMount }: { onMount?: () => void }) {
  useEffect(() => {
    onMount?.();
    void sessionSettled().then(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''));
  }, [onMount]);
  return null;
}

// The server reads the chosen university from its cookie: a choice made before the cookie existed
// (localStorage only) gets it now.
mirrorSelectedUniversity();

// The app's root error boundary reports what it catches (app/route-error-boundary.tsx), except a
// screen that cannot load offline, which is expected (decision 023); React's own report of caught
// errors would log every one, that one too.
const onCaughtError = () => {};

/** The server's state of a rendered document (its `<script type="application/json">` data block). */
function renderState(): RenderState | null {
  if (!document.documentElement.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return null;
  try {
    return JSON.parse(document.getElementById(RENDER_STATE_ID)?.textContent ?? '') as RenderState;
  } catch {
    return null;
  }
}

/**
 * A document the server rendered (issue 27): hydrate its HTML at once with the server's values and
 * answers (the same first render, no API call waited for). This module runs once the document's
 * first photos are in (first-paint/load-app.ts adds its tags then). Only the screen's chunk is
 * awaited: its modulepreload links came with this module's (web/src/server/assets.ts), and
 * hydrating without it would leave the screen's HTML inert until it arrives anyway.
 */
function hydrateServerHtml(state: RenderState) {
  // The chooser rendered in place of a page that needs a chosen university: the address is the
  // chooser's before the router reads it (the spec's redirect, without a round trip).
  if (state.location) history.replaceState(history.state, '', state.location);
  applyServerStyles(container as HTMLElement);
  startSession();
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  // After the person's own change to listings, the edge's copy may be older than what they did:
  // the answers the page came with are refetched once it runs.
  const revalidate = mustRevalidatePublicReads() ? () => void queryClient.invalidateQueries() : undefined;
  void preloadRoute(location.pathname)
    .catch(() => {})
    .then(() =>
      startTransition(() => {
        hydrateRoot(
          container as HTMLElement,
          <StrictMode>
            <App queryClient={queryClient} render={state.render} />
            <Mounted onMount={revalidate} />
          </StrictMode>,
          {
            onCaughtError,
            // A mismatch makes React drop the server's HTML for that part: logged, so the tests see it.
            onRecoverableError: (error) => console.error('[hydration]', error),
          },
        );
      }),
    );
}

function render() {
  // Before the first render, not in the provider's effect: the screen can be in the first commit
  // (below), and a signed-in screen must see a stored session as being restored, not as absent.
  startSession();
  const root = createRoot(container as HTMLElement, { onCaughtError });
  // As a transition, React renders the first screen in slices that yield to the browser between
  // them, rather than in one long task that holds a slow phone's main thread (TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <Mounted />
      </StrictMode>,
    ),
  );
}

// A password-recovery link (its fragment never reaches the server) goes to /reset-password, fragment
// kept, before anything renders: the document's HTML is then another page's, which the app replaces
// rather than hydrates (the router's RecoveryRedirect does the same on later navigations).
const recovery = recoveryRedirect(location.pathname, location.hash);
if (recovery) history.replaceState(history.state, '', recovery);

const state = recovery ? null : renderState();
if (state) hydrateServerHtml(state);
// A kind's static shell (the render's fallback, web/dist/shells/<kind>.html) already shows the
// screen's skeleton and loading text: the app renders over it (not a hydration: the visitor's URL,
// session and university are not the shell's) once the screen's chunk is in, so the shell is not
// swapped for the layout's spinner meanwhile. React replaces the shell's markup at its first commit.
else if (container.firstElementChild) {
  applyServerStyles(container);
  void preloadRoute(location.pathname)
    .catch(() => {})
    .then(render);
}
// The generic shell (an empty #root: a page the server does not render): the app renders at once;
// the screen shows its own loading state until its chunk and data are in, as on any navigation.
else render();
