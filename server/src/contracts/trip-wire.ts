/**
 * Trip wire types (camelCase, as the trip calls have always named them), shared by the server's mapper,
 * the domain events and the client. Dates are `YYYY-MM-DD`; instants are ISO 8601 strings.
 */

import type { CancellationFeeDto, TripEstimate } from './pricing-wire';
import type { BusProgressDto } from './progress-wire';

/**
 * The statuses on the wire (docs/domain.md, "States and who moves them"). The last four belong to a school with an
 * approval policy: a request waits at the school before it is Pending, and no bus company ever sees it there.
 */
export const TRIP_STATUSES = [
  'Pending',
  'Accepted',
  'Confirmed',
  'Rejected',
  'Completed',
  'Canceled',
  'Cancel Requested',
  'Awaiting Approval',
  'Changes Requested',
  'Denied',
  'Withdrawn',
] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** Named statuses, so code reads `TripStatus.CancelRequested` rather than a bare string. */
export const TripStatus = {
  Pending: 'Pending',
  Accepted: 'Accepted',
  Confirmed: 'Confirmed',
  Rejected: 'Rejected',
  Completed: 'Completed',
  Canceled: 'Canceled',
  CancelRequested: 'Cancel Requested',
  AwaitingApproval: 'Awaiting Approval',
  ChangesRequested: 'Changes Requested',
  Denied: 'Denied',
  Withdrawn: 'Withdrawn',
} as const satisfies Record<string, TripStatus>;

/** A trip's `tripType`; a new trip defaults to Academic Trip. */
export const TRIP_TYPES = ['Academic Trip', 'Boarding House Trip', 'Day Trip', 'Sports Trip', 'Other'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

import type { BusType } from './bus-types';

export { BUS_TYPES, type BusType } from './bus-types';

/** The origin of a trip that names none. */
export const DEFAULT_ORIGIN = 'School';

export interface BusAssignment {
  busType: BusType;
  busSeats: number;
  /** AED; optional. */
  tripPrice?: number | null;
  driverName?: string | null;
  driverPhone?: string | null;
  /** Optional; a reader falls back to the trip's status. */
  status?: TripStatus | null;
  /**
   * A bus of the assigned company's fleet (docs/domain.md, "Fleet"). When set, the server checks it (same company,
   * active, free at the trip's time) and copies its type, seats and name onto this item. Absent: a hired
   * vehicle typed in as free text, not clash-checked.
   */
  busId?: number | null;
  /** The fleet bus's name as copied when assigned (or a hired vehicle's, as typed). */
  busName?: string | null;
  /** The fleet bus's number plate, copied when assigned, so the school can tell which bus is theirs. */
  busPlate?: string | null;
  /** A driver of the assigned company's fleet: checked like the bus (and the licence), name and mobile copied. */
  driverId?: number | null;
}

export interface BusInfo {
  busType: string | null;
  seats: number | null;
}

export interface DriverInfo {
  name: string | null;
  mobile: string | null;
}

/** Another trip holding the same fleet bus or driver at an overlapping time (the clash rule, contracts/fleet-rules.ts). */
export interface TripClash {
  tripId: number;
  resource: 'bus' | 'driver';
  /** The fleet bus's or driver's id and name. */
  resourceId: number;
  resourceName: string;
}

/** The fields of the trip request and edit forms, in the order the forms show them. */
export const TRIP_FORM_FIELDS = [
  'tripType',
  'customType',
  'origin',
  'destination',
  'departureDate',
  'departureTime',
  'returnDate',
  'returnTime',
  'students',
  'staff',
  'notes',
  'boosterSeatsRequested',
  'boosterSeatCount',
  'distanceKm',
] as const satisfies readonly (keyof TripFormFields)[];

/** A trip's form fields (request, edit, and what an edit request keeps before its first change). */
export interface TripFormFields {
  tripType: TripType;
  customType: string | null;
  origin: string | null;
  destination: string;
  departureDate: string;
  /** hh:mm AM/PM */
  departureTime: string;
  returnDate: string;
  returnTime: string;
  students: number;
  staff: number | null;
  notes: string | null;
  boosterSeatsRequested: boolean;
  boosterSeatCount: number;
  /**
   * The one-way distance in whole kilometres, the estimate's basis (contracts/pricing.ts): given with the request, changed
   * with the trip (a new destination is a new distance); null when none was given.
   */
  distanceKm: number | null;
}

export interface TripDto extends TripFormFields {
  id: number;
  tenantId: number;
  /** The departure date; `date` and `departureDate` always hold the same day (the API names both). */
  date: string;
  /** The requester's name and e-mail, as it was when the trip was requested. */
  createdBy: string;
  createdByEmail: string;
  createdById: number | null;
  /** The school's budget code for the trip, when its approval policy asks for one (or the requester gave one). */
  budgetCode: string | null;
  /**
   * The price before the request: the quote on the school's partner company's rate card (its version named), in fils;
   * null without a distance or a priced partner. Kept as quoted.
   */
  estimate: TripEstimate | null;
  /** What cancelling the trip cost, with the tier that applied; null unless it was cancelled after a company accepted it. */
  cancellationFee: CancellationFeeDto | null;
  status: TripStatus;
  /** Set while a cancellation is requested: the status a declined request returns to. */
  statusBeforeCancelRequest: TripStatus | null;
  busInfo: BusInfo | null;
  driverInfo: DriverInfo | null;
  /** AED. */
  price: number;
  paid: boolean;
  editRequest: boolean;
  cancelRequest: boolean;
  buses: BusAssignment[];
  deleted: boolean;
  /**
   * The weekly series the trip was requested in (`POST /trips/series`): every week of it carries the same id, and
   * `GET /trips/series/{seriesId}` lists them. Null for a trip requested alone.
   */
  seriesId: string | null;
  /** Bumped on every change; send it back on PATCH to be told (409) when someone else changed the trip first. */
  version: number;
  schoolOrgId: number;
  schoolName: string;
  /** The bus company the trip is assigned to (set when a company accepts it). */
  busCompanyOrgId: number | null;
  busCompanyName: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Other trips that hold one of this trip's fleet buses or drivers at an overlapping time. Assigning refuses a
   * clash (409), so a clash comes from an edit that moved a trip's times; both trips carry it until one moves.
   * Computed on every read and pushed with trip:updated to both trips' audiences.
   */
  clashes: TripClash[];
  /**
   * The trip needs (another) bus: accepted with no bus and departing within NEEDS_BUS_DAYS (the "Needs a bus"
   * alert), or, until it ends, holding a bus or driver that clashes with another trip or is out of service.
   * Computed on every read.
   */
  needsBus: boolean;
  /** Fleet buses and drivers assigned to this trip that have been deactivated since (computed on every read). */
  outOfService: TripFleetGap[];
  /** For an edit request (editRequest true): what the school changed, in words; otherwise empty. */
  requestedChanges: TripFieldChange[];
  /**
   * The day of travel: one entry per bus assignment whose fleet driver reports (has a driver account, or has steps on
   * this trip), in the order of `buses`, with its driver's steps and whether it is late (docs/domain.md, "The day of
   * travel"). Computed on every read; empty before buses.
   */
  progress: BusProgressDto[];
  /** The buses' departure counts add up to a number other than the passenger list's (flagged to school and company). */
  departureCount: { counted: number; listed: number } | null;
}

/** A fleet bus or driver on a trip that has since been taken out of service. */
export interface TripFleetGap {
  resource: 'bus' | 'driver';
  resourceId: number;
  resourceName: string;
}

/** One field an edit request changes, in words: "Departure: Wed 2 Dec 09:15 AM → Thu 3 Dec 09:15 AM". */
export interface TripFieldChange {
  /** The wire field (`departureDate`; departure and return date and time are reported as `departure` and `return`). */
  field: string;
  /** What a person calls it: "Departure", "Students". */
  label: string;
  from: string;
  to: string;
}

/** The body of a 409 on PATCH /trips/{id}: why, and the trip as it now is. */
export interface TripConflictBody {
  message: string;
  trip: TripDto;
}

export interface SubtripDto {
  id: number;
  tripId: number;
  buses: BusAssignment[];
  createdBy: string;
  createdById: number | null;
  createdAt: string;
}

/** A passenger on a trip. */
export interface PassengerDto {
  id: number;
  tripId: number;
  fullName: string;
  guardianName: string | null;
  guardianPhone: string | null;
  pickupPoint: string | null;
  dropoffPoint: string | null;
  notes: string | null;
  checkedIn: boolean;
  createdAt: string;
}

/**
 * The statuses of a request still at its school (an approval policy's): no bus company sees, lists, counts or hears of
 * a trip in one of them, exactly as another school's trip.
 */
export const SCHOOL_ONLY_STATUSES: readonly TripStatus[] = ['Awaiting Approval', 'Changes Requested', 'Denied', 'Withdrawn'];

/** Everything that can be done to a trip; trip-rules.ts says who may do which, from which status. */
export const TRIP_ACTIONS = [
  'request',
  'accept',
  'reject',
  'cancel',
  'assignBuses',
  'requestCancel',
  'approveCancel',
  'declineCancel',
  'complete',
  'edit',
  'delete',
  'addPassengers',
  'markPaid',
  'approve',
  'requestChanges',
  'deny',
  'resubmit',
] as const;
export type TripAction = (typeof TRIP_ACTIONS)[number];

/**
 * What a history row records: every trip action, a subtrip being recorded, a school's approval steps on a change
 * held for approval (`submitChange`, `approveChange`, `requestChangesToChange`, `denyChange`) and a request or change
 * withdrawn when it waited past the policy's expiry (`withdraw`).
 */
export type TripHistoryAction =
  TripAction | 'recordSubtrip' | 'submitChange' | 'approveChange' | 'requestChangesToChange' | 'denyChange' | 'withdraw';

/** One change to a trip, as its history records it: who, when, from, to, which fields. */
export interface TripHistoryDto {
  id: number;
  tripId: number;
  action: TripHistoryAction;
  fromStatus: TripStatus | null;
  toStatus: TripStatus | null;
  /** Wire names of the fields that changed (e.g. `destination`, `buses`, `paid`). */
  fields: string[];
  by: { id: number | null; name: string };
  at: string;
  /** Why, when the change tells no more by itself: "Every bus has returned." on a trip its drivers completed. */
  note?: string;
}
