import { addDays, describeTripWindow as describeWindow, formatDay, localDate } from '@contracts/fleet-rules';
import type { LiveActor } from '@contracts/events';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParamPatch } from '../../app/search-params';
import { boardTripsOf } from '../trips/assign-availability';
import { errorText } from '../../api/http';
import { toast } from '../../app/toast';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { PresenceAvatars } from '../trips/presence-avatars';
import { TripStatusBadge } from '../trips/trip-status-badge';
import { cssColor, tripTitle } from '../trips/trip-view';
import { TripWorkflowProvider } from '../trips/trip-workflow';
import { useOpenTrip } from './board-actions';
import { tint } from './board-bar';
import { weekOf } from './board-data';
import { BoardGrid } from './board-grid';
import {
  assignmentText,
  BAR_LEGEND,
  barColor,
  boardDays,
  type BoardMode,
  dayWindow,
  layoutBoard,
  passengersOf,
  tripsOnDay,
  untilDeparture,
  waitingReasons,
} from './board-layout';
import { useBoard } from './dispatch.api';
import { onNewRequest } from './dispatch.live';
import { RequestLane } from './request-lane';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Re-renders every `ms` so "Departs in 3 h" stays true while the board is open. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The trips that need a bus: accepted ones without a bus, and those whose bus or driver clashes with another trip or
 * is out of service, each with why. Choosing one opens Assign Bus (or the details, for a user who may not assign).
 */
function WaitingLane({ trips, known, now }: { trips: TripDto[]; known: readonly TripDto[]; now: Date }) {
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

/** The colours of the bars, named. */
function BarLegend() {
  return (
    <Group gap={6} mb="xs" wrap="wrap" aria-label="Bar colours" role="list">
      {BAR_LEGEND.map(({ label, color }) => (
        <Text
          key={label}
          role="listitem"
          size="xs"
          px={6}
          style={{ background: tint(color), borderLeft: `4px solid ${cssColor(color)}`, borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {label}
        </Text>
      ))}
    </Group>
  );
}

/** The phone's board: a list per day (of the week, or the one day shown) of the trips running that day. */
export function BoardDayList({ board, mode, days }: { board: DispatchBoardDto; mode: BoardMode; days?: string[] }) {
  const open = useOpenTrip();
  const warnings = mode === 'driver' ? layoutBoard(board, 'driver').filter((row) => row.warning) : [];
  return (
    <Stack gap="md" data-testid="board-day-list">
      {warnings.map((row) => (
        <Alert key={row.key} color="orange" variant="light" p="xs">
          {row.label}: {row.warning}
        </Alert>
      ))}
      {(days ?? boardDays(board.from, board.to)).map((day) => {
        const trips = tripsOnDay(board, day);
        return (
          <section key={day} aria-labelledby={`day-${day}`} data-day={day}>
            <Title order={3} size="h5" id={`day-${day}`} mb={4} c={day === board.today ? 'blue' : undefined}>
              {formatDay(day)}
              {day === board.today ? ' · Today' : ''}
            </Title>
            {trips.length === 0 ? (
              <Text size="sm" c="dimmed">
                No trips.
              </Text>
            ) : (
              <Stack gap={6}>
                {trips.map((trip) => {
                  const clash = trip.clashes.length > 0;
                  return (
                    <Group key={trip.id} gap={6} wrap="nowrap" align="flex-start">
                      <UnstyledButton
                        data-trip-id={trip.id}
                        data-clash={clash || undefined}
                        onClick={() => open.details(trip)}
                        style={{
                          flex: 1,
                          minWidth: 0,
                          border: clash ? `1px solid ${cssColor('red')}` : '1px solid var(--mantine-color-default-border)',
                          borderLeftWidth: 4,
                          borderLeftColor: cssColor(barColor(trip)),
                          borderRadius: 'var(--mantine-radius-sm)',
                          padding: '6px 8px',
                        }}
                      >
                        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {tripTitle(trip)}
                          </Text>
                          <TripStatusBadge status={trip.status} size="sm" />
                        </Group>
                        <Text size="xs" c="dimmed">
                          {describeWindow(trip)} · {trip.schoolName} · {passengersOf(trip)} passengers
                        </Text>
                        <Text size="xs">{assignmentText(trip)}</Text>
                        {clash ? (
                          <Badge size="xs" color="red" variant="light">
                            Clash
                          </Badge>
                        ) : null}
                      </UnstyledButton>
                      <PresenceAvatars tripId={trip.id} size="sm" />
                    </Group>
                  );
                })}
              </Stack>
            )}
          </section>
        );
      })}
    </Stack>
  );
}

/** A new request pushed live by someone else: a toast that names it and opens it. */
function useRequestToasts() {
  const { profile } = useSession();
  const open = useOpenTrip();
  // the latest opener, without subscribing again on every render
  const details = useRef(open.details);
  details.current = open.details;
  const myId = profile?.id;
  useEffect(
    () =>
      onNewRequest((trip: TripDto, by: LiveActor | null) => {
        if (by?.id === myId) return;
        const what = trip.editRequest ? 'Edit request' : 'New trip request';
        const text = `${what}: ${tripTitle(trip)}, ${formatDay(trip.departureDate)}, ${trip.schoolName}, ${passengersOf(trip)} passengers`;
        toast.info(
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <span>{text}</span>
            <Button size="compact-xs" variant="light" onClick={() => details.current(trip)} style={{ flexShrink: 0 }}>
              View trip
            </Button>
          </Group>,
          { autoClose: 10_000 },
        );
      }),
    [myId],
  );
}

type Period = 'week' | 'day';

function Board() {
  const [params, change] = useSearchParamPatch();
  const { profile } = useSession();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const now = useNow(60_000);
  const today = localDate(now);
  const period: Period = params.get('period') === 'day' ? 'day' : 'week';
  const dayParam = params.get('day');
  const day = dayParam && DATE.test(dayParam) ? dayParam : today;
  const weekParam = params.get('week');
  // the day view reads the week it falls in, so moving between its days, or to the week, needs no new read
  const { from, to } = weekOf(period === 'day' ? day : weekParam && DATE.test(weekParam) ? weekParam : today);
  const companyId = Number(params.get('company')) || null;
  const mode: BoardMode = params.get('view') === 'drivers' ? 'driver' : 'bus';
  const { data: board, error, loading } = useBoard({ from, to, companyId });
  useRequestToasts();

  const window = useMemo(() => (board && period === 'day' ? dayWindow(tripsOnDay(board, day), day) : undefined), [board, period, day]);
  const known = useMemo(() => boardTripsOf(board), [board]);

  const fleetShown = board ? board.company !== null : true;
  const requestsShown = board !== undefined && board.company !== null && profile?.role !== 'trip_manager';
  return (
    <>
      <PageHeader title="Dispatch Board" description={board?.company ? board.company.name : undefined} />
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        {period === 'day' ? (
          <Group gap={6} wrap="wrap">
            <ActionIcon variant="default" size="lg" aria-label="Previous day" onClick={() => change({ day: addDays(day, -1) })}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" onClick={() => change({ day: null })} style={{ flexShrink: 0 }}>
              Today
            </Button>
            <ActionIcon variant="default" size="lg" aria-label="Next day" onClick={() => change({ day: addDays(day, 1) })}>
              <IconChevronRight size={18} />
            </ActionIcon>
            <Text fw={600} size="sm" aria-live="polite" data-testid="board-day">
              {formatDay(day, true)}
              {day === today ? ' · Today' : ''}
            </Text>
          </Group>
        ) : (
          <Group gap={6} wrap="wrap">
            <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => change({ week: addDays(from, -7) })}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" onClick={() => change({ week: null })} style={{ flexShrink: 0 }}>
              Today
            </Button>
            <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => change({ week: addDays(from, 7) })}>
              <IconChevronRight size={18} />
            </ActionIcon>
            <Text fw={600} size="sm" aria-live="polite" data-testid="board-week">
              {formatDay(from)} – {formatDay(to, true)}
            </Text>
          </Group>
        )}
        <Group gap="sm" wrap="wrap">
          {board && board.companies.length > 1 ? (
            <Select
              aria-label="Bus company"
              w={220}
              data={board.companies.map((c) => ({ value: String(c.id), label: c.name }))}
              value={board.company ? String(board.company.id) : null}
              onChange={(v) => v && change({ company: v })}
              allowDeselect={false}
            />
          ) : null}
          <SegmentedControl
            aria-label="Period"
            value={period}
            onChange={(v) =>
              v === 'day' ? change({ period: 'day', week: null }) : change({ period: null, day: null, week: weekOf(day).from })
            }
            data={[
              { value: 'week', label: 'Week' },
              { value: 'day', label: 'Today' },
            ]}
          />
          {fleetShown ? (
            <SegmentedControl
              aria-label="Rows"
              value={mode}
              onChange={(v) => change({ view: v === 'driver' ? 'drivers' : null })}
              data={[
                { value: 'bus', label: 'Buses' },
                { value: 'driver', label: 'Drivers' },
              ]}
            />
          ) : null}
        </Group>
      </Group>
      {loading && !board ? (
        <LoadingScreen text="Loading the board..." />
      ) : error || !board ? (
        <Alert color="red" title="Could not load the board">
          {errorText(error)}
        </Alert>
      ) : (
        <>
          {requestsShown ? <RequestLane trips={board.requests ?? []} known={known} /> : null}
          <WaitingLane trips={board.needsBus} known={known} now={now} />
          {isPhone ? (
            <BoardDayList board={board} mode={mode} days={period === 'day' ? [day] : undefined} />
          ) : (
            <>
              <BarLegend />
              <BoardGrid board={board} mode={mode} window={window} now={now} runSheetDate={period === 'day' ? day : today} />
            </>
          )}
        </>
      )}
    </>
  );
}

/**
 * The dispatch board at /dispatch: the requests to answer, the trips that need a bus, and the fleet's week or day.
 * Bars open the trip's details; waiting trips open Assign Bus.
 */
export function DispatchBoardPage() {
  return (
    <TripWorkflowProvider>
      <Board />
    </TripWorkflowProvider>
  );
}
