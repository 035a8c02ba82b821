import type { TripDto } from '@contracts/trip-wire';
import { DESERT_STAR } from '../trips/test-trips';
import { dropBoardTrip, isBar, mergeBoardFleet, mergeBoardTrip } from './board-data';
import { barGeometry, HIRED_ROW, layoutBoard, tripsOnDay, untilDeparture } from './board-layout';
import { companyTrip, day, FROM, makeBoard, makeBus, makeDriver, onBus } from './test-board';

/** A day column is 06:00–20:00, 840 minutes. */
const column = 840;

describe('board layout', () => {
  it('places a bar by day and time: Monday 06:00–18:00 fills the first day’s column from its start, 12 of its 14 hours', () => {
    const board = makeBoard();
    const row = layoutBoard(board, 'bus').find((r) => r.label === 'Bus 1');
    expect(row?.bars).toHaveLength(1);
    const bar = row!.bars[0];
    expect(bar.left).toBe(0);
    expect(bar.width).toBeCloseTo(((12 * 60) / column / 7) * 100, 6);
    const wednesday = layoutBoard(board, 'bus').find((r) => r.label === 'Bus 2')!.bars[0];
    expect(wednesday.left).toBeCloseTo(((2 + 180 / column) / 7) * 100, 6); // Wed 09:00
    expect(wednesday.width).toBeCloseTo((180 / column / 7) * 100, 6); // to 12:00
    expect(bar.color).toBe('green'); // Confirmed, spec §4
    expect(bar.clash).toBe(false);
  });

  it('clamps a trip that runs past the week and keeps a tiny trip visible', () => {
    const long = companyTrip({ departureDate: day(6), departureTime: '12:00 PM', returnDate: day(8), returnTime: '12:00 PM' });
    const g = barGeometry(FROM, day(6), long);
    expect(g.left + g.width).toBeCloseTo(100, 6);
    const tiny = companyTrip({ departureDate: day(1), departureTime: '08:00 AM', returnDate: day(1), returnTime: '08:00 AM' });
    expect(barGeometry(FROM, day(6), tiny).width).toBeGreaterThanOrEqual(0.8);
  });

  it('paints clashing trips red and stacks them in two lanes of their bus’s row', () => {
    const row = layoutBoard(makeBoard(), 'bus').find((r) => r.label === 'Bus 2')!;
    expect(row.bars.map((b) => [b.trip.id, b.color, b.clash, b.lane])).toEqual([
      [502, 'red', true, 0],
      [503, 'red', true, 1],
    ]);
    expect(row.lanes).toBe(2);
    expect(row.bars[0].label).toBe('Science Discovery Centre, Wed 5 Mar 09:00 AM–12:00 PM, Confirmed, clash');
  });

  it('keeps one row per bus, free ones too, and a row for hired vehicles', () => {
    const board = makeBoard();
    const hired = companyTrip({ id: 600, departureDate: day(3), returnDate: day(3), buses: [{ ...onBus(makeBus(9)), busId: null }] });
    const rows = layoutBoard({ ...board, trips: [...board.trips, hired] }, 'bus');
    expect(rows.map((r) => r.label)).toEqual(['Bus 1', 'Bus 2', 'Bus 3', HIRED_ROW]);
    expect(rows[2].bars).toEqual([]);
    expect(rows[3].bars.map((b) => b.trip.id)).toEqual([600]);
  });

  it('lays out drivers in the driver view, with a licence that expires within 30 days', () => {
    const rows = layoutBoard(makeBoard(), 'driver');
    expect(rows.map((r) => [r.label, r.warning])).toEqual([
      ['Omar Haddad', null],
      ['Sara Khan', 'Licence expires Sat 15 Mar 2031'],
      ['Other drivers', null],
    ]);
    expect(rows[0].bars.map((b) => b.trip.id)).toEqual([501]);
    expect(rows[1].bars.map((b) => b.trip.id)).toEqual([502]);
    expect(rows[2].bars.map((b) => b.trip.id)).toEqual([503]);
  });

  it('lists each day’s trips for the phone, a trip over several days on each of them', () => {
    const board = makeBoard();
    const overnight = companyTrip({
      id: 700,
      departureDate: day(4),
      returnDate: day(5),
      departureTime: '07:00 AM',
      returnTime: '05:00 PM',
      buses: [onBus(makeBus(1))],
    });
    const withIt = { ...board, trips: [...board.trips, overnight] };
    expect(tripsOnDay(withIt, day(2)).map((t) => t.id)).toEqual([502, 503]);
    expect(tripsOnDay(withIt, day(4)).map((t) => t.id)).toEqual([700]);
    expect(tripsOnDay(withIt, day(5)).map((t) => t.id)).toEqual([700]);
    expect(tripsOnDay(withIt, day(6))).toEqual([]);
  });

  it('says how long until a waiting trip departs', () => {
    const trip = { departureDate: '2031-03-07', departureTime: '09:00 AM' };
    expect(untilDeparture(trip, new Date(2031, 2, 5, 8, 0))).toBe('Departs in 2 days');
    expect(untilDeparture(trip, new Date(2031, 2, 6, 9, 0))).toBe('Departs in 1 day');
    expect(untilDeparture(trip, new Date(2031, 2, 7, 4, 0))).toBe('Departs in 5 h');
    expect(untilDeparture(trip, new Date(2031, 2, 7, 8, 40))).toBe('Departs in 20 min');
    expect(untilDeparture(trip, new Date(2031, 2, 7, 9, 1))).toBe('Departed');
  });
});

describe('merging live changes into a board', () => {
  const waiting = () => makeBoard().needsBus[0];

  it('moves a waiting trip to a bar once it has a bus, and skips an older copy', () => {
    const board = makeBoard();
    const assigned: TripDto = { ...waiting(), status: 'Confirmed', buses: [onBus(makeBus(3))], needsBus: false, version: 2 };
    const next = mergeBoardTrip(board, assigned);
    expect(next.needsBus).toEqual([]);
    expect(next.trips.map((t) => t.id)).toEqual([501, 502, 503, 504]);
    expect(mergeBoardTrip(next, { ...waiting(), version: 1 })).toBe(next);
  });

  it('adds a newly accepted trip to the lane, ignores another company’s and other weeks’ bars, drops a deleted one', () => {
    const board = makeBoard();
    const accepted = companyTrip({ id: 800, status: 'Accepted', departureDate: day(20), returnDate: day(20) });
    expect(mergeBoardTrip(board, accepted).needsBus.map((t) => t.id)).toEqual([504, 800]);
    const other = companyTrip({
      id: 801,
      busCompanyOrgId: DESERT_STAR + 1,
      buses: [onBus(makeBus(1))],
      departureDate: day(1),
      returnDate: day(1),
    });
    expect(mergeBoardTrip(board, other)).toBe(board);
    const later = companyTrip({ id: 802, buses: [onBus(makeBus(1))], departureDate: day(9), returnDate: day(9) });
    expect(isBar(board, later)).toBe(false);
    expect(dropBoardTrip(board, 502).trips.map((t) => t.id)).toEqual([501, 503]);
  });

  it('adds a new bus in name order, drops one deactivated with no trip shown, keeps one that still carries a trip', () => {
    const board = makeBoard();
    const added = mergeBoardFleet(board, { bus: makeBus(10, { name: 'Bus 10' }) });
    expect(added.buses.map((b) => b.name)).toEqual(['Bus 1', 'Bus 2', 'Bus 3', 'Bus 10']);
    expect(mergeBoardFleet(board, { bus: makeBus(3, { active: false, version: 2 }) }).buses.map((b) => b.id)).toEqual([1, 2]);
    expect(mergeBoardFleet(board, { bus: makeBus(1, { active: false, version: 2 }) }).buses.map((b) => b.id)).toEqual([1, 2, 3]);
    const renamed = mergeBoardFleet(board, { driver: makeDriver(1, { name: 'Omar H.', version: 2 }) });
    expect(renamed.drivers.map((d) => d.name)).toEqual(['Omar H.', 'Sara Khan']);
    expect(mergeBoardFleet(board, { driver: makeDriver(1, { companyId: 999, version: 3 }) })).toBe(board);
  });
});
