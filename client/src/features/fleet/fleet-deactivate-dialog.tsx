import { describeTripWindow } from '@contracts/fleet-rules';
import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/error-boundaries';
import { useUpcomingTrips } from './fleet-upcoming';

export type Deactivation = { kind: 'bus'; record: BusDto } | { kind: 'driver'; record: DriverDto };

/**
 * Asks before a bus or driver is deactivated, naming the upcoming trips that count on it: they will need another bus
 * or driver once it is gone.
 */
export function DeactivateDialog({
  pending,
  companyId,
  loading,
  onConfirm,
  onCancel,
}: {
  pending: Deactivation | null;
  companyId: number | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const upcoming = useUpcomingTrips(pending ? { kind: pending.kind, id: pending.record.id } : null, companyId);
  const name = pending?.record.name ?? '';
  const count = upcoming.trips.length;
  return (
    <Modal
      opened={pending !== null}
      onClose={onCancel}
      title={pending?.kind === 'driver' ? 'Deactivate Driver' : 'Deactivate Bus'}
      centered
      size="md"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">{`Deactivate ${name}? It stays on the trips it served but cannot be chosen for new ones.`}</Text>
        {upcoming.loading ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Checking upcoming trips...</Text>
          </Group>
        ) : upcoming.failed ? (
          <Alert color="orange" variant="light">
            Could not check the upcoming trips of {name}.
          </Alert>
        ) : count > 0 ? (
          <Alert color="orange" variant="light" title={`${name} is on ${count} upcoming ${count === 1 ? 'trip' : 'trips'}`}>
            <Text size="sm" mb={4}>
              {count === 1 ? 'It will need' : 'They will need'} another {pending?.kind === 'driver' ? 'driver' : 'bus'}:
            </Text>
            <List size="sm" spacing={2} aria-label={`Upcoming trips of ${name}`}>
              {upcoming.trips.map((trip) => (
                <List.Item key={trip.id}>
                  {trip.destination} · {describeTripWindow(trip)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            No upcoming trips count on {name}.
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Modal>
  );
}
