import { formatDay } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import { Alert, Anchor } from '@mantine/core';
import { Fragment, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { boardTripsOf, tripsFreeForBus } from '../trips/assign-availability';
import { useMoveTrip, useOpenTrip } from './board-actions';
import { Bar, type BarHandlers, BarCard, BarPresence, LANE_HEIGHT } from './board-bar';
import { type Moving, MoveDialog, WaitingPicker } from './board-dialogs';
import { gridLines, GridHeader, NowLine, ROW_HEAD } from './board-hours';
import { type BoardBar, boardDays, type BoardMode, type BoardRow, type DayWindow, layoutBoard, nowPosition } from './board-layout';
import { BoardRowHead } from './board-row-head';
import { useBarCard } from './use-bar-card';
import { useBoardDrag } from './use-board-drag';

/** What the grid shows without rows: the company has no buses (or drivers) yet, or no trip this week has a bus. */
function NoRows({ board, mode }: { board: DispatchBoardDto; mode: BoardMode }) {
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
  const barCard = useBarCard();
  const { show: showCard, close: closeCard, card } = barCard;
  const drag = useBoardDrag(board, mode, move);
  const { startDrag, endDrag } = drag;
  const [moving, setMoving] = useState<Moving | null>(null);

  const rowOf = useMemo(() => new Map(rows.flatMap((row) => row.bars.map((bar) => [bar.key, row] as const))), [rows]);
  const movable = (bar: BoardBar) => board.company !== null && rowOf.get(bar.key)?.id != null && open.canAssign(bar.trip);
  const known = useMemo(() => [...board.trips, ...board.needsBus], [board.trips, board.needsBus]);

  // the latest opener, so the handlers (and every memoised bar) stay the same across renders
  const openRef = useRef(open.details);
  openRef.current = open.details;
  const handlers = useMemo<BarHandlers>(() => {
    const movingOf = (bar: BoardBar): Moving | null => {
      const from = rowOf.get(bar.key)?.id;
      return from != null ? { bar, fromId: from } : null;
    };
    return {
      onOpen: (trip) => openRef.current(trip),
      onShow: showCard,
      onMoveKey: (bar) => {
        const m = movingOf(bar);
        if (m) setMoving(m);
      },
      onDragStart: (bar) => {
        closeCard();
        const m = movingOf(bar);
        if (m) startDrag(m);
      },
      onDragEnd: endDrag,
    };
  }, [rowOf, showCard, closeCard, startDrag, endDrag]);

  if (rows.length === 0) return <NoRows board={board} mode={mode} />;

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
          <GridHeader board={board} mode={mode} days={days} window={window} nowAt={nowAt} />
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
              <BoardRowHead row={row} mode={mode} board={board} boardTrips={boardTrips} runSheetDate={runSheetDate} onPick={setPicking} />
              <div
                data-timeline
                data-drop={drag.dropOn === row.key || undefined}
                {...drag.dropHandlers(row)}
                style={{
                  position: 'relative',
                  height: row.lanes * LANE_HEIGHT + 8,
                  backgroundImage: lines,
                  backgroundColor: drag.dropOn === row.key ? 'var(--mantine-color-blue-light)' : undefined,
                  outline: drag.dropOn === row.key ? '2px dashed var(--mantine-color-blue-6)' : undefined,
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
                        dragging={drag.dragging?.bar.key === bar.key}
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
                    onKeep={barCard.keep}
                    onClose={barCard.close}
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
