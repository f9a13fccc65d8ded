import { createContext, useContext } from 'react';
import type { LoginResponse, SessionUser } from '@meridian/domain';
import type { ApiError } from '../../../api';

export type AuthState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: SessionUser }
  /** `expired`: the API refused the stored token, so the login page says why the user is there. */
  | { status: 'signed-out'; reason?: 'expired' }
  /** The stored session could not be checked (API unreachable): neither signed in nor out yet. */
  | { status: 'unavailable'; error: ApiError };

export interface Auth {
  state: AuthState;
  signIn(email: string, password: string): Promise<SessionUser>;
  /** Signs in with a session the API has just answered (an accepted invitation that created the account). */
  adopt(session: LoginResponse): void;
  signOut(): void;
  /** Checks the stored session again after `unavailable`. */
  retry(): void;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

/** The signed-in user; only for components rendered behind <RequireAuth>. */
export function useSessionUser(): SessionUser {
  const { state } = useAuth();
  if (state.status !== 'signed-in') throw new Error('useSessionUser needs a signed-in user');
  return state.user;
}
