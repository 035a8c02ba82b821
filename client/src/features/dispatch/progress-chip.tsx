import type { BusProgressDto } from '@contracts/progress-wire';
import type { TripDto } from '@contracts/trip-wire';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconBus, IconClock, IconClockQuestion, IconHomeCheck, IconRoute, type TablerIcon } from '@tabler/icons-react';
import { cssColor } from '../trips/trip-view';
import {
  lateColor,
  PHASE_COLORS,
  PHASE_LEGEND,
  type ProgressPhase,
  phaseOf,
  plannedVsActual,
  progressState,
  underway,
} from './progress-view';

/** One icon per phase, beside its words: a colour is never the only sign (a late bus carries the alert triangle). */
export const PHASE_ICONS: Readonly<Record<ProgressPhase, TablerIcon>> = {
  waiting: IconClock,
  onTheWay: IconBus,
  travelling: IconRoute,
  returned: IconHomeCheck,
  late: IconAlertTriangle,
};

/**
 * A small label in the light look of a colour (its pale shade behind, its deep shade on it: the pair the theme makes
 * readable), with an icon; drawn inside a bar, so it is plain markup and hidden from the accessible name it repeats.
 */
function Chip({ color, icon: Icon, text, phase }: { color: string; icon: TablerIcon; text: string; phase: string }) {
  return (
    <span
      data-phase={phase}
      style={{
        flex: 'none',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 2,
        padding: '0 4px',
        lineHeight: '16px',
        fontWeight: 700,
        borderRadius: 'var(--mantine-radius-sm)',
        background: `var(--mantine-color-${color}-light)`,
        color: `var(--mantine-color-${color}-light-color)`,
        border: `1px solid ${cssColor(color)}`,
      }}
    >
      <Icon size={12} aria-hidden />
      {text}
    </span>
  );
}

/**
 * A bus's colour and icon: its phase's, but a driver yet to acknowledge is not a late bus: orange, with the clock's
 * question mark, as the week's "No ack" (red and the alert triangle are for a bus that is late).
 */
function lookOf(progress: BusProgressDto): { color: string; icon: TablerIcon } {
  if (progress.late === 'acknowledge') return { color: lateColor(progress.late), icon: IconClockQuestion };
  const phase = phaseOf(progress);
  return { color: PHASE_COLORS[phase], icon: PHASE_ICONS[phase] };
}

/** The Today view's word for where a bar's bus is: "At pickup", "Late departure", "Returned", "Not acknowledged". */
export function ProgressChip({ progress }: { progress: BusProgressDto }) {
  const { color, icon } = lookOf(progress);
  return <Chip color={color} icon={icon} text={progressState(progress)} phase={phaseOf(progress)} />;
}

/**
 * The week's mark on a bar whose bus is late, or on its way; nothing before the day or once back. A driver who has not
 * acknowledged a trip due within hours is not late: that bar says "No ack", in orange, so that a trip still hours away
 * does not read "Late" (its accessible name and card say "Not acknowledged" in full; a week's bar has room for a word).
 */
export function WeekMarker({ progress }: { progress: BusProgressDto }) {
  if (progress.late === 'acknowledge') return <Chip color={lateColor(progress.late)} icon={IconClockQuestion} text="No ack" phase="late" />;
  if (progress.late) return <Chip color="red" icon={IconAlertTriangle} text="Late" phase="late" />;
  if (underway(progress)) return <Chip color="blue" icon={IconBus} text="In progress" phase={phaseOf(progress)} />;
  return null;
}

/** What a bar says of its bus: the step in the Today view, the week's mark otherwise. */
export function BarMark({ progress, day }: { progress: BusProgressDto; day: boolean }) {
  return day ? <ProgressChip progress={progress} /> : <WeekMarker progress={progress} />;
}

/** The bar card's lines on the bus: where it is, then planned against actual ("Planned 09:15 AM · Departed 09:22 AM"). */
export function ProgressFacts({ trip, progress }: { trip: TripDto; progress: BusProgressDto }) {
  const { color, icon: Icon } = lookOf(progress);
  return (
    <div data-testid="bar-progress">
      <Group gap={4} wrap="nowrap">
        <Icon size={14} aria-hidden color={cssColor(color)} style={{ flex: 'none' }} />
        <Text size="xs" fw={700} c={progress.late ? `var(--mantine-color-${lateColor(progress.late)}-text)` : undefined}>
          {progressState(progress)}
        </Text>
      </Group>
      <Text size="xs">{plannedVsActual(trip, progress).join(' · ')}</Text>
    </div>
  );
}

/** The Today view's legend of the bus phases, beside the status colours. */
export function PhaseLegend() {
  return (
    <Group gap={6} mb="xs" wrap="wrap" aria-label="Bus progress colours" role="list">
      {PHASE_LEGEND.map(({ phase, label }) => {
        const Icon = PHASE_ICONS[phase];
        return (
          <Text
            key={phase}
            role="listitem"
            size="xs"
            px={6}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 4,
              background: `var(--mantine-color-${PHASE_COLORS[phase]}-light)`,
              borderLeft: `4px solid ${cssColor(PHASE_COLORS[phase])}`,
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Icon size={12} aria-hidden />
            {label}
          </Text>
        );
      })}
    </Group>
  );
}
