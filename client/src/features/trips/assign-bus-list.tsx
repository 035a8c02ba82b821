import type { BusAssignment } from '@contracts/trip-wire';
import { ActionIcon, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useCards } from '../../components/responsive';
import { formatAed } from './trip-view';

const busLabel = (bus: BusAssignment) => (bus.busName ? `${bus.busName} · ${bus.busType}` : bus.busType);
const driverLabel = (bus: BusAssignment) => `${bus.driverName || '—'}${bus.driverPhone ? ` · ${bus.driverPhone}` : ''}`;
const priceLabel = (bus: BusAssignment) => (bus.tripPrice != null ? formatAed(bus.tripPrice) : '—');

function RowActions({ index, onEdit, onRemove }: { index: number; onEdit: () => void; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Edit bus ${index + 1}`} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove bus ${index + 1}`} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The buses already in the assignment: a table on wide screens, one card per bus on a phone, so the edit and remove
 * buttons stay on screen without a sideways scroll.
 */
export function AssignedBusList({
  buses,
  editing,
  onEdit,
  onRemove,
}: {
  buses: readonly BusAssignment[];
  editing: number | null;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  const narrow = useCards();
  if (buses.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No buses in the list yet.
      </Text>
    );
  }
  const highlight = (i: number) => (editing === i ? 'var(--mantine-color-blue-light)' : undefined);
  if (narrow) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Buses in the list">
        {buses.map((bus, i) => (
          <Paper component="li" key={i} withBorder p="xs" radius="sm" bg={highlight(i)}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {busLabel(bus)}
                </Text>
                <Text size="sm">
                  {bus.busSeats} seats · {priceLabel(bus)}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Driver: {driverLabel(bus)}
                </Text>
              </Stack>
              <RowActions index={i} onEdit={() => onEdit(i)} onRemove={() => onRemove(i)} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing={6} fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bus type</Table.Th>
          <Table.Th>Seats</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>Driver</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {buses.map((bus, i) => (
          <Table.Tr key={i} bg={highlight(i)}>
            <Table.Td>{busLabel(bus)}</Table.Td>
            <Table.Td>{bus.busSeats}</Table.Td>
            <Table.Td>{priceLabel(bus)}</Table.Td>
            <Table.Td>{driverLabel(bus)}</Table.Td>
            <Table.Td>
              <RowActions index={i} onEdit={() => onEdit(i)} onRemove={() => onRemove(i)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
