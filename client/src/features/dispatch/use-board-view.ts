import { useSearchParamPatch } from '../../shared/search-params';
import { weekOf } from './board-data';
import type { BoardMode } from './board-layout';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type BoardPeriod = 'week' | 'day';

/**
 * What the board shows, kept in the address so a reload or a shared link shows the same: `period=day` and `day`, or
 * the `week` it starts from (else this week), the `company`, and `view=drivers` for rows by driver.
 */
export function useBoardView(today: string) {
  const [params, change] = useSearchParamPatch();
  const period: BoardPeriod = params.get('period') === 'day' ? 'day' : 'week';
  const dayParam = params.get('day');
  const day = dayParam && DATE.test(dayParam) ? dayParam : today;
  const weekParam = params.get('week');
  // the day view reads the week it falls in, so moving between its days, or to the week, needs no new read
  const { from, to } = weekOf(period === 'day' ? day : weekParam && DATE.test(weekParam) ? weekParam : today);
  const companyId = Number(params.get('company')) || null;
  const mode: BoardMode = params.get('view') === 'drivers' ? 'driver' : 'bus';
  return { period, day, from, to, companyId, mode, change };
}

export type BoardView = ReturnType<typeof useBoardView>;
