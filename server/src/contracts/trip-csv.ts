/**
 * The trips CSV export's columns, and what each cell holds. The server's streamed export
 * (`GET /trips/export`) writes these; the client's own export (client/src/features/trips/trip-csv.ts) writes the
 * same cells from the trips it holds.
 */
import { busIdentity } from './fleet-rules';
import type { TripDto } from './trip-wire';

/** The columns, in this order. Finance adds `paid`. */
export const TRIP_CSV_COLUMNS = [
  'tripType',
  'destination',
  'date',
  'departureTime',
  'status',
  'price',
  'busInfo',
  'students',
  'boosterSeatCount',
  'returnDate',
  'returnTime',
  'driverInfo',
  'notes',
  'createdBy',
  'createdAt',
  'editRequest',
  'cancelRequest',
  'customType',
  'id',
] as const;

export type TripCsvColumn = (typeof TRIP_CSV_COLUMNS)[number] | 'paid';

export const tripCsvColumns = (withPaid = false): TripCsvColumn[] => [...TRIP_CSV_COLUMNS, ...(withPaid ? (['paid'] as const) : [])];

/**
 * busInfo and driverInfo are objects on the wire; a spreadsheet gets them as words. Buses that carry a name (a fleet
 * bus, with its plate, or a hired one named) are listed by name, so the sheet says which bus is the school's.
 */
function busInfoText(trip: TripDto): string {
  const buses = trip.buses ?? [];
  if (buses.some((b) => b.busName)) return buses.map(busIdentity).join('; ');
  const info = trip.busInfo;
  if (!info || (!info.busType && info.seats == null)) return '';
  return [info.busType, info.seats != null ? `${info.seats} seats` : null].filter(Boolean).join(', ');
}

function driverInfoText(trip: TripDto): string {
  const drivers = (trip.buses ?? []).filter((b) => b.driverName);
  if (drivers.length > 1) return drivers.map((b) => [b.driverName, b.driverPhone].filter(Boolean).join(', ')).join('; ');
  const info = trip.driverInfo;
  if (!info) return '';
  return [info.name, info.mobile].filter(Boolean).join(', ');
}

export function tripCsvCell(trip: TripDto, column: TripCsvColumn): string | number | boolean {
  switch (column) {
    case 'date':
      return trip.departureDate || trip.date || '';
    case 'busInfo':
      return busInfoText(trip);
    case 'driverInfo':
      return driverInfoText(trip);
    case 'price':
      return Number(trip.price) || 0;
    default: {
      const value = trip[column];
      return value === null || value === undefined ? '' : (value as string | number | boolean);
    }
  }
}

export const tripCsvRow = (trip: TripDto, columns: readonly TripCsvColumn[]) => columns.map((c) => tripCsvCell(trip, c));
