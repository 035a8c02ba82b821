import { busIdentity } from '@contracts/fleet-rules';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import { Anchor, Badge, SimpleGrid, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/format';
import { CardList, RecordCard } from '../../components/record-cards';
import { useCards } from '../../components/responsive';
import { scrollRegion } from '../../components/scroll-region';
import { RequesterEmail } from './requester-email';
import { TripStatusBadge } from './trip-status-badge';
import { cancellationFeeText, displayType, formatAed, formatTripDate, tripPrice } from './trip-view';

/** What the trip details show of a trip: its fields, and the buses assigned to it. */

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children || '—'}</div>
    </div>
  );
}

/**
 * The buses assigned to a trip: a table on wide screens; on a phone one card per bus, whose driver's number can be
 * called with a tap. A six-column table in a phone's width hid the driver and the number behind a sideways scroll,
 * and on the day of travel the number is what a teacher at the gate looks for.
 */
export function AssignedBuses({ trip }: { trip: TripDto }) {
  const cards = useCards();
  if ((trip.buses ?? []).length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No buses assigned yet.
      </Text>
    );
  }
  if (cards) return <AssignedBusCards trip={trip} />;
  return (
    <Table.ScrollContainer minWidth={600} scrollAreaProps={scrollRegion('Assigned buses')}>
      <Table verticalSpacing={6} fz="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bus</Table.Th>
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
              <Table.Td fw={bus.busName ? 600 : undefined}>{bus.busName ? busIdentity(bus) : '—'}</Table.Td>
              <Table.Td>{bus.busType}</Table.Td>
              <Table.Td>{bus.busSeats}</Table.Td>
              <Table.Td>{bus.tripPrice != null ? formatAed(Number(bus.tripPrice)) : '—'}</Table.Td>
              <Table.Td>
                {bus.driverName || '—'}
                {bus.driverPhone ? (
                  <Text size="xs">
                    <DriverPhone phone={bus.driverPhone} size="xs" />
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {/* a bus without its own status falls back to the trip's */}
                <TripStatusBadge status={bus.status ?? trip.status} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AssignedBusCards({ trip }: { trip: TripDto }) {
  return (
    <CardList label="Assigned buses">
      {trip.buses.map((bus, i) => (
        <RecordCard
          key={i}
          title={bus.busName ? busIdentity(bus) : bus.busType}
          // a bus without its own status falls back to the trip's
          badges={<TripStatusBadge status={bus.status ?? trip.status} size="sm" />}
        >
          <Text size="sm">{busFacts(bus)}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Driver: {bus.driverName || '—'}
            {bus.driverPhone ? (
              <>
                {' · '}
                <DriverPhone phone={bus.driverPhone} size="sm" />
              </>
            ) : null}
          </Text>
        </RecordCard>
      ))}
    </CardList>
  );
}

/**
 * A driver's number, called with a tap or a click (`tel:`: a phone dials, a desktop hands it to its calling app).
 * Underlined: in dark its blue sits close to the text around it, and a link must not be told apart by colour alone.
 */
function DriverPhone({ phone, size }: { phone: string; size: 'xs' | 'sm' }) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size={size} underline="always">
      {phone}
    </Anchor>
  );
}

/** A card's second line: "White Bus · 35 seats · AED 1,200.00" (the type again only when the name stood first). */
function busFacts(bus: BusAssignment): string {
  const facts = [...(bus.busName ? [bus.busType] : []), `${bus.busSeats} seats`];
  if (bus.tripPrice != null) facts.push(formatAed(Number(bus.tripPrice)));
  return facts.join(' · ');
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
      {trip.budgetCode ? <Field label="Budget code">{trip.budgetCode}</Field> : null}
      {trip.distanceKm ? <Field label="Distance">{`${trip.distanceKm} km each way`}</Field> : null}
      {trip.cancellationFee ? <Field label="Cancellation fee">{cancellationFeeText(trip.cancellationFee)}</Field> : null}
      <Field label="Price">
        {formatAed(tripPrice(trip))}{' '}
        <Badge size="xs" variant="light" color={trip.paid ? 'teal' : 'gray'}>
          {trip.paid ? 'Paid' : 'Unpaid'}
        </Badge>
      </Field>
    </SimpleGrid>
  );
}
