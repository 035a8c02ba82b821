/**
 * What an edit request changes, in words a dispatcher reads before accepting it: "Departure: Wed 2 Dec 09:15 AM →
 * Thu 3 Dec 09:15 AM". The server keeps the form fields as they were before the school's first change and answers
 * the differences with the trip; plain TypeScript, no I/O, so the client and e-mails word them alike.
 */
import { formatDay } from './calendar';
import type { TripFieldChange, TripFormFields } from './trip-wire';

/** The form fields an edit request may change, as stored before the first change. */
export type TripFormSnapshot = TripFormFields;

const text = (v: string | null | undefined, empty = 'none') => (v == null || v.trim() === '' ? empty : v.trim());
const when = (date: string, time: string) => `${formatDay(date)} ${time}`;
const boosters = (f: TripFormSnapshot) => (f.boosterSeatsRequested ? String(f.boosterSeatCount) : 'none');
const tripType = (f: TripFormSnapshot) => (f.tripType === 'Other' ? text(f.customType, 'Other') : f.tripType);

/** Each comparison: the field reported, its label, and how a snapshot reads in words. */
const FIELDS: readonly { field: string; label: string; read: (f: TripFormSnapshot) => string }[] = [
  { field: 'departure', label: 'Departure', read: (f) => when(f.departureDate, f.departureTime) },
  { field: 'return', label: 'Return', read: (f) => when(f.returnDate, f.returnTime) },
  { field: 'destination', label: 'Destination', read: (f) => text(f.destination) },
  { field: 'origin', label: 'Pickup', read: (f) => text(f.origin) },
  { field: 'distance', label: 'Distance', read: (f) => (f.distanceKm == null ? 'none' : `${f.distanceKm} km`) },
  { field: 'students', label: 'Students', read: (f) => String(f.students) },
  { field: 'staff', label: 'Staff', read: (f) => String(f.staff ?? 0) },
  { field: 'boosterSeats', label: 'Booster seats', read: boosters },
  { field: 'tripType', label: 'Trip type', read: tripType },
  { field: 'notes', label: 'Notes', read: (f) => text(f.notes) },
];

/** The differences between the trip before an edit request and as it is now, in the order a dispatcher checks them. */
export function describeTripChanges(before: TripFormSnapshot, after: TripFormSnapshot): TripFieldChange[] {
  const changes: TripFieldChange[] = [];
  for (const { field, label, read } of FIELDS) {
    // a snapshot kept before trips carried their distance in the form says nothing of it
    if (field === 'distance' && before.distanceKm === undefined) continue;
    const from = read(before);
    const to = read(after);
    if (from !== to) changes.push({ field, label, from, to });
  }
  return changes;
}

/** "Departure: Wed 2 Dec 09:15 AM → Thu 3 Dec 09:15 AM" */
export function changeText(c: TripFieldChange): string {
  return `${c.label}: ${c.from} → ${c.to}`;
}
