import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { quotedBusPrice } from '@contracts/pricing';
import { TripMessages } from '@contracts/trip-messages';
import { BUS_TYPES, type BusAssignment, type BusType, type TripDto } from '@contracts/trip-wire';

/** The bus being typed in, before it joins the list. */
export interface BusDraft {
  busType: BusType;
  busSeats: number | '';
  tripPrice: number | '';
  driverName: string;
  driverPhone: string;
  /** A bus of the company's fleet: type and seats come from it. null: a hired vehicle typed in. */
  busId: number | null;
  busName: string | null;
  /** A driver of the company's fleet: name and mobile come from them. */
  driverId: number | null;
  /** The price was filled in from the trip's quote (so it follows the bus type), not typed. */
  quotedPrice?: boolean;
}

/**
 * The draft priced from the trip's quote (its type's line, VAT included): a price the quote filled in follows the bus
 * type; a typed one stays. A type the quote has no bus of leaves a quoted price empty again.
 */
export function withQuotedPrice(draft: BusDraft, estimate: TripDto['estimate']): BusDraft {
  if (draft.tripPrice !== '' && !draft.quotedPrice) return draft;
  const fils = quotedBusPrice(estimate, draft.busType);
  if (fils === null) return draft.quotedPrice ? { ...draft, tripPrice: '', quotedPrice: false } : draft;
  return { ...draft, tripPrice: fils / 100, quotedPrice: true };
}

/** Seats default to the passengers: students plus staff. */
export const defaultSeats = (trip: Pick<TripDto, 'students' | 'staff'>) => (trip.students ?? 0) + (trip.staff ?? 0);

export const emptyBus = (trip: Pick<TripDto, 'students' | 'staff'>): BusDraft => ({
  busType: BUS_TYPES[0],
  busSeats: defaultSeats(trip) || '',
  tripPrice: '',
  driverName: '',
  driverPhone: '',
  busId: null,
  busName: null,
  driverId: null,
});

/** A fleet bus chosen: its type, seats and name fill the draft. */
export const withBus = (draft: BusDraft, bus: BusDto): BusDraft => ({
  ...draft,
  busId: bus.id,
  busName: bus.name,
  busType: bus.busType,
  busSeats: bus.seats,
});

/** A fleet driver chosen: their name and mobile fill the draft. */
export const withDriver = (draft: BusDraft, driver: DriverDto): BusDraft => ({
  ...draft,
  driverId: driver.id,
  driverName: driver.name,
  driverPhone: driver.mobile,
});

/** Seats are required, and more than zero. */
export function validateBus(bus: BusDraft): string | null {
  return bus.busSeats === '' || !(bus.busSeats > 0) ? TripMessages.busSeatsRequired : null;
}

/** The draft as the bus the server is sent. */
export function toAssignment(bus: BusDraft): BusAssignment {
  return {
    busType: bus.busType,
    busSeats: Number(bus.busSeats),
    tripPrice: bus.tripPrice === '' ? null : Number(bus.tripPrice),
    driverName: bus.driverName.trim() || null,
    driverPhone: bus.driverPhone.trim() || null,
    status: null,
    // the fleet ids only when chosen: a hired vehicle's item has no busId, busName or driverId at all
    ...(bus.busId !== null ? { busId: bus.busId, busName: bus.busName } : {}),
    ...(bus.driverId !== null ? { driverId: bus.driverId } : {}),
  };
}

/** A bus of the list back into the form, to edit it. */
export const toDraft = (bus: BusAssignment): BusDraft => ({
  busType: bus.busType,
  busSeats: bus.busSeats,
  tripPrice: bus.tripPrice ?? '',
  driverName: bus.driverName ?? '',
  driverPhone: bus.driverPhone ?? '',
  busId: bus.busId ?? null,
  busName: bus.busName ?? null,
  driverId: bus.driverId ?? null,
});

/** A NumberInput's value as the draft keeps it: an empty field stays empty, anything else is a number. */
export const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

/** A row counts as filled in once it names a bus or a driver, or has a price: Save takes it without "Add Bus". */
export const isFilled = (draft: BusDraft) =>
  draft.busId !== null ||
  draft.driverId !== null ||
  draft.driverName.trim() !== '' ||
  draft.driverPhone.trim() !== '' ||
  draft.tripPrice !== '';
