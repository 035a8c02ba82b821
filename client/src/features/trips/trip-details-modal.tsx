import type { TripHistoryAction, TripHistoryDto, TripDto } from '@contracts/trip-wire';
import { Badge, Divider, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/format';
import { TripActionButtons } from './trip-action-buttons';
import { TripConflictAlert } from './trip-conflict';
import { displayType, formatAed, formatTripDate, statusColor, tripPrice, tripTitle } from './trip-view';
import type { DetailsNotice } from './trip-workflow';
import { RequesterEmail } from './requester-email';
import { useTripHistory, useTrips } from './trips.api';

const HISTORY_LABELS: Record<TripHistoryAction, string> = {
  request: 'Requested the trip',
  accept: 'Accepted',
  reject: 'Rejected',
  cancel: 'Canceled',
  assignBuses: 'Assigned buses',
  requestCancel: 'Requested cancellation',
  approveCancel: 'Approved the cancellation',
  declineCancel: 'Declined the cancel request',
  complete: 'Completed',
  edit: 'Edited',
  delete: 'Deleted',
  addPassengers: 'Added passengers',
  markPaid: 'Changed the payment status',
  recordSubtrip: 'Recorded a bus assignment',
};

export function TripStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    // max-content: a narrow table column must not cut the status short
    <Badge
      color={statusColor(status)}
      variant="light"
      size={size}
      style={{ overflow: 'visible', minWidth: 'max-content' }}
      data-status={status}
    >
      {status}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children || '—'}</div>
    </div>
  );
}

function historyLine(h: TripHistoryDto): string {
  const label =
    h.action === 'edit' && h.toStatus === 'Pending' && h.fromStatus !== 'Pending' ? 'Sent an edit request' : HISTORY_LABELS[h.action];
  const move = h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus ? ` (${h.fromStatus} → ${h.toStatus})` : '';
  return `${label}${move}`;
}

function TripHistory({ tripId }: { tripId: number }) {
  const { data, loading, error } = useTripHistory(tripId);
  if (loading) return <Loader size="sm" />;
  if (error) {
    return (
      <Text size="sm" c="red">
        Could not load the history.
      </Text>
    );
  }
  const rows = data ?? [];
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={18} lineWidth={2} active={rows.length - 1}>
      {[...rows].reverse().map((h) => (
        <Timeline.Item key={h.id} title={<Text size="sm">{historyLine(h)}</Text>} bullet={<IconHistory size={11} />}>
          <Text size="xs" c="dimmed">
            {h.by.name} · {formatDateTime(h.at)}
            {h.fields.length > 0 && h.action === 'edit' ? ` · ${h.fields.join(', ')}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function AssignedBuses({ trip }: { trip: TripDto }) {
  if ((trip.buses ?? []).length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No buses assigned yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={6} fz="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bus type</Table.Th>
            <Table.Th>Seats</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Driver</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trip.buses.map((bus, i) => (
            <Table.Tr key={i}>
              <Table.Td>{bus.busType}</Table.Td>
              <Table.Td>{bus.busSeats}</Table.Td>
              <Table.Td>{bus.tripPrice != null ? formatAed(Number(bus.tripPrice)) : '—'}</Table.Td>
              <Table.Td>
                {bus.driverName || '—'}
                {bus.driverPhone ? (
                  <Text size="xs" c="dimmed">
                    {bus.driverPhone}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {/* spec §3: a bus without its own status falls back to the trip's */}
                <TripStatusBadge status={bus.status ?? trip.status} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TripSummary({ trip }: { trip: TripDto }) {
  const staff = trip.staff === null || trip.staff === undefined ? '—' : String(trip.staff);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Field label="Trip type">{displayType(trip)}</Field>
      <Field label="School">{trip.schoolName}</Field>
      <Field label="Bus company">{trip.busCompanyName ?? 'Not assigned yet'}</Field>
      <Field label="From">{trip.origin}</Field>
      <Field label="To">{trip.destination}</Field>
      <Field label="Students / staff">
        {trip.students} / {staff}
      </Field>
      <Field label="Departure">
        {formatTripDate(trip.departureDate)}
        {trip.departureTime ? `, ${trip.departureTime}` : ''}
      </Field>
      <Field label="Return">
        {formatTripDate(trip.returnDate)}
        {trip.returnTime ? `, ${trip.returnTime}` : ''}
      </Field>
      <Field label="Booster seats">{trip.boosterSeatsRequested ? String(trip.boosterSeatCount) : 'None'}</Field>
      <Field label="Requested by">
        <RequesterEmail name={trip.createdBy} email={trip.createdByEmail} />
      </Field>
      <Field label="Requested on">{formatDateTime(trip.createdAt)}</Field>
      <Field label="Price">
        {formatAed(tripPrice(trip))}{' '}
        <Badge size="xs" variant="light" color={trip.paid ? 'teal' : 'gray'}>
          {trip.paid ? 'Paid' : 'Unpaid'}
        </Badge>
      </Field>
    </SimpleGrid>
  );
}

/** spec §2 Trip detail: summary, status badge, role-filtered actions, buses, history, requester e-mail. */
export function TripDetailsModal({
  tripId,
  notice,
  onClose,
  stackId,
}: {
  tripId: number | null;
  notice?: DetailsNotice;
  onClose: () => void;
  stackId?: string;
}) {
  const { data } = useTrips();
  const isMobile = useMediaQuery('(max-width: 48em)');
  const trip = tripId === null ? undefined : data?.find((t) => t.id === tripId);

  return (
    <Modal
      opened={tripId !== null}
      onClose={onClose}
      stackId={stackId}
      title="View trip details"
      size="xl"
      fullScreen={isMobile}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!trip ? (
        <Text c="dimmed">This trip is no longer available.</Text>
      ) : (
        <Stack gap="md" data-trip-id={trip.id}>
          {notice ? <TripConflictAlert message={notice.message} before={notice.before} current={trip} /> : null}
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                {tripTitle(trip)}
              </Title>
              <Text size="sm" c="dimmed">
                {displayType(trip)} · {formatTripDate(trip.departureDate)}
              </Text>
            </div>
            <Group gap={6}>
              <TripStatusBadge status={trip.status} size="lg" />
              {trip.editRequest ? (
                <Badge color="orange" variant="outline">
                  Edit request
                </Badge>
              ) : null}
              {trip.cancelRequest && trip.status !== 'Cancel Requested' ? (
                <Badge color="red" variant="outline">
                  Cancel request
                </Badge>
              ) : null}
            </Group>
          </Group>
          <TripActionButtons trip={trip} exclude={['view']} />
          <Paper withBorder p="md" radius="md">
            <TripSummary trip={trip} />
            {trip.notes ? (
              <>
                <Divider my="sm" />
                <Field label="Notes">
                  <span style={{ whiteSpace: 'pre-wrap' }}>{trip.notes}</span>
                </Field>
              </>
            ) : null}
          </Paper>
          <div>
            <Title order={5} mb={6}>
              Assigned buses
            </Title>
            <AssignedBuses trip={trip} />
          </div>
          <div>
            <Title order={5} mb={6}>
              History
            </Title>
            <TripHistory tripId={trip.id} />
          </div>
        </Stack>
      )}
    </Modal>
  );
}
