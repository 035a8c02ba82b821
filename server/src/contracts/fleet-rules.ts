/**
 * The fleet and dispatch rules (docs/domain.md, "Fleet"), in one place: who manages a company's fleet, when a trip holds
 * its buses and drivers, when two trips clash, and the assignment checks that need no database. The server's
 * SQL (server/src/fleet/repository/fleet-assignment.repository.ts) states the same holding and overlap rules for its queries; the client
 * asks these functions for display. Plain TypeScript, no framework imports, no I/O.
 */
import { addDays, formatDay } from './calendar';
import { FleetMessages } from './fleet-messages';
import type { LicenceStatus } from './fleet-wire';
import type { Role } from './roles';
import { type TripActor } from './trip-rules';
import { parseTripTime } from './trip-form-rules';
import type { BusAssignment, TripStatus } from './trip-wire';

/** The roles that manage a fleet: dispatchers and admins; everyone else gets 403. */
export const FLEET_ROLES = ['bus_company', 'admin'] as const satisfies readonly Role[];
/** The roles with the Dispatch Board in their sidebar (trip managers see only their own trips on it). */
export const DISPATCH_BOARD_ROLES = ['bus_company', 'admin', 'trip_manager'] as const satisfies readonly Role[];

/** A licence expiring within this many days is shown as expiring soon. */
export const LICENCE_WARNING_DAYS = 30;
/** The longest window GET /dispatch/board answers for. */
export const BOARD_MAX_DAYS = 62;

/** The statuses in which a trip holds its buses and drivers (docs/domain.md, "Fleet", double booking). */
export const FLEET_HOLDING_STATUSES = ['Accepted', 'Confirmed', 'Cancel Requested'] as const satisfies readonly TripStatus[];

/**
 * The clash rule: a trip holds its fleet buses and drivers from departure to return while it is Accepted,
 * Confirmed or Cancel Requested. An edit request (school staff changed a Confirmed trip, which is
 * Pending with editRequest until the company accepts it again) keeps holding them, so nobody takes the bus
 * while the change waits and a moved time shows as a clash on both trips.
 */
export function holdsFleet(trip: { status: TripStatus; editRequest: boolean; deleted?: boolean }): boolean {
  if (trip.deleted) return false;
  return (FLEET_HOLDING_STATUSES as readonly TripStatus[]).includes(trip.status) || (trip.status === 'Pending' && trip.editRequest);
}

// ---------------------------------------------------------------------------------------------
// Who manages a fleet

/** Who keeps a fleet: dispatchers of the company, admins of its tenant, platform admins. */
export function canManageFleet(actor: TripActor, company: { id: number; tenantId: number }): boolean {
  if (actor.role === 'admin') return actor.tenantId === null || actor.tenantId === company.tenantId;
  return actor.role === 'bus_company' && actor.tenantId === company.tenantId && actor.activeOrgId === company.id;
}

// ---------------------------------------------------------------------------------------------
// Time windows (a trip's wall-clock time, as its school writes it)

export interface TripTimes {
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
}

/** A trip from departure to return as local date-times `YYYY-MM-DDTHH:mm` (they compare as text). */
export interface TripWindow {
  start: string;
  end: string;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function tripWindow(t: TripTimes): TripWindow {
  return {
    start: `${t.departureDate}T${hhmm(parseTripTime(t.departureTime) ?? 0)}`,
    end: `${t.returnDate}T${hhmm(parseTripTime(t.returnTime) ?? 0)}`,
  };
}

/** Half-open windows: a bus back at 02:00 PM may leave again at 02:00 PM. */
export function windowsOverlap(a: TripWindow, b: TripWindow): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Two trips clash over a shared bus or driver when both hold it and their windows overlap. */
export function tripsClash(
  a: TripTimes & { status: TripStatus; editRequest: boolean; deleted?: boolean },
  b: TripTimes & { status: TripStatus; editRequest: boolean; deleted?: boolean },
): boolean {
  return holdsFleet(a) && holdsFleet(b) && windowsOverlap(tripWindow(a), tripWindow(b));
}

// ---------------------------------------------------------------------------------------------
// Dates (in calendar.ts, below the trip rules, which need them too)

export { addDays, daysBetween, formatDay, localDate, localDateTime, weekStart } from './calendar';

/** "Wed 2 Dec 09:15 AM–02:00 PM", or across days "Fri 4 Dec 07:30 AM–Sun 6 Dec 05:00 PM". */
export function describeTripWindow(t: TripTimes): string {
  const start = `${formatDay(t.departureDate)} ${t.departureTime}`;
  return t.returnDate === t.departureDate ? `${start}–${t.returnTime}` : `${start}–${formatDay(t.returnDate)} ${t.returnTime}`;
}

// ---------------------------------------------------------------------------------------------
// Assignment checks that need no database

/** "45 passengers, 40 seats assigned." when the buses seat fewer than the students plus staff; null when they fit. */
export function seatsProblem(
  trip: { students: number; staff: number | null },
  buses: readonly Pick<BusAssignment, 'busSeats'>[],
): string | null {
  const passengers = trip.students + (trip.staff ?? 0);
  const seats = buses.reduce((n, b) => n + b.busSeats, 0);
  return seats < passengers ? FleetMessages.tooFewSeats(passengers, seats) : null;
}

/** A driver may drive a trip only if the licence is valid through its last day (the expiry date itself counts). */
export function licenceProblem(driver: { name: string; licenceExpiry: string }, trip: Pick<TripTimes, 'returnDate'>): string | null {
  if (driver.licenceExpiry >= trip.returnDate) return null;
  return FleetMessages.licenceExpires(driver.name, formatDay(driver.licenceExpiry, true), formatDay(trip.returnDate, true));
}

export function licenceStatus(licenceExpiry: string, today: string): LicenceStatus {
  if (licenceExpiry < today) return 'expired';
  return licenceExpiry <= addDays(today, LICENCE_WARNING_DAYS) ? 'expiresSoon' : 'valid';
}

/** "Bus 12 is already on Science Discovery Centre, Wed 2 Dec 09:15 AM–02:00 PM." */
export function clashMessage(c: TripTimes & { resourceName: string; destination: string }): string {
  return FleetMessages.alreadyOn(c.resourceName, c.destination, describeTripWindow(c));
}

// ---------------------------------------------------------------------------------------------
// "Needs a bus"

/**
 * An accepted trip with no bus that departs between today and `days` days from now ("Needs a bus"). Once it has
 * left, the alert is moot; a trip further out does not need one yet.
 */
export function needsBus(
  trip: { status: TripStatus; buses: readonly unknown[]; departureDate: string; deleted?: boolean },
  today: string,
  days: number,
): boolean {
  if (trip.deleted || trip.status !== 'Accepted' || trip.buses.length > 0) return false;
  return trip.departureDate >= today && trip.departureDate <= addDays(today, days);
}

/**
 * A trip that has a bus but cannot run with it: accepted, confirmed or awaiting a cancellation, not back yet
 * (`now`: `YYYY-MM-DDTHH:mm`), and one of its fleet buses or drivers clashes with another trip or is out of service.
 * It needs a bus as much as one without: the board's lane and the bell show it until the dispatcher reassigns.
 */
export function needsAnotherBus(
  trip: TripTimes & { status: TripStatus; deleted?: boolean; clashes: readonly unknown[]; outOfService: readonly unknown[] },
  now: string,
): boolean {
  if (trip.deleted || !(FLEET_HOLDING_STATUSES as readonly TripStatus[]).includes(trip.status)) return false;
  if (trip.clashes.length === 0 && trip.outOfService.length === 0) return false;
  return tripWindow(trip).end > now;
}

/**
 * Why a trip that has a bus needs another, for the bell: "Aquarium of the Gulf departs Thu 26 Nov 08:00 AM: Bus 22 is out
 * of service." (the first reason; a bus before a driver).
 */
export function busUnavailableMessage(trip: {
  destination: string;
  departureDate: string;
  departureTime: string;
  clashes: readonly { resourceName: string }[];
  outOfService: readonly { resourceName: string }[];
}): string {
  const why = trip.outOfService[0]
    ? FleetMessages.busOutOfService(trip.outOfService[0].resourceName)
    : FleetMessages.busClashes(trip.clashes[0]?.resourceName ?? 'Its bus');
  return FleetMessages.busUnavailableMessage(trip.destination, `${formatDay(trip.departureDate)} ${trip.departureTime}`, why);
}

/** "Science Discovery Centre departs Wed 2 Dec 09:15 AM and has no bus yet." */
export function needsBusMessage(trip: { destination: string; departureDate: string; departureTime: string }): string {
  return FleetMessages.needsBusMessage(trip.destination, `${formatDay(trip.departureDate)} ${trip.departureTime}`);
}

// ---------------------------------------------------------------------------------------------
// Names

/** Bus names are unique within a company whatever their case and spacing: "Bus 12" = "bus  12". */
export function fleetNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Plates are unique within a company whatever their case, spaces and hyphens: "DXB 12-345" = "dxb12345". */
export function plateKey(plate: string): string {
  return plate.replace(/[\s-]+/g, '').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// How a trip's bus is named to people

/**
 * A bus as a teacher at the gate or a dispatcher reads it: "Bus 12 · DXB 41212" for a fleet bus (its plate when it
 * has one), the name typed for a hired vehicle, else its type and seats ("Internal Yellow Bus, 56 seats").
 */
export function busIdentity(b: Pick<BusAssignment, 'busName' | 'busPlate' | 'busType' | 'busSeats'>): string {
  const name = b.busName?.trim();
  if (!name) return `${b.busType}, ${b.busSeats} seats`;
  const plate = b.busPlate?.trim();
  return plate ? `${name} · ${plate}` : name;
}

/** "Bus 12 · DXB 41212, driver Omar Haddad (+971 50 123 4567)"; without a driver only the bus. */
export function busAndDriver(
  b: Pick<BusAssignment, 'busName' | 'busPlate' | 'busType' | 'busSeats' | 'driverName' | 'driverPhone'>,
): string {
  const driver = b.driverName?.trim();
  if (!driver) return busIdentity(b);
  const phone = b.driverPhone?.trim();
  return `${busIdentity(b)}, driver ${driver}${phone ? ` (${phone})` : ''}`;
}
