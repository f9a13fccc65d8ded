import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  clearToken,
  getCurrentUser,
  login,
  readToken,
  saveToken,
  setUnauthorizedHandler,
  toApiError,
} from '../../../api';
import type { SessionUser } from '@meridian/domain';
import { type Auth, AuthContext, type AuthState } from './auth-context';

function initialState(): AuthState {
  return readToken() ? { status: 'checking' } : { status: 'signed-out' };
}

/** Holds the session: restores it from the stored token on load and drops it on any 401. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);
  const [check, setCheck] = useState(0);

  useEffect(() => setUnauthorizedHandler(() => setState({ status: 'signed-out', reason: 'expired' })), []);

  useEffect(() => {
    if (!readToken()) return;
    const controller = new AbortController();
    setState({ status: 'checking' });
    getCurrentUser(controller.signal).then(
      (user) => {
        if (!controller.signal.aborted) setState({ status: 'signed-in', user });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const error = toApiError(failure);
        // A 401 has already been handled (token cleared, state signed-out).
        if (error.status !== 401) setState({ status: 'unavailable', error });
      },
    );
    return () => controller.abort();
  }, [check]);

  const signIn = useCallback(async (email: string, password: string) => {
    const response = await login({ email, password });
    saveToken(response.accessToken);
    setState({ status: 'signed-in', user: response.user });
    return response.user;
  }, []);

  const adopt = useCallback((session: { accessToken: string; user: SessionUser }) => {
    saveToken(session.accessToken);
    setState({ status: 'signed-in', user: session.user });
  }, []);

  const signOut = useCallback(() => {
    clearToken();
    setState({ status: 'signed-out' });
  }, []);

  const retry = useCallback(() => setCheck((n) => n + 1), []);

  const auth = useMemo<Auth>(() => ({ state, signIn, adopt, signOut, retry }), [state, signIn, adopt, signOut, retry]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
