import { addDays, describeTripWindow, formatDay, localDate } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import {
  ActionIcon,
  Alert,
  Anchor,
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
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/http';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { canTrip } from '../trips/trip-actions';
import { TripStatusBadge } from '../trips/trip-status-badge';
import { cssColor, statusColor, tripTitle } from '../trips/trip-view';
import { TripWorkflowProvider, useTripWorkflow } from '../trips/trip-workflow';
import { mergeTrip } from '../trips/trips.api';
import { weekOf } from './board-data';
import {
  assignmentText,
  type BoardBar,
  boardDays,
  type BoardMode,
  type BoardRow,
  layoutBoard,
  tripsOnDay,
  untilDeparture,
} from './board-layout';
import { useTripPresence } from '../../api/presence';
import { useSession } from '../auth/session-context';
import { PresenceAvatars } from '../trips/presence-avatars';
import { othersOn } from '../trips/trip-presence';
import { useBoard } from './dispatch.api';
import { Modal } from '../../components/error-boundaries';

const LANE_HEIGHT = 30;
const ROW_HEAD = 220;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The light tint of a status colour as a bar's background, its full colour as the bar's edge. */
const tint = (color: string) => `var(--mantine-color-${color.split('.')[0]}-light)`;

/** Re-renders every `ms` so "Departs in 3 h" stays true while the board is open. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Opens a trip the board shows: its details, or Assign Bus for a waiting trip the user may assign. */
function useOpenTrip() {
  const { actor, openDetails, press } = useTripWorkflow();
  return {
    canAssign: (trip: TripDto) => actor !== null && canTrip(actor, trip, 'assignBuses'),
    details: (trip: TripDto) => {
      // the details modal reads the cached trip list; a trip older than its first page joins it here
      mergeTrip(trip);
      openDetails(trip.id);
    },
    assign: (trip: TripDto, busId?: number) => {
      mergeTrip(trip);
      press(trip, 'assignBuses', { busId });
    },
  };
}

function WaitingLane({ trips, now }: { trips: TripDto[]; now: Date }) {
  const open = useOpenTrip();
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
          Every accepted trip has a bus.
        </Text>
      ) : (
        <Group gap="xs" align="stretch" data-testid="waiting-lane">
          {trips.map((trip) => (
            <Group key={trip.id} gap={4} wrap="nowrap" align="flex-start" maw="100%">
              <UnstyledButton
                data-trip-id={trip.id}
                onClick={() => (open.canAssign(trip) ? open.assign(trip) : open.details(trip))}
                aria-label={`${tripTitle(trip)}, ${describeTripWindow(trip)}, ${untilDeparture(trip, now)}${
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
                  {describeTripWindow(trip)} · {trip.schoolName} · {trip.students + (trip.staff ?? 0)} passengers
                </Text>
                <Badge mt={4} size="sm" color={trip.needsBus ? 'red' : 'gray'} variant="light">
                  {untilDeparture(trip, now)}
                </Badge>
              </UnstyledButton>
              <PresenceAvatars tripId={trip.id} size="sm" />
            </Group>
          ))}
        </Group>
      )}
    </Paper>
  );
}

/**
 * A bar is a plain button (no Mantine wrapper, no tooltip component: a week can hold hundreds); its title gives the
 * whole trip on hover, its name the same to a screen reader.
 */
function Bar({ bar, onOpen }: { bar: BoardBar; onOpen: (trip: TripDto) => void }) {
  return (
    <button
      type="button"
      className="mantine-focus-auto"
      data-trip-id={bar.trip.id}
      data-color={bar.color}
      data-clash={bar.clash || undefined}
      aria-label={bar.label}
      title={`${bar.label} · ${assignmentText(bar.trip)}`}
      onClick={() => onOpen(bar.trip)}
      style={{
        position: 'absolute',
        left: `${bar.left}%`,
        width: `${bar.width}%`,
        top: 4 + bar.lane * LANE_HEIGHT,
        height: LANE_HEIGHT - 4,
        background: tint(bar.color),
        border: 0,
        borderLeft: `4px solid ${cssColor(bar.color)}`,
        outline: bar.clash ? `2px solid ${cssColor('red')}` : undefined,
        borderRadius: 'var(--mantine-radius-sm)',
        padding: '0 6px',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
        textAlign: 'left',
        cursor: 'pointer',
        font: 'inherit',
        fontSize: 'var(--mantine-font-size-xs)',
        lineHeight: `${LANE_HEIGHT - 4}px`,
        color: 'var(--mantine-color-text)',
      }}
    >
      {bar.clash ? <IconAlertTriangle size={12} aria-hidden style={{ marginRight: 4, verticalAlign: -1 }} /> : null}
      {tripTitle(bar.trip)}
    </button>
  );
}

/**
 * Issue 16 on the board: who else has this bar's trip open, as avatars at the bar's right end. A sibling of the bar
 * (a button may not hold the avatars' own focus stops); nothing at all while nobody else is on the trip.
 */
function BarPresence({ bar }: { bar: BoardBar }) {
  const { profile } = useSession();
  const others = othersOn(useTripPresence(bar.trip.id), profile?.id);
  if (others.length === 0) return null;
  return (
    <div
      style={{
        position: 'absolute',
        left: `${bar.left + bar.width}%`,
        top: 4 + bar.lane * LANE_HEIGHT + 3,
        transform: 'translateX(calc(-100% - 4px))',
        zIndex: 1,
      }}
    >
      <PresenceAvatars tripId={bar.trip.id} size={LANE_HEIGHT - 10} />
    </div>
  );
}

/** A bus row's "+": cheap on every row; the one picker it opens lists the trips waiting for a bus. */
function AddToRow({ row, waiting, onPick }: { row: BoardRow; waiting: TripDto[]; onPick: (row: BoardRow) => void }) {
  const open = useOpenTrip();
  if (row.id === null || !waiting.some(open.canAssign)) return null;
  return (
    <ActionIcon variant="subtle" size="sm" aria-label={`Assign a waiting trip to ${row.label}`} onClick={() => onPick(row)}>
      <IconPlus size={14} />
    </ActionIcon>
  );
}

/** Which waiting trip the row's bus should take: choosing one opens Assign Bus with that bus chosen. */
function WaitingPicker({ row, waiting, onClose }: { row: BoardRow | null; waiting: TripDto[]; onClose: () => void }) {
  const open = useOpenTrip();
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `A trip for ${row.label}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm" c="dimmed" mb="xs">
        Trips waiting for a bus:
      </Text>
      <Stack gap={4}>
        {waiting.filter(open.canAssign).map((trip) => (
          <Button
            key={trip.id}
            variant="default"
            justify="flex-start"
            fullWidth
            onClick={() => {
              onClose();
              if (row?.id != null) open.assign(trip, row.id);
            }}
          >
            {tripTitle(trip)} · {formatDay(trip.departureDate)} {trip.departureTime}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}

const dayLines =
  'repeating-linear-gradient(to right, transparent 0, transparent calc(100% / 7 - 1px), var(--mantine-color-default-border) calc(100% / 7 - 1px), var(--mantine-color-default-border) calc(100% / 7))';

/** The week grid: one row per bus (or driver), days across, a bar per trip from departure to return. */
export function BoardGrid({ board, mode }: { board: DispatchBoardDto; mode: BoardMode }) {
  const rows = useMemo(() => layoutBoard(board, mode), [board, mode]);
  const open = useOpenTrip();
  const [picking, setPicking] = useState<BoardRow | null>(null);
  const days = boardDays(board.from, board.to);
  const cols = `repeat(${days.length}, 1fr)`;
  const lines = days.length === 7 ? dayLines : undefined;
  if (rows.length === 0) {
    return (
      <EmptyState
        action={
          board.company ? (
            <Anchor component={Link} to="/fleet" size="sm">
              Open Fleet
            </Anchor>
          ) : undefined
        }
      >
        {board.company ? `${board.company.name} has no ${mode === 'bus' ? 'buses' : 'drivers'} yet.` : 'No trips with buses this week.'}
      </EmptyState>
    );
  }
  return (
    <div
      role="region"
      aria-label={mode === 'bus' ? 'Week by bus' : 'Week by driver'}
      tabIndex={0}
      style={{ overflowX: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <div style={{ minWidth: 820 }} data-testid="board-grid">
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `${ROW_HEAD}px 1fr`,
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Text size="xs" fw={700} p={6} c="dimmed">
            {mode === 'bus' ? 'Bus' : 'Driver'} · days 06:00–20:00
          </Text>
          <div style={{ display: 'grid', gridTemplateColumns: cols }}>
            {days.map((day) => (
              <Text
                key={day}
                size="xs"
                fw={day === board.today ? 700 : 500}
                p={6}
                ta="center"
                c={day === board.today ? 'blue' : undefined}
                data-day={day}
                aria-current={day === board.today ? 'date' : undefined}
              >
                {formatDay(day)}
              </Text>
            ))}
          </div>
        </div>
        {rows.map((row) => (
          <div
            key={row.key}
            role="group"
            aria-label={row.label}
            data-row={row.key}
            style={{
              display: 'grid',
              gridTemplateColumns: `${ROW_HEAD}px 1fr`,
              borderBottom: '1px solid var(--mantine-color-default-border)',
            }}
          >
            <Group gap={4} p={6} wrap="nowrap" align="flex-start" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {row.label}
                </Text>
                {row.detail ? (
                  <Text size="xs" c="dimmed" truncate>
                    {row.detail}
                  </Text>
                ) : null}
                {row.warning ? (
                  <Badge size="xs" color="orange" variant="light" data-testid="licence-warning">
                    {row.warning}
                  </Badge>
                ) : null}
              </div>
              {mode === 'bus' ? <AddToRow row={row} waiting={board.needsBus} onPick={setPicking} /> : null}
            </Group>
            <div style={{ position: 'relative', height: row.lanes * LANE_HEIGHT + 8, backgroundImage: lines }}>
              {row.bars.map((bar) => (
                <Fragment key={bar.key}>
                  <Bar bar={bar} onOpen={open.details} />
                  <BarPresence bar={bar} />
                </Fragment>
              ))}
            </div>
          </div>
        ))}
      </div>
      <WaitingPicker row={picking} waiting={board.needsBus} onClose={() => setPicking(null)} />
    </div>
  );
}

/** The phone's board: a list per day of the trips running that day. */
export function BoardDayList({ board, mode }: { board: DispatchBoardDto; mode: BoardMode }) {
  const open = useOpenTrip();
  const warnings = mode === 'driver' ? layoutBoard(board, 'driver').filter((row) => row.warning) : [];
  return (
    <Stack gap="md" data-testid="board-day-list">
      {warnings.map((row) => (
        <Alert key={row.key} color="orange" variant="light" p="xs">
          {row.label}: {row.warning}
        </Alert>
      ))}
      {boardDays(board.from, board.to).map((day) => {
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
                          borderLeftColor: cssColor(clash ? 'red' : statusColor(trip.status, 'calendar')),
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
                          {describeTripWindow(trip)}
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

function Board() {
  const [params, setParams] = useSearchParams();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const now = useNow(60_000);
  const weekParam = params.get('week');
  const { from, to } = weekOf(weekParam && DATE.test(weekParam) ? weekParam : localDate());
  const companyId = Number(params.get('company')) || null;
  const mode: BoardMode = params.get('view') === 'drivers' ? 'driver' : 'bus';
  const { data: board, error, loading } = useBoard({ from, to, companyId });

  const change = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const fleetShown = board ? board.company !== null : true;
  return (
    <>
      <PageHeader title="Dispatch Board" description={board?.company ? board.company.name : undefined} />
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
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
          <WaitingLane trips={board.needsBus} now={now} />
          {isPhone ? <BoardDayList board={board} mode={mode} /> : <BoardGrid board={board} mode={mode} />}
        </>
      )}
    </>
  );
}

/** issue 15 item 4: the dispatch board at /dispatch. Bars open the trip's details; waiting trips open Assign Bus. */
export function DispatchBoardPage() {
  return (
    <TripWorkflowProvider>
      <Board />
    </TripWorkflowProvider>
  );
}
