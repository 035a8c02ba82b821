import type { LateKind } from './progress-wire';
import type { BusType, TripDto, TripStatus } from './trip-wire';

/**
 * Fleet and dispatch wire types (docs/domain.md, "Fleet"), shared by the server, the domain events and the client.
 * camelCase like the trips they serve. Dates are `YYYY-MM-DD`; instants are ISO 8601 strings.
 */

/** A bus company, as the fleet screens and the board name it. */
export interface FleetCompanyDto {
  id: number;
  tenantId: number;
  name: string;
}

/** A bus of a company's fleet. */
export interface BusDto {
  id: number;
  tenantId: number;
  companyId: number;
  companyName: string;
  /** Name or fleet number ("Bus 12"), unique within the company whatever its case. */
  name: string;
  /** Registration plate, unique within the company when given. */
  plate: string | null;
  busType: BusType;
  seats: number;
  /** How many booster seats it can carry. */
  boosterSeats: number;
  /** Inactive buses stay on the trips they served but cannot be chosen for new ones. */
  active: boolean;
  /** Bumped on every change; send it back on PATCH to be told (409) when someone else changed the bus first. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a driver's licence stands today: expired, expiring within 30 days, or valid. */
export type LicenceStatus = 'valid' | 'expiresSoon' | 'expired';

/** A driver of a company's fleet. */
export interface DriverDto {
  id: number;
  tenantId: number;
  companyId: number;
  companyName: string;
  name: string;
  mobile: string;
  /** The last day the licence is valid. */
  licenceExpiry: string;
  /** Computed when read (LICENCE_WARNING_DAYS). */
  licenceStatus: LicenceStatus;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The driver's sign-in account, once they signed up through their invitation (docs/domain.md, "Drivers"). */
  account: { email: string } | null;
  /** When the open invitation link stops working; null when there is none (never invited, used, replaced or expired). */
  inviteExpiresAt: string | null;
}

/** POST /fleet/buses. Admins name the company; a dispatcher's is their own. */
export interface CreateBusBody {
  companyId?: number;
  name: string;
  plate?: string | null;
  busType: BusType;
  seats: number;
  boosterSeats?: number;
  active?: boolean;
}

/** PATCH /fleet/buses/{id}: any of these (`active: false` deactivates); send `version` to be told of a stale edit. */
export interface UpdateBusBody {
  name?: string;
  plate?: string | null;
  busType?: BusType;
  seats?: number;
  boosterSeats?: number;
  active?: boolean;
  version?: number;
}

/** POST /fleet/drivers. */
export interface CreateDriverBody {
  companyId?: number;
  name: string;
  mobile: string;
  licenceExpiry: string;
  active?: boolean;
}

/** PATCH /fleet/drivers/{id}. */
export interface UpdateDriverBody {
  name?: string;
  mobile?: string;
  licenceExpiry?: string;
  active?: boolean;
  version?: number;
}

/** The body of a 409 on a stale fleet PATCH: why, and the record as it now is. */
export interface FleetStaleBody<T extends BusDto | DriverDto> {
  message: string;
  current: T;
}

/** One trip that already holds a bus or driver an assignment asked for. */
export interface FleetConflict {
  tripId: number;
  resource: 'bus' | 'driver';
  resourceId: number;
  resourceName: string;
  destination: string;
  status: TripStatus;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
}

/** The body of the 409 that refuses a double booking: the message names the first clash; every clash is listed. */
export interface FleetConflictBody {
  message: string;
  conflicts: FleetConflict[];
}

/**
 * A notification for the bell, raised once in the database: "Needs a bus" (per trip and kind), a late bus (per trip,
 * bus and late kind) and a departure count that differs from the passenger list (per trip). Ids are unique across kinds.
 */
export interface NotificationDto {
  id: number;
  kind: 'needsBus' | 'late' | 'departureCount';
  /** "Needs a bus", "Late departure", "Late return", "Not acknowledged", "Departure count differs" */
  title: string;
  /** "Science Discovery Centre departs Wed 2 Dec 09:15 AM and has no bus yet." */
  message: string;
  /** A late bus: why it is late. */
  lateKind?: LateKind;
  /** A late bus: its fleet driver (the bus's entry in the trip's `progress`). */
  driverId?: number;
  tripId: number;
  tenantId: number;
  companyId: number | null;
  destination: string;
  schoolName: string;
  departureDate: string;
  departureTime: string;
  raisedAt: string;
}

/**
 * GET /dispatch/board: one company's fleet and the trips on it over a window of days, plus the lane of
 * accepted trips still without a bus. Everything a trip manager gets is among their own trips (GET /trips),
 * with no fleet rows (the fleet is for dispatchers and admins).
 */
export interface DispatchBoardDto {
  from: string;
  to: string;
  /** The server's today, for "departs in 2 days". */
  today: string;
  /** NEEDS_BUS_DAYS: an accepted trip with no bus this many days before departure needs one. */
  needsBusDays: number;
  /** The company shown; null for a trip manager's board across companies. */
  company: FleetCompanyDto | null;
  /** The companies the caller may choose between (admins: every bus company of the tenant; dispatchers: their own). */
  companies: FleetCompanyDto[];
  /** The company's buses (active ones, and inactive ones that carry a trip in the window), by name. */
  buses: BusDto[];
  /** The company's drivers (same rule), by name, with their licence status. */
  drivers: DriverDto[];
  /**
   * The bars: trips in the window that have buses and hold them (Accepted, Confirmed, Cancel Requested, an edit
   * request) or have completed, by departure. Fleet ids are on `buses[]`; hired vehicles have none.
   */
  trips: TripDto[];
  /**
   * The lane of trips waiting for a bus, by departure: accepted trips with no bus that have not ended, and trips that
   * have not ended whose bus or driver clashes with another trip or is out of service (needsBus marks them all but
   * the bus-less ones beyond NEEDS_BUS_DAYS).
   */
  needsBus: TripDto[];
  /**
   * The request lane, newest first: Pending trips of the company's partner schools that no other company holds, and
   * edit requests of the company's trips (with `requestedChanges`). Empty for trip managers and without a company.
   */
  requests: TripDto[];
  /**
   * The schools partnered with the company shown, whose new requests its lane takes (so a console can tell a pushed
   * request of another school from one of these). Empty for trip managers and without a company.
   */
  partnerSchoolIds: number[];
}
