import { busAndDriver, describeTripWindow } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { Popover, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, memo } from 'react';
import { useTripPresence } from '../../api/presence';
import { useSession } from '../auth/session-context';
import { PresenceAvatars } from '../trips/presence-avatars';
import { othersOn, presenceLabel } from '../trips/trip-presence';
import { cssColor, tripTitle } from '../trips/trip-view';
import type { BusProgressDto } from '@contracts/progress-wire';
import { type BoardBar, clashText, clock, passengersOf, statusText } from './board-layout';
import { BarMark, ProgressFacts } from './progress-chip';

export const LANE_HEIGHT = 30;

/** The light tint of a colour as a bar's background (dark text stays readable on it), its full colour as the bar's edge. */
export const tint = (color: string) => `var(--mantine-color-${color.split('.')[0]}-light)`;

const barDomId = (bar: BoardBar) => `bar-${bar.key.replace(/[^a-zA-Z0-9-]/g, '-')}`;
export const cardDomId = 'board-bar-card';

export interface BarHandlers {
  onOpen: (trip: TripDto) => void;
  /** Hover or keyboard focus: show the bar's card (null: hide it). */
  onShow: (bar: BoardBar | null, at: 'hover' | 'focus') => void;
  /** "M" on the focused bar: the keyboard's way to move it. */
  onMoveKey: (bar: BoardBar) => void;
  /** The bar is in the air: its card closes at once (the press focused the bar, and an open card would cover rows). */
  onDragStart: (bar: BoardBar) => void;
  onDragEnd: () => void;
}

/** What a bar reads: the time, the destination, the school and the passengers; the school gives way first when narrow. */
function BarText({ trip, day }: { trip: TripDto; day: boolean }) {
  const time = day ? `${clock(trip.departureTime)}–${clock(trip.returnTime)}` : clock(trip.departureTime);
  return (
    <>
      <span style={{ flex: 'none', fontWeight: 700 }}>{time}</span>
      <span style={{ flex: '0 1 auto', minWidth: '3ch', overflow: 'hidden', textOverflow: 'ellipsis' }}>{tripTitle(trip)}</span>
      <span style={{ flex: 'none', display: 'inline-flex', alignItems: 'center', gap: 2 }}>
        · <IconUsers size={11} aria-hidden />
        {passengersOf(trip)}
      </span>
      <span style={{ flex: '0 100 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>· {trip.schoolName}</span>
    </>
  );
}

/**
 * A bar is a plain button (no Mantine wrapper: a week can hold hundreds); the board shows one shared card for the bar
 * hovered or focused. Its accessible name gives the whole trip, its description who else has it open.
 */
export const Bar = memo(function Bar({
  bar,
  day,
  movable,
  dragging,
  handlers,
}: {
  bar: BoardBar;
  day: boolean;
  movable: boolean;
  dragging: boolean;
  handlers: BarHandlers;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') handlers.onShow(null, 'focus');
    if (movable && (e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      handlers.onMoveKey(bar);
    }
  };
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer?.setData('text/plain', String(bar.trip.id));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    handlers.onDragStart(bar);
  };
  return (
    <button
      type="button"
      className="mantine-focus-auto"
      data-trip-id={bar.trip.id}
      data-color={bar.color}
      data-clash={bar.clash || undefined}
      aria-label={bar.label}
      aria-describedby={barDomId(bar)}
      aria-keyshortcuts={movable ? 'M' : undefined}
      draggable={movable}
      onClick={() => handlers.onOpen(bar.trip)}
      onKeyDown={onKeyDown}
      onMouseEnter={() => handlers.onShow(bar, 'hover')}
      onMouseLeave={() => handlers.onShow(null, 'hover')}
      onFocus={() => handlers.onShow(bar, 'focus')}
      onBlur={() => handlers.onShow(null, 'focus')}
      onDragStart={onDragStart}
      onDragEnd={handlers.onDragEnd}
      style={{
        position: 'absolute',
        left: `${bar.left}%`,
        width: `${bar.width}%`,
        top: 4 + bar.lane * LANE_HEIGHT,
        height: LANE_HEIGHT - 4,
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        background: tint(bar.color),
        border: 0,
        borderLeft: `4px solid ${cssColor(bar.color)}`,
        outline: bar.clash ? `2px solid ${cssColor('red')}` : undefined,
        outlineOffset: -2,
        borderRadius: 'var(--mantine-radius-sm)',
        padding: '0 4px',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textAlign: 'left',
        cursor: movable ? 'grab' : 'pointer',
        opacity: dragging ? 0.5 : 1,
        font: 'inherit',
        fontSize: 'var(--mantine-font-size-xs)',
        lineHeight: `${LANE_HEIGHT - 4}px`,
        color: 'var(--mantine-color-text)',
      }}
    >
      {bar.clash ? <IconAlertTriangle size={12} aria-hidden style={{ flex: 'none' }} /> : null}
      {bar.progress ? <BarMark progress={bar.progress} day={day} /> : null}
      <BarText trip={bar.trip} day={day} />
    </button>
  );
});

/**
 * Who else has this bar's trip open, as avatars at the bar's right end, drawn over the bar without taking its clicks
 * or a tab stop; the bar's description names them (with the keyboard's way to move the bar).
 */
export function BarPresence({ bar, movable, mode }: { bar: BoardBar; movable: boolean; mode: 'bus' | 'driver' }) {
  const { profile } = useSession();
  const others = othersOn(useTripPresence(bar.trip.id), profile?.id);
  const hint = movable ? `Press M to move it to another ${mode}.` : '';
  const names = others.length ? `Also on this trip: ${others.map(presenceLabel).join('; ')}.` : '';
  return (
    <>
      <span id={barDomId(bar)} hidden>
        {[names, hint].filter(Boolean).join(' ')}
      </span>
      {others.length ? (
        <div
          style={{
            position: 'absolute',
            left: `${bar.left + bar.width}%`,
            top: 4 + bar.lane * LANE_HEIGHT + 3,
            transform: 'translateX(calc(-100% - 4px))',
            zIndex: 1,
            pointerEvents: 'none',
          }}
        >
          <PresenceAvatars tripId={bar.trip.id} size={LANE_HEIGHT - 10} passive />
        </div>
      ) : null}
    </>
  );
}

/** The facts of a trip, as the card over a hovered or focused bar shows them (with where the bar's bus is, if known). */
export function TripFacts({
  trip,
  known,
  movable,
  mode,
  progress = null,
}: {
  trip: TripDto;
  known: readonly TripDto[];
  movable: boolean;
  mode: 'bus' | 'driver';
  progress?: BusProgressDto | null;
}) {
  const { profile } = useSession();
  const others = othersOn(useTripPresence(trip.id), profile?.id);
  const staff = trip.staff ?? 0;
  return (
    <Stack gap={2} maw={320}>
      <Text fw={700} size="sm">
        {tripTitle(trip)}
      </Text>
      <Text size="xs">{trip.schoolName}</Text>
      <Text size="xs">{describeTripWindow(trip)}</Text>
      <Text size="xs">
        {passengersOf(trip)} passengers ({trip.students} students, {staff} staff)
      </Text>
      {trip.buses.map((b, i) => (
        <Text key={i} size="xs">
          {busAndDriver(b)}
        </Text>
      ))}
      <Text size="xs" fw={600}>
        {statusText(trip)}
      </Text>
      {progress ? <ProgressFacts trip={trip} progress={progress} /> : null}
      {clashText(trip, known).map((text) => (
        <Text key={text} size="xs" c="var(--mantine-color-red-text)" fw={600}>
          {text}
        </Text>
      ))}
      {(trip.outOfService ?? []).map((gap) => (
        <Text key={`${gap.resource}:${gap.resourceId}`} size="xs" c="var(--mantine-color-red-text)" fw={600}>
          {gap.resourceName} is out of service
        </Text>
      ))}
      {others.length ? <Text size="xs">Also on this trip: {others.map((v) => v.name).join(', ')}</Text> : null}
      {movable ? (
        <Text size="xs" c="dimmed">
          Drag it to another {mode}, or press M.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The one card of a board: anchored over the bar it describes, never taking focus from it. */
export function BarCard({
  bar,
  known,
  movable,
  mode,
  onKeep,
  onClose,
}: {
  bar: BoardBar;
  known: readonly TripDto[];
  movable: boolean;
  mode: 'bus' | 'driver';
  onKeep: () => void;
  onClose: () => void;
}) {
  return (
    <Popover opened position="bottom-start" offset={4} shadow="md" withArrow onClose={onClose} trapFocus={false} returnFocus={false}>
      <Popover.Target>
        <span
          aria-hidden
          style={{
            position: 'absolute',
            left: `${bar.left}%`,
            width: `${bar.width}%`,
            top: 4 + bar.lane * LANE_HEIGHT,
            height: LANE_HEIGHT - 4,
            pointerEvents: 'none',
          }}
        />
      </Popover.Target>
      <Popover.Dropdown id={cardDomId} role="tooltip" data-testid="bar-card" p="xs" onMouseEnter={onKeep} onMouseLeave={onClose}>
        <TripFacts trip={bar.trip} known={known} movable={movable} mode={mode} progress={bar.progress} />
      </Popover.Dropdown>
    </Popover>
  );
}
