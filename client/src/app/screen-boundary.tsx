import { Button, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { FailedNotice, reportClientError } from '../components/error-boundaries';
import { useSession } from '../features/auth/session-context';
import { HOME_LABELS, homePath } from '../shared/access';

/** A broken screen's message; its way out is the user's home page, or sign-in for a visitor. */
function ScreenFailed() {
  const { profile, roles } = useSession();
  const home = profile ? homePath(roles) : null;
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="xl" role="alert">
      <FailedNotice
        large
        action={
          <Button component={Link} to={home ?? '/login'} variant="default">
            Back to {home ? HOME_LABELS[home] : 'Sign in'}
          </Button>
        }
      />
    </Paper>
  );
}

/** Around each routed screen: a new path starts it afresh, so leaving a broken screen leaves its message too. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenFailed} onError={reportClientError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
