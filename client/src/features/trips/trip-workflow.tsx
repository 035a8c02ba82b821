import { TripMessages } from '@contracts/trip-messages';
import type { TripDto } from '@contracts/trip-wire';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../shared/toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSession } from '../auth/session-context';
import { AssignBusModal } from './assign-bus-modal';
import { ChooseCompanyModal } from './choose-company-modal';
import { EditTripModal } from './edit-trip-modal';
import { PassengersModal } from './passengers-modal';
import {
  BUTTON_LABELS,
  cancelFeeNotice,
  type ConfirmText,
  confirmTextFor,
  isStatusAction,
  type StatusAction,
  statusActionBody,
  type TripButton,
  tripActorOf,
} from './trip-actions';
import { SeriesEditModal, type SeriesEditTarget } from './trip-series-edit-modal';
import { TripDetailsModal } from './trip-details-modal';
import { tripTitle } from './trip-view';
import { type DetailsNotice, type PerformOptions, type TripWorkflow, TripWorkflowContext } from './trip-workflow-context';
import {
  seriesCancelDetail,
  seriesCancelDone,
  seriesCancelPlan,
  seriesCancelQuestion,
  type SeriesVerdict,
  seriesVerdictDetail,
  seriesVerdictDone,
  seriesVerdictPlan,
  seriesVerdictQuestion,
} from './trip-series';
import { conflictOf, dropTrip, mergeTrip, tripHistoryKey, tripKeys, tripsApi } from './trips.api';
import { Modal } from '../../components/error-boundaries';

// The pages that own a workflow import it from here; the modals read it from the context file.
export { type DetailsNotice, type PerformOptions, type TripWorkflow, useTripWorkflow } from './trip-workflow-context';

type Layer =
  | { kind: 'details'; tripId: number; notice?: DetailsNotice }
  | { kind: 'edit'; tripId: number; base: TripDto }
  | { kind: 'assign'; tripId: number; base: TripDto; busId?: number }
  | { kind: 'passengers'; tripId: number }
  | { kind: 'company'; tripId: number; base: TripDto };

/** What a toast says after an action taken from a list or the board (the user stays there): "Opera House canceled." */
const STAYED_WORDS: Partial<Record<StatusAction, string>> = {
  accept: ' accepted.',
  reject: ' rejected.',
  approveCancel: ' canceled.',
  declineCancel: ': cancellation declined.',
};

interface PendingConfirm extends ConfirmText {
  trip: TripDto;
  action: StatusAction;
  options?: PerformOptions;
}

/** "Cancel this and later weeks", "Accept this and later weeks" or "Reject …", asked before it is done. */
interface PendingSeriesAction {
  kind: 'cancel' | SeriesVerdict;
  trip: TripDto;
  question: string;
  detail: string;
}

const SERIES_ACTION_TITLES: Record<PendingSeriesAction['kind'], string> = {
  cancel: 'Cancel this and later weeks',
  accept: 'Accept this and later weeks',
  reject: 'Reject this and later weeks',
};

/** Each question's call on the rest of a series, and the toast it ends with: the weeks as the server left them. */
const SERIES_CALLS: Record<
  PendingSeriesAction['kind'],
  (seriesId: string, from: number, title: string) => Promise<readonly [TripDto[], string]>
> = {
  cancel: (id, from, title) => tripsApi.cancelSeries(id, from).then((r) => [r.trips, seriesCancelDone(title, r)] as const),
  accept: (id, from, title) =>
    tripsApi.acceptSeries(id, from).then((r) => [r.trips, seriesVerdictDone(title, 'accept', r.accepted)] as const),
  reject: (id, from, title) =>
    tripsApi.rejectSeries(id, from).then((r) => [r.trips, seriesVerdictDone(title, 'reject', r.rejected)] as const),
};

/**
 * Everything a trip button can lead to, in one place for the dashboard, the list and the calendar: the details,
 * edit, assign-bus, passengers and confirm modals (one Modal.Stack, so Escape closes the top one), and the
 * PATCH of each status action. After a status change the row closes (`onStatusChanged`) and the
 * details modal opens.
 */
export function TripWorkflowProvider({ children, onStatusChanged }: { children: ReactNode; onStatusChanged?: (trip: TripDto) => void }) {
  const { profile } = useSession();
  const actor = useMemo(() => (profile ? tripActorOf(profile) : null), [profile]);
  const [layers, setLayers] = useState<Layer[]>([]);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [seriesConfirm, setSeriesConfirm] = useState<PendingSeriesAction | null>(null);
  const [seriesEdit, setSeriesEdit] = useState<SeriesEditTarget | null>(null);
  const editSeries = useCallback((trip: TripDto, weeks: readonly TripDto[]) => setSeriesEdit({ trip, weeks }), []);
  const lastSeriesConfirm = useRef<PendingSeriesAction | null>(null);
  if (seriesConfirm) lastSeriesConfirm.current = seriesConfirm;
  const [busy, setBusy] = useState<string | null>(null);
  // the dialog keeps its words while it fades out
  const lastConfirm = useRef<PendingConfirm | null>(null);
  if (confirm) lastConfirm.current = confirm;
  const statusChanged = useRef(onStatusChanged);
  statusChanged.current = onStatusChanged;

  const push = useCallback((layer: Layer) => setLayers((current) => [...current.filter((l) => l.kind !== layer.kind), layer]), []);
  const close = useCallback((kind: Layer['kind']) => setLayers((current) => current.filter((l) => l.kind !== kind)), []);
  const openDetails = useCallback((tripId: number, notice?: DetailsNotice) => setLayers([{ kind: 'details', tripId, notice }]), []);

  const run = useCallback(
    async (trip: TripDto, action: StatusAction, options: PerformOptions = {}) => {
      setBusy(`${trip.id}:${action}`);
      try {
        const updated = await tripsApi.update(trip.id, options.body ?? statusActionBody(action, trip));
        if (action === 'delete') dropTrip(trip.id);
        else if (updated && typeof updated === 'object' && 'id' in updated) mergeTrip(updated);
        invalidateQueries(tripHistoryKey(trip.id));
        setConfirm(null);
        statusChanged.current?.(updated ?? trip);
        if (action === 'delete') {
          setLayers([]);
          toast.success('Trip deleted.');
        } else if (options.stay) {
          setLayers([]);
          toast.success(`${tripTitle(trip)}${STAYED_WORDS[action] ?? ' updated.'}`);
        } else {
          openDetails(trip.id);
        }
      } catch (e) {
        setConfirm(null);
        const conflict = conflictOf(e);
        if (conflict) {
          // someone else was first (docs/domain.md, "Concurrency and history"): show what changed and the trip as it now is
          mergeTrip(conflict.trip);
          statusChanged.current?.(conflict.trip);
          openDetails(trip.id, { message: conflict.message, before: trip });
          return;
        }
        if (e instanceof ApiError && e.status === 404) {
          dropTrip(trip.id);
          setLayers([]);
          toast.error(TripMessages.tripNotFound);
          return;
        }
        if (action === 'accept' && serverMessage(e) === TripMessages.busCompanyRequired) {
          push({ kind: 'company', tripId: trip.id, base: trip });
          return;
        }
        // logged, and shown too: the server's reason says in words why the change was refused (docs/domain.md, "Answers")
        console.error(`Trip ${trip.id}: ${action} failed`, errorText(e));
        toast.error(serverMessage(e) ?? errorText(e), {
          title: options.failure ?? `Could not ${BUTTON_LABELS[action].toLowerCase()} this trip.`,
        });
      } finally {
        setBusy(null);
      }
    },
    [openDetails, push],
  );

  const press = useCallback(
    (trip: TripDto, button: TripButton, options: PerformOptions = {}) => {
      switch (button) {
        case 'view':
          openDetails(trip.id);
          return;
        case 'edit':
          push({ kind: 'edit', tripId: trip.id, base: trip });
          return;
        case 'assignBuses':
          push({ kind: 'assign', tripId: trip.id, base: trip, busId: options.busId });
          return;
        case 'passengers':
          push({ kind: 'passengers', tripId: trip.id });
          return;
      }
      if (!isStatusAction(button)) return;
      const asked = options.confirmed ? null : confirmTextFor(button);
      const text = asked && options.question ? { ...asked, question: options.question } : asked;
      const detail = button === 'requestCancel' || button === 'cancel' ? cancelFeeNotice(trip) : null;
      if (text) setConfirm({ ...text, detail, trip, action: button, options });
      else void run(trip, button, options);
    },
    [openDetails, push, run],
  );

  const cancelSeries = useCallback(
    (trip: TripDto, weeks: readonly TripDto[]) => {
      const plan = actor ? seriesCancelPlan(actor, weeks, trip.id) : null;
      if (!plan) return;
      setSeriesConfirm({ kind: 'cancel', trip, question: seriesCancelQuestion(plan), detail: seriesCancelDetail(plan) });
    },
    [actor],
  );

  const decideSeries = useCallback(
    (trip: TripDto, weeks: readonly TripDto[], verdict: SeriesVerdict) => {
      const plan = actor ? seriesVerdictPlan(actor, weeks, trip.id, verdict) : null;
      if (!plan) return;
      setSeriesConfirm({ kind: verdict, trip, question: seriesVerdictQuestion(plan), detail: seriesVerdictDetail(plan) });
    },
    [actor],
  );

  const runSeriesAction = useCallback(async ({ kind, trip }: PendingSeriesAction) => {
    const seriesId = trip.seriesId;
    if (!seriesId) return;
    setBusy(`${trip.id}:${kind}Series`);
    try {
      const [weeks, done] = await SERIES_CALLS[kind](seriesId, trip.id, tripTitle(trip));
      for (const week of weeks) {
        mergeTrip(week);
        invalidateQueries(tripHistoryKey(week.id));
      }
      toast.success(done);
    } catch (e) {
      // the weeks moved on meanwhile (another console): read them again, and say why nothing was done
      invalidateQueries(tripKeys.series(seriesId));
      console.error(`Series ${seriesId}: ${kind} failed`, errorText(e));
      toast.error(serverMessage(e) ?? errorText(e), { title: `Could not ${kind} these weeks.` });
    } finally {
      setSeriesConfirm(null);
      setBusy(null);
    }
  }, []);

  const workflow = useMemo<TripWorkflow>(
    () => ({ actor, busy, openDetails, press, close, cancelSeries, decideSeries, editSeries }),
    [actor, busy, openDetails, press, close, cancelSeries, decideSeries, editSeries],
  );
  const layer = <K extends Layer['kind']>(kind: K) => layers.find((l) => l.kind === kind) as Extract<Layer, { kind: K }> | undefined;
  const details = layer('details');
  const edit = layer('edit');
  const assign = layer('assign');
  const passengers = layer('passengers');
  const company = layer('company');

  return (
    <TripWorkflowContext value={workflow}>
      {children}
      <Modal.Stack>
        <TripDetailsModal
          stackId="trip-details"
          tripId={details?.tripId ?? null}
          notice={details?.notice}
          onClose={() => close('details')}
        />
        <EditTripModal stackId="trip-edit" layer={edit ?? null} onClose={() => close('edit')} />
        <AssignBusModal
          stackId="trip-assign"
          layer={assign ?? null}
          onClose={() => close('assign')}
          onAssigned={(trip) => {
            statusChanged.current?.(trip);
            // assigned from the details: the work on this trip is done, so both close; from a row or the board the
            // details open to show the confirmed trip
            setLayers((current) => (current.some((l) => l.kind === 'details') ? [] : [{ kind: 'details', tripId: trip.id }]));
          }}
        />
        <PassengersModal stackId="trip-passengers" tripId={passengers?.tripId ?? null} onClose={() => close('passengers')} />
        <ChooseCompanyModal
          stackId="trip-company"
          layer={company ?? null}
          onClose={() => close('company')}
          onChosen={(trip, busCompanyOrgId) => {
            close('company');
            void run(trip, 'accept', { body: { status: 'Accepted', busCompanyOrgId, version: trip.version } });
          }}
        />
        <ConfirmDialog
          stackId="trip-confirm"
          opened={confirm !== null}
          title={lastConfirm.current?.title ?? ''}
          question={lastConfirm.current?.question ?? ''}
          detail={lastConfirm.current?.detail}
          danger={lastConfirm.current?.action !== 'complete'}
          loading={confirm !== null && busy === `${confirm.trip.id}:${confirm.action}`}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            if (confirm) void run(confirm.trip, confirm.action, confirm.options);
          }}
        />
        <ConfirmDialog
          stackId="trip-series-confirm"
          opened={seriesConfirm !== null}
          title={SERIES_ACTION_TITLES[lastSeriesConfirm.current?.kind ?? 'cancel']}
          question={lastSeriesConfirm.current?.question ?? ''}
          detail={lastSeriesConfirm.current?.detail}
          danger={lastSeriesConfirm.current?.kind !== 'accept'}
          loading={seriesConfirm !== null && busy === `${seriesConfirm.trip.id}:${seriesConfirm.kind}Series`}
          onCancel={() => setSeriesConfirm(null)}
          onConfirm={() => {
            if (seriesConfirm) void runSeriesAction(seriesConfirm);
          }}
        />
        <SeriesEditModal stackId="trip-series-edit" target={seriesEdit} onClose={() => setSeriesEdit(null)} />
      </Modal.Stack>
    </TripWorkflowContext>
  );
}
