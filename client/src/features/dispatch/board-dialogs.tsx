import { formatDay } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { Modal } from '../../components/error-boundaries';
import { tripTitle } from '../trips/trip-view';
import { type MoveTarget, useOpenTrip } from './board-actions';
import { type BoardBar, type BoardMode, type BoardRow, movedBuses } from './board-layout';

/** A bar on its way to another row: the trip's bar and the bus (or driver) it leaves. */
export interface Moving {
  bar: BoardBar;
  fromId: number;
}

/** A bus row's "+": cheap on every row; the one picker it opens lists the trips waiting for a bus. */
export function AddToRow({ row, waiting, onPick }: { row: BoardRow; waiting: TripDto[]; onPick: (row: BoardRow) => void }) {
  const open = useOpenTrip();
  if (row.id === null || !waiting.some(open.canAssign)) return null;
  return (
    <ActionIcon variant="subtle" size="sm" aria-label={`Assign a waiting trip to ${row.label}`} onClick={() => onPick(row)}>
      <IconPlus size={14} />
    </ActionIcon>
  );
}

/** Which waiting trip the row's bus should take: choosing one opens Assign Bus with that bus chosen. */
export function WaitingPicker({ row, waiting, onClose }: { row: BoardRow | null; waiting: TripDto[]; onClose: () => void }) {
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

/** The keyboard's way to drag: the company's other buses (or drivers), one button each. */
export function MoveDialog({
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
  // the last bar moved stays in the title while the dialog closes
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
