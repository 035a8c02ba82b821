import { Avatar, Group, type MantineSize, Text, Tooltip } from '@mantine/core';
import { useTripPresence } from '../../api/presence';
import { useSession } from '../auth/session-context';
import { othersOn, presenceLabel } from './trip-presence';

/** Avatars shown before the rest fold into "+n". */
const SHOWN = 3;

/**
 * "Who is here": the other people who have the trip open right now, as a small avatar stack. Hovering an avatar names
 * the person, their role and what they are doing; screen readers read the same as each avatar's name. The avatars
 * take no Tab stop (a list of trips would otherwise hold several per row): `named` also writes the names out in text,
 * as the trip details do, so a keyboard user reads them there. The user never sees themself. Renders nothing while
 * nobody else is on the trip. Used in the trip details header, All Trips rows, the dashboard and the board.
 */
export function PresenceAvatars({
  tripId,
  size = 'sm',
  passive = false,
  named = false,
}: {
  tripId: number;
  size?: MantineSize | number;
  /**
   * Drawn over something the user clicks (a dispatch board bar): the avatars let clicks through to it and stay out of
   * the tab order, and their names are said by that element instead; screen readers still read them in place.
   */
  passive?: boolean;
  /** Also say who, in text beside the avatars ("Also here: Dev Desert, Bus Company: viewing"). */
  named?: boolean;
}) {
  const { profile } = useSession();
  const others = othersOn(useTripPresence(tripId), profile?.id);
  if (others.length === 0) return null;
  const shown = others.length > SHOWN + 1 ? others.slice(0, SHOWN) : others;
  const folded = others.slice(shown.length);
  if (passive) {
    return (
      <Avatar.Group spacing="xs" role="group" aria-label="Also on this trip" data-presence-trip={tripId} style={{ pointerEvents: 'none' }}>
        {shown.map((viewer) => (
          <Avatar
            key={viewer.userId}
            size={size}
            name={viewer.name}
            color="initials"
            variant="filled"
            role="img"
            aria-label={presenceLabel(viewer)}
            data-presence-user={viewer.userId}
            data-activity={viewer.activity}
          />
        ))}
        {folded.length > 0 ? (
          <Avatar size={size} variant="filled" color="gray" role="img" aria-label={folded.map(presenceLabel).join('; ')}>
            +{folded.length}
          </Avatar>
        ) : null}
      </Avatar.Group>
    );
  }
  const avatars = (
    <Avatar.Group spacing="xs" role="group" aria-label="Also on this trip" data-presence-trip={tripId}>
      {shown.map((viewer) => {
        const label = presenceLabel(viewer);
        return (
          <Tooltip key={viewer.userId} label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
            <Avatar
              size={size}
              name={viewer.name}
              color="initials"
              variant="filled"
              role="img"
              aria-label={label}
              data-presence-user={viewer.userId}
              data-activity={viewer.activity}
            />
          </Tooltip>
        );
      })}
      {folded.length > 0 ? (
        <Tooltip
          label={folded.map((viewer) => (
            <div key={viewer.userId}>{presenceLabel(viewer)}</div>
          ))}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Avatar size={size} variant="filled" color="gray" role="img" aria-label={folded.map(presenceLabel).join('; ')}>
            +{folded.length}
          </Avatar>
        </Tooltip>
      ) : null}
    </Avatar.Group>
  );
  if (!named) return avatars;
  return (
    <Group gap={6} wrap="nowrap">
      {avatars}
      <Text size="xs" c="dimmed" aria-hidden data-testid="presence-names">
        Also here: {others.map(presenceLabel).join('; ')}
      </Text>
    </Group>
  );
}
