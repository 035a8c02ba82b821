import { Anchor, AppShell, Breadcrumbs, Burger, Drawer, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBus } from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ScreenBoundary } from '../../components/error-boundaries';
import { LoadingScreen } from '../../components/loading-screen';
import { useSession } from '../../features/auth/session-context';
import { homePath } from '../access';
import { breadcrumbLabels } from '../breadcrumb';
import { useLiveSync } from '../live-sync';
import { HelpMenu } from './help-menu';
import { NotificationsMenu } from './notifications-menu';
import { SidebarNav } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

function Brand() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size="md" radius="md" variant="filled">
        <IconBus size={18} />
      </ThemeIcon>
      <Text fw={700} size="sm">
        School Transport
      </Text>
    </Group>
  );
}

function PathBreadcrumb() {
  const { pathname } = useLocation();
  const { roles } = useSession();
  const labels = breadcrumbLabels(pathname);
  return (
    <Breadcrumbs mb="md" separatorMargin={6} aria-label="Breadcrumb" style={{ flexWrap: 'wrap', rowGap: 4 }}>
      <Anchor component={Link} to={homePath(roles)} size="sm">
        Home
      </Anchor>
      {labels.map((label, i) => (
        <Text key={`${i}-${label}`} size="sm" c={i === labels.length - 1 ? undefined : 'dimmed'} fw={i === labels.length - 1 ? 600 : 400}>
          {label}
        </Text>
      ))}
    </Breadcrumbs>
  );
}

/** The signed-in frame (spec §2 Shell): sticky header, sidebar (a drawer on small screens), breadcrumb. */
export function Shell({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const [drawerOpened, { close: closeDrawer, toggle: toggleDrawer }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery('(min-width: 48em)');
  useLiveSync();

  // spec §2: the drawer closes on a route change (and when the screen grows past the drawer breakpoint)
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);
  useEffect(() => {
    if (isDesktop) closeDrawer();
  }, [isDesktop, closeDrawer]);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: true } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={drawerOpened} onClick={toggleDrawer} hiddenFrom="sm" size="sm" aria-label="Open navigation" />
            <Text fw={600} fz={{ base: 'md', sm: 'lg' }} truncate title={`Hello, ${profile?.name?.trim() || 'User'}`}>
              Hello, {profile?.name?.trim() || 'User'}
            </Text>
          </Group>
          <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }}>
            <NotificationsMenu />
            <HelpMenu />
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section mb="sm" px="xs">
          <Brand />
        </AppShell.Section>
        <AppShell.Section grow component="div" style={{ display: 'flex', minHeight: 0 }}>
          <SidebarNav />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={closeDrawer}
        size={280}
        padding="sm"
        title={<Brand />}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <SidebarNav />
      </Drawer>

      <AppShell.Main>
        <PathBreadcrumb />
        <ScreenBoundary>
          <Suspense fallback={<LoadingScreen text="Loading, please wait..." />}>{children}</Suspense>
        </ScreenBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
