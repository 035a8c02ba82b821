import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAnnounce } from '../../api/presence';
import { PresenceAvatars } from './presence-avatars';
import { TripActionButtons } from './trip-action-buttons';
import { TripConflictAlert } from './trip-conflict';
import { TripHistory } from './trip-history';
import { TripStatusBadge } from './trip-status-badge';
import { AssignedBuses, Field, TripSummary } from './trip-summary';
import { displayType, formatTripDate, tripTitle } from './trip-view';
import type { DetailsNotice } from './trip-workflow-context';
import { useTrip } from './trips.api';
import { Modal } from '../../components/error-boundaries';

// The list, the dashboard and finance show the same badge; they import it from here.
export { TripStatusBadge } from './trip-status-badge';

/** spec §2 Trip detail: summary, status badge, role-filtered actions, buses, history, requester e-mail. */
export function TripDetailsModal({
  tripId,
  notice,
  onClose,
  stackId,
}: {
  tripId: number | null;
  notice?: DetailsNotice;
  onClose: () => void;
  stackId?: string;
}) {
  const { data: trip } = useTrip(tripId);
  const isMobile = useMediaQuery('(max-width: 48em)');
  useAnnounce(tripId, 'viewing');

  return (
    <Modal
      opened={tripId !== null}
      onClose={onClose}
      stackId={stackId}
      title="View trip details"
      size="xl"
      fullScreen={isMobile}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!trip ? (
        <Text c="dimmed">This trip is no longer available.</Text>
      ) : (
        <Stack gap="md" data-trip-id={trip.id}>
          {notice ? <TripConflictAlert message={notice.message} before={notice.before} current={trip} /> : null}
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                {tripTitle(trip)}
              </Title>
              <Text size="sm" c="dimmed">
                {displayType(trip)} · {formatTripDate(trip.departureDate)}
              </Text>
            </div>
            <Group gap={6}>
              <PresenceAvatars tripId={trip.id} />
              <TripStatusBadge status={trip.status} size="lg" />
              {trip.editRequest ? (
                <Badge color="orange" variant="outline">
                  Edit request
                </Badge>
              ) : null}
              {trip.cancelRequest && trip.status !== 'Cancel Requested' ? (
                <Badge color="red" variant="outline">
                  Cancel request
                </Badge>
              ) : null}
            </Group>
          </Group>
          <TripActionButtons trip={trip} exclude={['view']} />
          <Paper withBorder p="md" radius="md">
            <TripSummary trip={trip} />
            {trip.notes ? (
              <>
                <Divider my="sm" />
                <Field label="Notes">
                  <span style={{ whiteSpace: 'pre-wrap' }}>{trip.notes}</span>
                </Field>
              </>
            ) : null}
          </Paper>
          <div>
            <Title order={5} mb={6}>
              Assigned buses
            </Title>
            <AssignedBuses trip={trip} />
          </div>
          <div>
            <Title order={5} mb={6}>
              History
            </Title>
            <TripHistory tripId={trip.id} />
          </div>
        </Stack>
      )}
    </Modal>
  );
}
