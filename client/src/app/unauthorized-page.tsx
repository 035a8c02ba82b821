import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../features/auth/session-context';
import { HOME_LABELS, homePath, roleLabel } from '../shared/access';

export function UnauthorizedPage() {
  const { roles, profile } = useSession();
  useEffect(() => {
    document.title = 'Not allowed · School Transport Console';
  }, []);
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="orange" variant="light">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2}>You don't have access to that page</Title>
        <Text c="dimmed">
          The page you tried to open is not available to your role ({roleLabel(profile?.role)}). If you think you need it, ask an
          administrator of your organization to change your role.
        </Text>
        <Group>
          <Button component={Link} to={homePath(roles)}>
            Back to {HOME_LABELS[homePath(roles)]}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
