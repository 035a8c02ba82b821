import type { ApprovalDto } from '@contracts/approvals';
import { formatDay } from '@contracts/calendar';
import { Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../shared/toast';
import { afterDecision, approvalKeys, approvalsApi } from './approvals.api';

/** The question before approving a series' waiting weeks: "Approve the 3 weeks of Pool that wait for you (Tue 6 May 2031 to Tue 20 May 2031)?" */
export function approveSeriesQuestion(weeks: readonly ApprovalDto[], destination: string): string {
  const days = weeks.map((w) => w.trip.departureDate).sort();
  return `Approve the ${weeks.length} weeks of ${destination} that wait for you (${formatDay(days[0], true)} to ${formatDay(days[days.length - 1], true)})?`;
}

/**
 * "Approve all N weeks" on a week of a weekly series when several of its weeks wait for the approver (docs/domain.md,
 * "A weekly series"): asks, then approves every one of them at its step in one call.
 */
export function ApproveSeries({ weeks, destination }: { weeks: readonly ApprovalDto[]; destination: string }) {
  const [asking, setAsking] = useState(false);
  if (!weeks[0]?.trip.seriesId || weeks.length < 2) return null;
  return (
    <>
      <Button size="compact-sm" color="teal" variant="light" leftSection={<IconChecks size={14} />} onClick={() => setAsking(true)}>
        Approve all {weeks.length} weeks
      </Button>
      <ApproveSeriesDialog opened={asking} weeks={weeks} destination={destination} onClose={() => setAsking(false)} />
    </>
  );
}

/**
 * The question of "Approve all N weeks", and the call once confirmed (the button's, and the "Approve all N weeks" link
 * of an approver's e-mail). `onClose` runs once it is answered either way.
 */
export function ApproveSeriesDialog({
  opened,
  weeks,
  destination,
  onClose,
}: {
  opened: boolean;
  weeks: readonly ApprovalDto[];
  destination: string;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const seriesId = weeks[0]?.trip.seriesId;
  if (!seriesId) return null;
  const approve = async () => {
    setBusy(true);
    try {
      const approved = await approvalsApi.approveSeries(seriesId);
      toast.success(`${approved.length} ${approved.length === 1 ? 'week' : 'weeks'} of ${destination} approved.`);
      await Promise.all(approved.map((a) => afterDecision(a)));
    } catch (e) {
      console.error(`Series ${seriesId}: approve failed`, errorText(e));
      toast.error(serverMessage(e) ?? errorText(e), { title: 'Could not approve these weeks.' });
      invalidateQueries(approvalKeys.list);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={`Approve all ${weeks.length} weeks`}
      question={approveSeriesQuestion(weeks, destination)}
      loading={busy}
      onCancel={onClose}
      onConfirm={() => void approve()}
    />
  );
}
