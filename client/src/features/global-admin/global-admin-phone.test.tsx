import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, onPhone, renderWithApp } from '../../test-utils';
import { GlobalAdminPage } from './global-admin-page';

const at = '2026-11-20T08:00:00.000Z';
const tenants = [{ id: 1, name: 'Demo District', slug: 'demo', created_at: at, updated_at: at }];
const org = (id: number, type: string, name: string) => ({
  id,
  tenant_id: 1,
  type,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  code: null,
  parent_org_id: null,
  parent: null,
  created_at: at,
  updated_at: at,
});
const orgs = [org(10, 'school', 'Greenfield Primary'), org(11, 'bus_company', 'Desert Star Buses')];
const partnerships = [
  {
    id: 5,
    tenant_id: 1,
    school_org_id: 10,
    bus_company_org_id: 11,
    school_org: { id: 10, name: 'Greenfield Primary' },
    bus_company: { id: 11, name: 'Desert Star Buses' },
    created_at: at,
  },
];

describe('Global Admin on a phone', () => {
  it('gives each tenant, organization and partnership a card, each cell under its column’s title, its buttons in view', async () => {
    const { calls } = mockFetch({
      'GET /api/global/tenants': () => ({ body: tenants }),
      'GET /api/global/orgs': () => ({ body: orgs }),
      'GET /api/global/partnerships': () => ({ body: partnerships }),
      'DELETE /api/global/partnerships/5': () => ({ status: 204 }),
    });
    const restore = onPhone();
    try {
      renderWithApp(<GlobalAdminPage />, { session: makeSession(makeProfile('admin', { tenant_id: 1 })) });
      const partnershipCards = within(await screen.findByRole('list', { name: 'Partnerships' })).getAllByRole('listitem');
      // each card is a table of two columns: the wide table's column title, then the record's cell
      const rows = within(partnershipCards[0])
        .getAllByRole('row')
        .map((row) => row.textContent);
      expect(rows).toEqual([
        'SchoolGreenfield Primary',
        'Bus CompanyDesert Star Buses',
        expect.stringMatching(/^Created20 Nov 2026/),
        'Remove',
      ]);
      const orgCards = within(screen.getByRole('list', { name: 'Organizations' })).getAllByRole('listitem');
      expect(orgCards.map((card) => within(card).getAllByRole('row')[0].textContent)).toEqual([
        expect.stringMatching(/^NameDesert Star Buses/),
        expect.stringMatching(/^NameGreenfield Primary/),
      ]);
      const [tenantCard] = within(screen.getByRole('list', { name: 'Tenants' })).getAllByRole('listitem');
      expect(within(tenantCard).getByRole('button', { name: 'View Orgs of Demo District' })).toBeVisible();
      expect(screen.queryByRole('columnheader')).toBeNull();

      // the inline edit works in a card: its fields take the rows of the cells
      await userEvent.click(within(orgCards[1]).getByRole('button', { name: 'Edit Greenfield Primary' }));
      expect(within(orgCards[1]).getByRole('textbox', { name: 'Organization name' })).toHaveValue('Greenfield Primary');
      await userEvent.click(within(partnershipCards[0]).getByRole('button', { name: 'Remove Greenfield Primary – Desert Star Buses' }));
      // nothing is removed before the confirm, which says what the removal does
      const dialog = await screen.findByRole('dialog', { name: 'Remove Partnership' });
      expect(dialog).toHaveTextContent('Remove the partnership of Greenfield Primary and Desert Star Buses?');
      expect(dialog).toHaveTextContent(
        "Desert Star Buses will no longer see Greenfield Primary's requests; trips it has accepted stay with it.",
      );
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/global/partnerships/5')).toBe(true));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByText('No partnerships yet')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
