import { screen } from '@testing-library/react';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../test-utils';
import { AppRoutes } from './app-routes';

beforeEach(() => {
  mockFetch({
    'GET /api/users': () => ({ body: [] }),
    'GET /api/admin/users/pending': () => ({ body: [] }),
  });
});

describe('route guards', () => {
  it('shows "Loading session..." while the session check runs', () => {
    renderWithApp(<AppRoutes />, { route: '/trips', session: makeSession(null, { loading: true }) });
    expect(screen.getByText('Loading session...')).toBeInTheDocument();
  });

  it('sends a visitor without a session from a shell route to /login', async () => {
    renderWithApp(<AppRoutes />, { route: '/admin/users' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends an unknown path to /login when signed out', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends an unknown path to the dashboard when signed in', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page', session: makeSession(makeProfile('school_staff')) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lands finance, whom the route table keeps off the dashboard, on All Trips', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page', session: makeSession(makeProfile('finance')) });
    expect(await screen.findByRole('heading', { name: 'All Trips' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to their landing page', async () => {
    renderWithApp(<AppRoutes />, { route: '/login', session: makeSession(makeProfile('bus_company')) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a school staff member who opens User management to /unauthorized', async () => {
    renderWithApp(<AppRoutes />, { route: '/admin/users', session: makeSession(makeProfile('school_staff')) });
    expect(await screen.findByRole('heading', { name: "You don't have access to that page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('sends finance to /unauthorized from the dashboard and Extra Bookings', async () => {
    renderWithApp(<AppRoutes />, { route: '/bookings', session: makeSession(makeProfile('finance')) });
    expect(await screen.findByRole('heading', { name: "You don't have access to that page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Trips' })).toHaveAttribute('href', '/trips');
  });

  it('sends a bus company away from Global Admin to /unauthorized', async () => {
    renderWithApp(<AppRoutes />, { route: '/admin/global', session: makeSession(makeProfile('bus_company')) });
    expect(await screen.findByRole('heading', { name: "You don't have access to that page" })).toBeInTheDocument();
  });

  it('redirects a non-admin from Pending Users to /, their home', async () => {
    renderWithApp(<AppRoutes />, { route: '/admin/approvals', session: makeSession(makeProfile('trip_manager')) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lets an admin into User management', async () => {
    renderWithApp(<AppRoutes />, { route: '/admin/users', session: makeSession(makeProfile('admin')) });
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  });

  it('uses the roles list over the single role when both are given', async () => {
    const profile = makeProfile('school_staff', { roles: ['finance'] });
    renderWithApp(<AppRoutes />, { route: '/finance', session: makeSession(profile) });
    expect(await screen.findByRole('heading', { name: 'Finance' })).toBeInTheDocument();
  });

  it('greets an admin as "Admin" in the header and on the dashboard', async () => {
    renderWithApp(<AppRoutes />, { route: '/', session: makeSession(makeProfile('admin', { name: 'Sam Admin' })) });
    expect(await screen.findByText('Welcome back, Admin.')).toBeInTheDocument();
    expect(screen.getByText('Hello, Sam Admin')).toBeInTheDocument();
  });
});
