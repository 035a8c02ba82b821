import { describeTripWindow as describeWindow, formatDay } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { Alert, Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { PresenceAvatars } from '../trips/presence-avatars';
import { TripStatusBadge } from '../trips/trip-status-badge';
import { cssColor, tripTitle } from '../trips/trip-view';
import { useOpenTrip } from './board-actions';
import { assignmentText, barColor, boardDays, type BoardMode, layoutBoard, passengersOf, tripsOnDay } from './board-layout';
import { ProgressChip } from './progress-chip';
import { busHeading, plannedVsActual, showsProgress } from './progress-view';

/** Where each bus of a trip is on its day, one line per bus: "At pickup · Bus 7 · Omar Haddad · Planned 09:15 AM · …". */
function BusesOnTheDay({ trip, today }: { trip: TripDto; today: string }) {
  const shown = (trip.progress ?? []).filter((p) => showsProgress(trip, p, today));
  return shown.map((p) => (
    <Group key={p.driverId} gap={4} wrap="wrap" mt={2} data-progress-driver={p.driverId}>
      <ProgressChip progress={p} />
      <Text size="xs">{[busHeading(p), ...plannedVsActual(trip, p)].join(' · ')}</Text>
    </Group>
  ));
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
                        <BusesOnTheDay trip={trip} today={board.today} />
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
