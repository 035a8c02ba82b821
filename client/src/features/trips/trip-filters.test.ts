import { clampPage, pageCount, pageJump, pageSlice, rangeText } from '../../components/pagination';
import { filterTrips, monthOptions, nextDateSort, NO_FILTERS, sortTrips } from './trip-filters';
import { makeTrip, makeTrips } from './test-trips';
import { displayType, statusBucket, statusColor, tripPrice } from './trip-view';

describe('trip list filters', () => {
  const zoo = makeTrip({ id: 1, destination: 'City ZOO', notes: null, tripType: 'Day Trip' });
  const museum = makeTrip({ id: 2, destination: 'Museum', notes: 'Bring packed LUNCHES', tripType: 'Academic Trip' });
  const choir = makeTrip({ id: 3, destination: 'Opera House', tripType: 'Other', customType: 'Choir Festival', status: 'Confirmed' });
  const trips = [choir, museum, zoo];

  it('searches destination, notes and type, case-insensitively', () => {
    expect(filterTrips(trips, { ...NO_FILTERS, search: 'zoo' })).toEqual([zoo]);
    expect(filterTrips(trips, { ...NO_FILTERS, search: 'lunches' })).toEqual([museum]);
    expect(filterTrips(trips, { ...NO_FILTERS, search: 'ACADEMIC' })).toEqual([museum]);
    expect(filterTrips(trips, { ...NO_FILTERS, search: 'choir' })).toEqual([choir]);
    expect(filterTrips(trips, { ...NO_FILTERS, search: '  ' })).toBe(trips);
    expect(filterTrips(trips, { ...NO_FILTERS, search: 'nowhere' })).toEqual([]);
  });

  it('filters by status, with Canceled and Cancelled as one', () => {
    const canceled = makeTrip({ status: 'Canceled' });
    expect(filterTrips([...trips, canceled], { ...NO_FILTERS, status: 'Confirmed' })).toEqual([choir]);
    expect(filterTrips([...trips, canceled], { ...NO_FILTERS, status: 'Canceled' })).toEqual([canceled]);
  });

  it('offers months from departure (or return) dates as "MMMM YYYY", newest first, and filters by them', () => {
    const a = makeTrip({ departureDate: '2031-03-04', date: '2031-03-04' });
    const b = makeTrip({ departureDate: '2030-12-31', date: '2030-12-31' });
    const c = makeTrip({ departureDate: '2031-03-20', date: '2031-03-20' });
    const onlyReturn = makeTrip({ departureDate: '', date: '', returnDate: '2031-07-02' });
    expect(monthOptions([a, b, c, onlyReturn])).toEqual([
      { value: '2031-07', label: 'July 2031' },
      { value: '2031-03', label: 'March 2031' },
      { value: '2030-12', label: 'December 2030' },
    ]);
    expect(filterTrips([a, b, c], { ...NO_FILTERS, month: '2031-03' })).toEqual([a, c]);
  });

  it('cycles the date sort through none, ascending and descending', () => {
    expect(nextDateSort('none')).toBe('asc');
    expect(nextDateSort('asc')).toBe('desc');
    expect(nextDateSort('desc')).toBe('none');
    const early = makeTrip({ departureDate: '2031-01-01', departureTime: '09:00 AM' });
    const earlier = makeTrip({ departureDate: '2031-01-01', departureTime: '08:30 AM' });
    const late = makeTrip({ departureDate: '2031-05-01' });
    const list = [late, early, earlier];
    expect(sortTrips(list, 'none')).toBe(list);
    expect(sortTrips(list, 'asc')).toEqual([earlier, early, late]);
    expect(sortTrips(list, 'desc')).toEqual([late, early, earlier]);
  });

  it('shows the custom type for Other, and prices from the buses when they have one', () => {
    expect(displayType(choir)).toBe('Choir Festival');
    expect(displayType(museum)).toBe('Academic Trip');
    expect(tripPrice(makeTrip({ price: 99 }))).toBe(99);
    expect(
      tripPrice(
        makeTrip({
          price: 99,
          buses: [
            { busType: 'White Bus', busSeats: 30, tripPrice: 300 },
            { busType: 'White Bus', busSeats: 30, tripPrice: 250.5 },
          ],
        }),
      ),
    ).toBe(550.5);
  });

  it('puts statuses in the spec §4 buckets and colours', () => {
    expect(['Pending', 'requested', 'awaiting_approval'].map(statusBucket)).toEqual(['pending', 'pending', 'pending']);
    expect(['approved', 'Confirmed', 'Accepted'].map(statusBucket)).toEqual(['approved', 'approved', 'approved']);
    expect(['Canceled', 'Cancelled', 'Rejected', 'Completed'].map(statusBucket)).toEqual([
      'cancelled',
      'cancelled',
      'rejected',
      'completed',
    ]);
    expect(statusColor('Pending', 'filter')).toBe('yellow');
    expect(statusColor('Accepted', 'filter')).toBe('blue');
    expect(statusColor('Confirmed', 'filter')).toBe('green');
    expect(statusColor('Rejected', 'filter')).toBe('red');
    expect(statusColor('Completed', 'filter')).toBe('gray');
    expect(statusColor('Completed', 'calendar')).toBe('dark');
    expect(statusColor('Canceled', 'filter')).toBe('gray.4');
    expect(statusColor('Canceled', 'calendar')).toBe('red');
    expect(statusColor('Something else', 'calendar')).toBe('gray');
  });

  it('searches 10,000 trips by their notes, again after the texts are cached', () => {
    const many = makeTrips(10_000, (i) => ({ notes: i % 7 === 0 ? 'Packed lunch' : null }));
    filterTrips(many, { ...NO_FILTERS, search: 'x' }); // builds the lower-case texts once
    expect(filterTrips(many, { ...NO_FILTERS, search: 'lunch' })).toHaveLength(Math.ceil(10_000 / 7));
    expect(filterTrips(many, { ...NO_FILTERS, search: 'LUNCH' })).toHaveLength(Math.ceil(10_000 / 7));
  });
});

describe('pagination', () => {
  it('reads "0 of 0 Trips" with no trips, and no pages', () => {
    expect(rangeText(0, 1, 12)).toBe('0 of 0 Trips');
    expect(pageCount(0, 12)).toBe(0);
    expect(pageSlice([], 1, 12)).toEqual([]);
    expect(pageJump('1', 0)).toBeNull();
  });

  it('fits exactly 12 trips on one page', () => {
    expect(pageCount(12, 12)).toBe(1);
    expect(rangeText(12, 1, 12)).toBe('1–12 of 12 Trips');
  });

  it('puts the 13th trip on a second page', () => {
    const items = Array.from({ length: 13 }, (_, i) => i);
    expect(pageCount(13, 12)).toBe(2);
    expect(rangeText(13, 2, 12)).toBe('13–13 of 13 Trips');
    expect(pageSlice(items, 2, 12)).toEqual([12]);
    expect(rangeText(13, 1, 25)).toBe('1–13 of 13 Trips');
  });

  it('jumps only to a page between 1 and the page count, digits only', () => {
    expect(pageJump('2', 2)).toBe(2);
    expect(pageJump('3', 2)).toBeNull();
    expect(pageJump('0', 2)).toBeNull();
    expect(pageJump('1.5', 2)).toBeNull();
    expect(pageJump('', 2)).toBeNull();
  });

  it('clamps a page that no longer exists after the list shrank', () => {
    expect(clampPage(5, 13, 12)).toBe(2);
    expect(clampPage(0, 13, 12)).toBe(1);
    expect(clampPage(3, 0, 12)).toBe(1);
  });
});
