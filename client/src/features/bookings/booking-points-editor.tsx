import type { BookingPoint } from '@contracts/bookings';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TimeSelect } from '../../components/time-select';

/** A booking's pickup or drop-off points: each a location, an optional address and a time. */
export function PointsEditor({
  label,
  points,
  onChange,
}: {
  label: string;
  points: BookingPoint[];
  onChange: (points: BookingPoint[]) => void;
}) {
  const update = (index: number, patch: Partial<BookingPoint>) => onChange(points.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...points, { location: '', address: null, time: '' }])}
        >
          Add point
        </Button>
      </Group>
      {points.length === 0 ? (
        <Text size="xs" c="dimmed">
          None added.
        </Text>
      ) : null}
      {points.map((point, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={4} style={{ flex: 1 }}>
            <TextInput
              size="xs"
              label="Location"
              required
              value={point.location}
              onChange={(e) => update(index, { location: e.currentTarget.value })}
            />
            <TextInput
              size="xs"
              label="Address"
              value={point.address ?? ''}
              onChange={(e) => update(index, { address: e.currentTarget.value })}
            />
            <TimeSelect
              size="xs"
              label="Time"
              required
              value={point.time || null}
              onChange={(time) => update(index, { time: time ?? '' })}
              placeholder="07:30 AM"
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(points.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
