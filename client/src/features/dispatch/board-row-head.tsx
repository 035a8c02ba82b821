import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { tripsFreeForBus } from '../trips/assign-availability';
import { AddToRow } from './board-dialogs';
import type { BoardMode, BoardRow } from './board-layout';

/** The run sheet of a driver for a day, another page of the dispatch console. */
function RunSheetLink({ row, date }: { row: BoardRow; date: string }) {
  if (row.id === null) return null;
  return (
    <Anchor component={Link} to={`/dispatch/run-sheet?driver=${row.id}&date=${date}`} size="xs" aria-label={`Run sheet for ${row.label}`}>
      Run sheet
    </Anchor>
  );
}

/** A row's name, detail, note and licence warning; a bus row's "+" for a waiting trip, a driver row's run sheet link. */
export function BoardRowHead({
  row,
  mode,
  board,
  boardTrips,
  runSheetDate,
  onPick,
}: {
  row: BoardRow;
  mode: BoardMode;
  board: DispatchBoardDto;
  boardTrips: readonly TripDto[];
  runSheetDate: string;
  onPick: (row: BoardRow) => void;
}) {
  return (
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
        {row.note ? (
          <Text size="xs" c="dimmed" fs="italic" truncate>
            {row.note}
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
        <AddToRow row={row} waiting={row.id === null ? [] : tripsFreeForBus(row.id, board.needsBus, boardTrips)} onPick={onPick} />
      ) : null}
      {mode === 'driver' && board.company ? <RunSheetLink row={row} date={runSheetDate} /> : null}
    </Group>
  );
}
