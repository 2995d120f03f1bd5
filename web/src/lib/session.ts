import { createContext, useContext } from 'react';

/**
 * The session seam. Accounts arrive in a later issue: it will mount a SessionContext.Provider
 * (backed by Amplify/Cognito) in app/provider.tsx. Until then every visitor is signed out, and
 * components only ever ask `useSession()`.
 */
export type Session =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | {
      status: 'signed-in';
      user: { id: string; email: string; isAdmin: boolean; isSuperAdmin: boolean };
      signOut: () => Promise<void>;
    };

export const SIGNED_OUT: Session = { status: 'signed-out' };

export const SessionContext = createContext<Session>(SIGNED_OUT);

export function useSession(): Session {
  return useContext(SessionContext);
}
