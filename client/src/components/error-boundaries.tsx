import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@contracts/client-errors';
import { Button, Group, Modal as MantineModal, type ModalProps, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { getToken, http } from '../api/http';
import { HOME_LABELS, homePath } from '../app/access';
import { useSession } from '../features/auth/session-context';

/**
 * Error boundaries: a render error inside one screen or one modal replaces that screen or modal with a message,
 * and everything around it (the shell, the sidebar, the live connection, other screens' state) stays as it was.
 * The error goes to the server's log through POST /api/client-errors (signed-in users only).
 */

export const SCREEN_FAILED = 'Something went wrong on this screen.';
const REPORTED = 'The error has been reported. Reload the page to try again.';

const cap = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : undefined);

/** Sends the error to the server's log; a signed-out visitor's error stays in the browser's console. */
export function reportClientError(error: unknown, info: Pick<ErrorInfo, 'componentStack'>): void {
  if (!getToken()) return;
  const err = error instanceof Error ? error : new Error(String(error));
  const report: ClientErrorReport = {
    message: cap(err.message || err.name, CLIENT_ERROR_LIMITS.message) || 'Unknown error',
    stack: cap(err.stack, CLIENT_ERROR_LIMITS.stack),
    componentStack: cap(info.componentStack, CLIENT_ERROR_LIMITS.componentStack),
    path: cap(window.location.pathname, CLIENT_ERROR_LIMITS.path) || '/',
  };
  // the report is best effort: a failure to send it must not become a second error
  http.post('/client-errors', report).catch(() => undefined);
}

const reload = () => window.location.reload();

/** The message a broken screen or modal shows in its place, with Reload and a way out (`action`). */
function FailedNotice({ action, large }: { action: ReactNode; large: boolean }) {
  return (
    <Stack align="center" gap="md" ta="center" py={large ? undefined : 'md'} role={large ? undefined : 'alert'}>
      <ThemeIcon size={large ? 56 : 48} radius="xl" color="red" variant="light" aria-hidden>
        <IconAlertTriangle size={large ? 30 : 26} />
      </ThemeIcon>
      {large ? (
        <Title order={2}>{SCREEN_FAILED}</Title>
      ) : (
        <Text fw={700} size="lg">
          {SCREEN_FAILED}
        </Text>
      )}
      <Text c="dimmed">{REPORTED}</Text>
      <Group justify="center">
        <Button onClick={reload}>Reload</Button>
        {action}
      </Group>
    </Stack>
  );
}

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

/**
 * Mantine's Modal with an error boundary around its content: a render error shows the message inside the modal
 * (Close goes back to the screen under it), never blanking the screen. Every modal of the console is this one.
 */
function BoundedModal({ children, ...props }: ModalProps) {
  return (
    <MantineModal {...props}>
      <ErrorBoundary
        fallbackRender={() => (
          <FailedNotice
            large={false}
            action={
              <Button variant="default" onClick={props.onClose}>
                Close
              </Button>
            }
          />
        )}
        onError={reportClientError}
        resetKeys={[props.opened]}
      >
        {children}
      </ErrorBoundary>
    </MantineModal>
  );
}

export const Modal = Object.assign(BoundedModal, { Stack: MantineModal.Stack });
