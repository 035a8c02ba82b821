import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../features/auth/session-context';
import { roleLabel } from '../../shared/access';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? 'U').slice(0, 2)).toUpperCase();
}

export function UserMenu() {
  const { profile, logout } = useSession();
  const navigate = useNavigate();
  // the name falls back to "User", role to "Role"
  const name = profile?.name?.trim() || 'User';
  const role = profile?.role ? roleLabel(profile.role) : 'Role';

  const signOut = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <Menu width={220} position="bottom-end" shadow="md" transitionProps={{ duration: 200 }}>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" style={{ borderRadius: 'var(--mantine-radius-md)', padding: 4 }}>
          <Group gap={8} wrap="nowrap" ml={4}>
            <Avatar radius="xl" size={32} color="blue">
              {initials(name)}
            </Avatar>
            <div style={{ lineHeight: 1.1, maxWidth: 160 }}>
              <Text size="sm" fw={600} truncate visibleFrom="md">
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate visibleFrom="md">
                {role}
              </Text>
            </div>
            <Box visibleFrom="sm" component="span" style={{ display: 'flex' }}>
              <IconChevronDown size={14} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {role}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item color="var(--mantine-color-red-text)" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
