import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { UsersTable } from '../admin/users-table';

beforeEach(() => {
  mockFetch({});
});

describe("a driver's account in User management", () => {
  it('offers the roles an admin may give, and shows a driver’s role without letting it change', async () => {
    const company = { id: 5, name: 'Desert Star Buses', type: 'bus_company' as const };
    const driver = makeProfile('driver', {
      id: 31,
      name: 'Omar Haddad',
      email: 'omar@desertstar.test',
      active_org_id: 5,
      active_org: company,
    });
    const staff = makeProfile('school_staff', { id: 32, name: 'Nia Park', email: 'nia@demo.test' });
    renderWithApp(<UsersTable users={[driver, staff]} />, { session: makeSession(makeProfile('admin')) });
    const driverRole = screen.getByRole('combobox', { name: 'Role of Omar Haddad' });
    expect(driverRole).toHaveValue('Driver');
    expect(driverRole).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Organization of Omar Haddad' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Desert Star Buses').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Role of Nia Park' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Admin',
      'School Staff',
      'Bus Company',
      'Finance',
      'Trip Manager',
    ]);
  });
});
