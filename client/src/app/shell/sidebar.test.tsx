import type { Role } from '@contracts/roles';
import { screen, within } from '@testing-library/react';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { SidebarNav } from './sidebar';

const EXPECTED: Record<Role, string[]> = {
  admin: [
    'Dashboard',
    'All Trips',
    'Dispatch Board',
    'Fleet',
    'Rates',
    'Extra Bookings',
    'Finance',
    'Users',
    'Pending Users',
    'Role Permissions',
    'Global Admin',
    'Settings',
  ],
  school_staff: ['Dashboard', 'All Trips', 'Extra Bookings', 'Settings'],
  trip_manager: ['Dashboard', 'All Trips', 'Dispatch Board', 'Extra Bookings', 'Settings'],
  bus_company: ['Dashboard', 'All Trips', 'Dispatch Board', 'Fleet', 'Rates', 'Settings'],
  finance: ['All Trips', 'Finance', 'Settings'],
  driver: [],
};

beforeEach(() => {
  mockFetch({ 'GET /api/admin/users/pending': () => ({ body: [makeProfile('school_staff', { id: 40, status: 'pending' })] }) });
});

describe('sidebar links', () => {
  it.each(Object.entries(EXPECTED))('shows %s exactly their links', async (role, labels) => {
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile(role as Role)) });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).queryAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/\d+$/, '').trim())).toEqual(labels);
    if (role === 'admin') expect(await screen.findByLabelText('1 pending')).toBeInTheDocument();
  });

  it('shows the pending count on Pending Users for admins', async () => {
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile('admin')) });
    expect(await screen.findByLabelText('1 pending')).toBeInTheDocument();
  });

  it('links each entry to its route', async () => {
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile('admin')) });
    await screen.findByLabelText('1 pending');
    expect(screen.getByRole('link', { name: /Global Admin/ })).toHaveAttribute('href', '/admin/global');
    expect(screen.getByRole('link', { name: /Extra Bookings/ })).toHaveAttribute('href', '/bookings');
  });
});
