import { useBoard } from '../dispatch/dispatch.api';

/**
 * A run sheet reads the dispatch board for one day: the company's drivers and the trips holding its buses that day,
 * kept current by the live events that keep every cached board current.
 */
export const useDayBoard = (date: string, companyId: number | null) => useBoard({ from: date, to: date, companyId });
