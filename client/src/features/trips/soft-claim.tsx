import type { PresenceActivity } from '@contracts/presence';
import { Alert, Button, Group } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useAnnounce, useTripPresence } from '../../api/presence';
import { useSession } from '../auth/session-context';
import { softClaimOf } from './trip-presence';

/**
 * A soft claim: opening Edit or Assign Bus on a trip someone else is already editing or assigning shows
 * who, and since when, before the form. Nothing is locked: Continue anyway shows the form, Close closes the modal.
 * The form's activity is announced from the moment it shows; until then the user is only viewing the trip.
 */
export function SoftClaimGate({
  tripId,
  activity,
  onClose,
  children,
}: {
  tripId: number;
  activity: PresenceActivity;
  onClose: () => void;
  children: ReactNode;
}) {
  const { profile } = useSession();
  const viewers = useTripPresence(tripId);
  // decided as the modal opens: a claim made later never hides a form the user is already filling in
  const [claim] = useState(() => (profile ? softClaimOf(viewers, profile.id) : null));
  const [continued, setContinued] = useState(false);
  const formShown = claim === null || continued;
  useAnnounce(tripId, formShown ? activity : 'viewing');
  if (formShown) return children;
  return (
    <Alert color="orange" variant="light" icon={<IconUsers size={18} />}>
      {claim.notice}
      <Group gap="xs" mt="sm">
        <Button size="compact-sm" onClick={() => setContinued(true)} data-autofocus>
          Continue anyway
        </Button>
        <Button size="compact-sm" variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Alert>
  );
}
