import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { type DragEvent, useCallback, useState } from 'react';
import type { MoveTarget } from './board-actions';
import type { Moving } from './board-dialogs';
import { type BoardMode, type BoardRow, movedBuses } from './board-layout';

/**
 * Dragging a bar onto another row: which bar is in the air, which row it would land on, and the drop handlers of a
 * row's timeline. A row takes the bar only when its bus (or driver) is active and free for the trip.
 */
export function useBoardDrag(
  board: DispatchBoardDto,
  mode: BoardMode,
  move: (trip: TripDto, fromId: number, target: MoveTarget) => Promise<unknown>,
) {
  const [dragging, setDragging] = useState<Moving | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);

  const startDrag = useCallback((moving: Moving) => setDragging(moving), []);
  const endDrag = useCallback(() => {
    setDragging(null);
    setDropOn(null);
  }, []);

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
      // Always set: crossing onto a bar in the row fires the row's dragleave first, and this handler's dropOn is that
      // of the render before it, so a comparison here could leave the row unhighlighted under the pointer.
      setDropOn(row.key);
    },
    onDragLeave: () => setDropOn((key) => (key === row.key ? null : key)),
    onDrop: (e: DragEvent) => {
      const target = targetOf(row);
      const drag = dragging;
      endDrag();
      if (!drag || !target || !canDrop(row)) return;
      e.preventDefault();
      void move(drag.bar.trip, drag.fromId, target);
    },
  });

  return { dragging, dropOn, startDrag, endDrag, dropHandlers };
}
