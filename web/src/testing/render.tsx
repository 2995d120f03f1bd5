import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigateOptions,
  type NavigationType,
  Outlet,
  type RouteObject,
  type To,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
} from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { type Session, SessionContext, userFromClaims } from '../lib/session';

/** The routes, and the location they are at reported to the test. */
interface Tracked {
  location: Location;
  historyAction: NavigationType;
  navigate: NavigateFunction;
}

function TrackedRoutes({ routes, onRender }: { routes: RouteObject[]; onRender: (now: Tracked) => void }) {
  onRender({ location: useLocation(), historyAction: useNavigationType(), navigate: useNavigate() });
  return useRoutes(routes);
}

/**
 * Renders routes in a memory router inside the app's providers (a fresh query cache, no retries), as
 * the app renders them (declarative mode, decision 024). `router.state.location` is where the app is.
 */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  let tracked: Tracked | undefined;
  const current = () => {
    if (!tracked) throw new Error('The routes have not rendered yet');
    return tracked;
  };
  const router = {
    get state() {
      const { location, historyAction } = current();
      return { location, historyAction };
    },
    /** Navigates as a link or `useNavigate` would (inside act, so React renders the new screen). */
    navigate: async (to: To, options?: NavigateOptions) => {
      await act(async () => {
        await current().navigate(to, options);
      });
    },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <TrackedRoutes
          routes={routes}
          onRender={(now) => {
            tracked = now;
          }}
        />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * The whole app's routes (each screen a lazy chunk, as in the browser), for tests that cross screens
 * (a redirect to /login, a link to another feature); the session pinned when one is given. Features
 * do not import app/ (docs/decisions/011-web-boundaries.md): their tests mount the app through here.
 */
export const renderApp = (initialEntry: string, session?: Session) =>
  renderRoutes(session ? withSession(session, routes) : routes, initialEntry);

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/**
 * Replaces the network boundary (global fetch) with an in-test API: `respond` answers each request
 * as the real API would; every request is recorded so tests can assert what the UI asked for.
 */
type FakeAnswer = { status?: number; body: unknown };

/** `respond` may answer later (a Promise): a request still in flight. */
export function fakeApi(respond: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const req: FakeRequest = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    requests.push(req);
    const { status = 200, body } = await respond(req);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A signed-in session for tests (claims as Cognito's ID token carries them). */
export function signedInSession(
  claims: Record<string, unknown> = { sub: 'u1', email: 'ana@example.com' },
  signOut: () => Promise<void> = async () => undefined,
): Session {
  return { status: 'signed-in', user: userFromClaims(claims), signOut };
}

/** Pins the session (the session boundary) around the given routes. */
export const withSession = (session: Session, children: RouteObject[]): RouteObject[] => [
  {
    element: (
      <SessionContext.Provider value={session}>
        <Outlet />
      </SessionContext.Provider>
    ),
    children,
  },
];
