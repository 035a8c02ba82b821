import type { BusProgressDto, ProgressStepDto } from '@contracts/progress-wire';
import type { TripHistoryAction, TripHistoryDto } from '@contracts/trip-wire';
import { Loader, Text, Timeline } from '@mantine/core';
import { IconArrowBackUp, IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { PHASE_ICONS } from '../dispatch/progress-chip';
import { stepPhase, stepWords } from '../dispatch/progress-view';
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
  // approval at the school: the approver's comment, when there is one, is the row's note
  approve: 'Approved the request',
  requestChanges: 'Requested changes',
  deny: 'Denied the request',
  resubmit: 'Resubmitted the request',
  submitChange: 'Sent a change for approval',
  approveChange: 'Approved the change',
  requestChangesToChange: 'Requested changes to the change',
  denyChange: 'Denied the change',
  withdraw: 'Withdrawn: it waited too long for approval',
};

function historyLine(h: TripHistoryDto): string {
  const label =
    h.action === 'edit' && h.toStatus === 'Pending' && h.fromStatus !== 'Pending' ? 'Sent an edit request' : HISTORY_LABELS[h.action];
  const move = h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus ? ` (${h.fromStatus} → ${h.toStatus})` : '';
  return `${label}${move}`;
}

/** One line of the history: a change to the trip, or a step a driver tapped. */
interface Entry {
  key: string;
  at: string;
  title: ReactNode;
  meta: string;
  note: string | null;
  bullet: ReactNode;
}

function changeEntry(h: TripHistoryDto): Entry {
  const fields = h.fields.length > 0 && h.action === 'edit' ? ` · ${h.fields.join(', ')}` : '';
  return {
    key: `history-${h.id}`,
    at: h.at,
    title: historyLine(h),
    meta: `${h.by.name} · ${formatDateTime(h.at)}${fields}`,
    note: h.note ?? null,
    bullet: <IconHistory size={11} />,
  };
}

/** "Bus 7: Departed with 38 passengers", struck through with "(undone)" when the driver took it back. */
function stepEntry(bus: BusProgressDto, s: ProgressStepDto): Entry {
  const words = `${bus.busName?.trim() || bus.driverName}: ${stepWords(s)}`;
  const Icon = s.undoneAt ? IconArrowBackUp : PHASE_ICONS[stepPhase(s.step)];
  return {
    key: `step-${s.id}`,
    at: s.at,
    title: s.undoneAt ? (
      <>
        <s>{words}</s> (undone)
      </>
    ) : (
      words
    ),
    meta: `${s.by.name} · ${formatDateTime(s.at)}`,
    note: s.note ? `“${s.note}”` : null,
    bullet: <Icon size={11} />,
  };
}

/** How long after assigning buses the record of them counts as part of that one act. */
const RECORD_OF_ASSIGNMENT_MS = 60_000;

/**
 * Save Buses assigns the buses and then records them (a subtrip): one act, told by its assignment. A record alone, or
 * made by someone else or later, keeps its own line.
 */
function recordOfAssignment(row: TripHistoryDto, rows: readonly TripHistoryDto[]): boolean {
  if (row.action !== 'recordSubtrip') return false;
  const at = Date.parse(row.at);
  return rows.some((r) => {
    const after = at - Date.parse(r.at);
    return r.action === 'assignBuses' && r.by.id === row.by.id && after >= 0 && after <= RECORD_OF_ASSIGNMENT_MS;
  });
}

/** The changes and the drivers' steps as one list, newest first (a step by the time it was tapped). */
function historyEntries(rows: readonly TripHistoryDto[], progress: readonly BusProgressDto[]): Entry[] {
  const changes = rows.filter((row) => !recordOfAssignment(row, rows));
  const entries = [...changes.map(changeEntry), ...progress.flatMap((bus) => bus.steps.map((s) => stepEntry(bus, s)))];
  return entries
    .map((entry, order) => ({ entry, order, time: Date.parse(entry.at) }))
    .sort((a, b) => b.time - a.time || b.order - a.order)
    .map(({ entry }) => entry);
}

/**
 * The history in a trip's details: every change, newest first, with who, when, and the status it moved from and to,
 * and among them every step the trip's drivers tapped (`progress`, live with the trip).
 */
export function TripHistory({ tripId, progress = [] }: { tripId: number; progress?: readonly BusProgressDto[] }) {
  const { data, loading, error, refetch } = useTripHistory(tripId);
  if (loading) return <Loader size="sm" />;
  if (error) return <LoadFailed title="Could not load the history." onRetry={refetch} />;
  const entries = historyEntries(data ?? [], progress);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={18} lineWidth={2} active={entries.length - 1}>
      {entries.map((e) => (
        <Timeline.Item key={e.key} title={<Text size="sm">{e.title}</Text>} bullet={e.bullet}>
          <Text size="xs" c="dimmed">
            {e.meta}
          </Text>
          {e.note ? (
            <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {e.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
