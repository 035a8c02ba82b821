import {
  type BusAssignment,
  type PassengerDto,
  type SubtripDto,
  TRIP_FORM_FIELDS,
  type TripDto,
  type TripHistoryDto,
} from '../contracts/trip-wire';
import { describeTripChanges, type TripFormSnapshot } from '../contracts/trip-changes';
import type { Passenger } from './passenger.entity';
import type { Subtrip } from './subtrip.entity';
import type { TripHistory } from './trip-history.entity';

/** The wire fields computed on every read (TripFleet.decorate, describeTripChanges), never stored. */
type TripComputedField = 'clashes' | 'needsBus' | 'outOfService' | 'requestedChanges' | 'progress' | 'departureCount';

/** A trip as the lean select reads it (repository/trip-read.repository.ts `selectTripRows`): the trip's wire fields as
 * stored (no computed flags), with the types the database drivers answer. */
export type TripRow = Omit<TripDto, 'date' | 'price' | 'buses' | 'createdAt' | 'updatedAt' | TripComputedField> & {
  /** numeric arrives as text from both drivers. */
  price: string | number;
  buses: BusAssignment[] | null;
  /** The form fields before an edit request's first change (absent from reads that do not need it). */
  editRequestBefore?: TripFormSnapshot | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The one JSON shape of a trip: every endpoint and every domain event uses it. */
export function toTripDto(r: TripRow): TripDto {
  return {
    id: r.id,
    tenantId: r.tenantId,
    tripType: r.tripType,
    customType: r.customType,
    origin: r.origin,
    destination: r.destination,
    date: r.departureDate,
    departureDate: r.departureDate,
    departureTime: r.departureTime,
    returnDate: r.returnDate,
    returnTime: r.returnTime,
    students: r.students,
    staff: r.staff,
    notes: r.notes,
    boosterSeatsRequested: r.boosterSeatsRequested,
    boosterSeatCount: r.boosterSeatCount,
    createdBy: r.createdBy,
    createdByEmail: r.createdByEmail,
    createdById: r.createdById,
    budgetCode: r.budgetCode ?? null,
    distanceKm: r.distanceKm ?? null,
    estimate: r.estimate ?? null,
    cancellationFee: r.cancellationFee ?? null,
    status: r.status,
    statusBeforeCancelRequest: r.statusBeforeCancelRequest,
    busInfo: r.busInfo,
    driverInfo: r.driverInfo,
    price: Number(r.price),
    paid: r.paid,
    editRequest: r.editRequest,
    cancelRequest: r.cancelRequest,
    buses: r.buses ?? [],
    deleted: r.deleted,
    seriesId: r.seriesId ?? null,
    version: r.version,
    schoolOrgId: r.schoolOrgId,
    schoolName: r.schoolName,
    busCompanyOrgId: r.busCompanyOrgId,
    busCompanyName: r.busCompanyName,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    // Computed flags, filled in by fleet/trip-fleet.service.ts (TripFleet.decorate) before a trip is answered.
    clashes: [],
    needsBus: false,
    outOfService: [],
    requestedChanges: r.editRequest && r.editRequestBefore ? describeTripChanges(r.editRequestBefore, formSnapshot(r)) : [],
    // The day of travel, filled in by progress/progress-read.repository.ts (through TripFleet.decorate).
    progress: [],
    departureCount: null,
  };
}

/** The form fields of a trip, as an edit request keeps them before its first change. */
export function formSnapshot(t: TripFormSnapshot): TripFormSnapshot {
  return Object.fromEntries(TRIP_FORM_FIELDS.map((f) => [f, t[f]])) as unknown as TripFormSnapshot;
}

export function toSubtripDto(s: Subtrip): SubtripDto {
  return { id: s.id, tripId: s.tripId, buses: s.buses, createdBy: s.createdBy, createdById: s.createdById, createdAt: iso(s.createdAt) };
}

export function toPassengerDto(p: Passenger): PassengerDto {
  return {
    id: p.id,
    tripId: p.tripId,
    fullName: p.fullName,
    guardianName: p.guardianName,
    guardianPhone: p.guardianPhone,
    pickupPoint: p.pickupPoint,
    dropoffPoint: p.dropoffPoint,
    notes: p.notes,
    checkedIn: p.checkedIn,
    createdAt: iso(p.createdAt),
  };
}

export function toTripHistoryDto(h: TripHistory): TripHistoryDto {
  return {
    id: h.id,
    tripId: h.tripId,
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    fields: h.fields,
    by: { id: h.actorId, name: h.actorName },
    at: iso(h.at),
    ...(h.note ? { note: h.note } : {}),
  };
}

/** Wire fields that say nothing about what the person changed (the flags are computed, not stored). */
const BOOKKEEPING = new Set<keyof TripDto>([
  'version',
  'updatedAt',
  'date',
  'busCompanyName',
  'schoolName',
  'clashes',
  'needsBus',
  'outOfService',
  'requestedChanges',
  'progress',
  'departureCount',
]);

/** The wire names of the fields that differ between two readings of a trip, for history. */
export function changedTripFields(before: TripDto, after: TripDto): string[] {
  return (Object.keys(after) as (keyof TripDto)[]).filter(
    (k) => !BOOKKEEPING.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}
