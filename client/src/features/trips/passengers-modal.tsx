import type { PassengerDto } from '@contracts/trip-wire';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { useAnnounce } from '../../api/presence';
import { setQueryData } from '../../api/query-cache';
import { toast } from '../../shared/toast';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { ResponsiveModal } from '../../components/responsive';
import { scrollRegion } from '../../components/scroll-region';
import { passengersEditable, passengersLabel } from './trip-actions';
import { tripTitle } from './trip-view';
import { useTripWorkflow } from './trip-workflow-context';
import { type PassengerInput, passengersKey, tripsApi, usePassengers, useTrip } from './trips.api';

export interface PassengerDraft {
  fullName: string;
  guardianName: string;
  guardianPhone: string;
  pickupPoint: string;
  dropoffPoint: string;
  notes: string;
}

export const emptyPassenger = (): PassengerDraft => ({
  fullName: '',
  guardianName: '',
  guardianPhone: '',
  pickupPoint: '',
  dropoffPoint: '',
  notes: '',
});

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** A passenger to add: the full name is required once trimmed; the other fields are trimmed, and empty ones sent as null. */
export function toPassengerInput(draft: PassengerDraft): PassengerInput | null {
  const fullName = draft.fullName.trim();
  if (!fullName) return null;
  return {
    fullName,
    guardianName: orNull(draft.guardianName),
    guardianPhone: orNull(draft.guardianPhone),
    pickupPoint: orNull(draft.pickupPoint),
    dropoffPoint: orNull(draft.dropoffPoint),
    notes: orNull(draft.notes),
    checkedIn: false,
  };
}

function AddPassengerForm({ tripId }: { tripId: number }) {
  const [draft, setDraft] = useState<PassengerDraft>(emptyPassenger);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof PassengerDraft, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const passenger = toPassengerInput(draft);
    if (!passenger) return;
    setSaving(true);
    try {
      const added = await tripsApi.addPassengers(tripId, [passenger]);
      setQueryData<PassengerDto[]>(passengersKey(tripId), (list) => [...(list ?? []), ...added]);
      toast.success(`Added "${passenger.fullName}".`);
      setDraft(emptyPassenger());
    } catch (e) {
      const reason = serverMessage(e);
      console.error(`Trip ${tripId}: adding passengers failed`, errorText(e));
      toast.error(reason ?? 'Failed to add passengers.', { title: reason ? 'Failed to add passengers.' : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={(e: FormEvent) => void add(e)} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput label="Full name" required value={draft.fullName} onChange={(e) => set('fullName', e.currentTarget.value)} />
        <TextInput label="Guardian name" value={draft.guardianName} onChange={(e) => set('guardianName', e.currentTarget.value)} />
        <TextInput
          label="Guardian phone"
          type="tel"
          value={draft.guardianPhone}
          onChange={(e) => set('guardianPhone', e.currentTarget.value)}
        />
        <TextInput label="Pickup point" value={draft.pickupPoint} onChange={(e) => set('pickupPoint', e.currentTarget.value)} />
        <TextInput label="Drop-off point" value={draft.dropoffPoint} onChange={(e) => set('dropoffPoint', e.currentTarget.value)} />
        <TextInput label="Notes" value={draft.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" size="xs" leftSection={<IconUserPlus size={14} />} disabled={!draft.fullName.trim()} loading={saving}>
          Add
        </Button>
      </Group>
    </Paper>
  );
}

function PassengerList({ tripId }: { tripId: number }) {
  const { data, loading, error, refetch } = usePassengers(tripId);
  // passengers have no live events: read them afresh each time the list opens
  useEffect(() => {
    void refetch();
  }, [refetch]);
  useEffect(() => {
    if (error) toast.error('Could not load passengers.');
  }, [error]);

  if (loading) {
    return (
      <Text c="dimmed" size="sm">
        Loading...
      </Text>
    );
  }
  if (error) return <LoadFailed title="Could not load passengers." onRetry={refetch} />;
  const passengers = data ?? [];
  if (passengers.length === 0) return <EmptyState>No passengers yet.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion('Passengers')}>
      <Table verticalSpacing={6} fz="sm" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full name</Table.Th>
            <Table.Th>Guardian</Table.Th>
            <Table.Th>Pickup</Table.Th>
            <Table.Th>Drop-off</Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th>Checked in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passengers.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td fw={500}>{p.fullName}</Table.Td>
              <Table.Td>
                {p.guardianName ?? '—'}
                {p.guardianPhone ? (
                  <Text size="xs" c="dimmed">
                    {p.guardianPhone}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{p.pickupPoint ?? '—'}</Table.Td>
              <Table.Td>{p.dropoffPoint ?? '—'}</Table.Td>
              <Table.Td>{p.notes ?? '—'}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={p.checkedIn ? 'teal' : 'gray'}>
                  {p.checkedIn ? 'Yes' : 'No'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The trip's passengers: editable for the trip's school staff, read-only for everyone else. */
export function PassengersModal({ tripId, onClose, stackId }: { tripId: number | null; onClose: () => void; stackId?: string }) {
  const { actor } = useTripWorkflow();
  const { data: trip } = useTrip(tripId);
  const editable = Boolean(actor && trip && passengersEditable(actor, trip));
  useAnnounce(tripId, 'passengers');

  return (
    <ResponsiveModal
      opened={tripId !== null}
      onClose={onClose}
      stackId={stackId}
      title={actor ? passengersLabel(actor.role) : 'Passengers'}
      size="xl"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {tripId !== null ? (
        <Stack gap="sm">
          {trip ? (
            <Text size="sm" c="dimmed">
              {tripTitle(trip)} · {trip.status}
              {editable ? '' : ' · read-only'}
            </Text>
          ) : null}
          {editable ? <AddPassengerForm tripId={tripId} /> : null}
          <PassengerList tripId={tripId} />
        </Stack>
      ) : null}
    </ResponsiveModal>
  );
}
