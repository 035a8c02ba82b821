import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, onPhone, renderWithApp } from '../../test-utils';
import { defaultPermissionMatrix, normalizeRoleName } from '@contracts/permissions';
import { addRole } from './permission-matrix';
import { RolesPage } from './roles-page';

const admin = makeSession(makeProfile('admin'));
const DEFAULT_MATRIX = defaultPermissionMatrix();

describe('role names', () => {
  it('are trimmed, lower-cased, with spaces as underscores', () => {
    expect(normalizeRoleName('  Transport  Coordinator ')).toBe('transport_coordinator');
  });

  it('refuse empty and duplicate names', () => {
    expect(addRole(DEFAULT_MATRIX, '   ')).toEqual({ error: 'Invalid or duplicate role name.' });
    expect(addRole(DEFAULT_MATRIX, 'School Staff')).toEqual({ error: 'Invalid or duplicate role name.' });
  });
});

describe('RolesPage', () => {
  it('shows the default matrix when the server has none', async () => {
    mockFetch({});
    renderWithApp(<RolesPage />, { session: admin });
    expect(await screen.findByText('No saved permissions were found, so the default matrix is shown.')).toBeInTheDocument();
    // an admin who unticks a box must not think it stops anyone: the trip rules decide
    expect(screen.getByText(/It does not change what anyone can do: the trip rules decide that\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/Changes apply to everyone/)).toBeNull();
    expect(screen.getByLabelText('school_staff Request trips')).toBeChecked();
    expect(screen.getByLabelText('school_staff Edit trips')).not.toBeChecked();
    expect(screen.getByLabelText('bus_company Change status')).toBeChecked();
    expect(screen.getByLabelText('finance Finance access')).toBeChecked();
    expect(screen.getByLabelText('trip_manager Edit trips')).toBeChecked();
    expect(screen.getByLabelText('admin Mark paid')).toBeChecked();
  });

  it('alerts "Invalid or duplicate role name." for an empty or duplicate role', async () => {
    mockFetch({});
    renderWithApp(<RolesPage />, { session: admin });
    const input = await screen.findByLabelText('New role name');
    await userEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    expect(screen.getByText('Invalid or duplicate role name.')).toBeInTheDocument();
    await userEvent.type(input, 'Bus Company');
    await userEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    expect(screen.getByText('Invalid or duplicate role name.')).toBeInTheDocument();
  });

  it('adds a custom role with every permission off, and saves with PUT /permissions', async () => {
    const { calls } = mockFetch({
      'GET /api/permissions': () => ({ body: { roles: DEFAULT_MATRIX, updated_at: null } }),
      'PUT /api/permissions': (body) => ({ body: { ...(body as object), updated_at: '2026-01-01T00:00:00Z' } }),
    });
    renderWithApp(<RolesPage />, { session: admin });
    const input = await screen.findByLabelText('New role name');
    await userEvent.type(input, ' Transport Coordinator ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    const row = screen.getByText('transport_coordinator').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);

    await userEvent.click(screen.getByLabelText('transport_coordinator Request trips'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Roles saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      roles: {
        ...DEFAULT_MATRIX,
        transport_coordinator: {
          canRequestTrips: true,
          canEditTrips: false,
          canChangeStatus: false,
          canMarkPaid: false,
          accessFinance: false,
        },
      },
    });
  });
});

describe('RolesPage on a phone', () => {
  it('gives each role a card of labelled boxes, none off screen, and saves what was ticked there', async () => {
    const { calls } = mockFetch({
      'GET /api/permissions': () => ({ body: { roles: DEFAULT_MATRIX, updated_at: null } }),
      'PUT /api/permissions': (body) => ({ body: { ...(body as object), updated_at: '2026-01-01T00:00:00Z' } }),
    });
    const restore = onPhone();
    try {
      renderWithApp(<RolesPage />, { session: admin });
      const cards = within(await screen.findByRole('list', { name: 'Roles' })).getAllByRole('listitem');
      expect(cards).toHaveLength(Object.keys(DEFAULT_MATRIX).length);
      expect(screen.queryByRole('table')).toBeNull();
      const staff = cards.find((c) => within(c).queryByText('school_staff'))!;
      expect(within(staff).getByText('School Staff')).toBeInTheDocument();
      // each box says its permission beside it, where the table had it as a column's title
      expect(within(staff).getByRole('checkbox', { name: 'school_staff Request trips' })).toBeChecked();
      expect(within(staff).getByText('Edit trips')).toBeInTheDocument();
      await userEvent.click(within(staff).getByRole('checkbox', { name: 'school_staff Edit trips' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Roles saved.');
      const put = calls.find((c) => c.method === 'PUT');
      expect((put?.body as { roles: typeof DEFAULT_MATRIX }).roles.school_staff.canEditTrips).toBe(true);
    } finally {
      restore();
    }
  });
});
