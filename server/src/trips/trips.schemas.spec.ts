import { TripMessages as M } from '../contracts/trip-messages';
import { addPassengersSchema, createSubtripSchema, createTripSchema, updateTripSchema } from './trips.schemas';

const good = {
  tripType: 'Day Trip',
  destination: ' Science Museum ',
  departureDate: '2030-03-04',
  departureTime: '08:00 am',
  returnDate: '2030-03-04',
  returnTime: '03:00 PM',
  students: 30,
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('createTripSchema (the trip request form)', () => {
  it('accepts a good request and fills the defaults', () => {
    const r = createTripSchema.safeParse(good);
    expect(r.success && r.data).toEqual({
      tripType: 'Day Trip',
      customType: null,
      origin: 'School',
      destination: 'Science Museum',
      departureDate: '2030-03-04',
      departureTime: '08:00 AM',
      returnDate: '2030-03-04',
      returnTime: '03:00 PM',
      students: 30,
      staff: null,
      notes: null,
      budgetCode: null,
      distanceKm: null,
      boosterSeatsRequested: false,
      boosterSeatCount: 0,
    });
  });

  it('takes `date` for the departure date, keeps a null origin, turns an empty staff into null', () => {
    const { departureDate: _d, ...rest } = good;
    const r = createTripSchema.safeParse({ ...rest, date: '2030-03-04', origin: null, staff: '' });
    expect(r.success && [r.data.departureDate, r.data.origin, r.data.staff]).toEqual(['2030-03-04', null, null]);
  });

  it('keeps the booster count only when booster seats are requested', () => {
    const off = createTripSchema.safeParse({ ...good, boosterSeatCount: 4 });
    expect(off.success && off.data.boosterSeatCount).toBe(0);
    const on = createTripSchema.safeParse({ ...good, boosterSeatsRequested: true, boosterSeatCount: 4 });
    expect(on.success && on.data.boosterSeatCount).toBe(4);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no trip type', { tripType: undefined }, M.tripTypeRequired],
    ['an unknown trip type', { tripType: 'Space Trip' }, M.tripTypeInvalid],
    ['Other without its text', { tripType: 'Other' }, M.customTypeRequired],
    ['no destination', { destination: undefined }, M.destinationRequired],
    ['a blank destination', { destination: '   ' }, M.destinationRequired],
    ['a destination that is a number', { destination: 5 }, M.destinationInvalid],
    ['a 100 kB destination', { destination: 'x'.repeat(100_000) }, M.destinationTooLong],
    ['100 kB of notes', { notes: 'x'.repeat(100_000) }, M.notesTooLong],
    ['no departure date', { departureDate: undefined }, M.departureDateRequired],
    ['an impossible date', { departureDate: '2030-02-30' }, M.departureDateInvalid],
    ['a date in another format', { returnDate: '04/03/2030' }, M.returnDateInvalid],
    ['date and departureDate that differ', { date: '2030-03-05' }, M.dateMismatch],
    ['no departure time', { departureTime: undefined }, M.departureTimeRequired],
    ['a 24-hour time', { departureTime: '15:00' }, M.timeInvalid],
    ['hour 13', { returnTime: '13:00 PM' }, M.timeInvalid],
    ['no return date', { returnDate: undefined }, M.returnDateRequired],
    ['no return time', { returnTime: undefined }, M.returnTimeRequired],
    ['a return before the departure', { returnTime: '07:00 AM' }, 'Return time must be later than departure time.'],
    ['a return equal to the departure', { returnTime: '08:00 AM' }, 'Return time must be later than departure time.'],
    ['no students', { students: undefined }, M.studentsRequired],
    ['students as text', { students: '30' }, M.studentsInvalid],
    ['negative students', { students: -1 }, M.studentsInvalid],
    ['fractional students', { students: 2.5 }, M.studentsInvalid],
    ['negative staff', { staff: -2 }, M.staffInvalid],
    ['booster seats requested with none counted', { boosterSeatsRequested: true }, 'Please enter a valid number of booster seats (> 0).'],
    [
      'booster seats requested with a negative count',
      { boosterSeatsRequested: true, boosterSeatCount: -3 },
      'Please enter a valid number of booster seats (> 0).',
    ],
    ['an unknown status', { status: 'Approved' }, M.statusInvalid],
    ['a new trip that is not Pending', { status: 'Confirmed' }, M.newTripStatus],
  ])('refuses %s', (_name, change, message) => {
    expect(firstMessage(createTripSchema.safeParse({ ...good, ...change }))).toBe(message);
  });

  it.each([[[]], ['text'], [null], [42]])('refuses a body that is not an object: %j', (body) => {
    expect(firstMessage(createTripSchema.safeParse(body))).toBe(M.bodyNotObject);
  });
});

describe('updateTripSchema', () => {
  it('takes any subset and drops keys it does not know', () => {
    const r = updateTripSchema.safeParse({ status: 'Accepted', version: 3, id: 9, schoolName: 'x' });
    expect(r.success && r.data).toEqual({ status: 'Accepted', version: 3 });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty body', {}, M.nothingToUpdate],
    ['only a version', { version: 2 }, M.nothingToUpdate],
    ['an unknown status', { status: 'Done' }, M.statusInvalid],
    ['an empty bus list', { buses: [] }, 'Please add at least one bus.'],
    ['a bus without seats', { buses: [{ busType: 'White Bus' }] }, 'Please enter number of seats.'],
    ['a bus with 0 seats', { buses: [{ busType: 'White Bus', busSeats: 0 }] }, 'Please enter number of seats.'],
    ['an unknown bus type', { buses: [{ busType: 'Rocket', busSeats: 3 }] }, M.busTypeInvalid],
    ['a negative bus price', { buses: [{ busType: 'White Bus', busSeats: 3, tripPrice: -1 }] }, M.tripPriceInvalid],
    ['buses that are not a list', { buses: 'two' }, M.busesInvalid],
    ['a negative price', { price: -5 }, M.priceInvalid],
    ['paid as text', { paid: 'yes' }, M.paidInvalid],
    ['a blank destination', { destination: '' }, M.destinationRequired],
    ['a fractional version', { version: 1.5 }, M.versionInvalid],
  ])('refuses %s', (_name, body, message) => {
    expect(firstMessage(updateTripSchema.safeParse(body))).toBe(message);
  });

  it('stores every bus with all its keys', () => {
    const r = updateTripSchema.safeParse({ buses: [{ busType: 'White Bus', busSeats: 12, driverName: ' Sam ' }] });
    expect(r.success && r.data.buses).toEqual([
      { busType: 'White Bus', busSeats: 12, tripPrice: null, driverName: 'Sam', driverPhone: null, status: null },
    ]);
  });
});

describe('subtrip and passenger bodies', () => {
  it('wants at least one bus for a subtrip', () => {
    expect(firstMessage(createSubtripSchema.safeParse({}))).toBe('Please add at least one bus.');
  });

  it('trims passengers to null and wants a full name (adding passengers)', () => {
    const r = addPassengersSchema.safeParse({ passengers: [{ fullName: ' Ada ', guardianName: '  ', pickupPoint: ' Gate 2 ' }] });
    expect(r.success && r.data.passengers).toEqual([
      {
        fullName: 'Ada',
        guardianName: null,
        guardianPhone: null,
        pickupPoint: 'Gate 2',
        dropoffPoint: null,
        notes: null,
        checkedIn: false,
      },
    ]);
    expect(firstMessage(addPassengersSchema.safeParse({ passengers: [{ fullName: '   ' }] }))).toBe('Full name is required.');
    expect(firstMessage(addPassengersSchema.safeParse({ passengers: [] }))).toBe(M.passengersRequired);
  });
});
