import { describeTripWindow as describeWindow } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { Badge, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { PresenceAvatars } from '../trips/presence-avatars';
import { tripTitle } from '../trips/trip-view';
import { useOpenTrip } from './board-actions';
import { passengersOf, seriesCards, untilDeparture, waitingReasons, weeksSpan } from './board-layout';

const cardStyle = (urgent: boolean) => ({
  border: `1px solid ${urgent ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-default-border)'}`,
  borderRadius: 'var(--mantine-radius-md)',
  padding: '6px 10px',
  minWidth: 0,
});

/** One trip that needs a bus, with why and how soon it leaves. */
function WaitingCard({ trip, known, now }: { trip: TripDto; known: readonly TripDto[]; now: Date }) {
  const open = useOpenTrip();
  const reasons = waitingReasons(trip, known);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" maw="100%">
      <UnstyledButton
        data-trip-id={trip.id}
        onClick={() => (open.canAssign(trip) ? open.assign(trip) : open.details(trip))}
        aria-label={`${tripTitle(trip)}, ${describeWindow(trip)}, ${reasons.join(', ')}, ${untilDeparture(trip, now)}${
          open.canAssign(trip) ? ', assign a bus' : ''
        }`}
        style={cardStyle(trip.needsBus)}
      >
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {tripTitle(trip)}
        </Text>
        <Text size="xs" c="dimmed">
          {describeWindow(trip)} · {trip.schoolName} · {passengersOf(trip)} passengers
        </Text>
        {reasons.map((reason) => (
          <Text key={reason} size="xs" c="var(--mantine-color-red-text)" fw={600} data-testid="waiting-reason">
            {reason}
          </Text>
        ))}
        <Badge mt={4} size="sm" color={trip.needsBus ? 'red' : 'gray'} variant="light">
          {untilDeparture(trip, now)}
        </Badge>
      </UnstyledButton>
      <PresenceAvatars tripId={trip.id} size="sm" />
    </Group>
  );
}

/**
 * The weeks of one weekly series without a bus (first departure first): how many, from when to when, and how soon the
 * first leaves. Choosing it opens Assign Bus on the first week, which offers the same buses to the later weeks without.
 */
function SeriesWaitingCard({ weeks, now }: { weeks: TripDto[]; now: Date }) {
  const open = useOpenTrip();
  const first = weeks[0];
  const urgent = weeks.some((w) => w.needsBus);
  const span = `${weeks.length} weeks without a bus: ${weeksSpan(weeks)}`;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" maw="100%">
      <UnstyledButton
        data-trip-id={first.id}
        data-series-id={first.seriesId}
        onClick={() => (open.canAssign(first) ? open.assign(first) : open.details(first))}
        aria-label={`${tripTitle(first)}, ${span}, first ${describeWindow(first)}, ${untilDeparture(first, now)}${
          open.canAssign(first) ? ', assign a bus' : ''
        }`}
        style={cardStyle(urgent)}
      >
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {tripTitle(first)}
        </Text>
        <Text size="xs" c="var(--mantine-color-red-text)" fw={600}>
          {span}
        </Text>
        <Text size="xs" c="dimmed">
          First {describeWindow(first)} · {first.schoolName} · {passengersOf(first)} passengers
        </Text>
        <Badge mt={4} size="sm" color={first.needsBus ? 'red' : 'gray'} variant="light">
          {untilDeparture(first, now)}
        </Badge>
      </UnstyledButton>
      <PresenceAvatars tripId={first.id} size="sm" />
    </Group>
  );
}

/**
 * The trips that need a bus: accepted ones without a bus (the weeks of a weekly series without one together), and those
 * whose bus or driver clashes with another trip or is out of service, each with why. Choosing one opens Assign Bus (or
 * the details, for a user who may not assign).
 */
export function WaitingLane({ trips, known, now }: { trips: TripDto[]; known: readonly TripDto[]; now: Date }) {
  const clashShown = known.some((t) => t.clashes.length > 0 || (t.outOfService ?? []).length > 0);
  return (
    <Paper withBorder radius="md" p="sm" mb="md" component="section" aria-labelledby="needs-bus-title">
      <Group gap="xs" mb="xs">
        <Title order={3} size="h4" id="needs-bus-title">
          Needs a bus
        </Title>
        <Badge color={trips.length ? 'red' : 'gray'} variant="light" aria-label={`${trips.length} waiting`}>
          {trips.length}
        </Badge>
      </Group>
      {trips.length === 0 ? (
        <Text size="sm" c="dimmed">
          {clashShown ? 'No trip is waiting for a bus.' : 'Every accepted trip has a bus.'}
        </Text>
      ) : (
        <Group gap="xs" align="stretch" data-testid="waiting-lane">
          {seriesCards(trips, (trip) => trip.buses.length === 0).map((weeks) =>
            weeks.length > 1 ? (
              <SeriesWaitingCard key={`series-${weeks[0].seriesId}`} weeks={weeks} now={now} />
            ) : (
              <WaitingCard key={weeks[0].id} trip={weeks[0]} known={known} now={now} />
            ),
          )}
        </Group>
      )}
    </Paper>
  );
}
