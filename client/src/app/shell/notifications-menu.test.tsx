import type { NotificationDto } from '@contracts/fleet-wire';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { emitLiveForTest } from '../../api/socket';
import { subscribeDispatchLive } from '../../features/dispatch/dispatch.live';
import { companyTrip, makeBus, onBus } from '../../features/dispatch/test-board';
import { busProgress, day, makeDriver, stepDone } from '../../features/dispatch/test-board';
import { DESERT_STAR, GREENFIELD } from '../../features/trips/test-trips';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { liveFeed } from '../../shared/live-feed';
import { tripFeedItem } from '../trip-feed-item';
import { NotificationsMenu } from './notifications-menu';

const envelope = { seq: 1, tenantId: 1 };
const alert = (id: number, tripId: number, destination: string): NotificationDto => ({
  id,
  kind: 'needsBus',
  title: 'Needs a bus',
  message: `${destination} departs Fri 7 Mar 08:00 AM and has no bus yet.`,
  tripId,
  tenantId: 1,
  companyId: DESERT_STAR,
  destination,
  schoolName: 'Greenfield Primary',
  departureDate: '2031-03-07',
  departureTime: '08:00 AM',
  raisedAt: '2031-03-04T08:00:00.000Z',
});

let off: () => void;
beforeEach(() => {
  off = subscribeDispatchLive();
});
afterEach(() => {
  off();
  liveFeed.clear();
});

describe('the bell', () => {
  it('shows the open "Needs a bus" alerts, new ones live, and drops one once its trip has a bus', async () => {
    mockFetch({ 'GET /api/notifications': () => ({ body: [alert(1, 504, 'Space Museum')] }) });
    renderWithApp(<NotificationsMenu />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    const bell = await screen.findByRole('button', { name: 'Notifications (1 new)' });

    act(() => emitLiveForTest('notification:created', { ...envelope, notification: alert(2, 505, 'Aquarium of the Gulf') } as never));
    expect(screen.getByRole('button', { name: 'Notifications (2 new)' })).toBe(bell);
    await userEvent.click(bell);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Needs a bus: Aquarium of the Gulf departs Fri 7 Mar 08:00 AM and has no bus yet.Greenfield Primary',
      'Needs a bus: Space Museum departs Fri 7 Mar 08:00 AM and has no bus yet.Greenfield Primary',
    ]);
    // The section scrolls when long, and its items leave the Tab order to the arrow keys: the list itself is a Tab stop.
    const section = within(menu).getByRole('group', { name: 'Needs a bus' });
    expect(section).toHaveAttribute('tabindex', '0');
    expect(within(section).getAllByRole('menuitem')).toHaveLength(2);

    // Space Museum gets a bus on another console
    act(() =>
      emitLiveForTest('trip:updated', {
        ...envelope,
        trip: companyTrip({ id: 504, destination: 'Space Museum', buses: [onBus(makeBus(3))], version: 2 }),
        status: 'Confirmed',
      } as never),
    );
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    expect(within(menu).queryByText(/Space Museum/)).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('tells of the weeks of a series one person accepted at once as one item that counts them', async () => {
    mockFetch({ 'GET /api/notifications': () => ({ body: [] }) });
    renderWithApp(<NotificationsMenu />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    const dina = { id: 98, name: 'Dina Haddad' };
    const week = (n: number, destination = 'Hamdan Pool') =>
      companyTrip({ id: 700 + n, destination, departureDate: day(7 * n), returnDate: day(7 * n), status: 'Accepted', seriesId: 'term-1' });
    const hear = (trip: ReturnType<typeof week>) => {
      const item = tripFeedItem({ trip, by: dina, from: 'Pending' }, 'updated', 9)!;
      liveFeed.push(item.text, item.link, item.merge);
    };
    // the three weeks arrive one event each, first departure first; then a trip of no series
    act(() => {
      // (the second week told of twice counts once)
      for (const n of [0, 1, 1, 2]) hear(week(n));
      hear({ ...week(3, 'Space Museum'), seriesId: null });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Clear all',
      expect.stringMatching(/^Dina Haddad accepted Space Museum \(Mon 24 Mar, 33 passengers\)/),
      expect.stringMatching(/^Dina Haddad accepted Hamdan Pool \(3 weeks from Mon 3 Mar, 33 passengers\)/),
    ]);
  });

  it('does not ask for alerts for roles that are sent none', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<NotificationsMenu />, { session: makeSession(makeProfile('finance')) });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/notifications')).toHaveLength(0);
  });
});

describe('the bell on the day of travel', () => {
  const omar = makeDriver(1, { name: 'Omar Haddad' });
  const bus7 = makeBus(7);
  const science = (late: 'departure' | null, version: number) =>
    companyTrip({
      id: 610,
      destination: 'Science Discovery Centre',
      departureDate: day(2),
      returnDate: day(2),
      departureTime: '09:15 AM',
      buses: [onBus(bus7, omar)],
      progress: [busProgress(bus7, omar, late ? [] : [stepDone('departed', `${day(2)}T09:40:00`)], late)],
      version,
    });
  const late: NotificationDto = {
    ...alert(11, 610, 'Science Discovery Centre'),
    kind: 'late',
    title: 'Late departure',
    lateKind: 'departure',
    driverId: omar.id,
    message: 'Bus 7 (Omar Haddad) has not departed for Science Discovery Centre: planned 09:15 AM.',
  };
  const count: NotificationDto = {
    ...alert(12, 611, 'Camel Racing Museum'),
    kind: 'departureCount',
    title: 'Departure count differs',
    message: 'Camel Racing Museum departed with 38 passengers; the list has 40.',
  };

  function renderBell() {
    mockFetch({ 'GET /api/notifications': () => ({ body: [late, count, alert(1, 504, 'Space Museum')] }) });
    renderWithApp(
      <>
        <NotificationsMenu />
        <Routes>
          <Route path="/" element={null} />
          <Route path="/trips" element={<h1>All trips</h1>} />
        </Routes>
      </>,
      { session: makeSession(makeProfile('school_staff', { active_org_id: GREENFIELD })) },
    );
  }

  it('shows a school its late buses and departure counts, each under its heading with its icon, and opens the trip', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (3 new)' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Late buses')).toBeInTheDocument();
    expect(within(menu).getByText('Departure counts')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Late departure: Bus 7 (Omar Haddad) has not departed for Science Discovery Centre: planned 09:15 AM.Greenfield Primary',
      'Departure count differs: Camel Racing Museum departed with 38 passengers; the list has 40.Greenfield Primary',
      'Needs a bus: Space Museum departs Fri 7 Mar 08:00 AM and has no bus yet.Greenfield Primary',
    ]);
    expect(items[0].querySelector('svg')).not.toBeNull();
    await userEvent.click(items[0]);
    expect(await screen.findByRole('heading', { name: 'All trips' })).toBeInTheDocument();
  });

  it("puts a dispatcher's driver yet to acknowledge under its own heading, not among the late buses", async () => {
    const unacknowledged: NotificationDto = {
      ...alert(13, 612, 'Central Library'),
      kind: 'late',
      title: 'Not acknowledged',
      lateKind: 'acknowledge',
      driverId: omar.id,
      message: 'Bus 7 (Omar Haddad) has not acknowledged Central Library, departing Sat 8 Mar 09:00 AM.',
    };
    mockFetch({ 'GET /api/notifications': () => ({ body: [unacknowledged, late] }) });
    renderWithApp(<NotificationsMenu />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(within(menu).getByRole('group', { name: 'Late buses' }))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Late departure: Bus 7 (Omar Haddad) has not departed for Science Discovery Centre: planned 09:15 AM.Greenfield Primary']);
    expect(
      within(within(menu).getByRole('group', { name: 'Not acknowledged' }))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Not acknowledged: Bus 7 (Omar Haddad) has not acknowledged Central Library, departing Sat 8 Mar 09:00 AM.Greenfield Primary',
    ]);
  });

  it('keeps a late alert while the bus is late and lets it go once the bus departs', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications (3 new)' });
    act(() => emitLiveForTest('trip:updated', { ...envelope, trip: science('departure', 2), status: 'Confirmed' } as never));
    expect(screen.getByRole('button', { name: 'Notifications (3 new)' })).toBeInTheDocument();
    act(() => emitLiveForTest('trip:updated', { ...envelope, trip: science(null, 3), status: 'Confirmed' } as never));
    expect(screen.getByRole('button', { name: 'Notifications (2 new)' })).toBeInTheDocument();
  });
});
