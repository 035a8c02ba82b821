import {
  departureCountMessage,
  departureCountMismatch,
  everyBusReturned,
  lateMessage,
  lateOf,
  nextStep,
  type ProgressStep,
  stepAfter,
  stepProblem,
  undoProblem,
} from './progress-rules';
import type { TripStatus } from './trip-wire';

/** A trip on Wed 2 Dec 2026, 09:15 AM to 02:00 PM. */
const plan = {
  departureDate: '2026-12-02',
  departureTime: '09:15 AM',
  returnDate: '2026-12-02',
  returnTime: '02:00 PM',
};
const running = (status: TripStatus = 'Confirmed') => ({ ...plan, status });

describe('the order of steps', () => {
  it.each<[ProgressStep[], ProgressStep | null]>([
    [[], 'acknowledged'],
    [['acknowledged'], 'leftDepot'],
    [['leftDepot'], 'atPickup'],
    [['acknowledged', 'leftDepot', 'atPickup'], 'departed'],
    [['acknowledged', 'leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination'], 'returned'],
    [['acknowledged', 'leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination', 'returned'], null],
  ])('after %j comes %s', (done, after) => {
    expect(stepAfter(done)).toBe(after);
  });

  it('asks for Acknowledge first, before the day and on it (a bus not acknowledged is late until it is)', () => {
    expect(nextStep([])).toBe('acknowledged');
    expect(nextStep(['acknowledged'])).toBe('leftDepot');
    expect(nextStep(['leftDepot'])).toBe('atPickup');
  });

  it.each<[string, ProgressStep[], ProgressStep, string, string | null]>([
    ['acknowledges days before', [], 'acknowledged', '2026-11-28', null],
    ['starts on the day without acknowledging', [], 'leftDepot', '2026-12-02', null],
    ['goes on after acknowledging', ['acknowledged'], 'leftDepot', '2026-12-02', null],
    [
      'refuses Left depot before the day',
      ['acknowledged'],
      'leftDepot',
      '2026-12-01',
      'This trip runs on Wed 2 Dec: tap Left depot on that day.',
    ],
    ['refuses a skipped step', ['leftDepot'], 'departed', '2026-12-02', 'Tap At pickup first.'],
    ['refuses a step with nothing before it on the day', [], 'atPickup', '2026-12-02', 'Tap Left depot first.'],
    ['refuses a step twice', ['leftDepot'], 'leftDepot', '2026-12-02', 'Left depot is already recorded.'],
    [
      'refuses going back',
      ['leftDepot', 'atPickup'],
      'acknowledged',
      '2026-12-02',
      'At pickup is already recorded: no need to acknowledge.',
    ],
    [
      'allows the day after the return (a late night)',
      ['leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination'],
      'returned',
      '2026-12-03',
      null,
    ],
    [
      'refuses two days after the return',
      ['leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination'],
      'returned',
      '2026-12-04',
      'This trip ended on Wed 2 Dec.',
    ],
  ])('%s', (_, done, step, today, problem) => {
    expect(stepProblem({ done, step, passengers: 12, trip: running(), now: `${today}T09:15` })).toBe(problem);
  });

  it('asks a departure for its passenger count', () => {
    const attempt = {
      done: ['leftDepot', 'atPickup'] as ProgressStep[],
      step: 'departed' as const,
      trip: running(),
      now: '2026-12-02T09:10',
    };
    expect(stepProblem({ ...attempt, passengers: null })).toBe('Enter how many passengers are on board.');
    expect(stepProblem({ ...attempt, passengers: 0 })).toBeNull();
  });

  it('takes Departed from an hour before the planned departure, not earlier (a mistaken tap would complete the trip before it ran)', () => {
    const attempt = {
      done: ['leftDepot', 'atPickup'] as ProgressStep[],
      step: 'departed' as const,
      passengers: 30,
      trip: running(),
    };
    expect(stepProblem({ ...attempt, now: '2026-12-02T08:14' })).toBe('This trip departs at 09:15 AM: tap Departed from 08:15 AM.');
    expect(stepProblem({ ...attempt, now: '2026-12-02T08:15' })).toBeNull();
    // later than planned is a late departure, not a refusal
    expect(stepProblem({ ...attempt, now: '2026-12-02T11:40' })).toBeNull();
    // the steps before it wait for nothing but the day
    expect(stepProblem({ ...attempt, done: ['leftDepot'], step: 'atPickup', now: '2026-12-02T06:00' })).toBeNull();
    // an afternoon trip says its hour in the afternoon
    const evening = { ...running(), departureTime: '07:00 PM', returnTime: '10:00 PM' };
    expect(stepProblem({ ...attempt, trip: evening, now: '2026-12-02T17:57' })).toBe(
      'This trip departs at 07:00 PM: tap Departed from 06:00 PM.',
    );
  });

  it('takes Returned from the planned departure, not earlier: a bus that left within the early hour cannot complete the trip before it was due to start', () => {
    const attempt = {
      done: ['leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination'] as ProgressStep[],
      step: 'returned' as const,
      trip: running(),
    };
    expect(stepProblem({ ...attempt, now: '2026-12-02T09:14' })).toBe('This trip departs at 09:15 AM: tap Returned from 09:15 AM.');
    expect(stepProblem({ ...attempt, now: '2026-12-02T09:15' })).toBeNull();
    // the steps between wait only for Departed's hour
    expect(stepProblem({ ...attempt, done: ['leftDepot', 'atPickup', 'departed'], step: 'arrived', now: '2026-12-02T08:30' })).toBeNull();
    expect(
      stepProblem({ ...attempt, done: ['leftDepot', 'atPickup', 'departed', 'arrived'], step: 'leftDestination', now: '2026-12-02T08:40' }),
    ).toBeNull();
    // back the day after the departure: the hour is the departure day's
    expect(stepProblem({ ...attempt, now: '2026-12-03T06:00' })).toBeNull();
  });

  it.each<[TripStatus, string | null]>([
    ['Confirmed', null],
    ['Cancel Requested', null],
    ['Accepted', 'This trip is Accepted: it is not running yet.'],
    ['Completed', 'This trip is completed: nothing more to tap.'],
    ['Canceled', 'This trip was canceled.'],
  ])('takes steps while the trip is %s: %s', (status, problem) => {
    expect(stepProblem({ done: [], step: 'leftDepot', trip: running(status), now: '2026-12-02T08:00' })).toBe(problem);
  });
});

describe('undo', () => {
  const sent = Date.UTC(2026, 11, 2, 9, 0, 0);
  const latest = { receivedAt: sent, undone: false, latest: true };

  it('takes back the latest step within a minute of its receipt (59 s yes, 60 s yes, 61 s no)', () => {
    expect(undoProblem(latest, sent + 59_000)).toBeNull();
    expect(undoProblem(latest, sent + 60_000)).toBeNull();
    expect(undoProblem(latest, sent + 61_000)).toBe('A step can be undone within a minute only: call your dispatcher.');
  });

  it('refuses a step already undone, one that is not the latest, and one of a trip that no longer runs', () => {
    expect(undoProblem({ ...latest, undone: true }, sent)).toBe('This step is already undone.');
    expect(undoProblem({ ...latest, latest: false }, sent)).toBe('Only the last step can be undone.');
    expect(undoProblem({ ...latest, tripStatus: 'Completed' }, sent)).toBe('This trip is completed: its steps can no longer be undone.');
    expect(undoProblem({ ...latest, tripStatus: 'Cancel Requested' }, sent)).toBeNull();
  });
});

describe('late, at the boundary minute (10 minutes unless LATE_MINUTES says otherwise)', () => {
  const departed: ProgressStep[] = ['leftDepot', 'atPickup', 'departed'];

  it.each<[string, ProgressStep[], string, ReturnType<typeof lateOf>]>([
    ['nothing recorded 12 h 1 min before departure', [], '2026-12-01T21:14', null],
    ['nothing recorded 12 h before departure', [], '2026-12-01T21:15', 'acknowledge'],
    ['acknowledged, 9 minutes past departure', ['acknowledged'], '2026-12-02T09:24', null],
    ['acknowledged, 10 minutes past departure', ['acknowledged'], '2026-12-02T09:25', 'departure'],
    ['nothing recorded, 10 minutes past departure', [], '2026-12-02T09:25', 'departure'],
    ['at pickup, long past the return', ['leftDepot', 'atPickup'], '2026-12-02T18:00', 'departure'],
    ['departed, 9 minutes past the return', departed, '2026-12-02T14:09', null],
    ['departed, 10 minutes past the return', departed, '2026-12-02T14:10', 'return'],
    ['returned, long past the return', [...departed, 'arrived', 'leftDestination', 'returned'], '2026-12-03T10:00', null],
  ])('%s: %s', (_, done, now, late) => {
    expect(lateOf(plan, done, now, 10)).toBe(late);
  });

  it('counts across midnight: a 11:55 PM departure is late at 12:05 AM the next day, not at 12:04 AM', () => {
    const night = { departureDate: '2026-12-31', departureTime: '11:55 PM', returnDate: '2027-01-01', returnTime: '03:00 AM' };
    expect(lateOf(night, ['acknowledged'], '2027-01-01T00:04', 10)).toBeNull();
    expect(lateOf(night, ['acknowledged'], '2027-01-01T00:05', 10)).toBe('departure');
    expect(lateOf(night, ['leftDepot', 'atPickup', 'departed'], '2027-01-01T03:09', 10)).toBeNull();
    expect(lateOf(night, ['leftDepot', 'atPickup', 'departed'], '2027-01-01T03:10', 10)).toBe('return');
  });

  it('follows LATE_MINUTES', () => {
    expect(lateOf(plan, ['acknowledged'], '2026-12-02T09:44', 30)).toBeNull();
    expect(lateOf(plan, ['acknowledged'], '2026-12-02T09:45', 30)).toBe('departure');
  });

  it('words a late bus for the bell', () => {
    const trip = { ...plan, destination: 'Science Discovery Centre' };
    const bus = { busName: 'Bus 7', driverName: 'Omar Haddad' };
    expect(lateMessage('departure', trip, bus)).toBe(
      'Bus 7 (Omar Haddad) has not departed for Science Discovery Centre: planned 09:15 AM.',
    );
    expect(lateMessage('return', trip, bus)).toBe('Bus 7 (Omar Haddad) is not back from Science Discovery Centre: planned 02:00 PM.');
    expect(lateMessage('return', { ...trip, returnDate: '2026-12-03' }, bus)).toBe(
      'Bus 7 (Omar Haddad) is not back from Science Discovery Centre: planned Thu 3 Dec 02:00 PM.',
    );
    expect(lateMessage('acknowledge', trip, bus)).toBe(
      'Bus 7 (Omar Haddad) has not acknowledged Science Discovery Centre, departing Wed 2 Dec 09:15 AM.',
    );
  });
});

describe('a trip completes by itself', () => {
  const back = (driverId: number) => ({ driverId, current: 'returned' as const });
  const out = (driverId: number) => ({ driverId, current: 'arrived' as const });

  it('once its one bus has returned', () => {
    const trip = { status: 'Confirmed' as const, buses: [{ driverId: 7 }] };
    expect(everyBusReturned(trip, [out(7)])).toBe(false);
    expect(everyBusReturned(trip, [back(7)])).toBe(true);
  });

  it('once both of its buses have returned, not when one has', () => {
    const trip = { status: 'Confirmed' as const, buses: [{ driverId: 7 }, { driverId: 8 }] };
    expect(everyBusReturned(trip, [back(7), out(8)])).toBe(false);
    expect(everyBusReturned(trip, [back(7), back(8)])).toBe(true);
  });

  it('never with a hired bus (no fleet driver reports for it), nor while a cancellation is asked for', () => {
    expect(everyBusReturned({ status: 'Confirmed', buses: [{ driverId: 7 }, { driverId: null }] }, [back(7)])).toBe(false);
    expect(everyBusReturned({ status: 'Cancel Requested', buses: [{ driverId: 7 }] }, [back(7)])).toBe(false);
    expect(everyBusReturned({ status: 'Confirmed', buses: [] }, [])).toBe(false);
  });
});

describe('the departure count', () => {
  it.each<[(number | null)[], number, ReturnType<typeof departureCountMismatch>]>([
    [[38], 40, { counted: 38, listed: 40 }],
    [[20, 20], 40, null],
    [[20, 18], 40, { counted: 38, listed: 40 }],
    [[20, null], 40, null],
    [[38], 0, null],
    [[], 40, null],
  ])('counts %j against a list of %i: %j', (counts, listed, mismatch) => {
    expect(departureCountMismatch(counts, listed)).toEqual(mismatch);
  });

  it('words it for the bell', () => {
    expect(departureCountMessage('Science Discovery Centre', { counted: 38, listed: 40 })).toBe(
      'Science Discovery Centre departed with 38 passengers; the list has 40.',
    );
    expect(departureCountMessage('Zoo', { counted: 1, listed: 2 })).toBe('Zoo departed with 1 passenger; the list has 2.');
  });
});
