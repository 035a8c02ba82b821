import type { Role } from '@contracts/roles';
import { act, screen, within } from '@testing-library/react';
import { emitLiveForTest } from '../../api/socket';
import { subscribeApprovalsLive } from '../../features/approvals/approvals.live';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { SidebarNav } from './sidebar';

const EXPECTED: Record<Role, string[]> = {
  admin: [
    'Dashboard',
    'All Trips',
    'Approvals',
    'Dispatch Board',
    'Fleet',
    'Rates',
    'Extra Bookings',
    'Finance',
    'Invoices',
    'Users',
    'Pending Users',
    'Role Permissions',
    'Global Admin',
    'Settings',
  ],
  school_staff: ['Dashboard', 'All Trips', 'Approvals', 'Extra Bookings', 'Invoices', 'Settings'],
  trip_manager: ['Dashboard', 'All Trips', 'Dispatch Board', 'Extra Bookings', 'Settings'],
  bus_company: ['Dashboard', 'All Trips', 'Dispatch Board', 'Fleet', 'Rates', 'Invoices', 'Settings'],
  finance: ['All Trips', 'Finance', 'Invoices', 'Settings'],
  driver: [],
};

beforeEach(() => {
  mockFetch({
    'GET /api/admin/users/pending': () => ({ body: [makeProfile('school_staff', { id: 40, status: 'pending' })] }),
    'GET /api/approvals/count': () => ({ body: { waiting: 2 } }),
  });
});

describe('sidebar links', () => {
  it.each(Object.entries(EXPECTED))('shows %s exactly their links', async (role, labels) => {
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile(role as Role)) });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).queryAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/\d+$/, '').trim())).toEqual(labels);
    if (role === 'admin') expect(await screen.findByLabelText('1 pending')).toBeInTheDocument();
    if (role === 'admin' || role === 'school_staff') expect(await screen.findByLabelText('2 waiting for approval')).toBeInTheDocument();
  });

  it('shows the pending count on Pending Users for admins', async () => {
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile('admin')) });
    expect(await screen.findByLabelText('1 pending')).toBeInTheDocument();
  });

  it('shows on Approvals how many requests wait for the user, following approvals:count', async () => {
    const off = subscribeApprovalsLive();
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile('school_staff', { active_org_id: 11 })) });
    const approvals = screen.getByRole('link', { name: /Approvals/ });
    expect(approvals).toHaveAttribute('href', '/approvals');
    expect(await within(approvals).findByLabelText('2 waiting for approval')).toHaveTextContent('2');
    act(() => emitLiveForTest('approvals:count', { seq: 1, tenantId: 1, waiting: 3 }));
    expect(within(approvals).getByLabelText('3 waiting for approval')).toHaveTextContent('3');
    // none left: no badge at all, rather than a 0
    act(() => emitLiveForTest('approvals:count', { seq: 2, tenantId: 1, waiting: 0 }));
    expect(within(approvals).queryByLabelText(/waiting for approval/)).toBeNull();
    expect(approvals).toHaveTextContent(/^Approvals$/);
    off();
  });

  it('links each entry to its route', async () => {
    renderWithApp(<SidebarNav />, { session: makeSession(makeProfile('admin')) });
    await screen.findByLabelText('1 pending');
    expect(screen.getByRole('link', { name: /Global Admin/ })).toHaveAttribute('href', '/admin/global');
    expect(screen.getByRole('link', { name: /Extra Bookings/ })).toHaveAttribute('href', '/bookings');
    expect(screen.getByRole('link', { name: /Invoices/ })).toHaveAttribute('href', '/invoices');
  });
});
