import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../api/http';
import { driverStorage, sessionMark } from '../features/driver/offline/driver-storage';
import { freshPhone, makeAssignment, makeDay, noSignal, OMAR, omarProfile } from '../features/driver/test-driver';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../test-utils';
import { AppRoutes } from './app-routes';

beforeEach(() => {
  freshPhone();
  mockFetch({
    'GET /api/driver/today': () => ({ body: makeDay([makeAssignment(1)]) }),
    'GET /api/admin/users/pending': () => ({ body: [] }),
    'GET /api/users': () => ({ body: [] }),
  });
});

describe("a driver's console", () => {
  it.each(['/', '/trips', '/admin/users', '/unauthorized', '/login', '/no/such/page'])(
    'sends a driver from %s to their day',
    async (route) => {
      renderWithApp(<AppRoutes />, { route, session: makeSession(omarProfile()) });
      expect(await screen.findByRole('region', { name: 'Current trip to Science Discovery Centre' })).toBeInTheDocument();
    },
  );

  it('shows the day in a frame of its own: the driver’s name, the theme and Sign out, and no navigation', async () => {
    const session = makeSession(omarProfile());
    renderWithApp(<AppRoutes />, { route: '/today', session });
    await screen.findByRole('region', { name: /^Current trip/ });
    const header = screen.getByRole('banner');
    expect(within(header).getByText(OMAR.name)).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /^Switch to (dark|light) theme$/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();

    await userEvent.click(within(header).getByRole('button', { name: 'Sign out' }));
    expect(session.logout).toHaveBeenCalled();
  });

  it('keeps everyone else off the driver’s page', async () => {
    renderWithApp(<AppRoutes />, { route: '/today', session: makeSession(makeProfile('bus_company')) });
    expect(await screen.findByRole('heading', { name: "You don't have access to that page" })).toBeInTheDocument();
  });

  it('opens the day kept on the phone when the session cannot be checked for want of a signal', async () => {
    setToken('driver-token');
    await driverStorage().writeDriver({ ...OMAR, session: sessionMark('driver-token') });
    await driverStorage().writeDay(OMAR.userId, {
      day: makeDay([makeAssignment(1, { destination: 'Desert Farm' })]),
      savedAt: new Date().toISOString(),
    });
    mockFetch({ 'GET /api/driver/today': noSignal });
    renderWithApp(<AppRoutes />, { route: '/today', session: makeSession(null) });
    expect(await screen.findByRole('region', { name: 'Current trip to Desert Farm' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText(OMAR.name)).toBeInTheDocument();
  });

  it('asks for a sign-in instead when the kept day belongs to another sign-in', async () => {
    setToken('someone-else');
    await driverStorage().writeDriver({ ...OMAR, session: sessionMark('driver-token') });
    renderWithApp(<AppRoutes />, { route: '/today', session: makeSession(null) });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
