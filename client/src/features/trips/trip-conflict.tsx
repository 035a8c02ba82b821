import type { TripDto } from '@contracts/trip-wire';
import { Alert, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { displayType, formatAed, formatTripDate, tripPrice } from './trip-view';

/** One field that differs between the trip a person was looking at and the trip as it now is. */
export interface TripChange {
  label: string;
  before: string;
  after: string;
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const busesText = (t: TripDto) =>
  (t.buses ?? []).length === 0 ? 'None' : t.buses.map((b) => `${b.busType} (${b.busSeats} seats)`).join(', ');

const FIELDS: [label: string, read: (t: TripDto) => string][] = [
  ['Status', (t) => t.status],
  ['Trip type', (t) => displayType(t)],
  ['Origin', (t) => t.origin ?? ''],
  ['Destination', (t) => t.destination],
  ['Distance', (t) => (t.distanceKm === null ? 'None' : `${t.distanceKm} km each way`)],
  ['Departure', (t) => `${formatTripDate(t.departureDate)} ${t.departureTime}`.trim()],
  ['Return', (t) => `${formatTripDate(t.returnDate)} ${t.returnTime}`.trim()],
  ['Students', (t) => String(t.students)],
  ['Staff', (t) => (t.staff === null ? '—' : String(t.staff))],
  ['Booster seats', (t) => (t.boosterSeatsRequested ? String(t.boosterSeatCount) : 'None')],
  ['Notes', (t) => t.notes ?? ''],
  ['Bus company', (t) => t.busCompanyName ?? '—'],
  ['Buses', busesText],
  ['Price', (t) => formatAed(tripPrice(t))],
  ['Paid', (t) => yesNo(t.paid)],
  ['Edit request', (t) => yesNo(t.editRequest)],
  ['Cancel request', (t) => yesNo(t.cancelRequest)],
];

/** What changed between two readings of a trip, as a person reads it. */
export function tripChanges(before: TripDto, after: TripDto): TripChange[] {
  return FIELDS.map(([label, read]) => ({ label, before: read(before), after: read(after) })).filter((c) => c.before !== c.after);
}

/**
 * Someone else changed the trip first (a 409, docs/domain.md "Concurrency and history"). Says what changed and leaves the choice to the
 * person (the actions), so their own edit is never dropped silently.
 */
export function TripConflictAlert({
  title = 'This trip was changed by someone else',
  message,
  before,
  current,
  actions,
}: {
  title?: string;
  message?: string;
  before: TripDto;
  current: TripDto;
  actions?: ReactNode;
}) {
  const changes = tripChanges(before, current);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Text size="sm">{message ?? 'Review the current trip before you go on.'}</Text>
      {changes.length > 0 ? (
        <List size="sm" mt={6} spacing={2}>
          {changes.map((c) => (
            <List.Item key={c.label}>
              <Text span size="sm" fw={600}>
                {c.label}:
              </Text>{' '}
              <Text span size="sm" td="line-through" c="dimmed">
                {c.before || '—'}
              </Text>{' '}
              → {c.after || '—'}
            </List.Item>
          ))}
        </List>
      ) : null}
      {actions ? (
        <Group gap="xs" mt="sm">
          {actions}
        </Group>
      ) : null}
    </Alert>
  );
}
