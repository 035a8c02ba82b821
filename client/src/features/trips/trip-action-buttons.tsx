import type { TripDto } from '@contracts/trip-wire';
import { Button, type ButtonProps, Group } from '@mantine/core';
import {
  IconBan,
  IconBus,
  IconCheck,
  IconCircleCheck,
  IconEye,
  IconPencil,
  IconTrash,
  IconUsers,
  IconX,
  IconArrowBackUp,
  IconMessageCircleX,
  IconSend,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { buttonLabel, type TripButton, tripButtonsFor } from './trip-actions';
import { useTripWorkflow } from './trip-workflow-context';

const LOOK: Record<TripButton, { color?: string; variant: ButtonProps['variant']; icon: ComponentType<{ size?: number }> }> = {
  view: { variant: 'default', icon: IconEye },
  edit: { variant: 'default', icon: IconPencil },
  resubmit: { color: 'violet', variant: 'filled', icon: IconSend },
  assignBuses: { color: 'blue', variant: 'filled', icon: IconBus },
  accept: { color: 'teal', variant: 'filled', icon: IconCheck },
  reject: { color: 'red', variant: 'light', icon: IconX },
  approveCancel: { color: 'red', variant: 'filled', icon: IconCircleCheck },
  declineCancel: { color: 'gray', variant: 'light', icon: IconArrowBackUp },
  complete: { color: 'green', variant: 'filled', icon: IconCircleCheck },
  requestCancel: { color: 'orange', variant: 'light', icon: IconMessageCircleX },
  cancel: { color: 'red', variant: 'light', icon: IconBan },
  delete: { color: 'red', variant: 'outline', icon: IconTrash },
  passengers: { color: 'grape', variant: 'light', icon: IconUsers },
};

/** The buttons the signed-in role may press on this trip now (trip-rules), in the order of ORDER in trip-actions.ts. */
export function TripActionButtons({ trip, exclude = [] }: { trip: TripDto; exclude?: TripButton[] }) {
  const { actor, busy, press } = useTripWorkflow();
  if (!actor) return null;
  const buttons = tripButtonsFor(actor, trip).filter((b) => !exclude.includes(b));
  if (buttons.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={`Actions for ${trip.destination || 'trip'}`}>
      {buttons.map((button) => {
        const { color, variant, icon: Icon } = LOOK[button];
        const label = buttonLabel(button, actor.role);
        const running = busy === `${trip.id}:${button}`;
        return (
          <Button
            key={button}
            size="compact-sm"
            color={color}
            variant={variant}
            leftSection={<Icon size={14} />}
            loading={running}
            disabled={busy !== null && !running && busy.startsWith(`${trip.id}:`)}
            title={label}
            onClick={() => press(trip, button)}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
