import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { getToken } from '../api/http';
import { ScreenBoundary } from './screen-boundary';
import { LoadingScreen } from '../components/loading-screen';
import { useSession } from '../features/auth/session-context';
import type { DriverIdentity } from '../features/driver/driver.api';
import { driverStorage, type KeptDriver, sessionMark } from '../features/driver/offline/driver-storage';
import { canOpen, type FromState, homePath, isDriver, landingFor, type ShellPath } from '../shared/access';
import { Shell } from './shell/app-shell';
import { DriverShell } from './shell/driver-shell';

/** Routes inside the shell need a loaded profile; without a session the user goes to /login. */
export function RequireSession() {
  const { loading, profile, roles } = useSession();
  const location = useLocation();
  if (loading) return <LoadingScreen text="Loading session..." minHeight="100vh" />;
  if (!profile) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from !== '/' ? ({ from } satisfies FromState) : undefined} />;
  }
  // a driver's console is their day: no page of the shell opens for them
  if (isDriver(roles)) return <Navigate to="/today" replace />;
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

/**
 * The driver kept on this phone, looked up only while there is a token but no profile: the session check got no answer
 * (no signal; a refused token is dropped by the check), so the driver's day opens from what the phone kept.
 */
function useKeptDriver(wanted: boolean): { looking: boolean; driver: KeptDriver | null } {
  const [found, setFound] = useState<{ driver: KeptDriver | null } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const token = getToken();
    driverStorage()
      .readDriver()
      .then(
        (driver) => current && setFound({ driver: driver && token && driver.session === sessionMark(token) ? driver : null }),
        () => current && setFound({ driver: null }),
      );
    return () => {
      current = false;
    };
  }, [wanted]);
  return { looking: wanted && found === null, driver: found?.driver ?? null };
}

/**
 * `/today`, outside the console's shell: a driver's own page (docs/domain.md, "The day of travel"). Other roles are
 * refused; without a signal the session cannot be checked, so the driver last signed in here (with the token still
 * kept) sees their kept day, and the session is checked again when the signal returns.
 */
export function RequireDriver({ children }: { children: (driver: DriverIdentity) => ReactNode }) {
  const { loading, profile, roles, refresh } = useSession();
  const unchecked = !loading && !profile && getToken() !== null;
  const kept = useKeptDriver(unchecked);

  useEffect(() => {
    if (!unchecked) return;
    const again = () => void refresh();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [unchecked, refresh]);

  if (loading || kept.looking) return <LoadingScreen text="Loading session..." minHeight="100vh" />;
  if (profile && !isDriver(roles)) return <Navigate to="/unauthorized" replace />;
  const driver = profile
    ? { userId: profile.id, name: profile.name }
    : kept.driver && { userId: kept.driver.userId, name: kept.driver.name };
  if (!driver) return <Navigate to="/login" replace state={{ from: '/today' } satisfies FromState} />;
  return (
    <DriverShell name={driver.name} userId={driver.userId}>
      {children(driver)}
    </DriverShell>
  );
}
