import { FLEET_ROLES } from '@contracts/fleet-rules';
import type { NotificationDto } from '@contracts/fleet-wire';
import type { Role } from '@contracts/roles';
import { ActionIcon, Button, Group, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconClockExclamation, IconClockQuestion, IconUsers, type TablerIcon } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../features/auth/session-context';
import { useNotifications } from '../../features/dispatch/dispatch.api';
import { weekOf } from '../../features/dispatch/board-data';
import { liveFeed, useLiveFeed } from '../../shared/live-feed';

/** The roles the server sends alerts: dispatchers and admins every kind, school staff their trips' late buses and counts. */
const ALERTED_ROLES: readonly Role[] = [...FLEET_ROLES, 'school_staff'];

/** The open alerts (GET /notifications, then notification:created live) for the roles that are sent them. */
function useAlerts(): NotificationDto[] {
  const { profile } = useSession();
  const enabled = !!profile && ALERTED_ROLES.includes(profile.role);
  const { data } = useNotifications(enabled);
  return enabled ? (data ?? []) : [];
}

const unacknowledged = (a: NotificationDto) => a.kind === 'late' && a.lateKind === 'acknowledge';

/**
 * The bell's sections, the day's most urgent first; each kind with its icon and colour beside its words. A driver yet
 * to acknowledge a trip due within hours is not a late bus: it has a section of its own (dispatchers and admins alone
 * are sent it).
 */
const SECTIONS: readonly { key: string; shows: (a: NotificationDto) => boolean; label: string; icon: TablerIcon; color: string }[] = [
  { key: 'late', shows: (a) => a.kind === 'late' && !unacknowledged(a), label: 'Late buses', icon: IconClockExclamation, color: 'red' },
  { key: 'acknowledge', shows: unacknowledged, label: 'Not acknowledged', icon: IconClockQuestion, color: 'orange' },
  { key: 'departureCount', shows: (a) => a.kind === 'departureCount', label: 'Departure counts', icon: IconUsers, color: 'orange' },
  { key: 'needsBus', shows: (a) => a.kind === 'needsBus', label: 'Needs a bus', icon: IconAlertTriangle, color: 'red' },
];

/** Where an alert leads: a trip needing a bus to its week on the board, a day's alert to the trip's details. */
const alertLink = (alert: NotificationDto) =>
  alert.kind === 'needsBus' ? `/dispatch?week=${weekOf(alert.departureDate).from}&trip=${alert.tripId}` : `/trips?trip=${alert.tripId}`;

function AlertSections({ alerts, seen, onOpen }: { alerts: NotificationDto[]; seen: ReadonlySet<number>; onOpen: (to: string) => void }) {
  return SECTIONS.map(({ key, shows, label, icon: Icon, color }) => {
    const shown = alerts.filter(shows);
    if (shown.length === 0) return null;
    return (
      <div key={key}>
        <Menu.Label>{label}</Menu.Label>
        <ScrollList label={label} maxHeight={240}>
          {shown.map((alert) => (
            <Menu.Item
              key={`alert-${alert.id}`}
              data-alert-trip={alert.tripId}
              data-alert-kind={alert.kind}
              leftSection={<Icon size={16} color={`var(--mantine-color-${color}-6)`} aria-hidden />}
              onClick={() => onOpen(alertLink(alert))}
            >
              <Text size="sm" fw={seen.has(alert.id) ? 400 : 600} lineClamp={3}>
                {alert.title}: {alert.message}
              </Text>
              <Text size="xs" c="dimmed">
                {alert.schoolName}
              </Text>
            </Menu.Item>
          ))}
        </ScrollList>
      </div>
    );
  });
}

/**
 * A list that scrolls inside the menu. The menu's items take the focus only through the arrow keys (out of the Tab
 * order), so the list itself is a Tab stop: a keyboard user can scroll it, and WCAG's "scrollable region focusable"
 * holds. A group of the menu, named.
 */
function ScrollList({ label, maxHeight, children }: { label: string; maxHeight: number; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} tabIndex={0} style={{ maxHeight, overflowY: 'auto' }}>
      {children}
    </div>
  );
}

export function NotificationsMenu() {
  const items = useLiveFeed();
  const alerts = useAlerts();
  const navigate = useNavigate();
  // alerts stay while their trip needs a bus; once the menu was opened they no longer count as new
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const unread = items.filter((item) => !item.read).length + alerts.filter((a) => !seen.has(a.id)).length;
  const onClose = () => {
    liveFeed.markAllRead();
    if (alerts.some((a) => !seen.has(a.id))) setSeen(new Set([...seen, ...alerts.map((a) => a.id)]));
  };

  return (
    <Menu width={320} position="bottom-end" shadow="md" transitionProps={{ duration: 200 }} onClose={onClose} withinPortal>
      <Menu.Target>
        <Tooltip label="Notifications" openDelay={400}>
          <Indicator disabled={unread === 0} label={unread > 9 ? '9+' : unread} size={16} color="red" offset={4}>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={unread ? `Notifications (${unread} new)` : 'Notifications'}>
              <IconBell size={20} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Group justify="space-between" px="sm" py={6}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {items.length > 0 ? (
            // One of the menu's items for assistive technology (a menu holds items, groups and separators only).
            <Button variant="subtle" size="compact-xs" role="menuitem" onClick={liveFeed.clear}>
              Clear all
            </Button>
          ) : null}
        </Group>
        <Menu.Divider />
        {alerts.length > 0 ? (
          <>
            <AlertSections alerts={alerts} seen={seen} onOpen={(to) => void navigate(to)} />
            {items.length > 0 ? <Menu.Divider /> : null}
          </>
        ) : null}
        {items.length === 0 && alerts.length > 0 ? null : items.length === 0 ? (
          // A menu holds menu items: the empty message is one that does nothing, in the message's own look. It stays
          // focusable (aria-disabled, not disabled), so the open menu holds the focus and Escape closes it.
          <Menu.Item
            aria-disabled
            data-disabled
            closeMenuOnClick={false}
            style={{ opacity: 1, color: 'var(--mantine-color-dimmed)', justifyContent: 'center', cursor: 'default' }}
            py="md"
          >
            No new notifications
          </Menu.Item>
        ) : (
          <ScrollList label="Notifications" maxHeight={360}>
            {items.map((item) => (
              <Menu.Item
                key={item.id}
                onClick={() => {
                  if (item.link) void navigate(item.link);
                }}
              >
                <Text size="sm" fw={item.read ? 400 : 600} lineClamp={2}>
                  {item.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {dayjs(item.at).format('hh:mm A')}
                </Text>
              </Menu.Item>
            ))}
          </ScrollList>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
