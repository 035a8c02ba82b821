import type { DispatchBoardDto, NotificationDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { http } from '../../api/http';
import { setQueryData, useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { alertStillOpen, sameAlert } from './alert-rules';

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export interface BoardParams {
  from: string;
  to: string;
  /** null: the server's choice (a dispatcher's own company, an admin's first, a trip manager's every company). */
  companyId: number | null;
}

/** The dispatch board's read and the bell's open alerts (server/src/fleet/README.md). */
export const dispatchApi = {
  board: ({ from, to, companyId }: BoardParams) => http.get<DispatchBoardDto>('/dispatch/board', { from, to, companyId }),
  notifications: async () => asList<NotificationDto>(await http.get('/notifications')),
};

export const boardKey = ({ from, to, companyId }: BoardParams) => [...queryKeys.board, companyId, from, to] as const;

/**
 * One board per company and window in the cache; live events merge into every cached board (dispatch.live.ts), so the
 * run sheet, Assign Bus and the fleet's deactivation check, which read it too, stay current as well.
 */
export function useBoard(params: BoardParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(boardKey(params), () => dispatchApi.board(params), { enabled });
}

export function useNotifications(enabled: boolean) {
  return useQuery(queryKeys.notifications, dispatchApi.notifications, { enabled });
}

/** A new alert goes first (newest first, as the server lists them); one "Needs a bus" per trip. */
export function addNotification(notification: NotificationDto): void {
  setQueryData<NotificationDto[]>(queryKeys.notifications, (list) =>
    list ? [notification, ...list.filter((n) => !sameAlert(n, notification))] : undefined,
  );
}

/**
 * The alerts of a trip a live event changed close once their cause is over: the trip got a bus (or left Accepted),
 * the late bus moved on, the counts agree (alert-rules.ts).
 */
export function settleNotificationsOf(trip: TripDto): void {
  setQueryData<NotificationDto[]>(queryKeys.notifications, (list) =>
    list?.some((n) => n.tripId === trip.id && !alertStillOpen(n, trip))
      ? list.filter((n) => n.tripId !== trip.id || alertStillOpen(n, trip))
      : undefined,
  );
}

/** Every alert of a deleted trip closes. */
export function closeNotificationsOf(tripId: number): void {
  setQueryData<NotificationDto[]>(queryKeys.notifications, (list) =>
    list?.some((n) => n.tripId === tripId) ? list.filter((n) => n.tripId !== tripId) : undefined,
  );
}
