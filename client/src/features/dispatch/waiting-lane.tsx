import { describeTripWindow as describeWindow } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { Badge, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { PresenceAvatars } from '../trips/presence-avatars';
import { tripTitle } from '../trips/trip-view';
import { useOpenTrip } from './board-actions';
import { daysOf, seriesCards, type SeriesWeek } from '../trips/trip-series';
import { passengersOf, TO_CONFIRM, untilDeparture, waitingReasons } from './board-layout';

/**
 * A card of the lane, standing for `trip` (a series' card for its first week): a press opens Assign Bus on it (or its
 * details, for a user who may not assign); red-bordered when `urgent`; who else has it open beside it.
 */
function WaitingCard({ trip, name, urgent, children }: { trip: TripDto; name: string; urgent: boolean; children: ReactNode }) {
  const open = useOpenTrip();
  const assigns = open.canAssign(trip);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" maw="100%">
      <UnstyledButton
        data-trip-id={trip.id}
        data-series-id={trip.seriesId ?? undefined}
        onClick={() => (assigns ? open.assign(trip) : open.details(trip))}
        aria-label={`${name}${assigns ? ', assign a bus' : ''}`}
        style={{
          border: `1px solid ${urgent ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          padding: '6px 10px',
          minWidth: 0,
        }}
      >
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {tripTitle(trip)}
        </Text>
        {children}
      </UnstyledButton>
      <PresenceAvatars tripId={trip.id} size="sm" />
    </Group>
  );
}

/** How soon a trip leaves, red once it needs a bus. */
const Departs = ({ trip, now }: { trip: TripDto; now: Date }) => (
  <Badge mt={4} size="sm" color={trip.needsBus ? 'red' : 'gray'} variant="light">
    {untilDeparture(trip, now)}
  </Badge>
);

/** One trip that needs a bus, with why and how soon it leaves. */
function TripWaiting({ trip, known, now }: { trip: TripDto; known: readonly TripDto[]; now: Date }) {
  const reasons = waitingReasons(trip, known);
  return (
    <WaitingCard
      trip={trip}
      urgent={trip.needsBus}
      name={`${tripTitle(trip)}, ${describeWindow(trip)}, ${reasons.join(', ')}, ${untilDeparture(trip, now)}`}
    >
      <Text size="xs" c="dimmed">
        {describeWindow(trip)} · {trip.schoolName} · {passengersOf(trip)} passengers
      </Text>
      {reasons.map((reason) => (
        <Text key={reason} size="xs" c="var(--mantine-color-red-text)" fw={600} data-testid="waiting-reason">
          {reason}
        </Text>
      ))}
      <Departs trip={trip} now={now} />
    </WaitingCard>
  );
}

/**
 * The weeks of one weekly series waiting alike (first departure first): without a bus, or with buses to confirm; how
 * many, from when to when, and how soon the first leaves. Choosing it opens Assign Bus on the first week, which offers
 * the same buses to the later weeks without, or to confirm those that have them.
 */
function SeriesWaiting({ weeks, now }: { weeks: TripDto[]; now: Date }) {
  const first = weeks[0];
  const span = `${weeks.length} weeks ${first.buses.length === 0 ? 'without a bus' : 'with buses to confirm'}: ${daysOf(weeks)}`;
  return (
    <WaitingCard
      trip={first}
      urgent={weeks.some((w) => w.needsBus)}
      name={`${tripTitle(first)}, ${span}, first ${describeWindow(first)}, ${untilDeparture(first, now)}`}
    >
      <Text size="xs" c="var(--mantine-color-red-text)" fw={600}>
        {span}
      </Text>
      <Text size="xs" c="dimmed">
        First {describeWindow(first)} · {first.schoolName} · {passengersOf(first)} passengers
      </Text>
      <Departs trip={first} now={now} />
    </WaitingCard>
  );
}

/**
 * The weeks of a series that share a card: those without a bus, and apart from them those with buses to confirm (each
 * kind has its own offer in Assign Bus). A week with a clash or a bus out of service is a card of its own.
 */
function waitingAlike(trip: TripDto): SeriesWeek | null {
  if (trip.seriesId === null) return null;
  if (trip.buses.length === 0) return trip;
  const reasons = waitingReasons(trip);
  return reasons.length === 1 && reasons[0] === TO_CONFIRM ? { ...trip, seriesId: `${trip.seriesId}:confirm` } : null;
}

/**
 * The trips that need a bus: accepted ones without a bus or with buses to confirm (the weeks of a weekly series waiting
 * alike together), and those whose bus or driver clashes with another trip or is out of service, each with why. Choosing one opens Assign Bus (or
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
          {seriesCards(trips, waitingAlike).map((weeks) =>
            weeks.length > 1 ? (
              <SeriesWaiting key={`series-${weeks[0].id}`} weeks={weeks} now={now} />
            ) : (
              <TripWaiting key={weeks[0].id} trip={weeks[0]} known={known} now={now} />
            ),
          )}
        </Group>
      )}
    </Paper>
  );
}
