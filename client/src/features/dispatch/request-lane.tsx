import { describeTripWindow } from '@contracts/fleet-rules';
import { changeText } from '@contracts/trip-changes';
import { describeSeries } from '@contracts/trip-series';
import type { TripDto } from '@contracts/trip-wire';
import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { BUTTON_LABELS, canTrip } from '../trips/trip-actions';
import { seriesCards } from '../trips/trip-series';
import { tripTitle } from '../trips/trip-view';
import { useTripWorkflow } from '../trips/trip-workflow';
import { mergeTrip } from '../trips/trips.api';
import { useOpenTrip } from './board-actions';
import { clashText, passengersOf } from './board-layout';

/** What a request asks of the company: its card's badge, the toast that tells of it live, and the company's answers. */
const KINDS = {
  new: { label: 'New request', toast: 'New trip request', color: 'blue', actions: ['accept', 'reject'] },
  edit: { label: 'Edit request', toast: 'Edit request', color: 'yellow', actions: ['accept', 'reject'] },
  cancel: { label: 'Cancel request', toast: 'Cancel request', color: 'grape', actions: ['approveCancel', 'declineCancel'] },
} as const;

/** The company's answers to a request, a status action each. */
type Answer = (typeof KINDS)[keyof typeof KINDS]['actions'][number];

/** The kind of request a trip in the lane is. */
export const requestKind = (trip: TripDto) => KINDS[trip.status === 'Cancel Requested' ? 'cancel' : trip.editRequest ? 'edit' : 'new'];

/** Whether a trip in the lane is a new request (not an edit or a cancellation request of a trip the company holds). */
export const isNewRequest = (trip: TripDto) => requestKind(trip) === KINDS.new;

/** A card's answers, side by side: the yes (Accept, Approve Cancel) filled green, the no light red. */
function Answers({ answers }: { answers: { label: string; name: string; yes: boolean; loading: boolean; onClick: () => void }[] }) {
  if (answers.length === 0) return null;
  return (
    <Group gap={6}>
      {answers.map(({ label, name, yes, loading, onClick }) => (
        <Button
          key={label}
          size="compact-sm"
          color={yes ? 'green' : 'red'}
          variant={yes ? 'filled' : 'light'}
          loading={loading}
          onClick={onClick}
          aria-label={name}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * One request: what, when, who and how many; an edit request says what it changes; beside it the company's answer:
 * Accept and Reject, or for a school's cancellation request Approve Cancel and Decline Request.
 */
function RequestCard({ trip, known }: { trip: TripDto; known: readonly TripDto[] }) {
  const open = useOpenTrip();
  const { actor, busy, press } = useTripWorkflow();
  const title = tripTitle(trip);
  const kind = requestKind(trip);
  const edit = trip.editRequest;
  const clashes = clashText(trip, known);
  const act = (action: Answer) => {
    // the workflow's details and conflict notice read the cached trip
    mergeTrip(trip);
    press(trip, action, { stay: true });
  };
  return (
    <Paper withBorder radius="md" p="xs" data-request-id={trip.id} style={{ minWidth: 0 }}>
      <Stack gap={4}>
        <UnstyledButton onClick={() => open.details(trip)} aria-label={`${title}, ${kind.label.toLowerCase()}, view details`}>
          <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Badge size="sm" variant="light" color={kind.color} style={{ flexShrink: 0 }}>
              {kind.label}
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
        <Answers
          answers={kind.actions
            .filter((action) => actor && canTrip(actor, trip, action))
            .map((action) => ({
              label: BUTTON_LABELS[action],
              name: `${BUTTON_LABELS[action]} ${title}`,
              yes: action === kind.actions[0],
              loading: busy === `${trip.id}:${action}`,
              onClick: () => act(action),
            }))}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The lane's cards in its order (newest first): the new requests of one weekly series together, with one answer for
 * them all; edit and cancellation requests stay a card each (each asks something of its own week).
 */
const requestCards = (trips: readonly TripDto[]): TripDto[][] => seriesCards(trips, (trip) => (isNewRequest(trip) ? trip : null));

/**
 * The new requests of one weekly series (first departure first): how many, on which days, when the first leaves, from
 * which school with how many; Accept all and Reject all ask, then answer every week at once ("Accept this and later
 * weeks" from the first); the title opens the first week, whose details list them all.
 */
function SeriesRequestCard({ weeks }: { weeks: TripDto[] }) {
  const open = useOpenTrip();
  const { actor, busy, decideSeries } = useTripWorkflow();
  const first = weeks[0];
  const title = tripTitle(first);
  const verdicts = [
    { verdict: 'accept', label: `Accept all ${weeks.length}` },
    { verdict: 'reject', label: `Reject all ${weeks.length}` },
  ] as const;
  return (
    <Paper withBorder radius="md" p="xs" data-request-id={first.id} data-series-id={first.seriesId} style={{ minWidth: 0 }}>
      <Stack gap={4}>
        <UnstyledButton onClick={() => open.details(first)} aria-label={`${title}, weekly request of ${weeks.length} trips, view details`}>
          <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Badge size="sm" variant="light" color={KINDS.new.color} style={{ flexShrink: 0 }}>
              Weekly request
            </Badge>
          </Group>
          <Text size="xs">{describeSeries(weeks)}</Text>
          <Text size="xs">
            First {describeTripWindow(first)} · {first.schoolName} · {passengersOf(first)} passengers
          </Text>
        </UnstyledButton>
        <Answers
          answers={verdicts
            .filter(({ verdict }) => actor && canTrip(actor, first, verdict))
            .map(({ verdict, label }) => ({
              label,
              name: `${label} weeks of ${title}`,
              yes: verdict === 'accept',
              loading: busy === `${first.id}:${verdict}Series`,
              onClick: () => decideSeries(first, weeks, verdict),
            }))}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The requests a dispatcher answers: new trips of partner schools (a weekly series' together), and edit and cancellation
 * requests of the company's trips, newest first.
 */
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
          {requestCards(trips).map((weeks) =>
            weeks.length > 1 ? (
              <SeriesRequestCard key={`series-${weeks[0].seriesId}`} weeks={weeks} />
            ) : (
              <RequestCard key={weeks[0].id} trip={weeks[0]} known={known} />
            ),
          )}
        </div>
      )}
    </Paper>
  );
}
