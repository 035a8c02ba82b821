import { localDate } from '@contracts/calendar';
import { LATE_LABELS, STEP_LABELS } from '@contracts/progress-rules';
import type { BusProgressDto, ProgressStepDto } from '@contracts/progress-wire';
import type { TripDto } from '@contracts/trip-wire';
import { Alert, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconUsers } from '@tabler/icons-react';
import { PHASE_ICONS } from '../dispatch/progress-chip';
import { useSession } from '../auth/session-context';
import {
  busHeading,
  lateColor,
  PHASE_COLORS,
  passengersWords,
  phaseOf,
  progressAsSeenBy,
  progressState,
  stepClock,
  stepPhase,
} from '../dispatch/progress-view';

/** A step gets a "sent at" when it reached the server this long after the tap (the phone was offline). */
const SENT_LATE_MS = 5 * 60_000;

/** "Departed 08:04 with 38 passengers", the note in quotes; the device's time, with the day when not the trip's. */
function stepLine(s: ProgressStepDto, tripDay: string): string {
  const note = s.note ? ` “${s.note}”` : '';
  return `${STEP_LABELS[s.step]} ${stepClock(s.at, tripDay)}${passengersWords(s)}${note}`;
}

/** One step of a bus: struck through with "(undone)" when taken back (the words, not the line, tell a screen reader). */
function StepItem({ step, tripDay }: { step: ProgressStepDto; tripDay: string }) {
  const sentLate = Date.parse(step.receivedAt) - Date.parse(step.at) > SENT_LATE_MS;
  const line = stepLine(step, tripDay);
  const Icon = step.undoneAt ? IconArrowBackUp : PHASE_ICONS[stepPhase(step.step)];
  return (
    <List.Item
      data-step={step.step}
      data-undone={step.undoneAt ? true : undefined}
      icon={<Icon size={14} aria-hidden style={{ display: 'block' }} />}
    >
      <Text size="sm" span c={step.undoneAt ? 'dimmed' : undefined}>
        {step.undoneAt ? (
          <>
            <s>{line}</s> (undone)
          </>
        ) : (
          line
        )}
      </Text>
      {sentLate ? (
        <Text size="xs" c="dimmed" span>
          {' '}
          · sent {stepClock(step.receivedAt, tripDay)}
        </Text>
      ) : null}
    </List.Item>
  );
}

/** One bus of the trip: who drives it, where it is now (late in red, not acknowledged in orange), and every step its driver tapped. */
function BusDay({ trip, progress }: { trip: TripDto; progress: BusProgressDto }) {
  const phase = phaseOf(progress);
  const heading = busHeading(progress);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={heading} data-progress-driver={progress.driverId}>
      <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
        <Text fw={600} size="sm">
          {heading}
        </Text>
        {progress.late ? (
          <Badge color={lateColor(progress.late)} variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
            {LATE_LABELS[progress.late]}
          </Badge>
        ) : (
          <Badge color={PHASE_COLORS[phase]} variant="light">
            {progressState(progress)}
          </Badge>
        )}
      </Group>
      {progress.steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      ) : (
        <List spacing={2} size="sm" listStyleType="none" aria-label={`Steps of ${heading}`}>
          {progress.steps.map((s) => (
            <StepItem key={s.id} step={s} tripDay={trip.departureDate} />
          ))}
        </List>
      )}
    </Paper>
  );
}

/** "Departed with 38 passengers; the passenger list has 40." */
const departureCountText = ({ counted, listed }: { counted: number; listed: number }) =>
  `Departed with ${counted} passenger${counted === 1 ? '' : 's'}; the passenger list has ${listed}.`;

/**
 * A trip's day of travel in its details, live (docs/domain.md, "The day of travel"): one card per bus whose driver
 * reports, and a warning when the buses counted more or fewer passengers than the list. Shown from the day of travel,
 * or earlier once a driver has tapped or a bus is late (not acknowledged in time); nothing for a trip whose buses have
 * no fleet driver.
 */
export function BusTimeline({ trip: given }: { trip: TripDto }) {
  const { profile } = useSession();
  const trip = progressAsSeenBy(given, profile?.role);
  const buses = trip.progress ?? [];
  const begun = trip.departureDate <= localDate() || buses.some((p) => p.steps.length > 0 || p.late !== null);
  if (buses.length === 0 || !begun) return null;
  return (
    <div data-testid="bus-timeline">
      <Title order={5} mb={6}>
        On the day
      </Title>
      <Stack gap="xs">
        {trip.departureCount ? (
          <Alert color="orange" variant="light" title="Departure count differs" icon={<IconUsers size={18} aria-hidden />}>
            {departureCountText(trip.departureCount)}
          </Alert>
        ) : null}
        {buses.map((p) => (
          <BusDay key={p.driverId} trip={trip} progress={p} />
        ))}
      </Stack>
    </div>
  );
}
