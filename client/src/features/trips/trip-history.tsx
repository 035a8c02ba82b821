import type { TripHistoryAction, TripHistoryDto } from '@contracts/trip-wire';
import { Loader, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { useTripHistory } from './trips.api';

const HISTORY_LABELS: Record<TripHistoryAction, string> = {
  request: 'Requested the trip',
  accept: 'Accepted',
  reject: 'Rejected',
  cancel: 'Canceled',
  assignBuses: 'Assigned buses',
  requestCancel: 'Requested cancellation',
  approveCancel: 'Approved the cancellation',
  declineCancel: 'Declined the cancel request',
  complete: 'Completed',
  edit: 'Edited',
  delete: 'Deleted',
  addPassengers: 'Added passengers',
  markPaid: 'Changed the payment status',
  recordSubtrip: 'Recorded a bus assignment',
};

function historyLine(h: TripHistoryDto): string {
  const label =
    h.action === 'edit' && h.toStatus === 'Pending' && h.fromStatus !== 'Pending' ? 'Sent an edit request' : HISTORY_LABELS[h.action];
  const move = h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus ? ` (${h.fromStatus} → ${h.toStatus})` : '';
  return `${label}${move}`;
}

/** The history in a trip's details: every change, newest first, with who, when, and the status it moved from and to. */
export function TripHistory({ tripId }: { tripId: number }) {
  const { data, loading, error, refetch } = useTripHistory(tripId);
  if (loading) return <Loader size="sm" />;
  if (error) return <LoadFailed title="Could not load the history." onRetry={refetch} />;
  const rows = data ?? [];
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={18} lineWidth={2} active={rows.length - 1}>
      {[...rows].reverse().map((h) => (
        <Timeline.Item key={h.id} title={<Text size="sm">{historyLine(h)}</Text>} bullet={<IconHistory size={11} />}>
          <Text size="xs" c="dimmed">
            {h.by.name} · {formatDateTime(h.at)}
            {h.fields.length > 0 && h.action === 'edit' ? ` · ${h.fields.join(', ')}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
