import { UnauthorizedError } from './errors';

/** The caller of a route, as the verified token names them. */
export interface AuthContext {
  userId: string;
  email: string | null;
  groups: string[];
  /** The token's `name` claim (the full name given at sign-up), when it has one. */
  name?: string;
  /**
   * The caller's username in the user pool (`cognito:username` of an ID token, `username` of an
   * access token): the pool's admin API names users by it. For native accounts it equals the
   * `sub`; for accounts from Google it is `Google_<id>`.
   */
  username?: string;
}

export const ADMIN_GROUPS = ['admin', 'super_admin'] as const;

export const isAdmin = (auth: AuthContext | null): boolean =>
  !!auth && auth.groups.some((g) => (ADMIN_GROUPS as readonly string[]).includes(g));

export const isSuperAdmin = (auth: AuthContext | null): boolean =>
  !!auth && auth.groups.includes('super_admin');

/** The caller of a signed-in route (the router already refused calls without one). */
export function signedIn(auth: AuthContext | null): AuthContext {
  if (!auth) throw new UnauthorizedError();
  return auth;
}
