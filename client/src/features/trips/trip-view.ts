import type { CancellationFeeDto } from '@contracts/pricing';
import { invoiceMoney } from '@contracts/invoices';
import { TRIP_FILTER_STATUSES } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import dayjs from 'dayjs';

/** The Status filter's options: the six statuses (Cancel Requested is a step inside a trip's life, not a filter). */
export const FILTER_STATUSES = TRIP_FILTER_STATUSES;

/**
 * The status colours, as Mantine colours: Pending yellow, Accepted blue, Confirmed green, Rejected red, Completed grey,
 * Canceled red; a request at its school Awaiting Approval violet, Changes Requested orange, Denied pink, Withdrawn cyan;
 * and every other status (Cancel Requested) grey. The theme keeps each readable in both schemes (app/theme.ts). The filter dot and the calendar dot differ for two statuses:
 * Completed is grey on the filter (dark grey in the calendar), Canceled light grey on the filter (red in the calendar).
 */
export function statusColor(status: string | null | undefined, where: 'filter' | 'calendar' | 'badge' = 'badge'): string {
  switch (normalizeStatus(status)) {
    case 'pending':
      return 'yellow';
    case 'accepted':
      return 'blue';
    case 'confirmed':
      return 'green';
    case 'rejected':
      return 'red';
    case 'completed':
      // a badge in dark grey would vanish on the dark scheme
      return where === 'calendar' ? 'dark' : 'gray';
    case 'cancelled':
      return where === 'filter' ? 'gray.4' : 'red';
    case 'awaiting approval':
      return 'violet';
    case 'changes requested':
      return 'orange';
    case 'denied':
      return 'pink';
    case 'withdrawn':
      return 'cyan';
    default:
      // every other status, Cancel Requested included, is grey
      return 'gray';
  }
}

/** A CSS colour for a Mantine colour name such as `gray.4` (the dots are plain elements). */
export function cssColor(mantineColor: string): string {
  const [name, shade] = mantineColor.split('.');
  if (name === 'dark') return 'var(--mantine-color-dark-4)';
  return `var(--mantine-color-${name}-${shade ?? 6})`;
}

/** Lower case, with "Canceled" and "Cancelled" as one. */
export function normalizeStatus(status: string | null | undefined): string {
  const s = String(status ?? '')
    .trim()
    .toLowerCase();
  return s === 'canceled' ? 'cancelled' : s;
}

/** The dashboard's status buckets: the status names a trip may carry, grouped as the dashboard counts them. */
export type StatusBucket = 'pending' | 'approved' | 'completed' | 'cancelled' | 'rejected' | 'other';
const BUCKETS: Record<string, StatusBucket> = {
  pending: 'pending',
  requested: 'pending',
  awaiting_approval: 'pending',
  approved: 'approved',
  confirmed: 'approved',
  accepted: 'approved',
  completed: 'completed',
  cancelled: 'cancelled',
  rejected: 'rejected',
};

export function statusBucket(status: string | null | undefined): StatusBucket {
  return BUCKETS[normalizeStatus(status)] ?? 'other';
}

/** The displayed type is customType when tripType is Other. */
export function displayType(trip: Pick<TripDto, 'tripType' | 'customType'>): string {
  if (trip.tripType === 'Other' && trip.customType?.trim()) return trip.customType.trim();
  return trip.tripType ?? '';
}

/** A trip's title (calendar, details, toasts): the destination, else the trip type, else "Trip". */
export function tripTitle(trip: Pick<TripDto, 'destination' | 'tripType' | 'customType'>): string {
  return trip.destination?.trim() || displayType(trip) || 'Trip';
}

/** The departure day (the API names it both `date` and `departureDate`), YYYY-MM-DD. */
export function tripDate(trip: Pick<TripDto, 'departureDate' | 'date'>): string {
  return trip.departureDate || trip.date || '';
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** "Tue 12 Mar 2026"; empty for a missing or bad date. */
export function formatTripDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('ddd D MMM YYYY') : '';
}

/** The price of a trip in AED: the assigned buses' prices when any bus has one, else the trip's price. */
export function tripPrice(trip: Pick<TripDto, 'buses' | 'price'>): number {
  const priced = (trip.buses ?? []).filter((b) => b.tripPrice != null && Number.isFinite(Number(b.tripPrice)));
  if (priced.length > 0) return priced.reduce((sum, b) => sum + Number(b.tripPrice), 0);
  const price = Number(trip.price);
  return Number.isFinite(price) ? price : 0;
}

const aed = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Bus prices are in AED. */
export function formatAed(amount: number): string {
  return `AED ${aed.format(amount)}`;
}

/** "AED 567.00: 50 % of AED 1,134.00, asked for within 72 hours of departure", or why it cost nothing. */
export function cancellationFeeText(fee: CancellationFeeDto): string {
  if (!fee.tier) return 'None: cancelled before the cancellation terms applied';
  return `${invoiceMoney(fee.fee, fee.currency)}: ${fee.tier.percent} % of ${invoiceMoney(fee.basis, fee.currency)}, asked for within ${fee.tier.hoursBefore} hours of departure`;
}
