import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, onPhone, renderWithApp } from '../../test-utils';
import { UsersTable } from './users-table';

const orgs = [{ id: 6, tenantId: 1, name: 'Greenfield Primary', type: 'school', code: 'GFP', createdAt: '2026-01-01T00:00:00.000Z' }];

describe('User management on a phone', () => {
  it('gives each user a card with labelled selects and Save, and saves a change from it', async () => {
    const nia = makeProfile('school_staff', { id: 32, name: 'Nia Park', email: 'nia@demo.test', active_org_id: 6, status: 'approved' });
    const { calls } = mockFetch({
      'GET /api/global/orgs': () => ({ body: orgs }),
      'PUT /api/users/32': (body) => ({ body: { ...nia, ...(body as object) } }),
    });
    const restore = onPhone();
    try {
      renderWithApp(<UsersTable users={[nia]} />, { session: makeSession(makeProfile('admin')) });
      expect(screen.queryByRole('table')).toBeNull();
      const [card] = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
      expect(card).toHaveTextContent(/^Nia Parknia@demo\.test/);
      // a card has no column headings: the selects say what they are
      expect(within(card).getByText('Role')).toBeVisible();
      expect(within(card).getByText('Status')).toBeVisible();
      expect(await within(card).findByText('Organization')).toBeVisible();
      const save = within(card).getByRole('button', { name: 'Save Nia Park' });
      expect(save).toBeDisabled();
      await userEvent.click(within(card).getByRole('combobox', { name: 'Status of Nia Park' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
      await userEvent.click(save);
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ role: 'school_staff', status: 'pending' }]),
      );
    } finally {
      restore();
    }
  });
});
