import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { act, screen, within } from '@testing-library/react';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR } from '../trips/test-trips';
import { DispatchBoardPage } from './dispatch-board-page';
import { subscribeDispatchLive } from './dispatch.live';
import { busProgress, companyTrip, day, makeBoard, makeBus, makeDriver, onBus, stepDone } from './test-board';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const wednesday = day(2);
const at = (time: string) => `${wednesday}T${time}:00`;

const [bus1, bus2, bus3] = [makeBus(1, { plate: 'DXB 41212' }), makeBus(2), makeBus(3)];
const omar = makeDriver(1, { name: 'Omar Haddad' });
const sara = makeDriver(2, { name: 'Sara Khan' });

/** Bus 1 departed late-ish but on time; Bus 3 is late to depart (still at the pickup); Bus 2 came back from an early run. */
const science = (overrides: Partial<TripDto> = {}) =>
  companyTrip({
    id: 610,
    destination: 'Science Discovery Centre',
    departureDate: wednesday,
    returnDate: wednesday,
    departureTime: '09:15 AM',
    returnTime: '02:00 PM',
    buses: [onBus(bus1, omar)],
    progress: [busProgress(bus1, omar, [stepDone('leftDepot', at('08:40')), stepDone('departed', at('09:22'))])],
    ...overrides,
  });
const museum = (overrides: Partial<TripDto> = {}) =>
  companyTrip({
    id: 611,
    destination: 'Camel Racing Museum',
    departureDate: wednesday,
    returnDate: wednesday,
    departureTime: '10:00 AM',
    returnTime: '01:00 PM',
    buses: [onBus(bus3, sara)],
    progress: [
      busProgress(
        bus3,
        sara,
        [stepDone('leftDepot', at('09:40'), { by: { id: 91, name: 'Sara Khan' } }), stepDone('atPickup', at('09:55'))],
        'departure',
      ),
    ],
    ...overrides,
  });
const earlyRun = companyTrip({
  id: 612,
  destination: 'Botanical Gardens',
  departureDate: wednesday,
  returnDate: wednesday,
  departureTime: '06:30 AM',
  returnTime: '08:30 AM',
  buses: [onBus(bus2, omar)],
  progress: [busProgress(bus2, omar, [stepDone('departed', at('06:31')), stepDone('returned', at('08:35'))])],
});
const waiting = companyTrip({
  id: 613,
  destination: 'Opera House',
  status: 'Accepted',
  departureDate: wednesday,
  returnDate: wednesday,
  departureTime: '03:00 PM',
  returnTime: '05:00 PM',
  buses: [onBus(bus2)],
});

/** Thursday's trip, hours away, that its driver has not acknowledged yet: not late, but worth a call. */
const unacknowledged = companyTrip({
  id: 614,
  destination: 'Central Library',
  departureDate: day(3),
  returnDate: day(3),
  departureTime: '09:00 AM',
  returnTime: '12:00 PM',
  buses: [onBus(bus2, sara)],
  progress: [busProgress(bus2, sara, [], 'acknowledge')],
});

const board = (): DispatchBoardDto =>
  makeBoard({
    buses: [bus1, bus2, bus3],
    drivers: [omar, sara],
    trips: [earlyRun, science(), museum(), waiting, unacknowledged],
    needsBus: [],
  });

function renderBoard(route: string) {
  const b = board();
  mockFetch({
    'GET /api/dispatch/board': () => ({ body: b }),
    'GET /api/trips': () => ({ body: b.trips }),
  });
  renderWithApp(<DispatchBoardPage />, { route, session: makeSession(dispatcher) });
}

const row = (label: string) => screen.getByRole('group', { name: label });
const barIn = (label: string, destination: string) => within(row(label)).getByRole('button', { name: new RegExp(`^${destination}, `) });

let off: () => void;
beforeEach(() => {
  off = subscribeDispatchLive();
});
afterEach(() => off());

describe('the Today view follows each bus on its day', () => {
  it('colours each bar by where its bus is, says it in words beside an icon, and names it for screen readers', async () => {
    renderBoard(`/dispatch?period=day&day=${wednesday}`);
    await screen.findByRole('group', { name: 'Bus 1' });

    const departed = barIn('Bus 1', 'Science Discovery Centre');
    expect(departed.dataset.color).toBe('teal');
    expect(departed).toHaveTextContent(/^Departed09:15–14:00/);
    expect(departed).toHaveAccessibleName(
      'Science Discovery Centre, Wed 5 Mar 09:15 AM–02:00 PM, Greenfield Primary, 33 passengers, Confirmed, Departed, Planned 09:15 AM, Departed 09:22 AM',
    );

    const late = barIn('Bus 3', 'Camel Racing Museum');
    expect(late.dataset.color).toBe('red');
    expect(late.querySelector('[data-phase="late"] svg')).not.toBeNull();
    expect(late).toHaveTextContent(/^Late departure/);
    expect(late).toHaveAccessibleName(/, Confirmed, Late departure, Planned 10:00 AM, At pickup 09:55 AM$/);

    const back = barIn('Bus 2', 'Botanical Gardens');
    expect(back.dataset.color).toBe('dark');
    expect(back).toHaveAccessibleName(/, Returned, Planned 06:30 AM, Departed 06:31 AM, Planned return 08:30 AM, Returned 08:35 AM$/);

    // an accepted trip whose bus has no fleet driver keeps its status colour and says nothing of a day it has not begun
    const opera = barIn('Bus 2', 'Opera House');
    expect(opera.dataset.color).toBe('blue');
    expect(opera.querySelector('[data-phase]')).toBeNull();
    expect(opera).toHaveAccessibleName(/, Accepted$/);

    const legend = screen.getByRole('list', { name: 'Bus progress colours' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Not started or acknowledged', 'On the way to pickup', 'With passengers', 'Returned', 'Late']);
  });

  it('puts planned against actual in the card of a focused bar', async () => {
    renderBoard(`/dispatch?period=day&day=${wednesday}`);
    await screen.findByRole('group', { name: 'Bus 1' });
    act(() => barIn('Bus 1', 'Science Discovery Centre').focus());
    const card = await screen.findByRole('tooltip');
    expect(within(card).getByTestId('bar-progress')).toHaveTextContent('DepartedPlanned 09:15 AM · Departed 09:22 AM');

    act(() => barIn('Bus 3', 'Camel Racing Museum').focus());
    const late = within(await screen.findByRole('tooltip')).getByTestId('bar-progress');
    expect(late).toHaveTextContent('Late departurePlanned 10:00 AM · At pickup 09:55 AM');
  });

  it('moves a bar on live when its driver taps the next step', async () => {
    renderBoard(`/dispatch?period=day&day=${wednesday}`);
    await screen.findByRole('group', { name: 'Bus 3' });
    expect(barIn('Bus 3', 'Camel Racing Museum')).toHaveTextContent(/^Late departure/);

    const steps = [
      stepDone('leftDepot', at('09:40')),
      stepDone('atPickup', at('09:55')),
      stepDone('departed', at('10:12'), { passengers: 40 }),
    ];
    const moved = museum({ version: 2, progress: [busProgress(bus3, sara, steps)] });
    act(() => emitLiveForTest('trip:updated', { seq: 1, tenantId: 1, trip: moved, status: 'Confirmed' } as never));

    const bar = barIn('Bus 3', 'Camel Racing Museum');
    expect(bar.dataset.color).toBe('teal');
    expect(bar).toHaveTextContent(/^Departed/);
    expect(bar).toHaveAccessibleName(/, Departed, Planned 10:00 AM, Departed 10:12 AM$/);
  });

  it('finds a bus by its driver in the driver view', async () => {
    renderBoard(`/dispatch?period=day&day=${wednesday}&view=drivers`);
    await screen.findByRole('group', { name: 'Sara Khan' });
    expect(barIn('Sara Khan', 'Camel Racing Museum')).toHaveTextContent(/^Late departure/);
    expect(barIn('Omar Haddad', 'Science Discovery Centre')).toHaveTextContent(/^Departed/);
  });
});

describe('the week marks trips under way', () => {
  it('marks a bus on its way "In progress" and a late one "Late", and leaves a returned bus unmarked', async () => {
    renderBoard('/dispatch');
    await screen.findByRole('group', { name: 'Bus 1' });
    const going = barIn('Bus 1', 'Science Discovery Centre');
    expect(going).toHaveTextContent(/^In progress/);
    // the week keeps the status colours
    expect(going.dataset.color).toBe('green');
    const late = barIn('Bus 3', 'Camel Racing Museum');
    expect(late.querySelector('[data-phase="late"]')).toHaveTextContent('Late');
    expect(late).toHaveAccessibleName(/, Late departure, Planned 10:00 AM, At pickup 09:55 AM$/);
    const back = barIn('Bus 2', 'Botanical Gardens');
    expect(back.querySelector('[data-phase]')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Bus progress colours' })).toBeNull();
  });

  it('marks a trip its driver has not acknowledged "No ack", not "Late": it is hours away, not late', async () => {
    renderBoard('/dispatch');
    await screen.findByRole('group', { name: 'Bus 2' });
    const bar = barIn('Bus 2', 'Central Library');
    expect(bar.querySelector('[data-phase="late"]')).toHaveTextContent(/^No ack$/);
    expect(bar).not.toHaveTextContent(/Late/);
    expect(bar).toHaveAccessibleName(/, Not acknowledged, Planned 09:00 AM$/);
  });

  it('says "Not acknowledged" in the Today view in orange, without the alert triangle of a late bus', async () => {
    // the trip's day (Thursday), then Wednesday's late bus beside it
    renderBoard(`/dispatch?period=day&day=${day(3)}`);
    await screen.findByRole('group', { name: 'Bus 2' });
    const chip = barIn('Bus 2', 'Central Library').querySelector('[data-phase="late"]') as HTMLElement;
    // it was red with the alert triangle, as a late bus
    expect(chip).toHaveTextContent(/^Not acknowledged$/);
    expect(chip).toHaveStyle({ color: 'var(--mantine-color-orange-light-color)' });
  });
});

describe('the phone’s list', () => {
  it('says where each bus of a trip is, in words, under the trip', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      renderBoard(`/dispatch?period=day&day=${wednesday}`);
      const list = await screen.findByTestId('board-day-list');
      const late = within(list).getByRole('button', { name: /^Camel Racing Museum/ });
      expect(late.querySelector('[data-progress-driver="2"]')).toHaveTextContent(
        'Late departureBus 3 · DXB 300 · Sara Khan · Planned 10:00 AM · At pickup 09:55 AM',
      );
      const opera = within(list).getByRole('button', { name: /^Opera House/ });
      expect(opera.querySelector('[data-progress-driver]')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
