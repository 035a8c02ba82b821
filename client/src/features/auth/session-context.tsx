import type { Role } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, getToken, onUnauthorized, setToken } from '../../api/http';
import { clearQueryCache } from '../../api/query-cache';
import { disconnectLive, onLiveClosedByServer, resumeLive } from '../../api/socket';
import { rolesOf } from '../../shared/access';
import { authApi } from './auth.api';
import { forgetMicrosoftAccounts } from './sso';

export interface SessionUser {
  id: number;
}

export interface Session {
  /** true until the first check has finished */
  loading: boolean;
  user: SessionUser | null;
  profile: ProfileDto | null;
  roles: Role[];
  login: (email: string, password: string) => Promise<ProfileDto>;
  logout: () => Promise<void>;
  refresh: () => Promise<ProfileDto | null>;
  setProfile: (profile: ProfileDto) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

interface State {
  loading: boolean;
  user: SessionUser | null;
  profile: ProfileDto | null;
}

const SIGNED_OUT: State = { loading: false, user: null, profile: null };

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ loading: true, user: null, profile: null });
  // Only the latest check may write: a slow answer must not undo a newer sign-in or sign-out.
  const checkSeq = useRef(0);

  const signOutLocally = useCallback(() => {
    checkSeq.current += 1;
    setToken(null);
    clearQueryCache();
    disconnectLive();
    setState(SIGNED_OUT);
  }, []);

  const check = useCallback(async (background: boolean): Promise<ProfileDto | null> => {
    const seq = ++checkSeq.current;
    if (!getToken()) {
      setState(SIGNED_OUT);
      return null;
    }
    try {
      // the session answers a user with an id; the profile is then fetched by that id
      const { user } = await authApi.session();
      const profile = await authApi.profile(user.id);
      if (seq !== checkSeq.current) return null;
      setState({ loading: false, user: { id: user.id }, profile });
      return profile;
    } catch (error) {
      if (seq !== checkSeq.current) return null;
      const rejected = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (rejected) setToken(null);
      // A background refresh that only lost the network keeps the session; any other failure signs out silently.
      if (background && !(error instanceof ApiError)) return null;
      setState(SIGNED_OUT);
      return null;
    }
  }, []);

  useEffect(() => {
    void check(false);
    // the session is refreshed whenever the page becomes visible again
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    const offUnauthorized = onUnauthorized(signOutLocally);
    // the server closed the live connection: a session ended elsewhere signs this console out now, not at its next call
    const offClosed = onLiveClosedByServer(() => {
      void check(true).then((profile) => {
        if (profile) resumeLive();
      });
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      offUnauthorized();
      offClosed();
    };
  }, [check, signOutLocally]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { token } = await authApi.login(email, password);
      setToken(token);
      const profile = await check(false);
      if (!profile) throw new Error('Login failed. Please try again.');
      return profile;
    },
    [check],
  );

  const logout = useCallback(async () => {
    try {
      if (getToken()) await authApi.logout();
    } catch {
      // the token is dropped locally either way
    }
    forgetMicrosoftAccounts();
    signOutLocally();
  }, [signOutLocally]);

  const refresh = useCallback(() => check(true), [check]);

  const setProfile = useCallback((profile: ProfileDto) => {
    setState((s) => (s.user ? { ...s, profile } : s));
  }, []);

  const value = useMemo<Session>(
    () => ({
      ...state,
      roles: state.profile ? rolesOf(state.profile) : [],
      login,
      logout,
      refresh,
      setProfile,
    }),
    [state, login, logout, refresh, setProfile],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
