import type { TripDto } from '@contracts/trip-wire';
import { DESERT_STAR, GREENFIELD } from '../trips/test-trips';
import { dropBoardTrip, isBar, isWaiting, mergeBoardFleet, mergeBoardTrip, replaceBoardTrip } from './board-data';
import {
  barColor,
  barGeometry,
  dayGeometry,
  dayWindow,
  HIRED_ROW,
  hourTicks,
  layoutBoard,
  movedBuses,
  nowPosition,
  tripsOnDay,
  untilDeparture,
  waitingReasons,
} from './board-layout';
import { companyTrip, day, FROM, makeBoard, makeBus, makeDriver, onBus } from './test-board';

describe('board layout', () => {
  it('places a bar by day: in the week view a trip fills each day it runs, whatever its hours (they are in its label)', () => {
    const board = makeBoard();
    const row = layoutBoard(board, 'bus').find((r) => r.label === 'Bus 1');
    expect(row?.bars).toHaveLength(1);
    const bar = row!.bars[0];
    expect(bar.left).toBe(0);
    expect(bar.width).toBeCloseTo(100 / 7, 6);
    const wednesday = layoutBoard(board, 'bus').find((r) => r.label === 'Bus 2')!.bars[0];
    expect(wednesday.left).toBeCloseTo((2 / 7) * 100, 6); // Wed, 09:00–12:00
    expect(wednesday.width).toBeCloseTo(100 / 7, 6);
    expect(bar.color).toBe('green'); // Confirmed
    expect(bar.clash).toBe(false);
  });

  it('clamps a trip that runs past the week, spans the days of a trip over several, and gives a short trip its whole day', () => {
    const long = companyTrip({ departureDate: day(6), departureTime: '12:00 PM', returnDate: day(8), returnTime: '12:00 PM' });
    const g = barGeometry(FROM, day(6), long);
    expect(g.left + g.width).toBeCloseTo(100, 6);
    const camp = companyTrip({ departureDate: day(1), departureTime: '04:00 PM', returnDate: day(3), returnTime: '10:00 AM' });
    expect(barGeometry(FROM, day(6), camp)).toEqual({ left: (1 / 7) * 100, width: (3 / 7) * 100 });
    const tiny = companyTrip({ departureDate: day(1), departureTime: '08:00 AM', returnDate: day(1), returnTime: '08:30 AM' });
    expect(barGeometry(FROM, day(6), tiny).width).toBeCloseTo(100 / 7, 6);
  });

  it('stacks two trips of one bus on one day in two lanes, so both read', () => {
    const bus = makeBus(1);
    const morning = companyTrip({
      id: 901,
      departureDate: day(1),
      departureTime: '07:00 AM',
      returnDate: day(1),
      returnTime: '09:00 AM',
      buses: [onBus(bus)],
    });
    const afternoon = companyTrip({
      id: 902,
      departureDate: day(1),
      departureTime: '01:00 PM',
      returnDate: day(1),
      returnTime: '03:00 PM',
      buses: [onBus(bus)],
    });
    const row = layoutBoard(makeBoard({ buses: [bus], trips: [morning, afternoon], needsBus: [] }), 'bus').find(
      (r) => r.label === bus.name,
    )!;
    expect(row.bars.map((b) => [b.trip.id, b.lane])).toEqual([
      [901, 0],
      [902, 1],
    ]);
  });

  it('paints clashing trips red and stacks them in two lanes of their bus’s row', () => {
    const row = layoutBoard(makeBoard(), 'bus').find((r) => r.label === 'Bus 2')!;
    expect(row.bars.map((b) => [b.trip.id, b.color, b.clash, b.lane])).toEqual([
      [502, 'red', true, 0],
      [503, 'red', true, 1],
    ]);
    expect(row.lanes).toBe(2);
    expect(row.bars[0].label).toBe(
      'Science Discovery Centre, Wed 5 Mar 09:00 AM–12:00 PM, Greenfield Primary, 33 passengers, Confirmed, clash',
    );
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
    // Omar has not signed up, so his bus reports no steps; Sara has
    expect(rows.map((r) => [r.detail, r.note])).toEqual([
      ['+971 50 000 001', 'No account yet'],
      ['+971 50 000 002', null],
      ['Not in the fleet', null],
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
    // days of the calendar: two days before, in the afternoon, is still 2 days (it read "1 day": under 48 hours)
    expect(untilDeparture(trip, new Date(2031, 2, 5, 14, 0))).toBe('Departs in 2 days');
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

describe('the day view', () => {
  const wednesday = day(2);
  const at = (departureTime: string, returnTime: string, more: Partial<TripDto> = {}) =>
    companyTrip({ departureDate: wednesday, returnDate: wednesday, departureTime, returnTime, buses: [onBus(makeBus(1))], ...more });

  it('shows at least 06:00–20:00, widened to whole hours so no trip of the day is cut off', () => {
    expect(dayWindow([at('09:00 AM', '12:00 PM')], wednesday)).toEqual({ day: wednesday, start: 360, end: 1200 });
    const evening = at('04:00 PM', '09:30 PM');
    const early = at('05:30 AM', '08:00 AM');
    const window = dayWindow([evening, early], wednesday);
    expect(window).toEqual({ day: wednesday, start: 300, end: 1320 });
    for (const trip of [evening, early]) {
      const g = dayGeometry(window, trip);
      expect(g.left).toBeGreaterThanOrEqual(0);
      expect(g.left + g.width).toBeLessThanOrEqual(100 + 1e-9);
    }
    // 16:00–21:30 on 05:00–22:00 (17 hours): from 11/17 to 16.5/17 of the width
    const g = dayGeometry(window, evening);
    expect(g.left).toBeCloseTo((11 / 17) * 100, 6);
    expect(g.left + g.width).toBeCloseTo((16.5 / 17) * 100, 6);
    expect(hourTicks(window).map((t) => t.label)).toEqual(Array.from({ length: 18 }, (_, i) => `${String(i + 5).padStart(2, '0')}:00`));
    expect(hourTicks(window).at(-1)?.left).toBe(100);
  });

  it('runs a trip that began the day before from midnight, and one that ends the next day to midnight', () => {
    const overnight = companyTrip({ departureDate: day(1), departureTime: '08:00 PM', returnDate: wednesday, returnTime: '07:00 AM' });
    const window = dayWindow([overnight], wednesday);
    expect(window.start).toBe(0);
    expect(dayGeometry(window, overnight).left).toBe(0);
    const away = companyTrip({ departureDate: wednesday, departureTime: '06:00 PM', returnDate: day(3), returnTime: '10:00 AM' });
    expect(dayWindow([away], wednesday).end).toBe(1440);
  });

  it('puts the now line where the clock is, on the day shown only', () => {
    const window = { day: '2031-03-05', start: 360, end: 1200 };
    expect(nowPosition(window, new Date(2031, 2, 5, 13, 0))).toBeCloseTo((420 / 840) * 100, 6);
    expect(nowPosition(window, new Date(2031, 2, 5, 6, 0))).toBe(0);
    expect(nowPosition(window, new Date(2031, 2, 5, 21, 0))).toBeNull();
    expect(nowPosition(window, new Date(2031, 2, 6, 13, 0))).toBeNull();
  });

  it('lays out only the day’s trips, one row per bus still', () => {
    const board = makeBoard();
    const window = dayWindow(tripsOnDay(board, wednesday), wednesday);
    const rows = layoutBoard(board, 'bus', window);
    expect(rows.map((r) => [r.label, r.bars.map((b) => b.trip.id)])).toEqual([
      ['Bus 1', []],
      ['Bus 2', [502, 503]],
      ['Bus 3', []],
    ]);
    // 09:00–12:00 of 06:00–20:00
    expect(rows[1].bars[0].left).toBeCloseTo((180 / 840) * 100, 6);
    expect(rows[1].bars[0].width).toBeCloseTo((180 / 840) * 100, 6);
  });
});

describe('bar colours, moves and the lanes', () => {
  it('gives each status a bar can have its own colour, and red to a clash whatever the status', () => {
    const colours = [
      barColor(companyTrip({ status: 'Accepted' })),
      barColor(companyTrip({ status: 'Confirmed' })),
      barColor(companyTrip({ status: 'Pending', editRequest: true })),
      barColor(companyTrip({ status: 'Cancel Requested' })),
      barColor(companyTrip({ status: 'Completed' })),
    ];
    expect(new Set(colours).size).toBe(5);
    expect(colours).not.toContain('red');
    const clash = [{ tripId: 1, resource: 'bus' as const, resourceId: 2, resourceName: 'Bus 2' }];
    expect(barColor(companyTrip({ status: 'Accepted', clashes: clash }))).toBe('red');
    expect(barColor(companyTrip({ status: 'Confirmed', clashes: clash }))).toBe('red');
  });

  it('moves one assignment to another bus keeping its driver, or to another driver keeping its bus', () => {
    const [bus1, bus3] = [makeBus(1), makeBus(3, { busType: 'Internal Yellow Bus', seats: 56 })];
    const omar = makeDriver(1, { name: 'Omar Haddad' });
    const trip = companyTrip({ buses: [{ ...onBus(bus1, omar), busPlate: 'DXB 100', tripPrice: 500 }] });
    expect(movedBuses(trip, 'bus', 1, bus3)).toEqual([
      { ...onBus(bus1, omar), tripPrice: 500, busId: 3, busName: 'Bus 3', busType: 'Internal Yellow Bus', busSeats: 56 },
    ]);
    const sara = makeDriver(2, { name: 'Sara Khan', mobile: '+971 50 2' });
    expect(movedBuses(trip, 'driver', 1, sara)?.[0]).toMatchObject({
      busId: 1,
      driverId: 2,
      driverName: 'Sara Khan',
      driverPhone: '+971 50 2',
    });
    // already on the target, or not on the row it left: nothing to move
    expect(movedBuses(trip, 'bus', 1, bus1)).toBeNull();
    expect(movedBuses(trip, 'bus', 2, bus3)).toBeNull();
  });

  it('says why a trip waits for a bus: a clash with the other trip named, a bus out of service, no bus, or buses to confirm', () => {
    const board = makeBoard();
    const [, clashA] = board.trips;
    expect(waitingReasons(clashA, board.trips)).toEqual(['Bus 2 clashes with Camel Racing Museum, Wed 5 Mar 10:00 AM–01:00 PM']);
    const broken = companyTrip({ buses: [onBus(makeBus(9))], outOfService: [{ resource: 'bus', resourceId: 9, resourceName: 'Bus 9' }] });
    expect(waitingReasons(broken)).toEqual(['Bus 9 is out of service']);
    expect(waitingReasons(board.needsBus[0])).toEqual(['No bus yet']);
    // Accepted with the buses it kept through an accepted change; Confirmed with them, it waits for nothing
    const kept = companyTrip({ status: 'Accepted', buses: [onBus(makeBus(4))] });
    expect(waitingReasons(kept)).toEqual(['Buses to confirm']);
    expect(waitingReasons({ ...kept, status: 'Confirmed' })).toEqual([]);
  });
});

describe('the request lane and the clash lane, live', () => {
  const request = (overrides: Partial<TripDto> = {}) =>
    companyTrip({
      id: 900,
      status: 'Pending',
      busCompanyOrgId: null,
      busCompanyName: null,
      departureDate: day(3),
      returnDate: day(3),
      updatedAt: '2031-03-02T10:00:00.000Z',
      ...overrides,
    });

  it('puts a Pending trip no company holds into the requests, newest first, and takes it out once accepted', () => {
    const older = request({ id: 901, updatedAt: '2031-03-01T10:00:00.000Z' });
    const board = mergeBoardTrip(makeBoard({ requests: [older] }), request());
    expect(board.requests.map((t) => t.id)).toEqual([900, 901]);
    const accepted = request({ status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 });
    const next = mergeBoardTrip(board, accepted);
    expect(next.requests.map((t) => t.id)).toEqual([901]);
    expect(next.needsBus.map((t) => t.id)).toEqual([900, 504]); // by departure
    expect(dropBoardTrip(next, 901).requests).toEqual([]);
  });

  it('puts the company’s edit request into the requests, not another company’s trip nor a trip manager’s board', () => {
    const edit = request({ id: 902, editRequest: true, busCompanyOrgId: DESERT_STAR, buses: [onBus(makeBus(1))] });
    expect(mergeBoardTrip(makeBoard(), edit).requests.map((t) => t.id)).toEqual([902]);
    expect(mergeBoardTrip(makeBoard(), request({ busCompanyOrgId: DESERT_STAR + 1 })).requests).toEqual([]);
    // an admin's console hears of every school's requests: another school's (not the company's partner) stays out
    expect(mergeBoardTrip(makeBoard(), request({ schoolOrgId: GREENFIELD + 100 })).requests).toEqual([]);
    const managers = makeBoard({ company: null });
    expect(mergeBoardTrip(managers, request())).toBe(managers);
  });

  it('puts a trip whose bus clashes or is out of service into the lane of trips needing a bus', () => {
    const board = makeBoard();
    const [, clashA] = board.trips;
    expect(isWaiting(board, clashA)).toBe(true);
    const broken = companyTrip({
      buses: [onBus(makeBus(1))],
      departureDate: day(3),
      returnDate: day(3),
      outOfService: [{ resource: 'bus', resourceId: 1, resourceName: 'Bus 1' }],
    });
    expect(isWaiting(board, broken)).toBe(true);
    expect(isWaiting(board, { ...broken, outOfService: [] })).toBe(false);
  });

  it('swaps a moved bar in and back only while the board still holds the moved copy', () => {
    const board = makeBoard();
    const [first] = board.trips;
    const moved = { ...first, buses: [onBus(makeBus(3))] };
    const optimistic = replaceBoardTrip(board, moved);
    expect(
      layoutBoard(optimistic, 'bus')
        .find((r) => r.label === 'Bus 3')
        ?.bars.map((b) => b.trip.id),
    ).toEqual([501]);
    expect(replaceBoardTrip(optimistic, first, moved).trips[0]).toBe(first);
    const newer = { ...first, version: 5 };
    expect(replaceBoardTrip(replaceBoardTrip(optimistic, newer), first, moved).trips[0]).toBe(newer);
  });
});
