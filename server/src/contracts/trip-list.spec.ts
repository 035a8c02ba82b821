import {
  compareTrips,
  decodeTripCursor,
  departureMinute,
  encodeTripCursor,
  isAfterCursor,
  isTripMonth,
  isUpcomingTrip,
  monthBounds,
  parseTripStatus,
  statusesInBucket,
  tripLastDay,
  type TripListSubject,
  tripMatchesFilter,
  tripMonth,
  tripSortKey,
  tripStatsOf,
  tripStatusBucket,
  tripTotalsOf,
  tripTypesMatching,
} from './trip-list';
import type { TripDto } from './trip-wire';

const trip = (over: Partial<TripDto> = {}): TripDto =>
  ({
    id: 1,
    tripType: 'Day Trip',
    customType: null,
    destination: 'Science Museum',
    notes: null,
    createdBy: 'Amina Khan',
    createdByEmail: 'amina@school.test',
    departureDate: '2031-05-10',
    date: '2031-05-10',
    departureTime: '09:00 AM',
    returnDate: '2031-05-10',
    returnTime: '02:00 PM',
    status: 'Pending',
    paid: false,
    price: 0,
    ...over,
  }) as TripDto;

describe('the trip list filter (filter bar, search, month)', () => {
  it('searches destination, notes, trip type and custom type, case-insensitively, ignoring surrounding spaces', () => {
    const t = trip({ destination: 'Science Museum', notes: 'Bring SUNSCREEN', tripType: 'Other', customType: 'Robotics Final' });
    for (const search of ['museum', '  MUSEUM ', 'sunscreen', 'other', 'robotics', 'ics fin']) {
      expect({ search, kept: tripMatchesFilter(t, { search }) }).toEqual({ search, kept: true });
    }
    for (const search of ['zoo', 'amina', 'museum sunscreen']) {
      expect({ search, kept: tripMatchesFilter(t, { search }) }).toEqual({ search, kept: false });
    }
    expect(tripMatchesFilter(t, { search: '   ' })).toBe(true);
  });

  it("searches Finance's way (requester name or e-mail, or destination) when asked", () => {
    const t = trip({ notes: 'sunscreen', createdBy: 'Amina Khan', createdByEmail: 'amina@school.test' });
    expect(tripMatchesFilter(t, { search: 'khan', searchIn: 'finance' })).toBe(true);
    expect(tripMatchesFilter(t, { search: 'SCHOOL.TEST', searchIn: 'finance' })).toBe(true);
    expect(tripMatchesFilter(t, { search: 'museum', searchIn: 'finance' })).toBe(true);
    expect(tripMatchesFilter(t, { search: 'sunscreen', searchIn: 'finance' })).toBe(false);
    expect(tripMatchesFilter(t, { search: 'khan' })).toBe(false);
  });

  it('takes %, _ and backslash literally', () => {
    expect(tripMatchesFilter(trip({ notes: '100% paid' }), { search: '0% p' })).toBe(true);
    expect(tripMatchesFilter(trip({ notes: '100 percent' }), { search: '0% p' })).toBe(false);
    expect(tripMatchesFilter(trip({ notes: 'a_b' }), { search: 'a_b' })).toBe(true);
    expect(tripMatchesFilter(trip({ notes: 'axb' }), { search: 'a_b' })).toBe(false);
  });

  it('names the trip types a search reaches', () => {
    expect(tripTypesMatching('trip')).toEqual(['Academic Trip', 'Boarding House Trip', 'Day Trip', 'Sports Trip']);
    expect(tripTypesMatching('oth')).toEqual(['Other']);
    expect(tripTypesMatching('museum')).toEqual([]);
  });

  it('puts a trip in the month of its departure date, else of its return date', () => {
    expect(tripMonth(trip({ departureDate: '2031-01-31', returnDate: '2031-02-02' }))).toBe('2031-01');
    expect(tripMonth({ departureDate: '', returnDate: '2031-02-02' })).toBe('2031-02');
    expect(tripMatchesFilter(trip({ departureDate: '2031-01-31', returnDate: '2031-02-02' }), { month: '2031-02' })).toBe(false);
    expect(monthBounds('2031-12')).toEqual(['2031-12-01', '2032-01-01']);
    expect(monthBounds('2031-02')).toEqual(['2031-02-01', '2031-03-01']);
    expect(['2031-05', '2031-13', '2031-5', '31-05', '2031-00'].map(isTripMonth)).toEqual([true, false, false, false, false]);
  });

  it('reads a status as a person types it, Canceled and Cancelled alike', () => {
    expect(parseTripStatus('cancelled')).toBe('Canceled');
    expect(parseTripStatus(' CANCELED ')).toBe('Canceled');
    expect(parseTripStatus('cancel requested')).toBe('Cancel Requested');
    expect(parseTripStatus('pending')).toBe('Pending');
    expect(parseTripStatus('approved')).toBeNull();
    expect(tripMatchesFilter(trip({ status: 'Canceled' }), { status: 'Canceled' })).toBe(true);
    expect(tripMatchesFilter(trip({ status: 'Cancel Requested' }), { status: 'Canceled' })).toBe(false);
  });

  it('keeps the trips whose days overlap a calendar range, both ends included', () => {
    const t = trip({ departureDate: '2031-05-10', returnDate: '2031-05-12' });
    expect(tripLastDay(t)).toBe('2031-05-12');
    const kept = (from?: string, to?: string) => tripMatchesFilter(t, { from, to });
    expect([kept('2031-05-12', '2031-05-20'), kept('2031-05-01', '2031-05-10'), kept('2031-05-11', '2031-05-11')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([kept('2031-05-13', '2031-05-20'), kept('2031-05-01', '2031-05-09')]).toEqual([false, false]);
    expect([kept('2031-05-12'), kept(undefined, '2031-05-10'), kept('2031-05-13'), kept(undefined, '2031-05-09')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('filters by paid and by requester name, and combines every filter with AND', () => {
    const t = trip({ paid: true, status: 'Completed', createdBy: 'Amina Khan' });
    expect(tripMatchesFilter(t, { paid: true })).toBe(true);
    expect(tripMatchesFilter(t, { paid: false })).toBe(false);
    expect(tripMatchesFilter(t, { createdBy: 'Amina Khan' })).toBe(true);
    expect(tripMatchesFilter(t, { createdBy: 'amina khan' })).toBe(false);
    expect(tripMatchesFilter(t, { paid: true, status: 'Completed', month: '2031-05', search: 'museum' })).toBe(true);
    expect(tripMatchesFilter(t, { paid: true, status: 'Completed', month: '2031-06', search: 'museum' })).toBe(false);
  });
});

describe('the trip list order and cursor', () => {
  const a = trip({ id: 3, departureDate: '2031-05-10', departureTime: '12:30 PM' });
  const b = trip({ id: 2, departureDate: '2031-05-10', departureTime: '09:15 AM' });
  const c = trip({ id: 1, departureDate: '2031-05-11', departureTime: '12:00 AM' });
  const d = trip({ id: 4, departureDate: '2031-05-10', departureTime: '09:15 AM' });
  const sorted = (order: Parameters<typeof compareTrips>[2]) => [a, b, c, d].sort((x, y) => compareTrips(x, y, order)).map((t) => t.id);

  it('is newest first by number by default, and by day, time, number for the Date column', () => {
    expect(sorted({ sort: 'id', dir: 'desc' })).toEqual([4, 3, 2, 1]);
    expect(sorted({ sort: 'id', dir: 'asc' })).toEqual([1, 2, 3, 4]);
    expect(sorted({ sort: 'date', dir: 'asc' })).toEqual([2, 4, 3, 1]);
    expect(sorted({ sort: 'date', dir: 'desc' })).toEqual([1, 3, 4, 2]);
  });

  it('reads 12 AM as midnight and 12 PM as noon, and puts an unreadable time after every time of its day', () => {
    expect(departureMinute({ departureTime: '12:00 AM' })).toBe(0);
    expect(departureMinute({ departureTime: '12:30 PM' })).toBe(750);
    expect(departureMinute({ departureTime: '11:45 pm' })).toBe(1425);
    expect(departureMinute({ departureTime: 'soon' })).toBe(1440);
  });

  it('gives a cursor that names the trip it follows, and refuses one of another order or a made-up one', () => {
    expect(encodeTripCursor(tripSortKey(a, 'id'))).toBe('3');
    expect(encodeTripCursor(tripSortKey(a, 'date'))).toBe('2031-05-10.750.3');
    expect(decodeTripCursor('2031-05-10.750.3', 'date')).toEqual(['2031-05-10', 750, 3]);
    expect(decodeTripCursor('3', 'id')).toEqual([3]);
    for (const [text, sort] of [
      ['3', 'date'],
      ['2031-05-10.750.3', 'id'],
      ['0', 'id'],
      ['-1', 'id'],
      ['99999999999', 'id'],
      ['2031-02-30.10.3', 'date'],
      ['2031-05-10.1441.3', 'date'],
      ['2031-05-10.10', 'date'],
    ] as const) {
      expect({ text, sort, key: decodeTripCursor(text, sort) }).toEqual({ text, sort, key: null });
    }
  });

  it('says which trips come after a cursor in the order', () => {
    const order = { sort: 'date', dir: 'asc' } as const;
    const cursor = tripSortKey(d, 'date');
    expect([a, b, c, d].filter((t) => isAfterCursor(t as TripListSubject, cursor, order)).map((t) => t.id)).toEqual([3, 1]);
    expect([a, b, c, d].filter((t) => isAfterCursor(t, cursor, { ...order, dir: 'desc' })).map((t) => t.id)).toEqual([2]);
  });
});

describe('the dashboard and Finance figures', () => {
  it('puts each status in its dashboard bucket, and Cancel Requested in none', () => {
    expect(statusesInBucket('pending')).toEqual(['Pending']);
    expect(statusesInBucket('approved')).toEqual(['Accepted', 'Confirmed']);
    expect(statusesInBucket('cancelled')).toEqual(['Canceled']);
    expect(tripStatusBucket('Cancelled')).toBe('cancelled');
    expect(tripStatusBucket('awaiting_approval')).toBe('pending');
    expect(tripStatusBucket('Cancel Requested')).toBe('other');
  });

  it('counts a trip as upcoming from today on, unless cancelled or rejected', () => {
    expect(isUpcomingTrip(trip({ departureDate: '2031-05-10', status: 'Pending' }), '2031-05-10')).toBe(true);
    expect(isUpcomingTrip(trip({ departureDate: '2031-05-09', status: 'Pending' }), '2031-05-10')).toBe(false);
    expect(isUpcomingTrip(trip({ departureDate: '2031-05-10', status: 'Canceled' }), '2031-05-10')).toBe(false);
    expect(isUpcomingTrip(trip({ departureDate: '2031-05-10', status: 'Rejected' }), '2031-05-10')).toBe(false);
    expect(isUpcomingTrip(trip({ departureDate: '2031-05-10', status: 'Cancel Requested' }), '2031-05-10')).toBe(true);
  });

  it('gives the four cards and at most ten upcoming trips by date ascending', () => {
    const trips = Array.from({ length: 14 }, (_, i) =>
      trip({ id: i + 1, departureDate: `2031-05-${String(20 - i).padStart(2, '0')}`, status: i % 7 === 0 ? 'Canceled' : 'Pending' }),
    );
    const stats = tripStatsOf(trips, '2031-05-09');
    expect({ ...stats, upcomingTrips: stats.upcomingTrips.map((t) => t.departureDate) }).toEqual({
      total: 14,
      upcoming: 10,
      pending: 12,
      cancelled: 2,
      upcomingTrips: [
        '2031-05-09',
        '2031-05-10',
        '2031-05-11',
        '2031-05-12',
        '2031-05-14',
        '2031-05-15',
        '2031-05-16',
        '2031-05-17',
        '2031-05-18',
        '2031-05-19',
      ],
    });
  });

  it('adds up the paid revenue and what is still owed (accepted, not cancelled: no Pending, Rejected or Canceled) to the cent', () => {
    expect(
      tripTotalsOf([
        { paid: true, price: 0.1, status: 'Completed' },
        { paid: true, price: 0.2, status: 'Confirmed' },
        { paid: false, price: 900.1, status: 'Pending' },
        { paid: false, price: 0.2, status: 'Accepted' },
        { paid: false, price: 50, status: 'Canceled' },
        { paid: false, price: 70, status: 'Rejected' },
        { paid: false, price: 400.05, status: 'Completed' },
        { paid: false, price: 10, status: 'Cancel Requested' },
      ]),
    ).toEqual({
      count: 8,
      paidCount: 2,
      paidRevenue: 0.3,
      awaitingPayment: 410.25,
    });
  });
});
