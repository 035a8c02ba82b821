import {
  describeSeries,
  isoWeekday,
  MAX_SERIES_TRIPS,
  movedToWeekday,
  sameBuses,
  SeriesMessages,
  seriesProblem,
  weeklyDates,
} from './trip-series';

const dayTrip = { departureDate: '2026-12-01', returnDate: '2026-12-01' };

describe('a weekly series', () => {
  it('repeats the trip every 7 days up to and including the last day given', () => {
    expect(weeklyDates(dayTrip, '2026-12-22').map((t) => t.departureDate)).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
    ]);
    // a last day between two weeks ends the series on the week before it
    expect(weeklyDates(dayTrip, '2026-12-21').map((t) => t.departureDate)).toEqual(['2026-12-01', '2026-12-08', '2026-12-15']);
  });

  it('keeps each trip as long as the first, across a month and a year', () => {
    expect(weeklyDates({ departureDate: '2026-12-25', returnDate: '2026-12-27' }, '2027-01-08')).toEqual([
      { departureDate: '2026-12-25', returnDate: '2026-12-27' },
      { departureDate: '2027-01-01', returnDate: '2027-01-03' },
      { departureDate: '2027-01-08', returnDate: '2027-01-10' },
    ]);
  });

  it('refuses a last day less than a week after the departure, a series of more trips than allowed, and a trip of a week or more', () => {
    expect(seriesProblem(dayTrip, '2026-12-07')).toBe(SeriesMessages.untilTooSoon);
    expect(seriesProblem(dayTrip, '2026-11-24')).toBe(SeriesMessages.untilTooSoon);
    expect(seriesProblem(dayTrip, '2026-12-08')).toBeNull();
    const lastAllowed = weeklyDates(dayTrip, '2027-12-31')[MAX_SERIES_TRIPS - 1].departureDate;
    expect(seriesProblem(dayTrip, lastAllowed)).toBeNull();
    expect(weeklyDates(dayTrip, lastAllowed)).toHaveLength(MAX_SERIES_TRIPS);
    expect(seriesProblem(dayTrip, '2027-12-31')).toBe(SeriesMessages.tooMany);
    expect(seriesProblem({ departureDate: '2026-12-01', returnDate: '2026-12-08' }, '2027-01-31')).toBe(SeriesMessages.tooLong);
    expect(seriesProblem({ departureDate: '2026-12-01', returnDate: '2026-12-07' }, '2027-01-31')).toBeNull();
  });

  it('says how many trips, on which weekday, from when to when', () => {
    expect(describeSeries(weeklyDates(dayTrip, '2026-12-21'))).toBe('3 trips, every Tue from Tue 1 Dec 2026 to Tue 15 Dec 2026.');
    // the last two weeks moved to Thursdays: no one weekday for them all
    const moved = weeklyDates(dayTrip, '2026-12-21').map((w, i) => (i === 0 ? w : movedToWeekday(w, 4)));
    expect(describeSeries(moved)).toBe('3 trips, weekly from Tue 1 Dec 2026 to Thu 17 Dec 2026.');
  });
});

describe('a week moved to another weekday', () => {
  it('numbers the days of the week from Monday (1) to Sunday (7)', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-05', '2026-12-06'].map(isoWeekday)).toEqual([1, 2, 6, 7]);
  });

  it('moves within its own week, Monday to Sunday, its return with it', () => {
    // a Thursday trip: to Tuesday two days earlier, to Saturday two days later, to Thursday not at all
    const thursday = { departureDate: '2026-12-03', returnDate: '2026-12-03' };
    expect(movedToWeekday(thursday, 2)).toEqual({ departureDate: '2026-12-01', returnDate: '2026-12-01' });
    expect(movedToWeekday(thursday, 6)).toEqual({ departureDate: '2026-12-05', returnDate: '2026-12-05' });
    expect(movedToWeekday(thursday, 4)).toEqual(thursday);
    // a Sunday trip is the end of its week: to Monday is six days earlier, not one later
    expect(movedToWeekday({ departureDate: '2026-12-06', returnDate: '2026-12-06' }, 1).departureDate).toBe('2026-11-30');
    // a trip of three nights keeps them, across a month and a year
    expect(movedToWeekday({ departureDate: '2026-12-31', returnDate: '2027-01-03' }, 5)).toEqual({
      departureDate: '2027-01-01',
      returnDate: '2027-01-04',
    });
  });
});

describe('the same buses', () => {
  const bus = {
    busType: 'White Bus' as const,
    busSeats: 50,
    tripPrice: 1200,
    driverName: 'Layla Odeh',
    driverPhone: null,
    status: null,
    busId: 3,
    driverId: 7,
    busName: 'Coach 3',
  };

  it('are the same choices, in the same order, whatever their progress on the day and however a price is written', () => {
    expect(sameBuses([bus], [{ ...bus }])).toBe(true);
    expect(sameBuses([bus], [{ ...bus, status: 'Completed' }])).toBe(true);
    expect(sameBuses([{ ...bus, tripPrice: '1200.00' as unknown as number }], [bus])).toBe(true);
    expect(sameBuses([{ ...bus, driverPhone: '' }], [bus])).toBe(true);
    // a fleet bus and driver are their ids: the names, plate and mobile come from the fleet
    expect(sameBuses([{ ...bus, busPlate: 'AUH 1', driverPhone: '050 1' }], [{ ...bus, busName: undefined, driverName: null }])).toBe(true);
  });

  it('are what was typed for a hired vehicle and driver', () => {
    const hired = { busType: 'White Bus' as const, busSeats: 30, tripPrice: null, driverName: 'Sam', driverPhone: '050 2', status: null };
    expect(sameBuses([hired], [{ ...hired }])).toBe(true);
    expect(sameBuses([hired], [{ ...hired, driverName: 'Samir' }])).toBe(false);
    expect(sameBuses([hired], [{ ...hired, busPlate: 'DXB 9' }])).toBe(false);
  });

  it('differ in a driver, a bus, a price, a seat count, a bus more or the order', () => {
    expect(sameBuses([bus], [{ ...bus, driverId: 8, driverName: 'Omar Haddad' }])).toBe(false);
    expect(sameBuses([bus], [{ ...bus, busId: 4 }])).toBe(false);
    expect(sameBuses([bus], [{ ...bus, tripPrice: 1300 }])).toBe(false);
    expect(sameBuses([bus], [{ ...bus, busSeats: 40 }])).toBe(false);
    expect(sameBuses([bus], [bus, bus])).toBe(false);
    const other = { ...bus, busId: 4 };
    expect(sameBuses([bus, other], [other, bus])).toBe(false);
    expect(sameBuses([], [])).toBe(true);
  });
});
