import { describeTripWindow } from '@contracts/fleet-rules';
import { changeText } from '@contracts/trip-changes';
import type { TripDto } from '@contracts/trip-wire';
import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { canTrip } from '../trips/trip-actions';
import { tripTitle } from '../trips/trip-view';
import { useTripWorkflow } from '../trips/trip-workflow';
import { mergeTrip } from '../trips/trips.api';
import { useOpenTrip } from './board-actions';
import { clashText, passengersOf } from './board-layout';

/** One request: what, when, who and how many; an edit request says what it changes; Accept and Reject beside it. */
function RequestCard({ trip, known }: { trip: TripDto; known: readonly TripDto[] }) {
  const open = useOpenTrip();
  const { actor, busy, press } = useTripWorkflow();
  const title = tripTitle(trip);
  const edit = trip.editRequest;
  const clashes = clashText(trip, known);
  const act = (action: 'accept' | 'reject') => {
    // the workflow's details and conflict notice read the cached trip
    mergeTrip(trip);
    press(trip, action, { stay: true });
  };
  return (
    <Paper withBorder radius="md" p="xs" data-request-id={trip.id} style={{ minWidth: 0 }}>
      <Stack gap={4}>
        <UnstyledButton onClick={() => open.details(trip)} aria-label={`${title}, ${edit ? 'edit request' : 'new request'}, view details`}>
          <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Badge size="sm" variant="light" color={edit ? 'yellow' : 'blue'} style={{ flexShrink: 0 }}>
              {edit ? 'Edit request' : 'New request'}
            </Badge>
          </Group>
          <Text size="xs">
            {describeTripWindow(trip)} · {trip.schoolName} · {passengersOf(trip)} passengers
          </Text>
        </UnstyledButton>
        {edit && trip.requestedChanges.length > 0 ? (
          <Stack gap={0} component="ul" style={{ margin: 0, paddingLeft: 16 }} aria-label="Changes asked for">
            {trip.requestedChanges.map((change) => (
              <Text key={change.field} component="li" size="xs">
                {changeText(change)}
              </Text>
            ))}
          </Stack>
        ) : null}
        {clashes.map((text) => (
          <Text key={text} size="xs" c="var(--mantine-color-red-text)" fw={600}>
            {text}
          </Text>
        ))}
        {actor ? (
          <Group gap={6}>
            {canTrip(actor, trip, 'accept') ? (
              <Button
                size="compact-sm"
                color="green"
                loading={busy === `${trip.id}:accept`}
                onClick={() => act('accept')}
                aria-label={`Accept ${title}`}
              >
                Accept
              </Button>
            ) : null}
            {canTrip(actor, trip, 'reject') ? (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                loading={busy === `${trip.id}:reject`}
                onClick={() => act('reject')}
                aria-label={`Reject ${title}`}
              >
                Reject
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The requests a dispatcher answers: new trips of partner schools and edit requests of the company's trips, newest first. */
export function RequestLane({ trips, known }: { trips: readonly TripDto[]; known: readonly TripDto[] }) {
  return (
    <Paper withBorder radius="md" p="sm" mb="md" component="section" aria-labelledby="requests-title">
      <Group gap="xs" mb="xs">
        <Title order={3} size="h4" id="requests-title">
          Requests
        </Title>
        <Badge color={trips.length ? 'blue' : 'gray'} variant="light" aria-label={`${trips.length} requests`}>
          {trips.length}
        </Badge>
      </Group>
      {trips.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requests waiting.
        </Text>
      ) : (
        <div
          data-testid="request-lane"
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-xs)',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {trips.map((trip) => (
            <RequestCard key={trip.id} trip={trip} known={known} />
          ))}
        </div>
      )}
    </Paper>
  );
}
