import type { DispatchBoardDto } from '@contracts/fleet-wire';
import { http } from '../../api/http';
import { useQuery } from '../../api/query-cache';
import { boardKey } from '../dispatch/dispatch.api';

/**
 * A run sheet reads the dispatch board for one day (GET /dispatch/board?from=day&to=day): the company's drivers and
 * the trips holding its buses that day. It is cached under the board's key, so the live events that keep every
 * cached board current (trips assigned, moved or cancelled, a driver renamed) keep an open sheet current too.
 */
export function useDayBoard(date: string, companyId: number | null) {
  const params = { from: date, to: date, companyId };
  return useQuery(boardKey(params), () => http.get<DispatchBoardDto>('/dispatch/board', params));
}
