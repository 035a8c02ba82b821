import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A phone's list of records: one card per bus, driver, booking or registration, where a wide screen has a table. In a
 * phone's width a table of many columns scrolls sideways, and its last columns (the status, the buttons) are off
 * screen; a card keeps them in view (useCards in ./responsive says when).
 */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One record's card: its title with its badges beside it, its facts a line each, and its buttons at the foot. */
export function RecordCard({
  title,
  badges,
  lines = [],
  children,
  actions,
  ...data
}: {
  title: ReactNode;
  badges?: ReactNode;
  /** one dimmed line each */
  lines?: string[];
  /** what else the card shows, below its lines */
  children?: ReactNode;
  actions?: ReactNode;
} & { [attribute: `data-${string}`]: string | number | undefined }) {
  return (
    <Paper component="li" withBorder radius="sm" p="xs" {...data}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {badges ? <Group gap={4}>{badges}</Group> : null}
      </Group>
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      {children}
      {actions ? (
        <Group justify="flex-end" mt={4}>
          {actions}
        </Group>
      ) : null}
    </Paper>
  );
}
