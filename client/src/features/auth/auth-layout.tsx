import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBus } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';

/** The frame of the public pages: the product name above a card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · School Transport Console`;
  }, [title]);
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" py={{ base: 'lg', sm: 48 }} px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="center" gap="xs">
            <ThemeIcon size="lg" radius="md">
              <IconBus size={20} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              School Transport Console
            </Text>
          </Group>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
            <Stack gap={4} mb="lg">
              <Title order={2} size="h3">
                {title}
              </Title>
              {subtitle ? (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
