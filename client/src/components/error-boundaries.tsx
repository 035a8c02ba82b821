import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@contracts/client-errors';
import { Button, Group, Modal as MantineModal, type ModalProps, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { getToken, http } from '../api/http';
import { homePath } from '../app/access';
import { useSession } from '../features/auth/session-context';

/**
 * Error boundaries: a render error inside one screen or one modal replaces that screen or modal with a message,
 * and everything around it (the shell, the sidebar, the live connection, other screens' state) stays as it was.
 * The error goes to the server's log through POST /api/client-errors (signed-in users only).
 */

export const SCREEN_FAILED = 'Something went wrong on this screen.';
const REPORTED = 'The error has been reported. Reload the page to try again.';

const HOME_LABELS: Record<string, string> = { '/': 'Dashboard', '/trips': 'All Trips', '/settings': 'Settings' };

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

function ScreenFailed() {
  const { profile, roles } = useSession();
  const home = profile ? homePath(roles) : '/login';
  const homeLabel = profile ? (HOME_LABELS[home] ?? 'the console') : 'Sign in';
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="xl" role="alert">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={2}>{SCREEN_FAILED}</Title>
        <Text c="dimmed">{REPORTED}</Text>
        <Group justify="center">
          <Button onClick={reload}>Reload</Button>
          <Button component={Link} to={home} variant="default">
            Back to {homeLabel}
          </Button>
        </Group>
      </Stack>
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

function ModalFailed({ onClose }: { onClose: () => void }) {
  return (
    <Stack align="center" gap="md" ta="center" py="md" role="alert">
      <ThemeIcon size={48} radius="xl" color="red" variant="light" aria-hidden>
        <IconAlertTriangle size={26} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {SCREEN_FAILED}
      </Text>
      <Text c="dimmed">{REPORTED}</Text>
      <Group justify="center">
        <Button onClick={reload}>Reload</Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Mantine's Modal with an error boundary around its content: a render error shows the message inside the modal
 * (Close goes back to the screen under it), never blanking the screen. Every modal of the console is this one.
 */
function BoundedModal({ children, ...props }: ModalProps) {
  return (
    <MantineModal {...props}>
      <ErrorBoundary fallbackRender={() => <ModalFailed onClose={props.onClose} />} onError={reportClientError} resetKeys={[props.opened]}>
        {children}
      </ErrorBoundary>
    </MantineModal>
  );
}

export const Modal = Object.assign(BoundedModal, { Stack: MantineModal.Stack });
