import { localDate } from '@contracts/fleet-rules';
import { useMemo } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { usePhone } from '../../components/responsive';
import { useNow } from '../../shared/use-now';
import { useSession } from '../auth/session-context';
import { boardTripsOf } from '../trips/assign-availability';
import { TripWorkflowProvider } from '../trips/trip-workflow';
import { BoardDayList } from './board-day-list';
import { BoardGrid } from './board-grid';
import { dayWindow, tripsOnDay } from './board-layout';
import { BarLegend, BoardToolbar } from './board-toolbar';
import { useBoard } from './dispatch.api';
import { PhaseLegend } from './progress-chip';
import { RequestLane } from './request-lane';
import { useBoardView } from './use-board-view';
import { useRequestToasts } from './use-request-toasts';
import { WaitingLane } from './waiting-lane';

function Board() {
  const { profile } = useSession();
  const isPhone = usePhone();
  const now = useNow(60_000);
  const today = localDate(now);
  const view = useBoardView(today);
  const { period, day, from, to, companyId, mode } = view;
  const { data: board, error, loading } = useBoard({ from, to, companyId });
  useRequestToasts();

  const window = useMemo(() => (board && period === 'day' ? dayWindow(tripsOnDay(board, day), day) : undefined), [board, period, day]);
  const known = useMemo(() => boardTripsOf(board), [board]);

  const requestsShown = board !== undefined && board.company !== null && profile?.role !== 'trip_manager';
  return (
    <>
      <PageHeader title="Dispatch Board" description={board?.company ? board.company.name : undefined} />
      <BoardToolbar view={view} board={board} today={today} />
      {loading && !board ? (
        <LoadingScreen text="Loading the board..." />
      ) : error || !board ? (
        <LoadFailed title="Could not load the board" error={error} />
      ) : (
        <>
          {requestsShown ? <RequestLane trips={board.requests ?? []} known={known} /> : null}
          <WaitingLane trips={board.needsBus} known={known} now={now} />
          {isPhone ? (
            <BoardDayList board={board} mode={mode} days={period === 'day' ? [day] : undefined} />
          ) : (
            <>
              <BarLegend />
              {period === 'day' ? <PhaseLegend /> : null}
              <BoardGrid board={board} mode={mode} window={window} now={now} runSheetDate={period === 'day' ? day : today} />
            </>
          )}
        </>
      )}
    </>
  );
}

/**
 * The dispatch board at /dispatch: the requests to answer, the trips that need a bus, and the fleet's week or day.
 * Bars open the trip's details; waiting trips open Assign Bus.
 */
export function DispatchBoardPage() {
  return (
    <TripWorkflowProvider>
      <Board />
    </TripWorkflowProvider>
  );
}
