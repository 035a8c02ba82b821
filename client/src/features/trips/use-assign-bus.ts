import type { SeriesAssignWeeks } from '@contracts/trip-series';
import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { TripMessages } from '@contracts/trip-messages';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import { useState } from 'react';
import { ApiError, errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../shared/toast';
import { mergeTripIntoBoards } from '../dispatch/dispatch.live';
import {
  type BusDraft,
  emptyBus,
  isFilled,
  toAssignment,
  toDraft,
  validateBus,
  withBus,
  withDriver,
  withQuotedPrice,
} from './assign-bus-draft';
import { seriesAssignDone, seriesAssignRefusedTitle } from './trip-series';
import { tripTitle } from './trip-view';
import { conflictOf, mergeTrip, ONLY_WITHOUT, tripHistoryKey, tripKeys, tripsApi } from './trips.api';

/**
 * Assign Bus's list of buses and the bus being typed in (new, or a row of the list being edited). `base` is the trip
 * the buses are for, as last read: a new draft starts from its passengers.
 */
export function useBusListDraft(initial: TripDto, base: TripDto) {
  const [buses, setBuses] = useState<BusAssignment[]>(() => initial.buses ?? []);
  const [draft, setDraft] = useState<BusDraft>(() => emptyBus(initial));
  const [editing, setEditing] = useState<number | null>(null);
  const [seatsError, setSeatsError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  // A bus whose type the trip's quote prices starts at the quoted price (VAT included), until one is typed.
  const priced = (d: BusDraft): BusDraft => withQuotedPrice(d, base.estimate);
  const set = <K extends keyof BusDraft>(key: K, value: BusDraft[K]) => {
    setDraft((d) => {
      if (key === 'busType') return priced({ ...d, busType: value as BusDraft['busType'] });
      // a typed price is the dispatcher's own: it no longer follows the bus type
      if (key === 'tripPrice') return { ...d, tripPrice: value as BusDraft['tripPrice'], quotedPrice: false };
      return { ...d, [key]: value };
    });
    if (key === 'busSeats') setSeatsError(null);
  };
  /** A fleet bus chosen (its type, seats and name fill the draft), or none: a hired vehicle typed in. */
  const chooseBus = (bus: BusDto | undefined) => {
    setDraft((d) => (bus ? priced(withBus(d, bus)) : { ...d, busId: null, busName: null }));
    setSeatsError(null);
  };
  /** A fleet driver chosen (their name and mobile fill the draft), or none: the driver typed in. */
  const chooseDriver = (driver: DriverDto | undefined) => setDraft((d) => (driver ? withDriver(d, driver) : { ...d, driverId: null }));
  /** Checks the seats of the draft; false (and the problem shown) when they are missing. */
  const checkDraft = () => {
    const problem = validateBus(draft);
    setSeatsError(problem);
    return problem === null;
  };

  const addOrUpdate = () => {
    if (!checkDraft()) return;
    const bus = toAssignment(draft);
    if (editing === null) {
      setBuses((list) => [...list, bus]);
      toast.success('Bus added to list.');
    } else {
      setBuses((list) => list.map((b, i) => (i === editing ? bus : b)));
      setEditing(null);
      toast.success('Bus updated successfully.');
    }
    setListError(null);
    setDraft(emptyBus(base));
  };
  const startEdit = (index: number) => {
    setEditing(index);
    setDraft(toDraft(buses[index]));
    setSeatsError(null);
  };
  const stopEditing = () => {
    setEditing(null);
    setDraft(emptyBus(base));
    setSeatsError(null);
  };
  const remove = (index: number) => {
    setBuses((list) => list.filter((_, j) => j !== index));
    if (editing === index) {
      setEditing(null);
      setDraft(emptyBus(base));
    }
  };

  const draftFilled = editing !== null || isFilled(draft);
  /** The buses Save sends: the list, with the row being filled in (or edited) in its place. */
  const toSend = (): BusAssignment[] => {
    if (!draftFilled) return buses;
    const row = toAssignment(draft);
    return editing === null ? [...buses, row] : buses.map((b, i) => (i === editing ? row : b));
  };
  /** What Save would send now (the draft only once its seats are valid), for the seat count and the refusal shown. */
  const sending = draftFilled && validateBus(draft) === null ? toSend() : buses;

  return {
    buses,
    draft,
    setDraft,
    set,
    chooseBus,
    chooseDriver,
    editing,
    seatsError,
    listError: listError && sending.length === 0 ? listError : null,
    setListError,
    draftFilled,
    checkDraft,
    addOrUpdate,
    startEdit,
    stopEditing,
    remove,
    toSend,
    sending,
  };
}

export type BusListDraft = ReturnType<typeof useBusListDraft>;

/**
 * Save Buses: sends the buses with the status Confirmed, then records them as a subtrip. A change by someone else
 * comes back as a conflict to show; a refusal (a double booking, an expired licence, too few seats) is shown in the
 * server's words until the buses change.
 */
export function useSaveBuses(base: TripDto, list: BusListDraft, onDone: (trip: TripDto) => void, priceReason = '') {
  const [saving, setSaving] = useState(false);
  const [conflictMessage, setConflictMessage] = useState<string | null>(null);
  // the server's refusal, with the buses it refused: it shows until those buses change
  const [saveError, setSaveError] = useState<{ message: string; buses: string } | null>(null);

  const save = async () => {
    if (list.draftFilled && !list.checkDraft()) return;
    const buses = list.toSend();
    if (buses.length === 0) {
      list.setListError(TripMessages.atLeastOneBus);
      return;
    }
    setSaving(true);
    setSaveError(null);
    let updated: TripDto;
    try {
      const reason = priceReason.trim();
      updated = await tripsApi.update(base.id, {
        buses,
        status: 'Confirmed',
        version: base.version,
        ...(reason ? { priceReason: reason } : {}),
      });
    } catch (e) {
      setSaving(false);
      const conflict = conflictOf(e);
      if (conflict) {
        mergeTrip(conflict.trip);
        setConflictMessage(conflict.message);
        return;
      }
      // a double booking (409), an expired licence or too few seats (400) show in the server's words
      const reason = serverMessage(e);
      if (e instanceof ApiError && (e.status === 400 || e.status === 409) && reason) {
        setSaveError({ message: reason, buses: JSON.stringify(buses) });
        return;
      }
      console.error(`Trip ${base.id}: assigning buses failed`, errorText(e));
      toast.error('Failed to assign buses. Please try again.');
      return;
    }
    mergeTrip(updated);
    mergeTripIntoBoards(updated);
    try {
      await tripsApi.addSubtrip(base.id, buses);
    } catch (e) {
      // the trip is confirmed with its buses; only the subtrip record is missing, which is logged
      console.error(`Error loading sub-trips for trip ${base.id}: the subtrip could not be recorded`, errorText(e));
    }
    invalidateQueries(tripHistoryKey(base.id));
    setSaving(false);
    toast.success('Buses assigned successfully!');
    onDone(updated);
  };

  return {
    saving,
    save: () => void save(),
    conflictMessage,
    clearConflict: () => setConflictMessage(null),
    /** The refusal, while the buses it refused are still the ones Save would send. */
    saveError: saveError && saveError.buses === JSON.stringify(list.sending) ? saveError.message : null,
  };
}

/**
 * After a week's buses are saved: the same buses for the later weeks of its series, from the week `from` (POST
 * /trips/series/{id}/assign; each week checked for its own day): those that have none, with `weeks.withBuses` those
 * that have others, in place of theirs, and with `weeks.withTheseBuses` those Accepted with these, which they confirm. Said in a toast: how many weeks took them, and the day of each that was refused
 * them, with why (a bus already out that day). The modal has closed by then.
 */
export async function assignLaterWeeks(
  trip: TripDto,
  from: number,
  priceReason: string,
  weeks: SeriesAssignWeeks = ONLY_WITHOUT,
): Promise<void> {
  const seriesId = trip.seriesId;
  if (!seriesId) return;
  try {
    const reason = priceReason.trim();
    const result = await tripsApi.assignSeries(seriesId, from, trip.buses, reason || undefined, weeks);
    for (const week of result.trips) {
      mergeTrip(week);
      mergeTripIntoBoards(week);
      invalidateQueries(tripHistoryKey(week.id));
    }
    const text = seriesAssignDone(tripTitle(trip), result);
    // a refusal is read, not glanced at: it stays until closed
    const refused = result.trips.filter((w) => result.refused.some((r) => r.tripId === w.id));
    if (refused.length > 0) toast.info(text, { title: seriesAssignRefusedTitle(refused), autoClose: false });
    else toast.success(text);
  } catch (e) {
    // the weeks moved on meanwhile (another console): read them again, and say why none took the buses
    invalidateQueries(tripKeys.series(seriesId));
    console.error(`Series ${seriesId}: assigning the later weeks failed`, errorText(e));
    toast.error(serverMessage(e) ?? errorText(e), { title: 'The later weeks were not assigned.' });
  }
}
