import type { ApprovalDto } from '@contracts/approvals';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText, serverMessage } from '../../api/http';
import { Modal } from '../../components/error-boundaries';
import { toast } from '../../shared/toast';
import { formatTripDate } from '../trips/trip-view';
import { afterDecision, approvalChanged, approvalsApi } from './approvals.api';
import { KIND_LABELS, stepText } from './approval-view';
import { ApproveSeriesDialog } from './approve-series';

/**
 * The "Approve" link of an approver's e-mail (`/approvals?trip=<id>&decision=approve`): after sign-in the page asks to
 * confirm, so a link (or a mail scanner that follows it) never decides by itself. A request that no longer waits for
 * this user says so instead. The "Approve all N weeks" link of a weekly series' e-mail
 * (`/approvals?series=<id>&decision=approve`) asks the same about the weeks that wait for this user now.
 */
export function ApproveFromLink({ waiting }: { waiting: readonly ApprovalDto[] }) {
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const tripId = Number(params.get('trip'));
  const seriesId = params.get('series');
  const approving = params.get('decision') === 'approve';
  const done = () =>
    setParams(
      (p) => {
        p.delete('trip');
        p.delete('series');
        p.delete('decision');
        return p;
      },
      { replace: true },
    );
  const weeks = seriesId ? waiting.filter((a) => a.trip.seriesId === seriesId) : [];
  if (approving && weeks.length > 1) {
    return <ApproveSeriesDialog opened weeks={weeks} destination={weeks[0].trip.destination} onClose={done} />;
  }
  // One week of the series left: asked about as a single request.
  const approval = weeks.length === 1 ? weeks[0] : waiting.find((a) => a.tripId === tripId);
  if (!approving || !(seriesId || (Number.isInteger(tripId) && tripId > 0))) return null;
  if (!approval) {
    return (
      <Alert color="gray" title="Nothing to approve" withCloseButton closeButtonLabel="Dismiss" onClose={done} mb="md">
        {seriesId ? 'These weeks no longer wait for your approval.' : 'This request no longer waits for your approval.'}
      </Alert>
    );
  }
  const approve = async () => {
    setBusy(true);
    try {
      const decided = await approvalsApi.decide(approval.tripId, { decision: 'approve' });
      toast.success(`${approval.trip.destination} approved.`);
      done();
      await afterDecision(decided);
    } catch (e) {
      toast.error(serverMessage(e) ?? errorText(e), { title: 'Could not approve this request.' });
      approvalChanged(approval.tripId);
      done();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={done} title="Approve this request?" centered size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text>
          {KIND_LABELS[approval.kind]}: <strong>{approval.trip.destination}</strong>, {formatTripDate(approval.trip.departureDate)}{' '}
          {approval.trip.departureTime}, {approval.trip.students} students and {approval.trip.staff ?? 0} staff, requested by{' '}
          {approval.requestedBy.name} (step {stepText(approval)}).
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={done} disabled={busy}>
            Cancel
          </Button>
          <Button color="teal" loading={busy} onClick={() => void approve()}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
