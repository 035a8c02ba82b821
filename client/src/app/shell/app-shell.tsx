import { Anchor, AppShell, Breadcrumbs, Burger, Button, Drawer, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBus } from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ScreenBoundary } from '../screen-boundary';
import { LoadingScreen } from '../../components/loading-screen';
import { useSession } from '../../features/auth/session-context';
import { homePath } from '../../shared/access';
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

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key on every signed-in screen: it jumps past the header and the sidebar to the screen
 * itself. Off-screen until it has focus, then shown over the header's top-left corner.
 */
function SkipLink() {
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // focus, not the fragment: the router owns the address, and focus is what moves the next Tab past the sidebar
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Button
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      data-skip-link
      onClick={skip}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{
        position: 'fixed',
        top: 8,
        left: focused ? 8 : -10_000,
        zIndex: 1000,
      }}
    >
      Skip to main content
    </Button>
  );
}

/** The signed-in frame: sticky header, sidebar (a drawer on small screens), breadcrumb. */
export function Shell({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const [drawerOpened, { close: closeDrawer, toggle: toggleDrawer }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery('(min-width: 48em)');
  useLiveSync();

  // the drawer closes on a route change (and when the screen grows past the drawer breakpoint)
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);
  useEffect(() => {
    if (isDesktop) closeDrawer();
  }, [isDesktop, closeDrawer]);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: true } }} padding="md">
      <SkipLink />
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

      {/* tabIndex -1: the skip link can focus it, Tab cannot stop on it; no ring around the whole screen */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <PathBreadcrumb />
        <ScreenBoundary>
          <Suspense fallback={<LoadingScreen text="Loading, please wait..." />}>{children}</Suspense>
        </ScreenBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
