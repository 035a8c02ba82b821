import { BOOKING_END_AFTER_START, type BookingPoint, bookingEndsAfterStart } from '@contracts/bookings';
import type { BookingPayload } from './bookings.api';

/** What the New Bus Booking form holds, its rules and what it sends to POST /bookings. */

export interface BookingFormValues {
  title: string;
  purpose: string;
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
  durationMinutes: number | '';
  students: number | '';
  adults: number | '';
  busesRequested: number | '';
  busType: string;
  notes: string;
  pickupPoints: BookingPoint[];
  dropoffPoints: BookingPoint[];
}

/** A new booking starts at 08:00 AM and ends at 03:30 PM, for 0 students and 0 adults. */
export const emptyBooking = (): BookingFormValues => ({
  title: '',
  purpose: '',
  date: '',
  startTime: '08:00 AM',
  endDate: '',
  endTime: '03:30 PM',
  durationMinutes: '',
  students: 0,
  adults: 0,
  busesRequested: '',
  busType: '',
  notes: '',
  pickupPoints: [],
  dropoffPoints: [],
});

export type BookingErrors = Partial<Record<keyof BookingFormValues | 'points' | 'form', string>>;

const POINT_INCOMPLETE = 'Each pickup or drop-off point needs a location name and a time.';

/** The booking form's rules, run as the form's validation (the server words the same checks identically). */
export function validateBooking(v: BookingFormValues): BookingErrors {
  const errors: BookingErrors = {};
  if (!v.date) errors.date = 'Start date is required.';
  if (!v.endDate) errors.endDate = 'End date is required.';
  if (!v.startTime) errors.startTime = 'Start time is required.';
  if (!v.endTime) errors.endTime = 'End time is required.';
  if (v.students === '') errors.students = 'Number of students is required.';
  else if (v.students < 0) errors.students = 'Students must be a whole number, 0 or more.';
  if (v.adults === '') errors.adults = 'Number of adults is required.';
  else if (v.adults < 0) errors.adults = 'Adults must be a whole number, 0 or more.';
  if (v.busesRequested !== '' && v.busesRequested < 0) errors.busesRequested = 'Buses requested must be a whole number, 0 or more.';
  if ([...v.pickupPoints, ...v.dropoffPoints].some((p) => !p.location.trim() || !p.time)) errors.points = POINT_INCOMPLETE;
  if (v.date && v.endDate && v.startTime && v.endTime && !bookingEndsAfterStart(v)) errors.form = BOOKING_END_AFTER_START;
  return errors;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

export function toPayload(v: BookingFormValues, who: { name: string; email: string; id: number }): BookingPayload {
  const cleanPoints = (points: BookingPoint[]) =>
    points.map((p) => ({ location: p.location.trim(), address: orNull(p.address ?? ''), time: p.time }));
  return {
    title: orNull(v.title),
    purpose: orNull(v.purpose),
    date: v.date,
    startTime: v.startTime,
    endDate: v.endDate,
    endTime: v.endTime,
    durationMinutes: v.durationMinutes === '' ? null : v.durationMinutes,
    students: v.students === '' ? 0 : v.students,
    adults: v.adults === '' ? 0 : v.adults,
    pickupPoints: cleanPoints(v.pickupPoints),
    dropoffPoints: cleanPoints(v.dropoffPoints),
    busesRequested: v.busesRequested === '' ? null : v.busesRequested,
    busType: orNull(v.busType),
    notes: orNull(v.notes),
    createdBy: who.name,
    createdByEmail: who.email,
    createdById: who.id,
    status: 'Requested',
  };
}
