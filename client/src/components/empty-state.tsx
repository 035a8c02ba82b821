import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
      {action}
    </Stack>
  );
}
