import { Badge, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconBus,
  IconCalendarPlus,
  IconCash,
  IconChecklist,
  IconFileInvoice,
  IconReceipt2,
  IconLayoutBoardSplit,
  IconRoute,
  IconSteeringWheel,
  IconLayoutDashboard,
  IconSettings,
  IconShieldLock,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePendingUsers } from '../../features/admin/admin.api';
import { ApprovalCountBadge } from '../../features/approvals/approval-count';
import { useSession } from '../../features/auth/session-context';
import type { ShellPath } from '../../shared/access';
import { navLinksFor } from './nav-links';

const ICONS: Record<ShellPath, ComponentType<{ size?: number; stroke?: number }>> = {
  '/': IconLayoutDashboard,
  '/trips': IconBus,
  '/approvals': IconChecklist,
  '/bookings': IconCalendarPlus,
  '/finance': IconCash,
  '/invoices': IconFileInvoice,
  '/dispatch': IconLayoutBoardSplit,
  '/fleet': IconSteeringWheel,
  '/rates': IconReceipt2,
  '/admin/users': IconUsers,
  '/admin/approvals': IconUserCheck,
  '/admin/roles': IconShieldLock,
  '/admin/global': IconBuildingCommunity,
  '/settings': IconSettings,
  // a driver has no sidebar (their day is the whole console); kept for the route table's completeness
  '/today': IconRoute,
};

function isActive(path: string, pathname: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

function PendingBadge() {
  const { data } = usePendingUsers();
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} aria-label={`${count} pending`}>
      {count}
    </Badge>
  );
}

/** The counts some links carry: users awaiting approval (admins), and the trip requests awaiting the user's approval. */
const rightSections: Partial<Record<ShellPath, ReactNode>> = {
  '/admin/approvals': <PendingBadge />,
  '/approvals': <ApprovalCountBadge />,
};

export function SidebarNav() {
  const { roles } = useSession();
  const { pathname } = useLocation();
  const links = navLinksFor(roles);
  let previousGroup: string | null = null;

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <Stack gap={2} component="nav" aria-label="Main navigation">
        {links.map((link) => {
          const Icon = ICONS[link.path];
          const heading =
            link.group !== previousGroup && previousGroup !== null ? (
              link.group === 'admin' ? (
                <Text key={`${link.path}-group`} size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
                  Administration
                </Text>
              ) : (
                <Divider key={`${link.path}-divider`} my="sm" />
              )
            ) : null;
          previousGroup = link.group;
          return [
            heading,
            <NavLink
              key={link.path}
              component={Link}
              to={link.path}
              label={link.label}
              active={isActive(link.path, pathname)}
              leftSection={<Icon size={18} stroke={1.6} />}
              rightSection={rightSections[link.path]}
              aria-current={isActive(link.path, pathname) ? 'page' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />,
          ];
        })}
      </Stack>
    </ScrollArea>
  );
}
