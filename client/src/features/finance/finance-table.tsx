import { PAYABLE_STATUSES } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { Badge, Switch, Table, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../shared/toast';
import { EmptyState } from '../../components/empty-state';
import { canTrip } from '../trips/trip-actions';
import { TripStatusBadge } from '../trips/trip-details-modal';
import { displayType, formatAed, formatTripDate, tripDate, tripPrice } from '../trips/trip-view';
import { useTripWorkflow } from '../trips/trip-workflow';
import { conflictOf, mergeTrip, tripHistoryKey, tripsApi } from '../trips/trips.api';

/**
 * The trips a school owes for: the company accepted them and they were not cancelled. A pending, rejected or
 * canceled trip is not billed, so it has no paid toggle.
 */
const isPayable = (trip: Pick<TripDto, 'status'>) => PAYABLE_STATUSES.includes(trip.status);

/** A trip's payment: "Not billed", a Paid or Unpaid badge, or, for those who may mark it, a switch. */
const PaidToggle = memo(function PaidToggle({ trip, editable }: { trip: TripDto; editable: boolean }) {
  const [saving, setSaving] = useState(false);
  if (!isPayable(trip) && !trip.paid) {
    return (
      <Text size="sm" c="dimmed">
        Not billed
      </Text>
    );
  }
  if (!editable || !isPayable(trip)) {
    return (
      <Badge variant="light" color={trip.paid ? 'teal' : 'gray'}>
        {trip.paid ? 'Paid' : 'Unpaid'}
      </Badge>
    );
  }
  // finance and admin mark a trip paid or unpaid by sending the trip its new `paid` (PATCH /trips/{id})
  const toggle = async (paid: boolean) => {
    setSaving(true);
    try {
      const updated = await tripsApi.update(trip.id, { paid, version: trip.version });
      if (updated && typeof updated === 'object' && 'id' in updated) mergeTrip(updated);
      invalidateQueries(tripHistoryKey(trip.id));
      toast.success(paid ? 'Marked paid.' : 'Marked unpaid.');
    } catch (e) {
      const conflict = conflictOf(e);
      if (conflict) {
        mergeTrip(conflict.trip);
        toast.error(`${conflict.message} It is now ${conflict.trip.paid ? 'paid' : 'unpaid'}.`, {
          title: 'This trip was changed by someone else',
        });
      } else {
        console.error(`Trip ${trip.id}: marking paid failed`, errorText(e));
        toast.error(serverMessage(e) ?? errorText(e), { title: 'Could not change the payment status.' });
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      checked={trip.paid}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      disabled={saving}
      label={trip.paid ? 'Paid' : 'Unpaid'}
      aria-label={`Paid: ${trip.destination}`}
      color="teal"
    />
  );
});

/** The Finance table: date, trip, requester, company, students, status, price and payment; a trip opens its details. */
export function FinanceTable({ trips }: { trips: TripDto[] }) {
  const { actor, openDetails } = useTripWorkflow();
  if (trips.length === 0) return <EmptyState>No trips found</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Trip</Table.Th>
            <Table.Th>Requester</Table.Th>
            <Table.Th>Bus company</Table.Th>
            <Table.Th>Students</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Payment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((trip) => (
            <Table.Tr key={trip.id} data-trip-id={trip.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTripDate(tripDate(trip))}</Table.Td>
              <Table.Td style={{ minWidth: 180 }}>
                <Text
                  size="sm"
                  fw={500}
                  component="button"
                  type="button"
                  onClick={() => openDetails(trip.id)}
                  style={{
                    background: 'none',
                    border: 0,
                    padding: 0,
                    cursor: 'pointer',
                    color: 'var(--mantine-color-anchor)',
                    textAlign: 'left',
                  }}
                >
                  {trip.destination}
                </Text>
                <Text size="xs" c="dimmed">
                  {displayType(trip)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{trip.createdBy}</Text>
                <Text size="xs" c="dimmed">
                  {trip.schoolName}
                </Text>
              </Table.Td>
              <Table.Td>{trip.busCompanyName ?? '—'}</Table.Td>
              <Table.Td>{trip.students}</Table.Td>
              <Table.Td>
                <TripStatusBadge status={trip.status} size="sm" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAed(tripPrice(trip))}
              </Table.Td>
              <Table.Td>
                <PaidToggle trip={trip} editable={Boolean(actor && canTrip(actor, trip, 'markPaid'))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
