import type { BusProgressDto } from '@contracts/progress-wire';
import type { TripDto } from '@contracts/trip-wire';
import { isNewerTrip } from './trip-freshness';

const bus = (steps: [string, string | null][], late: BusProgressDto['late'] = null): BusProgressDto => ({
  driverId: 1,
  driverName: 'Omar Haddad',
  busId: 7,
  busName: 'Bus 7',
  busPlate: null,
  current: steps.length ? 'leftDepot' : null,
  late,
  steps: steps.map(([receivedAt, undoneAt], i) => ({
    id: `s${i}`,
    step: 'leftDepot',
    at: receivedAt,
    receivedAt,
    passengers: null,
    note: null,
    by: { id: 1, name: 'Omar Haddad' },
    undoneAt,
  })),
});
const trip = (version: number, progress: BusProgressDto[] = []) => ({ version, progress, departureCount: null }) as unknown as TripDto;

describe('isNewerTrip', () => {
  it.each([
    ['a higher version', trip(3), trip(2), true],
    ['a lower version, whatever its steps', trip(1, [bus([['2031-03-05T08:00:00.000Z', null]])]), trip(2), false],
    ['the same version and steps: seen already', trip(2), trip(2), false],
    ['the same version and a step received later', trip(2, [bus([['2031-03-05T08:00:00.000Z', null]])]), trip(2), true],
    [
      'the same version and a step undone later',
      trip(2, [bus([['2031-03-05T08:00:00.000Z', '2031-03-05T08:00:30.000Z']])]),
      trip(2, [bus([['2031-03-05T08:00:00.000Z', null]])]),
      true,
    ],
    ['the same version and an older read of the steps', trip(2), trip(2, [bus([['2031-03-05T08:00:00.000Z', null]])]), false],
    ['the same steps and the clock made the bus late', trip(2, [bus([], 'departure')]), trip(2, [bus([])]), true],
    ['the same version and a bus that began reporting (its driver signed up)', trip(2, [bus([])]), trip(2), true],
    ['the same version and a bus that stopped reporting (its account deactivated)', trip(2), trip(2, [bus([])]), true],
  ])('%s', (_, incoming, held, newer) => {
    expect(isNewerTrip(incoming, held)).toBe(newer);
  });
});
