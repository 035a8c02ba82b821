import type {
  ApprovalCountDto,
  ApprovalDecisionBody,
  ApprovalDto,
  ApprovalPolicyBody,
  ApprovalPolicyDto,
  HeldChangeBody,
} from '@contracts/approvals';
import { useMemo } from 'react';
import { ApiError, http } from '../../api/http';
import { invalidateQueries, refetchQuery, setQueryData, useQuery } from '../../api/query-cache';
import { mergeTrip, tripHistoryKey, tripsApi } from '../trips/trips.api';

/** A school's staff member, as the policy editor offers them as approvers. */
export interface SchoolStaffMember {
  id: number;
  name: string;
  email: string;
}

/**
 * Approval at the school (docs/domain.md, "Approval at the school"): the approvals waiting for the signed-in user, their
 * count (the sidebar's badge), each trip's approval, and a school's policy and staff.
 */
export const approvalKeys = {
  list: ['approvals', 'list'] as const,
  count: ['approvals', 'count'] as const,
  trip: (tripId: number) => ['approvals', 'trip', tripId] as const,
  policy: (schoolId: number) => ['approvals', 'policy', schoolId] as const,
  staff: (schoolId: number) => ['approvals', 'staff', schoolId] as const,
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const approvalsApi = {
  waiting: async () => asList<ApprovalDto>(await http.get('/approvals')),
  count: async () => (await http.get<ApprovalCountDto | null>('/approvals/count')) ?? { waiting: 0 },
  // a trip that never went through approval answers null, which Nest sends as an empty body
  ofTrip: async (tripId: number) => (await http.get<ApprovalDto | null>(`/trips/${tripId}/approval`)) ?? null,
  decide: (tripId: number, body: ApprovalDecisionBody) => http.post<ApprovalDto>(`/trips/${tripId}/approval`, body),
  /** Approves every week of a weekly series that waits for the user; the approvals as they now are. */
  approveSeries: async (seriesId: string) => asList<ApprovalDto>(await http.post(`/approvals/series/${seriesId}`, {})),
  policy: (schoolId: number) => http.get<ApprovalPolicyDto>(`/schools/${schoolId}/approval-policy`),
  savePolicy: (schoolId: number, body: ApprovalPolicyBody) => http.put<ApprovalPolicyDto>(`/schools/${schoolId}/approval-policy`, body),
  staff: async (schoolId: number) => asList<SchoolStaffMember>(await http.get(`/schools/${schoolId}/staff`)),
};

export function useWaitingApprovals(enabled = true) {
  return useQuery(approvalKeys.list, approvalsApi.waiting, { enabled });
}

/**
 * The approvals waiting for the signed-in user, by trip: read only for those who may approve (admins, school staff) and
 * while their count (kept live) says any wait, and read again whenever it changes (approvals.live.ts).
 */
export function useWaitingByTrip(mayApprove: boolean): ReadonlyMap<number, ApprovalDto> {
  const waiting = useApprovalCount(mayApprove).data?.waiting ?? 0;
  const { data } = useWaitingApprovals(mayApprove && waiting > 0);
  return useMemo(() => new Map(waiting > 0 ? (data ?? []).map((a) => [a.tripId, a]) : []), [waiting, data]);
}

/** How many approvals wait for the signed-in user: loaded once, then kept by `approvals:count` (approvals.live.ts). */
export function useApprovalCount(enabled = true) {
  return useQuery(approvalKeys.count, approvalsApi.count, { enabled });
}

/** The trip's current approval, else its last one; null when it never had one. */
export function useTripApproval(tripId: number, enabled = true) {
  return useQuery(
    approvalKeys.trip(tripId),
    async () => {
      try {
        return await approvalsApi.ofTrip(tripId);
      } catch (error) {
        // a trip gone meanwhile, or one whose approval this role may not read, has nothing to show here
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
    { enabled },
  );
}

/** A school's policy, once a school is chosen. */
export function useApprovalPolicy(schoolId: number | null) {
  return useQuery(approvalKeys.policy(schoolId ?? 0), () => approvalsApi.policy(schoolId as number), { enabled: schoolId !== null });
}

export function useSchoolStaff(schoolId: number) {
  return useQuery(approvalKeys.staff(schoolId), () => approvalsApi.staff(schoolId));
}

/** Is this the 202 of an edit held at the school (its change waits for approval) rather than the trip itself? */
export function isHeldChange(body: unknown): body is HeldChangeBody {
  return typeof body === 'object' && body !== null && 'approval' in body && 'trip' in body && 'message' in body;
}

/**
 * A trip's approval moved (this console's decision or edit, or another's, told by `approval:changed`): its approval is
 * read again where shown (or set, when an answer carries it), and so is the list, which it may have left or joined.
 */
export function approvalChanged(tripId: number, approval?: ApprovalDto): void {
  if (approval) setQueryData<ApprovalDto | null>(approvalKeys.trip(tripId), approval);
  else refetchQuery(approvalKeys.trip(tripId));
  invalidateQueries(approvalKeys.list);
}

/**
 * After this console's decision: the approval as answered, the count, and the trip read again (its status moved: the
 * next step, Pending, Changes Requested or Denied), so every list and the details show it without waiting for the live
 * events (the console works without them).
 */
export async function afterDecision(approval: ApprovalDto): Promise<void> {
  approvalChanged(approval.tripId, approval);
  invalidateQueries(approvalKeys.count);
  invalidateQueries(tripHistoryKey(approval.tripId));
  try {
    mergeTrip(await tripsApi.one(approval.tripId));
  } catch {
    // the live event brings it as well
  }
}
