import { GlobalAdminMessages, ORG_TYPE_LABELS, type OrganizationDto } from '@contracts/global-admin';
import { ORG_TYPES, type OrgType } from '@contracts/roles';
import { slugify } from '@contracts/slug';
import type { TenantDto } from '@contracts/wire';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { globalApi, useOrgs } from './global-admin.api';
import { notifyDone, notifyFailure } from './global-admin-feedback';

const TYPE_OPTIONS = ORG_TYPES.map((type) => ({ value: type, label: ORG_TYPE_LABELS[type] }));
/** spec §5: the title of the parent select when the type is not school. */
export const PARENT_SCHOOL_ONLY = 'Parent applies to School only';

const storeOrg = (org: OrganizationDto) =>
  setQueryData<OrganizationDto[]>(queryKeys.orgs(org.tenant_id), (list) => upsertById(list ?? [], org));

/** spec §5: parent choices are edu_group organizations only (never the organization itself). */
function parentOptions(orgs: OrganizationDto[] | undefined, exceptId?: number) {
  return (orgs ?? []).filter((o) => o.type === 'edu_group' && o.id !== exceptId).map((o) => ({ value: String(o.id), label: o.name }));
}

function ParentSelect({
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

function OrgRow({ org, orgs }: { org: OrganizationDto; orgs: OrganizationDto[] }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(org.name);
  const [type, setType] = useState<OrgType>(org.type);
  const [code, setCode] = useState(org.code ?? '');
  const [parent, setParent] = useState<string | null>(org.parent_org_id ? String(org.parent_org_id) : null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const startEdit = () => {
    setName(org.name);
    setType(org.type);
    setCode(org.code ?? '');
    setParent(org.parent_org_id ? String(org.parent_org_id) : null);
    setNameError(undefined);
    setEditing(true);
  };

  const save = async () => {
    if (!name.trim()) {
      setNameError(GlobalAdminMessages.orgNameRequired);
      return;
    }
    setSaving(true);
    try {
      const updated = await globalApi.updateOrg(org.id, {
        name: name.trim(),
        type,
        slug: org.slug,
        code: code.trim() || null,
        // spec §5: a parent only for schools; clearing it when the type changes away from school
        parent_org_id: type === 'school' && parent ? Number(parent) : null,
      });
      storeOrg(updated);
      notifyDone('Organization updated');
      setEditing(false);
    } catch (e) {
      notifyFailure('Failed to update organization', e);
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <Table.Tr>
        <Table.Td>
          <TextInput
            size="xs"
            aria-label="Organization name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
        </Table.Td>
        <Table.Td>
          <Select
            size="xs"
            aria-label="Type"
            data={TYPE_OPTIONS}
            value={type}
            onChange={(v) => v && setType(v as OrgType)}
            allowDeselect={false}
          />
        </Table.Td>
        <Table.Td>
          <TextInput size="xs" aria-label="Code" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        </Table.Td>
        <Table.Td>
          <ParentSelect size="xs" type={type} value={parent} onChange={setParent} options={parentOptions(orgs, org.id)} />
        </Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed">
            {formatDateTime(org.updated_at)}
          </Text>
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Button size="compact-sm" onClick={() => void save()} loading={saving}>
              Save
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {org.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {org.slug}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={org.type === 'school' ? 'blue' : org.type === 'bus_company' ? 'yellow' : 'grape'}>
          {ORG_TYPE_LABELS[org.type] ?? org.type}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{org.code ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{org.parent?.name ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDateTime(org.updated_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button size="compact-sm" variant="default" onClick={startEdit} aria-label={`Edit ${org.name}`}>
          Edit
        </Button>
      </Table.Td>
    </Table.Tr>
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

/** spec §5 Organization rules; exported for tests. */
export function validateOrgForm(form: OrgForm): string | null {
  if (!form.tenantId) return GlobalAdminMessages.orgTenantRequired;
  if (!form.name.trim()) return GlobalAdminMessages.orgNameRequired;
  return null;
}

export function AddOrganizationForm({ tenants, defaultTenantId }: { tenants: TenantDto[]; defaultTenantId: number | null }) {
  const blank = (tenantId: string | null): OrgForm => ({ tenantId, type: 'school', name: '', slug: '', code: '', parent: null });
  const [form, setForm] = useState<OrgForm>(blank(defaultTenantId ? String(defaultTenantId) : null));
  const [slugTouched, setSlugTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { data: tenantOrgs } = useOrgs(form.tenantId ? Number(form.tenantId) : null);

  // spec §4: the forms default to the selected tenant
  useEffect(() => {
    setForm((f) => ({ ...f, tenantId: defaultTenantId ? String(defaultTenantId) : f.tenantId, parent: null }));
  }, [defaultTenantId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateOrgForm(form);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const org = await globalApi.createOrg({
        tenant_id: Number(form.tenantId),
        type: form.type,
        name: form.name.trim(),
        // spec §5: normalised from the given slug, or from the name when the slug is blank
        slug: slugify(form.slug.trim() ? form.slug : form.name),
        code: form.code.trim() || null,
        ...(form.type === 'school' ? { parent_org_id: form.parent ? Number(form.parent) : null } : {}),
      });
      storeOrg(org);
      notifyDone('Organization created');
      // spec §4: the form resets to type school with the tenant kept
      setForm(blank(form.tenantId));
      setSlugTouched(false);
    } catch (e) {
      notifyFailure('Failed to create organization', e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Title order={4} size="h5" mb="xs">
        Add Organization
      </Title>
      {error ? (
        <Text c="red" size="sm" mb="xs" role="alert">
          {error}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        <Select
          label="Tenant"
          required
          data={tenants.map((t) => ({ value: String(t.id), label: t.name }))}
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
            // spec §5: the slug follows the name while the slug field is left empty
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
          onChange={(e) => setForm((f) => ({ ...f, code: e.currentTarget.value }))}
          placeholder="Optional"
        />
        <ParentSelect
          label="Parent"
          type={form.type}
          value={form.parent}
          onChange={(parent) => setForm((f) => ({ ...f, parent }))}
          options={parentOptions(tenantOrgs)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={saving}>
          Create Organization
        </Button>
      </Group>
    </form>
  );
}

export function OrgsSection({ tenant, tenants }: { tenant: TenantDto | null; tenants: TenantDto[] }) {
  const { data, error, loading } = useOrgs(tenant?.id ?? null);

  useEffect(() => {
    if (error) notifyFailure('Failed to load organizations', error, { quietWhenDenied: true });
  }, [error]);

  const orgs = [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Organizations
        </Title>
        {tenant ? (
          <Text size="sm" c="dimmed">
            {tenant.name}
          </Text>
        ) : null}
      </Group>
      {!tenant ? (
        <EmptyState>Choose a tenant to see its organizations.</EmptyState>
      ) : loading ? (
        <Text c="dimmed" py="md">
          Loading...
        </Text>
      ) : orgs.length === 0 ? (
        <EmptyState>{error ? 'Organizations could not be loaded.' : 'No organizations yet'}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Parent</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orgs.map((org) => (
                <OrgRow key={`${org.id}-${org.updated_at}`} org={org} orgs={orgs} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper withBorder p="sm" mt="md" bg="var(--mantine-color-default-hover)">
        <AddOrganizationForm tenants={tenants} defaultTenantId={tenant?.id ?? null} />
      </Paper>
    </Paper>
  );
}
