import { formatDay } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { Modal } from '../../components/error-boundaries';
import { tripTitle } from '../trips/trip-view';
import { boardTripsOf, tripsFreeForBus } from '../trips/assign-availability';
import { type MoveTarget, useMoveTrip, useOpenTrip } from './board-actions';
import { Bar, type BarHandlers, BarCard, BarPresence, LANE_HEIGHT } from './board-bar';
import {
  type BoardBar,
  boardDays,
  type BoardMode,
  type BoardRow,
  type DayWindow,
  hourTicks,
  layoutBoard,
  movedBuses,
  nowPosition,
} from './board-layout';

const ROW_HEAD = 220;

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

interface Moving {
  bar: BoardBar;
  fromId: number;
}

/** The keyboard's way to drag: the company's other buses (or drivers), one button each. */
function MoveDialog({
  moving,
  board,
  mode,
  onMove,
  onClose,
}: {
  moving: Moving | null;
  board: DispatchBoardDto;
  mode: BoardMode;
  onMove: (target: MoveTarget) => void;
  onClose: () => void;
}) {
  const last = useRef(moving);
  if (moving) last.current = moving;
  const shown = last.current;
  const targets: MoveTarget[] = mode === 'bus' ? board.buses.filter((b) => b.active) : board.drivers.filter((d) => d.active);
  const free = shown ? targets.filter((t) => movedBuses(shown.bar.trip, mode, shown.fromId, t) !== null) : [];
  return (
    <Modal
      opened={moving !== null}
      onClose={onClose}
      title={shown ? `Move ${tripTitle(shown.bar.trip)} to another ${mode}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {free.length === 0 ? (
        <Text size="sm">No other {mode} to move it to.</Text>
      ) : (
        <Stack gap={4}>
          {free.map((target) => (
            <Button key={target.id} variant="default" justify="flex-start" fullWidth onClick={() => onMove(target)}>
              {'busType' in target ? `${target.name} · ${target.busType} · ${target.seats} seats` : target.name}
            </Button>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

const gridLines = (columns: number) =>
  `repeating-linear-gradient(to right, transparent 0, transparent calc(100% / ${columns} - 1px), var(--mantine-color-default-border) calc(100% / ${columns} - 1px), var(--mantine-color-default-border) calc(100% / ${columns}))`;

/** The hours across the top of a day: a label at each whole hour, and where now is. */
function HourHeader({ window, now }: { window: DayWindow; now: number | null }) {
  const ticks = hourTicks(window);
  return (
    <div style={{ position: 'relative', height: 28 }} data-testid="hour-ticks">
      {ticks.map((tick, i) => (
        <Text
          key={tick.hour}
          size="xs"
          c="dimmed"
          data-hour={tick.label}
          style={{
            position: 'absolute',
            top: 6,
            left: `${tick.left}%`,
            transform: i === 0 ? undefined : i === ticks.length - 1 ? 'translateX(-100%)' : 'translateX(-50%)',
            whiteSpace: 'nowrap',
          }}
        >
          {tick.label}
        </Text>
      ))}
      {now !== null ? <NowLine left={now} /> : null}
    </div>
  );
}

function NowLine({ left }: { left: number }) {
  return (
    <div
      aria-hidden
      data-testid="now-line"
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: `${left}%`,
        width: 2,
        marginLeft: -1,
        background: 'var(--mantine-color-blue-7)',
        pointerEvents: 'none',
        zIndex: 2,
      }}
    />
  );
}

/** The run sheet of a driver for a day, another page of the dispatch console. */
function RunSheetLink({ row, date }: { row: BoardRow; date: string }) {
  if (row.id === null) return null;
  return (
    <Anchor component={Link} to={`/dispatch/run-sheet?driver=${row.id}&date=${date}`} size="xs" aria-label={`Run sheet for ${row.label}`}>
      Run sheet
    </Anchor>
  );
}

/**
 * The board's grid: one row per bus (or driver), a bar per trip from departure to return, either a week (days across,
 * each the school day) or one day (hours across, with a line at now). A bar opens its trip, shows its card on hover or
 * focus, and moves to another row by drag and drop or, from the keyboard, with M.
 */
export function BoardGrid({
  board,
  mode,
  window,
  now,
  runSheetDate,
}: {
  board: DispatchBoardDto;
  mode: BoardMode;
  /** A day's hours; absent for the week. */
  window?: DayWindow;
  now: Date;
  runSheetDate: string;
}) {
  const rows = useMemo(() => layoutBoard(board, mode, window), [board, mode, window]);
  const open = useOpenTrip();
  const { move, refusal, dismiss } = useMoveTrip(mode);
  const [picking, setPicking] = useState<BoardRow | null>(null);
  const boardTrips = useMemo(() => boardTripsOf(board), [board]);
  const [card, setCard] = useState<{ bar: BoardBar; at: 'hover' | 'focus' } | null>(null);
  const [dragging, setDragging] = useState<Moving | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const rowOf = useMemo(() => new Map(rows.flatMap((row) => row.bars.map((bar) => [bar.key, row] as const))), [rows]);
  const movable = (bar: BoardBar) => board.company !== null && rowOf.get(bar.key)?.id != null && open.canAssign(bar.trip);
  const known = useMemo(() => [...board.trips, ...board.needsBus], [board.trips, board.needsBus]);

  const openRef = useRef(open.details);
  openRef.current = open.details;
  const handlers = useMemo<BarHandlers>(
    () => ({
      onOpen: (trip) => openRef.current(trip),
      onShow: (bar, at) => {
        clearTimeout(hideTimer.current);
        if (bar) setCard({ bar, at });
        // leaving a bar hides its card a moment later, so the pointer can move onto the card
        else {
          const hide = () => setCard((c) => (c && (c.at === at || at === 'focus') ? null : c));
          hideTimer.current = setTimeout(hide, at === 'hover' ? 150 : 0);
        }
      },
      onMoveKey: (bar) => {
        const from = rowOf.get(bar.key)?.id;
        if (from != null) setMoving({ bar, fromId: from });
      },
      onDragStart: (bar) => {
        const from = rowOf.get(bar.key)?.id;
        if (from != null) setDragging({ bar, fromId: from });
      },
      onDragEnd: () => {
        setDragging(null);
        setDropOn(null);
      },
    }),
    [rowOf],
  );

  const targetOf = (row: BoardRow): MoveTarget | undefined =>
    row.id === null ? undefined : mode === 'bus' ? board.buses.find((b) => b.id === row.id) : board.drivers.find((d) => d.id === row.id);
  const canDrop = (row: BoardRow) => {
    const target = targetOf(row);
    return (
      dragging !== null && target !== undefined && target.active && movedBuses(dragging.bar.trip, mode, dragging.fromId, target) !== null
    );
  };
  const dropHandlers = (row: BoardRow) => ({
    onDragOver: (e: DragEvent) => {
      if (!canDrop(row)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
      if (dropOn !== row.key) setDropOn(row.key);
    },
    onDragLeave: () => setDropOn((key) => (key === row.key ? null : key)),
    onDrop: (e: DragEvent) => {
      const target = targetOf(row);
      const drag = dragging;
      setDragging(null);
      setDropOn(null);
      if (!drag || !target || !canDrop(row)) return;
      e.preventDefault();
      void move(drag.bar.trip, drag.fromId, target);
    },
  });

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

  const days = boardDays(board.from, board.to);
  const nowAt = window ? nowPosition(window, now) : null;
  const lines = window ? gridLines((window.end - window.start) / 60) : days.length === 7 ? gridLines(7) : undefined;
  const what = mode === 'bus' ? 'bus' : 'driver';
  const cardRow = card ? rowOf.get(card.bar.key) : undefined;
  return (
    <>
      {refusal ? (
        <Alert color="red" variant="light" mb="sm" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={dismiss}>
          {refusal.message}
        </Alert>
      ) : null}
      <div
        role="region"
        aria-label={`${window ? formatDay(window.day) : 'Week'} by ${what}`}
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
              {mode === 'bus' ? 'Bus' : 'Driver'} · {window ? 'hours' : 'days'}
            </Text>
            {window ? (
              <HourHeader window={window} now={nowAt} />
            ) : (
              <div style={{ display: 'grid', gridTemplateColumns: `repeat(${days.length}, 1fr)` }}>
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
            )}
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
                {mode === 'bus' ? (
                  // the "+" never proposes a trip the row's bus is busy for
                  <AddToRow
                    row={row}
                    waiting={row.id === null ? [] : tripsFreeForBus(row.id, board.needsBus, boardTrips)}
                    onPick={setPicking}
                  />
                ) : null}
                {mode === 'driver' && board.company ? <RunSheetLink row={row} date={runSheetDate} /> : null}
              </Group>
              <div
                data-timeline
                data-drop={dropOn === row.key || undefined}
                {...dropHandlers(row)}
                style={{
                  position: 'relative',
                  height: row.lanes * LANE_HEIGHT + 8,
                  backgroundImage: lines,
                  backgroundColor: dropOn === row.key ? 'var(--mantine-color-blue-light)' : undefined,
                  outline: dropOn === row.key ? '2px dashed var(--mantine-color-blue-6)' : undefined,
                  outlineOffset: -2,
                }}
              >
                {nowAt !== null ? <NowLine left={nowAt} /> : null}
                {row.bars.map((bar) => {
                  const canMove = movable(bar);
                  return (
                    <Fragment key={bar.key}>
                      <Bar
                        bar={bar}
                        day={window !== undefined}
                        movable={canMove}
                        dragging={dragging?.bar.key === bar.key}
                        handlers={handlers}
                      />
                      <BarPresence bar={bar} movable={canMove} mode={what} />
                    </Fragment>
                  );
                })}
                {card && cardRow === row ? (
                  <BarCard
                    bar={card.bar}
                    known={known}
                    movable={movable(card.bar)}
                    mode={what}
                    onKeep={() => clearTimeout(hideTimer.current)}
                    onClose={() => setCard(null)}
                  />
                ) : null}
              </div>
            </div>
          ))}
        </div>
        <WaitingPicker
          row={picking}
          waiting={picking?.id == null ? [] : tripsFreeForBus(picking.id, board.needsBus, boardTrips)}
          onClose={() => setPicking(null)}
        />
        <MoveDialog
          moving={moving}
          board={board}
          mode={mode}
          onClose={() => setMoving(null)}
          onMove={(target) => {
            const from = moving;
            setMoving(null);
            if (from) void move(from.bar.trip, from.fromId, target);
          }}
        />
      </div>
    </>
  );
}
