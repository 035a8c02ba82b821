import type { TripDto, TripHistoryDto } from '@contracts/trip-wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { busProgress, makeBus, makeDriver, onBus, stepDone } from '../dispatch/test-board';
import { DESERT_STAR, GREENFIELD, makeTrip, tripRoutes } from './test-trips';
import { TripsPage } from './trips-page';
import { subscribeTripsLive } from './trips.live';

const staff = makeProfile('school_staff', { active_org_id: GREENFIELD });
const DAY = '2031-03-05';
const at = (time: string) => `${DAY}T${time}:00`;
const bus7 = makeBus(7, { plate: 'DXB 41212' });
const bus8 = makeBus(8, { plate: null });
const omar = makeDriver(1, { name: 'Omar Haddad' });
const sara = makeDriver(2, { name: 'Sara Khan' });

const trip = (overrides: Partial<TripDto> = {}) =>
  makeTrip({
    id: 70,
    destination: 'Science Discovery Centre',
    status: 'Confirmed',
    busCompanyOrgId: DESERT_STAR,
    busCompanyName: 'Desert Star Buses',
    departureDate: DAY,
    date: DAY,
    returnDate: DAY,
    departureTime: '08:00 AM',
    returnTime: '02:00 PM',
    buses: [onBus(bus7, omar), onBus(bus8, sara)],
    ...overrides,
  });

const omarsDay = busProgress(bus7, omar, [
  // tapped offline, sent once the phone was back online
  stepDone('leftDepot', at('07:40'), { receivedAt: at('07:58') }),
  stepDone('departed', at('08:04'), { note: 'Two pupils stayed home' }),
  stepDone('arrived', at('09:05'), { undoneAt: at('09:05') }),
  stepDone('arrived', at('09:10')),
]);
const sarasDay = busProgress(bus8, sara, [], 'departure');

const accepted: TripHistoryDto = {
  id: 1,
  tripId: 70,
  action: 'accept',
  fromStatus: 'Pending',
  toStatus: 'Accepted',
  fields: [],
  by: { id: 5, name: 'Dina Dispatcher' },
  at: '2031-03-01T10:00:00',
};

/** Opens the trip's details from All Trips as school staff, once its history has come. */
async function openDetails(shown: TripDto, history: TripHistoryDto[] = [accepted], reader = staff) {
  let current = shown;
  const { calls } = mockFetch({ ...tripRoutes(() => [current]), [`GET /api/trips/${shown.id}/history`]: () => ({ body: history }) });
  renderWithApp(<TripsPage />, { route: '/trips', session: makeSession(reader) });
  await userEvent.click(await screen.findByRole('button', { name: shown.destination }));
  const details = await screen.findByRole('dialog', { name: 'View trip details' });
  await within(details).findByText(/^Dina Dispatcher · /);
  const historyReads = () => calls.filter((c) => c.path === `/api/trips/${shown.id}/history`).length;
  return { details, serve: (next: TripDto) => (current = next), historyReads };
}

const busCard = (details: HTMLElement, heading: string) => within(details).getByRole('region', { name: heading });
const stepsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

let off: () => void;
beforeEach(() => {
  off = subscribeTripsLive();
});
afterEach(() => off());

describe('a trip’s day of travel in its details', () => {
  it('shows each bus with its steps at the driver’s time, an undone step struck through, the Late badge and the count warning', async () => {
    const { details } = await openDetails(trip({ progress: [omarsDay, sarasDay], departureCount: { counted: 38, listed: 40 } }));
    const timeline = within(details).getByTestId('bus-timeline');
    expect(within(timeline).getByRole('heading', { name: 'On the day' })).toBeInTheDocument();
    expect(within(timeline).getByRole('alert')).toHaveTextContent(
      'Departure count differsDeparted with 38 passengers; the passenger list has 40.',
    );

    const omars = busCard(details, 'Bus 7 · DXB 41212 · Omar Haddad');
    expect(within(omars).getByText('Arrived')).toBeInTheDocument();
    expect(stepsOf(omars)).toEqual([
      'Left depot 07:40 AM · sent 07:58 AM',
      'Departed 08:04 AM with 38 passengers “Two pupils stayed home”',
      'Arrived 09:05 AM (undone)',
      'Arrived 09:10 AM',
    ]);
    const undone = within(omars).getAllByRole('listitem')[2];
    expect(undone.querySelector('s')).toHaveTextContent('Arrived 09:05');
    expect(undone).toHaveAttribute('data-undone', 'true');

    const saras = busCard(details, 'Bus 8 · Sara Khan');
    expect(within(saras).getByText('Late departure')).toBeInTheDocument();
    expect(within(saras).getByText('Nothing recorded yet.')).toBeInTheDocument();
  });

  it('follows a new step live', async () => {
    const { details, serve, historyReads } = await openDetails(trip({ progress: [omarsDay, sarasDay] }));
    const steps = [stepDone('leftDepot', at('08:20'), { by: { id: 91, name: 'Sara Khan' } })];
    const next = serve(trip({ version: 2, progress: [omarsDay, busProgress(bus8, sara, steps, 'departure')] }));
    act(() => emitLiveForTest('trip:updated', { seq: 1, tenantId: 1, trip: next, status: 'Confirmed' } as never));
    expect(stepsOf(busCard(details, 'Bus 8 · Sara Khan'))).toEqual(['Left depot 08:20 AM']);
    // the open details read the history again; let that answer land
    await waitFor(() => expect(historyReads()).toBe(2));
    await act(async () => {});
  });

  it('says "Not acknowledged" (orange, not red) to the company only: to the school the bus is not late', async () => {
    const unacknowledged = trip({ progress: [busProgress(bus8, sara, [], 'acknowledge')] });
    const company = makeProfile('bus_company', { active_org_id: DESERT_STAR });
    const { details } = await openDetails(unacknowledged, [accepted], company);
    const badge = within(busCard(details, 'Bus 8 · Sara Khan')).getByText('Not acknowledged');
    expect(badge.closest('.mantine-Badge-root')).toHaveAttribute('data-variant', 'light');
    expect(badge.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('orange');
  });

  it('shows the school no "Not acknowledged" on a trip of its own: days ahead, nothing of the day yet', async () => {
    const { details } = await openDetails(trip({ progress: [busProgress(bus8, sara, [], 'acknowledge')] }));
    expect(within(details).queryByTestId('bus-timeline')).toBeNull();
    expect(within(details).queryByText('Not acknowledged')).toBeNull();
  });

  it('shows nothing of the day for a trip whose buses have no fleet driver', async () => {
    const { details } = await openDetails(trip({ buses: [onBus(bus7)] }));
    expect(within(details).queryByTestId('bus-timeline')).toBeNull();
  });

  it('lists every step in the history among the changes, by time, with the server’s note on a change', async () => {
    const returned = busProgress(bus7, omar, [
      stepDone('departed', at('08:04')),
      stepDone('arrived', at('09:05'), { undoneAt: at('09:05') }),
      stepDone('returned', at('13:55')),
    ]);
    const history: TripHistoryDto[] = [
      accepted,
      {
        id: 2,
        tripId: 70,
        action: 'complete',
        fromStatus: 'Confirmed',
        toStatus: 'Completed',
        fields: [],
        by: { id: 90, name: 'Omar Haddad' },
        at: at('13:56'),
        note: 'Every bus has returned.',
      },
    ];
    const { details } = await openDetails(trip({ status: 'Completed', buses: [onBus(bus7, omar)], progress: [returned] }), history);
    const items = [...details.querySelectorAll('.mantine-Timeline-item')].map((item) => item.textContent);
    expect(items).toEqual([
      'Completed (Confirmed → Completed)Omar Haddad · 5 Mar 2031, 01:56 PMEvery bus has returned.',
      'Bus 7: ReturnedOmar Haddad · 5 Mar 2031, 01:55 PM',
      'Bus 7: Arrived (undone)Omar Haddad · 5 Mar 2031, 09:05 AM',
      'Bus 7: Departed with 38 passengersOmar Haddad · 5 Mar 2031, 08:04 AM',
      'Accepted (Pending → Accepted)Dina Dispatcher · 1 Mar 2031, 10:00 AM',
    ]);
  });
});
