import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred loader with its text: "Loading session...", "Loading dashboard..." or "Loading, please wait...". */
export function LoadingScreen({ text, minHeight = '50vh' }: { text: string; minHeight?: string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
