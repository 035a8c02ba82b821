import { alertStillOpen } from './alert-rules';
import { busHeading, plannedVsActual, progressState, rowProgress, showsProgress } from './progress-view';
import { busProgress, companyTrip, makeBus, makeDriver, onBus, stepDone } from './test-board';

const DAY = '2031-03-05';
const [bus1, bus2] = [makeBus(1, { plate: 'DXB 100' }), makeBus(2, { plate: null })];
const [omar, sara] = [makeDriver(1, { name: 'Omar Haddad' }), makeDriver(2, { name: 'Sara Khan' })];
const twoBuses = (
  progress = [busProgress(bus1, omar, [stepDone('departed', `${DAY}T09:20:00`)]), busProgress(bus2, sara, [], 'departure')],
) =>
  companyTrip({
    id: 700,
    departureDate: DAY,
    returnDate: DAY,
    departureTime: '09:15 AM',
    buses: [onBus(bus1, omar), onBus(bus2, sara)],
    progress,
  });

describe('the progress a board row shows', () => {
  it('is the row’s own bus, by bus, else by the bus’s driver (a hired bus has no fleet id)', () => {
    const trip = twoBuses();
    expect(rowProgress(trip, (b) => b.busId === 1)?.driverName).toBe('Omar Haddad');
    expect(rowProgress(trip, (b) => b.driverId === 2)?.driverName).toBe('Sara Khan');
    const hired = companyTrip({ buses: [{ ...onBus(bus1, omar), busId: null }], progress: [busProgress(null, omar, [])] });
    expect(rowProgress(hired, (b) => b.busId == null)?.driverName).toBe('Omar Haddad');
    expect(rowProgress(trip, (b) => b.busId === 3)).toBeNull();
  });

  it('is, on a row holding several buses of the trip, a late one first, else the one furthest behind', () => {
    expect(progressState(rowProgress(twoBuses(), () => true)!)).toBe('Late departure');
    const onTime = twoBuses([
      busProgress(bus1, omar, [stepDone('departed', `${DAY}T09:20:00`)]),
      busProgress(bus2, sara, [stepDone('atPickup', `${DAY}T09:10:00`)]),
    ]);
    expect(progressState(rowProgress(onTime, () => true)!)).toBe('At pickup');
  });
});

describe('whether a bar says where its bus is', () => {
  const idle = busProgress(bus1, omar, []);
  it('says "Not started" of a running trip from its first day on, not before, and nothing of an accepted trip not begun', () => {
    const trip = twoBuses();
    expect(showsProgress(trip, idle, DAY)).toBe(true);
    expect(showsProgress(trip, idle, '2031-03-04')).toBe(false);
    expect(showsProgress({ ...trip, status: 'Accepted' }, idle, DAY)).toBe(false);
    // a bus that recorded something (an acknowledgement the day before) says so
    expect(showsProgress(trip, busProgress(bus1, omar, [stepDone('acknowledged', '2031-03-04T19:00:00')]), '2031-03-04')).toBe(true);
  });
});

describe('planned against actual', () => {
  it('gives the day of a step taken on another day than the trip’s, and ignores an undone step', () => {
    const trip = twoBuses();
    const p = busProgress(bus1, omar, [
      stepDone('acknowledged', '2031-03-04T19:02:00'),
      stepDone('leftDepot', `${DAY}T08:50:00`, { undoneAt: `${DAY}T08:50:30` }),
    ]);
    expect(plannedVsActual(trip, p)).toEqual(['Planned 09:15 AM', 'Acknowledged Tue 4 Mar 07:02 PM']);
  });

  it('names a bus by name, plate and driver, and a hired bus by its driver', () => {
    expect(busHeading(busProgress(bus1, omar, []))).toBe('Bus 1 · DXB 100 · Omar Haddad');
    expect(busHeading(busProgress(null, sara, []))).toBe('Sara Khan');
  });
});

describe('when the bell lets an alert go', () => {
  const late = { id: 9, kind: 'late' as const, tripId: 700, lateKind: 'departure' as const, driverId: 2 };

  it('keeps a late alert while that bus is late for that reason, while the trip runs', () => {
    expect(alertStillOpen(late, twoBuses())).toBe(true);
    expect(alertStillOpen({ ...late, driverId: 1 }, twoBuses())).toBe(false);
    expect(alertStillOpen({ ...late, lateKind: 'return' }, twoBuses())).toBe(false);
    expect(alertStillOpen(late, { ...twoBuses(), status: 'Canceled' })).toBe(false);
  });

  it('keeps a departure count while the counts differ, and a "Needs a bus" while the trip has none', () => {
    const count = { id: 10, kind: 'departureCount' as const, tripId: 700 };
    expect(alertStillOpen(count, { ...twoBuses(), departureCount: { counted: 38, listed: 40 } })).toBe(true);
    expect(alertStillOpen(count, twoBuses())).toBe(false);
    const needsBus = { id: 11, kind: 'needsBus' as const, tripId: 700 };
    expect(alertStillOpen(needsBus, { ...twoBuses(), status: 'Accepted', buses: [] })).toBe(true);
    expect(alertStillOpen(needsBus, { ...twoBuses(), status: 'Accepted' })).toBe(false);
  });
});
