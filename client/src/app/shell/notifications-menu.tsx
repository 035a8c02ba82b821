import { ActionIcon, Button, Group, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { liveFeed, useLiveFeed } from './live-feed';

export function NotificationsMenu() {
  const items = useLiveFeed();
  const navigate = useNavigate();
  const unread = items.filter((item) => !item.read).length;

  return (
    <Menu width={320} position="bottom-end" shadow="md" transitionProps={{ duration: 200 }} onClose={liveFeed.markAllRead} withinPortal>
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
            <Button variant="subtle" size="compact-xs" onClick={liveFeed.clear}>
              Clear all
            </Button>
          ) : null}
        </Group>
        <Menu.Divider />
        {items.length === 0 ? (
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
          <div style={{ maxHeight: 360, overflowY: 'auto' }}>
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
                  {dayjs(item.at).format('HH:mm')}
                </Text>
              </Menu.Item>
            ))}
          </div>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
