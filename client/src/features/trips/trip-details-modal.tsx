import { changeText } from '@contracts/trip-changes';
import type { TripDto } from '@contracts/trip-wire';
import { Alert, Anchor, Badge, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useAnnounce } from '../../api/presence';
import { ApprovalPanel } from '../approvals/approval-panel';
import { BusTimeline } from './bus-timeline';
import { PresenceAvatars } from './presence-avatars';
import { TripActionButtons } from './trip-action-buttons';
import { TripConflictAlert } from './trip-conflict';
import { TripHistory } from './trip-history';
import { TripSeriesPanel } from './trip-series-panel';
import { TripStatusBadge } from './trip-status-badge';
import { EstimateView } from '../estimates/trip-estimate';
import { AssignedBuses, Field, TripSummary } from './trip-summary';
import { displayType, formatTripDate, tripTitle } from './trip-view';
import { type DetailsNotice, useTripWorkflow } from './trip-workflow-context';
import { useTrip } from './trips.api';
import { ResponsiveModal } from '../../components/responsive';

/**
 * What a dispatcher must read before acting: what an edit request changes (old → new, in words), a bus or driver this
 * trip shares with another trip at the same time (each clash links to the other trip), one out of service.
 */
function TripWarnings({ trip }: { trip: TripDto }) {
  const { openDetails } = useTripWorkflow();
  const changes = trip.editRequest ? (trip.requestedChanges ?? []) : [];
  const clashes = trip.clashes ?? [];
  const gaps = trip.outOfService ?? [];
  if (changes.length === 0 && clashes.length === 0 && gaps.length === 0) return null;
  return (
    <Stack gap="xs">
      {changes.length > 0 ? (
        <Alert color="orange" variant="light" title="Requested changes" icon={<IconPencil size={18} aria-hidden />}>
          <List size="sm" spacing={2} data-testid="requested-changes">
            {changes.map((c) => (
              <List.Item key={c.field}>{changeText(c)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {clashes.length > 0 || gaps.length > 0 ? (
        <Alert color="red" variant="light" title="This trip needs another bus or driver" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <List size="sm" spacing={2}>
            {clashes.map((c) => (
              <List.Item key={`${c.tripId}:${c.resource}:${c.resourceId}`}>
                {c.resourceName} is also on{' '}
                <Anchor component="button" type="button" size="sm" onClick={() => openDetails(c.tripId)}>
                  trip #{c.tripId}
                </Anchor>{' '}
                at an overlapping time.
              </List.Item>
            ))}
            {gaps.map((g) => (
              <List.Item key={`${g.resource}:${g.resourceId}`}>{g.resourceName} is out of service.</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

// The list, the dashboard and finance show the same badge; they import it from here.
export { TripStatusBadge } from './trip-status-badge';

/**
 * A trip's details: its summary and status, the actions the user's role allows, its approval at the school, its buses'
 * day of travel (live), its buses, its history and the requester's e-mail.
 */
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
  useAnnounce(tripId, 'viewing');

  return (
    <ResponsiveModal
      opened={tripId !== null}
      onClose={onClose}
      stackId={stackId}
      title="View trip details"
      size="xl"
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
              <PresenceAvatars tripId={trip.id} named />
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
          <TripWarnings trip={trip} />
          <TripActionButtons trip={trip} exclude={['view']} />
          <ApprovalPanel tripId={trip.id} tripVersion={trip.version} stackId="trip-approval-comment" />
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
          {trip.estimate ? (
            <Paper withBorder p="md" radius="md">
              <EstimateView estimate={trip.estimate} distanceKm={trip.distanceKm} />
            </Paper>
          ) : null}
          {trip.seriesId ? <TripSeriesPanel trip={trip} /> : null}
          <BusTimeline trip={trip} />
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
            <TripHistory tripId={trip.id} progress={trip.progress} />
          </div>
        </Stack>
      )}
    </ResponsiveModal>
  );
}
