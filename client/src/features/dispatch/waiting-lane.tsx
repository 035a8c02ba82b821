import { describeTripWindow as describeWindow } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { Badge, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { PresenceAvatars } from '../trips/presence-avatars';
import { tripTitle } from '../trips/trip-view';
import { useOpenTrip } from './board-actions';
import { passengersOf, untilDeparture, waitingReasons } from './board-layout';

/**
 * The trips that need a bus: accepted ones without a bus, and those whose bus or driver clashes with another trip or
 * is out of service, each with why. Choosing one opens Assign Bus (or the details, for a user who may not assign).
 */
export function WaitingLane({ trips, known, now }: { trips: TripDto[]; known: readonly TripDto[]; now: Date }) {
  const open = useOpenTrip();
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
          {trips.map((trip) => {
            const reasons = waitingReasons(trip, known);
            return (
              <Group key={trip.id} gap={4} wrap="nowrap" align="flex-start" maw="100%">
                <UnstyledButton
                  data-trip-id={trip.id}
                  onClick={() => (open.canAssign(trip) ? open.assign(trip) : open.details(trip))}
                  aria-label={`${tripTitle(trip)}, ${describeWindow(trip)}, ${reasons.join(', ')}, ${untilDeparture(trip, now)}${
                    open.canAssign(trip) ? ', assign a bus' : ''
                  }`}
                  style={{
                    border: `1px solid ${trip.needsBus ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-default-border)'}`,
                    borderRadius: 'var(--mantine-radius-md)',
                    padding: '6px 10px',
                    minWidth: 0,
                  }}
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
          })}
        </Group>
      )}
    </Paper>
  );
}
