import type { TripDto } from '@contracts/trip-wire';
import Papa from 'papaparse';

/** spec §3 CSV export columns (trips), in this order. */
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

type Column = (typeof TRIP_CSV_COLUMNS)[number] | 'paid';

/** busInfo and driverInfo are objects on the wire; a spreadsheet gets them as words. */
function busInfoText(trip: TripDto): string {
  const info = trip.busInfo;
  if (!info || (!info.busType && info.seats == null)) return '';
  return [info.busType, info.seats != null ? `${info.seats} seats` : null].filter(Boolean).join(', ');
}

function driverInfoText(trip: TripDto): string {
  const info = trip.driverInfo;
  if (!info) return '';
  return [info.name, info.mobile].filter(Boolean).join(', ');
}

function cell(trip: TripDto, column: Column): string | number | boolean {
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

/** The CSV text of these trips (header row first). Finance adds a `paid` column. */
export function tripsCsv(trips: readonly TripDto[], options: { withPaid?: boolean } = {}): string {
  const columns: Column[] = [...TRIP_CSV_COLUMNS, ...(options.withPaid ? (['paid'] as const) : [])];
  return Papa.unparse({ fields: columns, data: trips.map((trip) => columns.map((c) => cell(trip, c))) }, { newline: '\r\n' });
}

/** Saves text as a file through a temporary link; the BOM lets spreadsheet programs read UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** spec §2: the filtered trips, downloaded as trips.csv (the caller names the file: finance-trips for finance). */
export function exportTrips(trips: readonly TripDto[], fileName: string, options: { withPaid?: boolean } = {}): void {
  downloadCsv(fileName, tripsCsv(trips, options));
}
