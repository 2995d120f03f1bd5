import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';
import type { AmplifyAuth } from './amplify-auth';
import { setTokenProvider } from './api-client';

/**
 * The session: a tiny store over Amplify Auth. Amplify (a large library) is imported lazily, and
 * only when it can matter: a stored Cognito session exists in localStorage, or an accounts screen
 * asks for it (`loadAuth`). Visitors who never signed in never download it.
 */
export interface SessionUser {
  id: string;
  email: string;
  groups: string[];
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

export type Session =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | {
      status: 'signed-in';
      user: SessionUser;
      /**
       * Ends this device's session (Amplify drops its tokens). Signing out every device is the
       * server's job (lib/api/sign-out-everywhere.ts), which then calls this.
       */
      signOut: () => Promise<void>;
    };

export const SIGNED_OUT: Session = { status: 'signed-out' };

/** Kept for tests and stories that pin a session; when no provider is mounted the store answers. */
export const SessionContext = createContext<Session | null>(null);

export interface LoadedAuth {
  auth: AmplifyAuth;
  config: RuntimeConfig;
  /** Rejects if the Google redirect this page returned from failed (lib/amplify-auth.ts). */
  redirectFailure: Promise<never>;
}

let current: Session = SIGNED_OUT;
const listeners = new Set<() => void>();
let pendingAuth: Promise<LoadedAuth> | undefined;
let started = false;

function setSession(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Amplify's keys in storage: <prefix><clientId>.<name> (its tokens, its redirect in flight). */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Amplify keeps its tokens under CognitoIdentityServiceProvider.<clientId>.* keys. */
export function hasStoredSession(
  storage: Pick<Storage, 'length' | 'key'> | undefined = globalThis.localStorage,
): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i += 1) {
    if (storage.key(i)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
  }
  return false;
}

/** Loads the runtime config and Amplify (once), configured for this stage. */
export function loadAuth(): Promise<LoadedAuth> {
  // Both imports are dynamic: the config module carries zod, Amplify is large.
  pendingAuth ??= Promise.all([
    import('../config/runtime-config').then((m) => m.loadRuntimeConfig()),
    import('./amplify-auth'),
  ])
    .then(([config, mod]) => ({
      auth: mod.configureAmplify(config),
      config,
      redirectFailure: mod.oauthRedirectFailure(),
    }))
    .catch((err: unknown) => {
      pendingAuth = undefined;
      throw err;
    });
  return pendingAuth;
}

const claimString = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The signed-in user from the ID token's claims (email, sub, cognito:groups). */
export function userFromClaims(claims: Record<string, unknown>): SessionUser {
  const rawGroups = claims['cognito:groups'];
  const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
  const isSuperAdmin = groups.includes('super_admin');
  return {
    id: claimString(claims.sub),
    email: claimString(claims.email),
    groups,
    isAdmin: isSuperAdmin || groups.includes('admin'),
    isSuperAdmin,
  };
}

async function signOut(): Promise<void> {
  const { auth } = await loadAuth();
  await auth.signOut();
  setSession(SIGNED_OUT);
}

/**
 * Amplify's fetchAuthSession, which waits while a Google redirect is in flight. When that redirect
 * fails (a cancelled or refused answer), Amplify 6 can leave a call made meanwhile waiting for
 * minutes (its in-flight deadline): once it reports the failure, the session is asked again.
 */
async function fetchSession(): Promise<Awaited<ReturnType<AmplifyAuth['fetchAuthSession']>>> {
  const { auth, config, redirectFailure } = await loadAuth();
  if (!redirectInFlight(config.auth.userPoolClientId)) return auth.fetchAuthSession();
  return Promise.race([auth.fetchAuthSession(), redirectFailure.catch(() => auth.fetchAuthSession())]);
}

/** Amplify's flag of a Google redirect in flight (a key of its own, as hasStoredSession reads them). */
function redirectInFlight(clientId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(`${AMPLIFY_KEY_PREFIX}${clientId}.inflightOAuth`) === 'true';
  } catch {
    return false;
  }
}

/** Re-reads the session from Amplify (after sign-in, or on start with a stored session). */
export async function refreshSession(): Promise<Session> {
  try {
    const { tokens } = await fetchSession();
    const claims = tokens?.idToken?.payload;
    setSession(claims ? { status: 'signed-in', user: userFromClaims(claims), signOut } : SIGNED_OUT);
  } catch {
    setSession(SIGNED_OUT);
  }
  return current;
}

/** The API client's bearer token: the ID token, refreshed by Amplify when it has expired. */
async function idToken(): Promise<string | null> {
  if (current.status === 'signed-out' && !pendingAuth) return null;
  const { tokens } = await fetchSession();
  return tokens?.idToken?.toString() ?? null;
}

/** Called once by the app provider: restores a stored session without loading Amplify otherwise. */
export function startSession(): void {
  if (started) return;
  started = true;
  setTokenProvider(idToken);
  if (hasStoredSession()) {
    setSession({ status: 'loading' });
    void refreshSession();
  }
}

/**
 * Resolves once the session is known (signed in or out, not being restored): a tap kept before the
 * app ran (first-paint/early-taps.ts) must meet the screen as it is for this person.
 */
export function sessionSettled(): Promise<void> {
  if (current.status !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      if (current.status === 'loading') return;
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

/** The session as it stands, for code outside React (lib/push renews a subscription at the app's start). */
export const currentSession = (): Session => current;

/** Test seam: forget everything (store, loaded Amplify). */
export function resetSessionForTests(): void {
  current = SIGNED_OUT;
  pendingAuth = undefined;
  started = false;
  setTokenProvider(null);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => current;
// A page rendered on the server is anonymous (no session is read there), and so is the client's
// hydration of it; the stored session follows right after.
const serverSnapshot = () => SIGNED_OUT;

export function useSession(): Session {
  const pinned = useContext(SessionContext);
  const stored = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return pinned ?? stored;
}

const isAdminOf = (session: Session) => session.status === 'signed-in' && session.user.isAdmin;
const adminSnapshot = () => isAdminOf(current);
const serverAdminSnapshot = () => false;

/**
 * Whether the person is a signed-in admin, and nothing else of the session: a component that reads
 * only this is not drawn again when anyone else's stored session is restored, right after hydration.
 * Drawn again then, the product screen lost the seller's facts the server drew while their lazy code
 * was still loading: React cannot hydrate a part whose props change before its code is in, and
 * outside a transition (a store's update never is one) it shows the part's fallback instead, a
 * one-line skeleton; what is below moved up under the person's finger (decision 055).
 */
export function useIsAdmin(): boolean {
  const pinned = useContext(SessionContext);
  const stored = useSyncExternalStore(subscribe, adminSnapshot, serverAdminSnapshot);
  return pinned ? isAdminOf(pinned) : stored;
}

/** The signed-in user's id, null otherwise: personal queries (favorites, profile, own listings) use it. */
export function useSignedInUserId(): string | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.user.id : null;
}
