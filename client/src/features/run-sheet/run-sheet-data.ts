import { busIdentity } from '@contracts/fleet-rules';
import type { DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import { parseTripTime } from '@contracts/trip-form-rules';
import { DEFAULT_ORIGIN, type BusAssignment, type TripDto } from '@contracts/trip-wire';
import dayjs from 'dayjs';

/** One trip on a driver's run sheet: the trip and the buses of it that this driver drives. */
export interface RunSheetTrip {
  trip: TripDto;
  buses: BusAssignment[];
}

const departureKey = (t: TripDto) => `${t.departureDate} ${String(parseTripTime(t.departureTime) ?? 0).padStart(4, '0')} ${t.id}`;

/** The driver's trips on a board read for one day, by departure (a driver may drive two buses of one trip). */
export function runSheetTrips(board: Pick<DispatchBoardDto, 'trips'>, driverId: number): RunSheetTrip[] {
  return board.trips
    .filter((trip) => !trip.deleted)
    .map((trip) => ({ trip, buses: trip.buses.filter((b) => b.driverId === driverId) }))
    .filter((row) => row.buses.length > 0)
    .sort((a, b) => (departureKey(a.trip) < departureKey(b.trip) ? -1 : departureKey(a.trip) > departureKey(b.trip) ? 1 : 0));
}

export function findDriver(board: Pick<DispatchBoardDto, 'drivers'>, driverId: number | null): DriverDto | null {
  return driverId === null ? null : (board.drivers.find((d) => d.id === driverId) ?? null);
}

/** `2031-03-05` → "Wednesday 5 March 2031": a sheet on paper names its day in full. */
export function dateInWords(date: string): string {
  return dayjs(date).format('dddd D MMMM YYYY');
}

/** "Bus 12 · DXB 41212", or two buses joined when the driver drives both. */
export function busesText(buses: readonly BusAssignment[]): string {
  return buses.map(busIdentity).join(', ');
}

/** Where the bus picks up: the trip's origin, or the school when none was written. */
export function pickupText(trip: Pick<TripDto, 'origin'>): string {
  return trip.origin?.trim() || DEFAULT_ORIGIN;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "30 students, 3 staff (33)", with ", 4 booster seats" when the school asked for them. */
export function passengersText(trip: Pick<TripDto, 'students' | 'staff' | 'boosterSeatsRequested' | 'boosterSeatCount'>): string {
  const staff = trip.staff ?? 0;
  const people = `${count(trip.students, 'student', 'students')}, ${staff} staff (${trip.students + staff})`;
  if (!trip.boosterSeatsRequested) return people;
  return `${people}, ${count(trip.boosterSeatCount, 'booster seat', 'booster seats')}`;
}
