import { bookingEndsAfterStart, formatTimeOfDay, isCalendarDate, parseTimeOfDay } from '../contracts/bookings';
import { createBookingSchema, updateBookingSchema } from './bookings.schemas';

const valid = { date: '2026-03-02', startTime: '08:00 AM', endDate: '2026-03-02', endTime: '03:30 PM', students: 0, adults: 0 };
const firstMessage = (body: unknown) => {
  const r = createBookingSchema.safeParse(body);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('times of day', () => {
  it.each<[string, number | null]>([
    ['07:30 AM', 450],
    ['7:30 am', 450],
    ['12:00 AM', 0],
    ['12:15 PM', 735],
    ['03:30 PM', 930],
    ['11:59 p.m.', 1439],
    ['19:30', 1170],
    ['00:00', 0],
    ['13:00 PM', null],
    ['00:30 AM', null],
    ['7:60 AM', null],
    ['24:00', null],
    ['noon', null],
    ['', null],
  ])('reads %j as %j minutes', (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
  });

  it.each<[number, string]>([
    [0, '12:00 AM'],
    [450, '07:30 AM'],
    [720, '12:00 PM'],
    [930, '03:30 PM'],
    [1439, '11:59 PM'],
  ])('writes %j minutes as %j', (minutes, text) => {
    expect(formatTimeOfDay(minutes)).toBe(text);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('compares the end with the start on date, then time', () => {
    expect(bookingEndsAfterStart(valid)).toBe(true);
    expect(bookingEndsAfterStart({ ...valid, endTime: '08:00 AM' })).toBe(false);
    expect(bookingEndsAfterStart({ ...valid, endTime: '07:00 AM' })).toBe(false);
    expect(bookingEndsAfterStart({ ...valid, endDate: '2026-03-03', endTime: '07:00 AM' })).toBe(true);
    expect(bookingEndsAfterStart({ ...valid, endDate: '2026-03-01', endTime: '11:00 PM' })).toBe(false);
  });
});

describe('the booking form payload', () => {
  it('normalises times, trims texts and turns empty optional fields into null', () => {
    const r = createBookingSchema.parse({
      ...valid,
      startTime: '8:00 am',
      title: '  ',
      purpose: ' Museum ',
      durationMinutes: '',
      busesRequested: '2',
      students: '12',
      pickupPoints: [{ location: ' Gate ', time: '7:30 am' }],
      createdBy: 'Someone Else',
      status: 'approved',
    });
    expect(r).toMatchObject({
      startTime: '08:00 AM',
      title: null,
      purpose: 'Museum',
      durationMinutes: null,
      busesRequested: 2,
      students: 12,
      notes: null,
      busType: null,
    });
    expect(r.pickupPoints).toEqual([{ location: 'Gate', address: null, time: '07:30 AM' }]);
    expect(r.dropoffPoints).toEqual([]);
    expect(r).not.toHaveProperty('createdBy');
    expect(r).not.toHaveProperty('status');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no start date', { date: undefined }, 'Start date is required.'],
    ['no end date', { endDate: '' }, 'End date is required.'],
    ['no start time', { startTime: null }, 'Start time is required.'],
    ['no end time', { endTime: '  ' }, 'End time is required.'],
    ['no students', { students: undefined }, 'Number of students is required.'],
    ['no adults', { adults: null }, 'Number of adults is required.'],
    ['negative students', { students: -1 }, 'Students must be a whole number, 0 or more.'],
    ['fractional adults', { adults: 1.5 }, 'Adults must be a whole number, 0 or more.'],
    ['negative buses', { busesRequested: -2 }, 'Buses requested must be a whole number, 0 or more.'],
    ['an end before the start', { endTime: '07:59 AM' }, 'End must be after Start.'],
    ['an end equal to the start', { endTime: '08:00 AM' }, 'End must be after Start.'],
    ['an end date before the start date', { endDate: '2026-03-01', endTime: '11:00 PM' }, 'End must be after Start.'],
    ['an impossible date', { date: '2026-02-30' }, 'Dates must be written YYYY-MM-DD.'],
    ['a time past 12 with PM', { startTime: '13:00 PM' }, 'Times must look like 08:00 AM.'],
    [
      'a point without a location',
      { pickupPoints: [{ location: ' ', time: '07:30 AM' }] },
      'Each pickup or drop-off point needs a location name and a time.',
    ],
    [
      'a point without a time',
      { dropoffPoints: [{ location: 'Museum' }] },
      'Each pickup or drop-off point needs a location name and a time.',
    ],
    ['a point that is not an object', { dropoffPoints: ['Museum'] }, 'Each pickup or drop-off point needs a location name and a time.'],
    ['points that are not a list', { pickupPoints: 'Gate' }, 'Pickup and drop-off points must be a list.'],
  ])('refuses %s', (_, change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it('accepts only approved and cancelled as a status change', () => {
    expect(updateBookingSchema.parse({ status: 'Approved' })).toEqual({ status: 'approved' });
    expect(updateBookingSchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
    for (const status of ['Requested', 'canceled', 'pending', '', 1, undefined]) {
      expect(updateBookingSchema.safeParse({ status }).success).toBe(false);
    }
  });
});
