import { companyTrip, day, makeBus, makeDriver, onBus } from '../dispatch/test-board';
import { busesText, dateInWords, passengersText, pickupText, runSheetTrips } from './run-sheet-data';

const omar = makeDriver(1, { name: 'Omar Haddad' });
const sara = makeDriver(2, { name: 'Sara Khan' });
const [bus1, bus2] = [makeBus(1), makeBus(2)];
const plated = (bus: typeof bus1, driver: typeof omar) => ({ ...onBus(bus, driver), busPlate: bus.plate });

describe('run sheet data', () => {
  it("keeps the driver's trips by departure time, with only the buses the driver drives", () => {
    const late = companyTrip({ id: 2, departureDate: day(0), departureTime: '02:00 PM', buses: [plated(bus1, omar)] });
    const early = companyTrip({ id: 3, departureDate: day(0), departureTime: '09:30 AM', buses: [plated(bus1, omar), plated(bus2, sara)] });
    const others = companyTrip({ id: 4, departureDate: day(0), buses: [plated(bus2, sara)] });
    const deleted = companyTrip({ id: 5, departureDate: day(0), deleted: true, buses: [plated(bus2, omar)] });
    const rows = runSheetTrips({ trips: [late, others, early, deleted] }, omar.id);
    expect(rows.map((r) => r.trip.id)).toEqual([3, 2]);
    expect(busesText(rows[0].buses)).toBe('Bus 1 · DXB 100');
  });

  it('names both buses when the driver drives two of one trip', () => {
    expect(busesText([plated(bus1, omar), plated(bus2, omar)])).toBe('Bus 1 · DXB 100, Bus 2 · DXB 200');
  });

  it('writes the day in full, the pickup (the school by default) and the passengers', () => {
    expect(dateInWords('2031-03-05')).toBe('Wednesday 5 March 2031');
    expect(pickupText({ origin: '  ' })).toBe('School');
    expect(pickupText({ origin: 'Gate 2' })).toBe('Gate 2');
    expect(passengersText({ students: 1, staff: null, boosterSeatsRequested: true, boosterSeatCount: 1 })).toBe(
      '1 student, 0 staff (1), 1 booster seat',
    );
    expect(passengersText({ students: 30, staff: 3, boosterSeatsRequested: false, boosterSeatCount: 4 })).toBe('30 students, 3 staff (33)');
  });
});
