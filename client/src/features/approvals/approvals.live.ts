import type { ApprovalCountDto } from '@contracts/approvals';
import { invalidateQueries, setQueryData } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { approvalChanged, approvalKeys } from './approvals.api';

/**
 * Keeps the approvals live (contracts/events.ts): the count behind the sidebar's badge and the dashboard's card, the
 * list on the Approvals page, and the approval shown in a trip's details (which also reads it again when a trip event
 * brings a new version of the trip: approval-panel.tsx). Returns the unsubscribe.
 */
export function subscribeApprovalsLive(): () => void {
  const offs = [
    onLive('approvals:count', ({ waiting }) => {
      setQueryData<ApprovalCountDto>(approvalKeys.count, { waiting });
      invalidateQueries(approvalKeys.list);
    }),
    onLive('approval:changed', ({ tripId }) => approvalChanged(tripId)),
  ];
  return () => offs.forEach((off) => off());
}
