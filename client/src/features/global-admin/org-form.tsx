import { GlobalAdminMessages, ORG_TYPE_LABELS, type OrganizationDto } from '@contracts/global-admin';
import { ORG_TYPES, type OrgType } from '@contracts/roles';
import { slugify } from '@contracts/slug';
import type { TenantDto } from '@contracts/wire';
import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { useAddForm } from './admin-actions';
import { AdminForm, tenantOptions } from './admin-collection';
import { globalApi, useOrgs } from './global-admin.api';

/**
 * What an organization's fields share between the Add form and a row being edited (their rules: docs/domain.md,
 * "Tenants, organizations, partnerships").
 */

export const TYPE_OPTIONS = ORG_TYPES.map((type) => ({ value: type, label: ORG_TYPE_LABELS[type] }));
/** The title of the parent select when the type is not school. */
export const PARENT_SCHOOL_ONLY = 'Parent applies to School only';

export const storeOrg = (org: OrganizationDto) =>
  setQueryData<OrganizationDto[]>(queryKeys.orgs(org.tenant_id), (list) => upsertById(list ?? [], org));

/** Parent choices are edu_group organizations only (never the organization itself). */
export function parentOptions(orgs: OrganizationDto[] | undefined, exceptId?: number) {
  return (orgs ?? []).filter((o) => o.type === 'edu_group' && o.id !== exceptId).map((o) => ({ value: String(o.id), label: o.name }));
}

export function ParentSelect({
  type,
  value,
  onChange,
  options,
  size,
  label,
}: {
  type: OrgType;
  value: string | null;
  onChange: (value: string | null) => void;
  options: { value: string; label: string }[];
  size?: 'xs' | 'sm';
  label?: string;
}) {
  const isSchool = type === 'school';
  return (
    // the wrapper carries the title: a disabled input shows no tooltip of its own in some browsers
    <div title={isSchool ? undefined : PARENT_SCHOOL_ONLY}>
      <Select
        label={label}
        aria-label={label ? undefined : 'Parent'}
        size={size}
        data={options}
        value={isSchool ? value : null}
        onChange={onChange}
        disabled={!isSchool}
        title={isSchool ? undefined : PARENT_SCHOOL_ONLY}
        placeholder={isSchool ? (options.length ? 'No parent' : 'No edu groups yet') : '—'}
        clearable
      />
    </div>
  );
}

interface OrgForm {
  tenantId: string | null;
  type: OrgType;
  name: string;
  slug: string;
  code: string;
  parent: string | null;
}

/** The organization rules, checked before sending; exported for tests. */
export function validateOrgForm(form: OrgForm): string | null {
  if (!form.tenantId) return GlobalAdminMessages.orgTenantRequired;
  if (!form.name.trim()) return GlobalAdminMessages.orgNameRequired;
  return null;
}

export function AddOrganizationForm({ tenants, defaultTenantId }: { tenants: TenantDto[]; defaultTenantId: number | null }) {
  const blank = (tenantId: string | null): OrgForm => ({ tenantId, type: 'school', name: '', slug: '', code: '', parent: null });
  const [form, setForm] = useState<OrgForm>(blank(defaultTenantId ? String(defaultTenantId) : null));
  const [slugTouched, setSlugTouched] = useState(false);
  const add = useAddForm({ done: 'Organization created', failed: 'Failed to create organization' });
  const { data: tenantOrgs } = useOrgs(form.tenantId ? Number(form.tenantId) : null);

  // the forms default to the selected tenant
  useEffect(() => {
    setForm((f) => ({ ...f, tenantId: defaultTenantId ? String(defaultTenantId) : f.tenantId, parent: null }));
  }, [defaultTenantId]);

  const create = () =>
    add.submit(validateOrgForm(form), async () => {
      const org = await globalApi.createOrg({
        tenant_id: Number(form.tenantId),
        type: form.type,
        name: form.name.trim(),
        // normalised from the given slug, or from the name when the slug is blank
        slug: slugify(form.slug.trim() ? form.slug : form.name),
        code: form.code.trim() || null,
        ...(form.type === 'school' ? { parent_org_id: form.parent ? Number(form.parent) : null } : {}),
      });
      storeOrg(org);
      // the form resets to type school with the tenant kept
      setForm(blank(form.tenantId));
      setSlugTouched(false);
    });

  return (
    <AdminForm title="Add Organization" state={add} submitLabel="Create Organization" onSubmit={create} cols={{ base: 1, sm: 2, lg: 3 }}>
      <Select
        label="Tenant"
        required
        data={tenantOptions(tenants)}
        value={form.tenantId}
        onChange={(v) => setForm((f) => ({ ...f, tenantId: v, parent: null }))}
        placeholder="Choose a tenant"
      />
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        value={form.type}
        onChange={(v) => v && setForm((f) => ({ ...f, type: v as OrgType, parent: v === 'school' ? f.parent : null }))}
        allowDeselect={false}
      />
      <TextInput
        label="Name"
        required
        value={form.name}
        onChange={(e) => {
          const name = e.currentTarget.value;
          // the slug follows the name while the slug field is left empty
          setForm((f) => ({ ...f, name, slug: slugTouched ? f.slug : slugify(name) }));
        }}
      />
      <TextInput
        label="Slug"
        value={form.slug}
        onChange={(e) => {
          const slug = e.currentTarget.value;
          setSlugTouched(slug !== '');
          setForm((f) => ({ ...f, slug }));
        }}
        onBlur={() => setForm((f) => ({ ...f, slug: slugify(f.slug) }))}
        placeholder="Filled from the name"
      />
      <TextInput
        label="Code"
        value={form.code}
        onChange={(e) => {
          // read now: the updater runs later, when React has let go of the event (currentTarget is null then)
          const code = e.currentTarget.value;
          setForm((f) => ({ ...f, code }));
        }}
        placeholder="Optional"
      />
      <ParentSelect
        label="Parent"
        type={form.type}
        value={form.parent}
        onChange={(parent) => setForm((f) => ({ ...f, parent }))}
        options={parentOptions(tenantOrgs)}
      />
    </AdminForm>
  );
}
