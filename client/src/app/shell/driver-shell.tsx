import { Box, Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBus } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { useSession } from '../../features/auth/session-context';
import { driverStorage } from '../../features/driver/offline/driver-storage';
import { useLiveSync } from '../live-sync';
import { ScreenBoundary } from '../screen-boundary';
import { MAIN_CONTENT_ID } from './app-shell';
import { ThemeToggle } from './theme-toggle';

/** Touch targets of the driver's page: a thumb on a phone, nothing smaller. */
const TOUCH = 56;

/**
 * The driver's frame (docs/domain.md, "The day of travel"): no sidebar, no menus, nothing that needs a hover; the brand,
 * whose day it is, the theme (sunlight or night) and Sign out, above a single column sized for a phone.
 */
export function DriverShell({ name, userId, children }: { name: string; userId: number; children: ReactNode }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  useLiveSync();

  const signOut = async () => {
    // the day (passenger names) leaves the phone with the driver; taps not sent yet wait for their next sign-in
    await driverStorage()
      .forget(userId)
      .catch(() => undefined);
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" data-console-header px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between" wrap="nowrap" gap="xs" maw={640} mx="auto">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size="lg" radius="md" variant="filled">
              <IconBus size={22} aria-hidden />
            </ThemeIcon>
            <Box style={{ minWidth: 0, lineHeight: 1.2 }}>
              <Text fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                School Transport
              </Text>
              <Text fw={700} fz="lg" truncate title={name}>
                {name}
              </Text>
            </Box>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <ThemeToggle size={TOUCH} />
            <Button variant="default" size="md" h={TOUCH} px="sm" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} px="sm" py="md" maw={640} mx="auto" style={{ outline: 'none' }}>
        <ScreenBoundary>
          <Suspense fallback={<LoadingScreen text="Loading your day..." />}>{children}</Suspense>
        </ScreenBoundary>
      </Box>
    </Box>
  );
}
