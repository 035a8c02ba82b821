import { makeBus, makeDriver, onBus } from '../dispatch/test-board';
import { availabilityText, busAvailability, driverAvailability, suggestBus, suggestDriver, tripsFreeForBus } from './assign-availability';
import { DESERT_STAR, makeTrip } from './test-trips';

const bus12 = makeBus(12, { seats: 50 });
const bus7 = makeBus(7, { seats: 40 });
const bus9 = makeBus(9, { seats: 40 });
const trip = makeTrip({ id: 1, status: 'Accepted', busCompanyOrgId: DESERT_STAR, students: 30, staff: 5 });
const other = (overrides: Parameters<typeof makeTrip>[0]) =>
  makeTrip({ status: 'Confirmed', busCompanyOrgId: DESERT_STAR, destination: 'Aquarium of the Gulf', ...overrides });

describe('what Assign Bus proposes', () => {
  it('takes the smallest free active bus that seats everyone, Bus 7 before Bus 9 at equal size', () => {
    const busy = other({ id: 2, departureTime: '09:00 AM', returnTime: '10:00 AM', buses: [onBus(bus7)] });
    expect(suggestBus([bus12, bus9, bus7], trip, [])?.name).toBe('Bus 7');
    expect(suggestBus([bus12, bus9, bus7], trip, [busy])?.name).toBe('Bus 9');
    expect(suggestBus([bus12, makeBus(3, { seats: 20 })], trip, [])?.name).toBe('Bus 12');
    expect(suggestBus([makeBus(3, { seats: 20 }), makeBus(4, { seats: 60, active: false })], trip, [])).toBeNull();
  });

  it('prefers the bus the dispatcher started from, unless another trip holds it then', () => {
    expect(suggestBus([bus12, bus7], trip, [], 12)?.name).toBe('Bus 12');
    const busy = other({ id: 2, buses: [onBus(bus12)] });
    expect(suggestBus([bus12, bus7], trip, [busy], 12)?.name).toBe('Bus 7');
  });

  it('ignores trips that do not hold the bus: another time, the trip itself, a canceled one', () => {
    const later = other({ id: 2, departureTime: '03:00 PM', returnTime: '05:00 PM', buses: [onBus(bus7)] });
    const canceled = other({ id: 3, status: 'Canceled', buses: [onBus(bus7)] });
    const itself = { ...trip, buses: [onBus(bus7)] };
    expect(busAvailability(bus7, trip, [later, canceled, itself])).toEqual({ kind: 'free' });
  });

  it('proposes a driver only when free and licensed through the return date (the expiry day counts)', () => {
    const expired = makeDriver(1, { name: 'Ali', licenceExpiry: '2031-03-03' });
    const busy = makeDriver(2, { name: 'Badr' });
    const lastDay = makeDriver(3, { name: 'Cyrus', licenceExpiry: trip.returnDate });
    const holding = other({ id: 2, departureTime: '07:00 AM', returnTime: '02:00 PM', buses: [onBus(bus9, busy)] });
    expect(availabilityText(driverAvailability(expired, trip, []))).toBe('licence invalid for this trip');
    expect(availabilityText(driverAvailability(busy, trip, [holding]))).toBe('busy 07:00 AM–02:00 PM, Aquarium of the Gulf');
    expect(suggestDriver([busy, expired, lastDay], trip, [holding])?.name).toBe('Cyrus');
  });

  it('names the days of a busy trip that spans several', () => {
    const away = other({ id: 2, departureDate: '2031-03-03', returnDate: '2031-03-05', buses: [onBus(bus7)] });
    expect(availabilityText(busAvailability(bus7, trip, [away]))).toBe('busy Mon 3 Mar 08:00 AM–Wed 5 Mar 03:00 PM, Aquarium of the Gulf');
  });
});

describe('the trips a bus row’s "+" offers', () => {
  it('leaves out a waiting trip that would clash with a trip already on that bus', () => {
    const morning = makeTrip({ id: 10, status: 'Accepted', departureTime: '08:00 AM', returnTime: '11:00 AM' });
    const afternoon = makeTrip({ id: 11, status: 'Accepted', departureTime: '01:00 PM', returnTime: '04:00 PM' });
    const onBus7 = other({ id: 12, departureTime: '09:00 AM', returnTime: '12:00 PM', buses: [onBus(bus7)] });
    expect(tripsFreeForBus(7, [morning, afternoon], [onBus7]).map((t) => t.id)).toEqual([11]);
    expect(tripsFreeForBus(9, [morning, afternoon], [onBus7]).map((t) => t.id)).toEqual([10, 11]);
  });
});
