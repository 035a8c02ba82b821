import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { getToken } from '../api/http';
import { ScreenBoundary } from './screen-boundary';
import { LoadingScreen } from '../components/loading-screen';
import { useSession } from '../features/auth/session-context';
import { canOpen, type FromState, homePath, landingFor, type ShellPath } from '../shared/access';
import { Shell } from './shell/app-shell';

/** Routes inside the shell need a loaded profile; without a session the user goes to /login. */
export function RequireSession() {
  const { loading, profile } = useSession();
  const location = useLocation();
  if (loading) return <LoadingScreen text="Loading session..." minHeight="100vh" />;
  if (!profile) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from !== '/' ? ({ from } satisfies FromState) : undefined} />;
  }
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A role that is not allowed is sent to /unauthorized (or to `redirectTo`, e.g. Pending Users sends non-admins home). */
export function RequireRole({
  path,
  children,
  redirect = 'unauthorized',
}: {
  path: ShellPath;
  children: ReactNode;
  redirect?: 'unauthorized' | 'home';
}) {
  const { roles } = useSession();
  if (!canOpen(path, roles)) return <Navigate to={redirect === 'home' ? homePath(roles) : '/unauthorized'} replace />;
  return <>{children}</>;
}

/** Sign-in and registration: a signed-in visitor goes to their landing page. */
export function PublicOnly() {
  const { loading, profile, roles } = useSession();
  const location = useLocation();
  if (loading && getToken()) return <LoadingScreen text="Loading session..." minHeight="100vh" />;
  if (profile) return <Navigate to={landingFor(roles, (location.state as FromState | null)?.from)} replace />;
  return (
    <ScreenBoundary>
      <Outlet />
    </ScreenBoundary>
  );
}

/** Any unknown path goes to / when signed in and to /login otherwise. */
export function UnknownPath() {
  const { loading, profile, roles } = useSession();
  if (loading) return <LoadingScreen text="Loading, please wait..." minHeight="100vh" />;
  return <Navigate to={profile ? homePath(roles) : '/login'} replace />;
}
