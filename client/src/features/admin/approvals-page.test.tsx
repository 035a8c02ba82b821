import type { ProfileDto } from '@contracts/wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, onPhone, renderWithApp } from '../../test-utils';
import { ApprovalsPage } from './approvals-page';

const admin = makeProfile('admin', { id: 1 });
const dispatcher: ProfileDto = {
  ...makeProfile('bus_company', { id: 21, name: 'Ravi Menon', email: 'ravi@demo.test' }),
  status: 'pending',
};
const orgs = [
  { id: 5, tenantId: 1, name: 'Desert Star Buses', type: 'bus_company', code: 'DSB', createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 6, tenantId: 1, name: 'Greenfield Primary', type: 'school', code: 'GFP', createdAt: '2026-01-01T00:00:00.000Z' },
];

describe('Pending Users', () => {
  it('approves a dispatcher only once their bus company is chosen', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/users/pending': () => ({ body: [dispatcher] }),
      'GET /api/global/orgs': () => ({ body: orgs }),
      'POST /api/admin/users/21/approve': () => ({ body: { ...dispatcher, status: 'approved', active_org_id: 5 } }),
    });
    renderWithApp(<ApprovalsPage />, { session: makeSession(admin) });
    const approve = await screen.findByRole('button', { name: 'Approve Ravi Menon' });
    expect(approve).toBeDisabled();
    expect(screen.getByText('Choose an organization to approve.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Organization of Ravi Menon' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Desert Star Buses' }));
    expect(approve).toBeEnabled();
    await userEvent.click(approve);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ active_org_id: 5 }]));
  });

  it('declines a registration after a confirm, and it leaves the list', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/users/pending': () => ({ body: [dispatcher] }),
      'GET /api/global/orgs': () => ({ body: orgs }),
      'POST /api/admin/users/21/decline': () => ({ status: 204 }),
    });
    renderWithApp(<ApprovalsPage />, { session: makeSession(admin) });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Ravi Menon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Registration' });
    expect(dialog).toHaveTextContent('Decline the registration of Ravi Menon? The account is removed and cannot sign in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/users/21/decline')).toBe(true));
    expect(await screen.findByText('No users are waiting for approval.')).toBeInTheDocument();
  });

  it('on a phone, gives each registration a card with its organization and buttons in view, and approves from it', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/users/pending': () => ({ body: [dispatcher] }),
      'GET /api/global/orgs': () => ({ body: orgs }),
      'POST /api/admin/users/21/approve': () => ({ body: { ...dispatcher, status: 'approved', active_org_id: 5 } }),
    });
    const restore = onPhone();
    try {
      renderWithApp(<ApprovalsPage />, { session: makeSession(admin) });
      const list = await screen.findByRole('list', { name: 'Pending users' });
      expect(screen.queryByRole('table')).toBeNull();
      const [card] = within(list).getAllByRole('listitem');
      expect(card).toHaveTextContent(/^Ravi MenonBus Companyravi@demo\.testRegistered /);
      await userEvent.click(await within(card).findByRole('combobox', { name: 'Organization of Ravi Menon' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Desert Star Buses' }));
      await userEvent.click(within(card).getByRole('button', { name: 'Approve Ravi Menon' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ active_org_id: 5 }]));
      expect(await screen.findByText('No users are waiting for approval.')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
