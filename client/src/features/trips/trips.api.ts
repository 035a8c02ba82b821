import type { TripPatch, TripRequestBody } from '@contracts/trip-rules';
import type { BusAssignment, PassengerDto, SubtripDto, TripConflictBody, TripDto, TripHistoryDto } from '@contracts/trip-wire';
import { ApiError, http } from '../../api/http';
import { getQueryData, setQueryData, useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';

/** spec §5 Passenger add: full name plus optional details (trimmed to null). */
export interface PassengerInput {
  fullName: string;
  guardianName: string | null;
  guardianPhone: string | null;
  pickupPoint: string | null;
  dropoffPoint: string | null;
  notes: string | null;
  checkedIn: boolean;
}

/** spec §4: a new trip is submitted as Pending, price 0, with no edit or cancel request. */
export type NewTripBody = TripRequestBody & { status: 'Pending'; price: 0; editRequest: false; cancelRequest: false };

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** spec §7 Trips, plus GET /trips/{id}/history (DESIGN §5). */
export const tripsApi = {
  list: async () => asList<TripDto>(await http.get('/trips')),
  create: (body: NewTripBody) => http.post<TripDto>('/trips', body),
  update: (id: number, patch: TripPatch) => http.patch<TripDto>(`/trips/${id}`, patch),
  history: async (id: number) => asList<TripHistoryDto>(await http.get(`/trips/${id}/history`)),
  subtrips: async (id: number) => asList<SubtripDto>(await http.get(`/trips/${id}/subtrips`)),
  addSubtrip: (id: number, buses: BusAssignment[]) => http.post<SubtripDto>(`/trips/${id}/subtrips`, { buses }),
  passengers: async (id: number) => asList<PassengerDto>(await http.get(`/trips/${id}/passengers`)),
  addPassengers: async (id: number, passengers: PassengerInput[]) =>
    asList<PassengerDto>(await http.post(`/trips/${id}/passengers`, { passengers })),
};

export const tripHistoryKey = (id: number) => ['trip-history', id] as const;
export const passengersKey = (id: number) => ['trip-passengers', id] as const;

/** Every visible trip, newest first: one cache entry that the dashboard, list, calendar and finance all read and live events write. */
export function useTrips() {
  return useQuery(queryKeys.trips, tripsApi.list);
}

export function useTripHistory(id: number | null) {
  return useQuery(tripHistoryKey(id ?? 0), () => tripsApi.history(id as number), { enabled: id !== null });
}

export function usePassengers(id: number) {
  return useQuery(passengersKey(id), () => tripsApi.passengers(id));
}

/**
 * Puts a trip into the cached list unless the list already holds that version or a newer one (DESIGN §6:
 * skip stale records by their version). New trips go first (the list is newest first). Returns whether it changed.
 */
export function mergeTrip(trip: TripDto): boolean {
  let changed = false;
  setQueryData<TripDto[]>(queryKeys.trips, (list) => {
    if (!list) return undefined;
    const next = upsertTrip(list, trip);
    changed = next !== list;
    return changed ? next : undefined;
  });
  return changed;
}

export function upsertTrip(list: readonly TripDto[], trip: TripDto): TripDto[] {
  if (trip.deleted) return removeTrip(list, trip.id);
  const index = list.findIndex((t) => t.id === trip.id);
  if (index === -1) {
    const next = list.slice();
    // newest first by id (spec §3); a pushed trip is almost always the newest, so this is the front
    const at = next.findIndex((t) => t.id < trip.id);
    next.splice(at === -1 ? next.length : at, 0, trip);
    return next;
  }
  if ((list[index].version ?? 0) >= (trip.version ?? 0)) return list as TripDto[];
  const next = list.slice();
  next[index] = trip;
  return next;
}

export function removeTrip(list: readonly TripDto[], id: number): TripDto[] {
  const index = list.findIndex((t) => t.id === id);
  if (index === -1) return list as TripDto[];
  return [...list.slice(0, index), ...list.slice(index + 1)];
}

export function dropTrip(id: number): void {
  setQueryData<TripDto[]>(queryKeys.trips, (list) => {
    if (!list) return undefined;
    const next = removeTrip(list, id);
    return next === list ? undefined : next;
  });
}

export function cachedTrip(id: number): TripDto | undefined {
  return getQueryData<TripDto[]>(queryKeys.trips)?.find((t) => t.id === id);
}

/** A 409 from PATCH carries the trip as it now is (DESIGN §4 Concurrency). */
export function conflictOf(error: unknown): TripConflictBody | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<TripConflictBody> | undefined;
  if (!body || typeof body !== 'object' || !body.trip || typeof body.trip !== 'object') return null;
  return { message: typeof body.message === 'string' ? body.message : error.message, trip: body.trip };
}
