import {
  compareTrips,
  parseTripStatus,
  type TripFilter,
  tripMatchesFilter,
  tripMonth,
  type TripOrder,
  type TripPage,
  tripStatsOf,
  tripTotalsOf,
} from '@contracts/trip-list';
import { tripsCsv } from './trip-csv';
import type { TripDto } from '@contracts/trip-wire';

/** Test data: a trip of Greenfield (school 11), partnered with Desert Star (company 21), in tenant 1. */
export const GREENFIELD = 11;
export const DESERT_STAR = 21;

let nextId = 1000;

/**
 * Desert Star's estimate of a trip: AED 1,134.00 with VAT, cancelled at half within 72 hours of departure and in full
 * within 24.
 */
export function makeEstimate(overrides: Partial<NonNullable<TripDto['estimate']>> = {}): NonNullable<TripDto['estimate']> {
  return {
    companyId: DESERT_STAR,
    companyName: 'Desert Star Buses',
    rateCardId: 1,
    rateCardVersion: 1,
    quote: { currency: 'AED', vatBasisPoints: 500, km: 40, lines: [], subtotal: 108_000, vat: 5_400, total: 113_400 },
    cancellationTiers: [
      { hoursBefore: 72, percent: 50 },
      { hoursBefore: 24, percent: 100 },
    ],
    ...overrides,
  };
}

export function makeTrip(overrides: Partial<TripDto> = {}): TripDto {
  const id = overrides.id ?? ++nextId;
  const date = overrides.departureDate ?? overrides.date ?? '2031-03-04';
  return {
    id,
    tenantId: 1,
    tripType: 'Day Trip',
    customType: null,
    origin: 'School',
    destination: `Destination ${id}`,
    date,
    departureDate: date,
    departureTime: '08:00 AM',
    returnDate: date,
    returnTime: '03:00 PM',
    students: 30,
    staff: 3,
    notes: null,
    boosterSeatsRequested: false,
    boosterSeatCount: 0,
    createdBy: 'Grace Green',
    createdByEmail: 'staff.greenfield@demo.test',
    createdById: 3,
    budgetCode: null,
    distanceKm: null,
    estimate: null,
    cancellationFee: null,
    status: 'Pending',
    statusBeforeCancelRequest: null,
    busInfo: null,
    driverInfo: null,
    price: 0,
    paid: false,
    editRequest: false,
    cancelRequest: false,
    buses: [],
    deleted: false,
    seriesId: null,
    version: 1,
    schoolOrgId: GREENFIELD,
    schoolName: 'Greenfield Primary',
    busCompanyOrgId: null,
    busCompanyName: null,
    createdAt: '2031-01-01T09:00:00.000Z',
    updatedAt: '2031-01-01T09:00:00.000Z',
    clashes: [],
    needsBus: false,
    outOfService: [],
    requestedChanges: [],
    progress: [],
    departureCount: null,
    ...overrides,
  };
}

/** `count` trips, newest first (the server's order), on consecutive days from 2031-01-01. */
export function makeTrips(count: number, overrides: (i: number) => Partial<TripDto> = () => ({})): TripDto[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10);
    return makeTrip({ id: i + 1, departureDate: day, date: day, returnDate: day, destination: `Place ${i + 1}`, ...overrides(i) });
  }).reverse();
}

/**
 * Test double of the server's trip lists (server/src/trips/trip-list.controller.ts) over an in-memory list, using the
 * same list rules (contracts/trip-list.ts): GET /api/trips with a page or as the plain array, /months, /stats, /totals,
 * /export, and GET /api/trips/{id}. `trips` may be a function, so a test can change the "server's" trips.
 */
export function tripRoutes(
  trips: TripDto[] | (() => TripDto[]),
): Record<string, (body: unknown, url: URL) => { status?: number; body?: unknown }> {
  const all = () => (typeof trips === 'function' ? trips() : trips).filter((t) => !t.deleted);
  const filterOf = (url: URL): TripFilter => {
    const p = url.searchParams;
    const filter: TripFilter = {};
    for (const name of ['search', 'month', 'from', 'to'] as const) if (p.get(name)) filter[name] = p.get(name) as string;
    if (p.get('searchIn')) filter.searchIn = p.get('searchIn') as TripFilter['searchIn'];
    if (p.get('status')) filter.status = parseTripStatus(p.get('status') as string) ?? undefined;
    if (p.get('paid')) filter.paid = p.get('paid') === 'true';
    return filter;
  };
  const orderOf = (url: URL): TripOrder => {
    const sort = (url.searchParams.get('sort') ?? 'id') as TripOrder['sort'];
    return { sort, dir: (url.searchParams.get('dir') ?? (sort === 'id' ? 'desc' : 'asc')) as TripOrder['dir'] };
  };
  const listed = (url: URL) => {
    const order = orderOf(url);
    return all()
      .filter((t) => tripMatchesFilter(t, filterOf(url)))
      .sort((a, b) => compareTrips(a, b, order));
  };
  const routes: Record<string, (body: unknown, url: URL) => { status?: number; body?: unknown }> = {
    'GET /api/trips': (_b, url) => {
      const rows = listed(url);
      if (!url.searchParams.has('page') && !url.searchParams.has('pageSize')) {
        return { body: rows.slice(0, Number(url.searchParams.get('limit') ?? 1000)) };
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 12);
      const body: TripPage = {
        trips: rows.slice((page - 1) * pageSize, page * pageSize),
        total: rows.length,
        page,
        pageSize,
        pageCount: Math.ceil(rows.length / pageSize),
      };
      return { body };
    },
    'GET /api/trips/months': () => ({
      body: [...new Set(all().map((t) => tripMonth(t)))].filter(Boolean).sort().reverse(),
    }),
    'GET /api/trips/stats': (_b, url) => ({
      body: tripStatsOf(
        all().filter((t) => tripMatchesFilter(t, filterOf(url))),
        url.searchParams.get('today') ?? '2031-01-01',
      ),
    }),
    'GET /api/trips/totals': (_b, url) => ({ body: tripTotalsOf(all().filter((t) => tripMatchesFilter(t, filterOf(url)))) }),
    'GET /api/trips/export': (_b, url) => ({
      body: '\ufeff' + tripsCsv(listed(url), { withPaid: url.searchParams.get('withPaid') === 'true' }),
    }),
  };
  for (const trip of all()) routes[`GET /api/trips/${trip.id}`] = () => ({ body: all().find((t) => t.id === trip.id) });
  return routes;
}
