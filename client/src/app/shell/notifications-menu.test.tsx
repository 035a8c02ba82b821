import type { NotificationDto } from '@contracts/fleet-wire';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { subscribeDispatchLive } from '../../features/dispatch/dispatch.live';
import { companyTrip, makeBus, onBus } from '../../features/dispatch/test-board';
import { DESERT_STAR } from '../../features/trips/test-trips';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { liveFeed } from '../../shared/live-feed';
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

  it('does not ask for alerts for roles that are sent none', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<NotificationsMenu />, { session: makeSession(makeProfile('school_staff')) });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/notifications')).toHaveLength(0);
  });
});
