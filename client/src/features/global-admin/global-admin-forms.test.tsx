import { slugify } from '@contracts/slug';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { AddOrganizationForm, PARENT_SCHOOL_ONLY, validateOrgForm } from './org-form';
import { validatePartnershipForm } from './partnerships-section';

const tenants = [{ id: 1, name: 'Demo District', slug: 'demo', created_at: '', updated_at: '' }];
const orgs = [
  {
    id: 10,
    tenant_id: 1,
    type: 'edu_group',
    name: 'Demo Education Group',
    slug: 'deg',
    code: null,
    parent_org_id: null,
    parent: null,
    created_at: '',
    updated_at: '',
  },
  {
    id: 11,
    tenant_id: 1,
    type: 'school',
    name: 'Greenfield Primary',
    slug: 'gp',
    code: null,
    parent_org_id: 10,
    parent: { id: 10, name: 'Demo Education Group' },
    created_at: '',
    updated_at: '',
  },
];

describe('Global Admin form rules', () => {
  it('requires a tenant and a name for an organization', () => {
    const form = { tenantId: null, type: 'school' as const, name: '', slug: '', code: '', parent: null };
    expect(validateOrgForm(form)).toBe('Please choose a Tenant for the organization.');
    expect(validateOrgForm({ ...form, tenantId: '1', name: '   ' })).toBe('Organization name is required.');
  });

  it('requires a tenant for a partnership', () => {
    expect(validatePartnershipForm({ tenantId: null, schoolId: '1', busId: '2' })).toBe('Please pick a Tenant for this partnership.');
  });

  it('normalises slugs', () => {
    expect(slugify("  St. Mary's -- School!  ")).toBe('st-marys-school');
  });
});

describe('AddOrganizationForm', () => {
  it('fills the slug from the name, offers only edu groups as parents and sends parent_org_id for schools', async () => {
    const { calls } = mockFetch({
      'GET /api/global/orgs': () => ({ body: orgs }),
      'POST /api/global/orgs': (body) => ({
        status: 201,
        body: { ...(body as object), id: 12, parent: null, created_at: '', updated_at: '' },
      }),
    });
    renderWithApp(<AddOrganizationForm tenants={tenants} defaultTenantId={1} />, { session: makeSession(makeProfile('admin')) });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), "St. Mary's School");
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveValue('st-marys-school');

    await userEvent.click(screen.getByRole('combobox', { name: 'Parent' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Demo Education Group']);
    await userEvent.click(options[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      tenant_id: 1,
      type: 'school',
      name: "St. Mary's School",
      slug: 'st-marys-school',
      code: null,
      parent_org_id: 10,
    });
    expect(await screen.findByText('Organization created')).toBeInTheDocument();
  });

  it('disables the parent for other types with the title "Parent applies to School only"', async () => {
    mockFetch({ 'GET /api/global/orgs': () => ({ body: orgs }) });
    renderWithApp(<AddOrganizationForm tenants={tenants} defaultTenantId={1} />, { session: makeSession(makeProfile('admin')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bus Company' }));
    const parent = screen.getByRole('combobox', { name: 'Parent' });
    expect(parent).toBeDisabled();
    expect(parent).toHaveAttribute('title', PARENT_SCHOOL_ONLY);
  });
});
