import { TRIP_CSV_COLUMNS, tripCsvColumns, tripCsvRow } from '@contracts/trip-csv';
import type { TripDto } from '@contracts/trip-wire';
import Papa from 'papaparse';

/** The CSV export's columns, as the server's export writes them (contracts/trip-csv.ts): one definition. */
export { TRIP_CSV_COLUMNS };

/** The CSV text of these trips (header row first), the same rows as the server's export. Finance adds `paid`. */
export function tripsCsv(trips: readonly TripDto[], options: { withPaid?: boolean } = {}): string {
  const columns = tripCsvColumns(options.withPaid);
  return Papa.unparse({ fields: columns, data: trips.map((trip) => tripCsvRow(trip, columns)) }, { newline: '\r\n' });
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
