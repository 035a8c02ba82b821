import { MAX_TRIP_KM, PricingMessages } from '@contracts/pricing';
import { TripMessages } from '@contracts/trip-messages';
import { isTripDate, parseTripTime, returnIsAfterDeparture } from '@contracts/trip-form-rules';
import { DEFAULT_ORIGIN, type TripDto, type TripFormFields, type TripType } from '@contracts/trip-wire';
import type { NewTripBody } from './trips.api';

/** What the trip request and edit forms hold. Numbers are '' while their box is empty. */
export interface TripFormValues {
  tripType: TripType;
  customType: string;
  origin: string;
  destination: string;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
  students: number | '';
  staff: number | '';
  notes: string;
  boosterSeatsRequested: boolean;
  boosterSeatCount: number | '';
  /** One way, in whole kilometres: the estimate's basis. */
  distanceKm: number | '';
}

/** A new request starts from origin School and trip type Academic Trip. */
export const emptyTripForm = (): TripFormValues => ({
  tripType: 'Academic Trip',
  customType: '',
  origin: DEFAULT_ORIGIN,
  destination: '',
  departureDate: '',
  departureTime: '',
  returnDate: '',
  returnTime: '',
  students: '',
  staff: '',
  notes: '',
  boosterSeatsRequested: false,
  boosterSeatCount: '',
  distanceKm: '',
});

export function formFromTrip(trip: TripDto): TripFormValues {
  return {
    tripType: trip.tripType,
    customType: trip.customType ?? '',
    origin: trip.origin ?? '',
    destination: trip.destination ?? '',
    departureDate: trip.departureDate || trip.date || '',
    departureTime: trip.departureTime ?? '',
    returnDate: trip.returnDate ?? '',
    returnTime: trip.returnTime ?? '',
    students: trip.students ?? '',
    staff: trip.staff ?? '',
    notes: trip.notes ?? '',
    boosterSeatsRequested: Boolean(trip.boosterSeatsRequested),
    boosterSeatCount: trip.boosterSeatsRequested ? trip.boosterSeatCount : '',
    distanceKm: trip.distanceKm ?? '',
  };
}

export type TripFormErrors = Partial<Record<keyof TripFormValues, string>>;

/**
 * The trip form's rules, run as the form's validation: the required fields, a custom type for Other, a return after the
 * departure, and booster seats above 0 when requested. The messages are the server's own (TripMessages).
 */
export function validateTripForm(v: TripFormValues): TripFormErrors {
  const errors: TripFormErrors = {};
  if (!v.tripType) errors.tripType = TripMessages.tripTypeRequired;
  if (v.tripType === 'Other' && !v.customType.trim()) errors.customType = TripMessages.customTypeRequired;
  if (!v.destination.trim()) errors.destination = TripMessages.destinationRequired;
  if (!v.departureDate) errors.departureDate = TripMessages.departureDateRequired;
  else if (!isTripDate(v.departureDate)) errors.departureDate = TripMessages.departureDateInvalid;
  if (!v.departureTime) errors.departureTime = TripMessages.departureTimeRequired;
  if (!v.returnDate) errors.returnDate = TripMessages.returnDateRequired;
  else if (!isTripDate(v.returnDate)) errors.returnDate = TripMessages.returnDateInvalid;
  if (!v.returnTime) errors.returnTime = TripMessages.returnTimeRequired;
  if (v.students === '') errors.students = TripMessages.studentsRequired;
  else if (!Number.isInteger(v.students) || v.students < 0) errors.students = TripMessages.studentsInvalid;
  if (v.staff !== '' && (!Number.isInteger(v.staff) || v.staff < 0)) errors.staff = TripMessages.staffInvalid;
  const datesReady =
    !errors.departureDate && !errors.returnDate && parseTripTime(v.departureTime) !== null && parseTripTime(v.returnTime) !== null;
  if (datesReady && !returnIsAfterDeparture(v)) errors.returnTime = TripMessages.returnBeforeDeparture;
  if (
    v.boosterSeatsRequested &&
    !(typeof v.boosterSeatCount === 'number' && Number.isFinite(v.boosterSeatCount) && v.boosterSeatCount > 0)
  ) {
    errors.boosterSeatCount = TripMessages.boosterSeatCount;
  }
  if (v.distanceKm !== '' && !(Number.isInteger(v.distanceKm) && v.distanceKm >= 1 && v.distanceKm <= MAX_TRIP_KM)) {
    errors.distanceKm = PricingMessages.distanceInvalid;
  }
  return errors;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The form as the trip's fields: staff empty → null; the booster count only when requested, else 0. */
export function toTripFields(v: TripFormValues): TripFormFields {
  return {
    tripType: v.tripType,
    customType: v.tripType === 'Other' ? orNull(v.customType) : null,
    origin: orNull(v.origin),
    destination: v.destination.trim(),
    departureDate: v.departureDate,
    departureTime: v.departureTime,
    returnDate: v.returnDate,
    returnTime: v.returnTime,
    students: v.students === '' ? 0 : v.students,
    staff: v.staff === '' ? null : v.staff,
    notes: orNull(v.notes),
    boosterSeatsRequested: v.boosterSeatsRequested,
    boosterSeatCount: v.boosterSeatsRequested && v.boosterSeatCount !== '' ? v.boosterSeatCount : 0,
    distanceKm: v.distanceKm === '' ? null : v.distanceKm,
  };
}

/**
 * A new trip is submitted with status Pending, price 0, editRequest false, cancelRequest false (see docs/domain.md), and
 * the budget code only when one was typed.
 */
export function toNewTripBody(v: TripFormValues, schoolOrgId?: number, budgetCode = ''): NewTripBody {
  const fields = toTripFields(v);
  return {
    ...fields,
    date: fields.departureDate,
    status: 'Pending',
    price: 0,
    editRequest: false,
    cancelRequest: false,
    ...(schoolOrgId !== undefined ? { schoolOrgId } : {}),
    ...(budgetCode.trim() ? { budgetCode: budgetCode.trim() } : {}),
  };
}

type Whereabouts = Pick<TripFormValues, 'origin' | 'destination' | 'distanceKm'>;

/**
 * Under Distance: what it is for, or, when an edit takes the trip somewhere else and the distance is still that of
 * where it went before (`was`), a word to give the new one: the estimate counts it.
 */
export function distanceNote(was: Whereabouts, now: Whereabouts): string {
  const elsewhere = was.destination.trim() !== now.destination.trim() || was.origin.trim() !== now.origin.trim();
  if (elsewhere && was.distanceKm !== '' && now.distanceKm === was.distanceKm) {
    return `The trip goes somewhere else now: is it still ${was.distanceKm} km? The estimate counts the distance there and back.`;
  }
  return 'From the school to the destination: the estimate counts there and back.';
}
