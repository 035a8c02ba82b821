/** A booking starts as "Requested"; Approve and Cancel set these two (docs/domain.md, "Bookings"). */
export const BOOKING_STATUSES = ['Requested', 'approved', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_CHANGES = ['approved', 'cancelled'] as const;
export type BookingStatusChange = (typeof BOOKING_STATUS_CHANGES)[number];

/** A pickup or drop-off point; time is text such as "07:30 AM". */
export interface BookingPoint {
  location: string;
  address: string | null;
  time: string;
}

/**
 * A booking as the list shows it — id, title, date_start, date_end, passengers_students,
 * passengers_adults, status, created_at — plus the rest of the form's fields for the details view,
 * all in the list's snake_case.
 */
export interface BookingDto {
  id: number;
  tenant_id: number;
  school_org_id: number | null;
  school_org: { id: number; name: string } | null;
  title: string | null;
  purpose: string | null;
  /** YYYY-MM-DD */
  date_start: string;
  /** YYYY-MM-DD */
  date_end: string;
  /** hh:mm AM/PM */
  start_time: string;
  /** hh:mm AM/PM */
  end_time: string;
  duration_minutes: number | null;
  passengers_students: number;
  passengers_adults: number;
  pickup_points: BookingPoint[];
  dropoff_points: BookingPoint[];
  buses_requested: number | null;
  bus_type: string | null;
  notes: string | null;
  status: BookingStatus;
  created_by: string;
  created_by_email: string;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The booking form's text when the end is not after the start. */
export const BOOKING_END_AFTER_START = 'End must be after Start.';

/**
 * Minutes after midnight for a time of day: "07:30 AM" (the console's form, hours 01–12), also "7:30 pm" and
 * 24-hour "19:30". null when it is none of these.
 */
export function parseTimeOfDay(text: string): number | null {
  const t = text.trim();
  const twelve = /^(\d{1,2}):([0-5]\d)\s*([AaPp])\.?\s*[Mm]\.?$/.exec(t);
  if (twelve) {
    const h = Number(twelve[1]);
    if (h < 1 || h > 12) return null;
    const pm = twelve[3].toLowerCase() === 'p';
    return ((h % 12) + (pm ? 12 : 0)) * 60 + Number(twelve[2]);
  }
  const day = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(t);
  return day ? Number(day[1]) * 60 + Number(day[2]) : null;
}

/** The console's form of a time: "hh:mm AM" (hours 01 to 12 with AM or PM). */
export function formatTimeOfDay(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The booking form's rule: the end (date and time) must be later than the start. Inputs are YYYY-MM-DD and times parseTimeOfDay accepts. */
export function bookingEndsAfterStart(b: { date: string; startTime: string; endDate: string; endTime: string }): boolean {
  const start = parseTimeOfDay(b.startTime);
  const end = parseTimeOfDay(b.endTime);
  if (start === null || end === null) return false;
  return b.endDate > b.date || (b.endDate === b.date && end > start);
}
