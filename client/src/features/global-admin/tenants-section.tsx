import { GlobalAdminMessages } from '@contracts/global-admin';
import { slugify } from '@contracts/slug';
import type { TenantDto } from '@contracts/wire';
import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { useAdminAction, useInlineEdit } from './admin-actions';
import { AdminCollection, AdminForm, type CollectionTable, EditableRow, EditButton, FieldCell } from './admin-collection';
import { globalApi } from './global-admin.api';

const storeTenant = (tenant: TenantDto) => setQueryData<TenantDto[]>(queryKeys.tenants, (list) => upsertById(list ?? [], tenant));

interface TenantProblems {
  name?: string;
  slug?: string;
}

/** Tenant Name and slug are both required. */
function tenantProblems(name: string, slug: string): TenantProblems {
  return {
    name: name.trim() ? undefined : GlobalAdminMessages.tenantNameRequired,
    slug: slug.trim() ? undefined : GlobalAdminMessages.tenantSlugRequired,
  };
}

function TenantRow({
  tenant,
  selected,
  canEditSlug,
  onView,
}: {
  tenant: TenantDto;
  selected: boolean;
  canEditSlug: boolean;
  onView: () => void;
}) {
  const [name, setName] = useState(tenant.name);
  const [slug, setSlug] = useState(tenant.slug);
  const [problems, setProblems] = useState<TenantProblems>({});
  const edit = useInlineEdit({ done: 'Tenant updated', failed: 'Failed to update tenant' }, () => {
    setName(tenant.name);
    setSlug(tenant.slug);
    setProblems({});
  });

  const save = () => {
    const found = tenantProblems(name, slug);
    setProblems(found);
    // only a platform admin changes a slug: it is part of every invite link
    const body = { name: name.trim(), slug: canEditSlug ? slugify(slug) : tenant.slug };
    edit.save(!found.name && !found.slug, async () => storeTenant(await globalApi.updateTenant(tenant.id, body)));
  };

  return (
    <EditableRow
      edit={edit}
      onSave={save}
      updatedAt={tenant.updated_at}
      record={`tenant-${tenant.id}`}
      selected={selected}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      fields={
        <>
          <FieldCell label="Tenant name" value={name} onChange={setName} error={problems.name} />
          <FieldCell
            label="Tenant slug"
            value={slug}
            onChange={setSlug}
            onBlur={() => setSlug((s) => slugify(s))}
            error={problems.slug}
            disabled={!canEditSlug}
            title={canEditSlug ? undefined : GlobalAdminMessages.onlyPlatformChangesSlug}
          />
        </>
      }
      cells={
        <>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                {tenant.name}
              </Text>
              {selected ? (
                <Badge size="xs" variant="light">
                  Selected
                </Badge>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {tenant.slug}
            </Text>
          </Table.Td>
        </>
      }
      actions={
        <Group gap={6} wrap="nowrap">
          <EditButton name={tenant.name} onClick={edit.start} />
          <Button size="compact-sm" variant="light" onClick={onView} aria-label={`View Orgs of ${tenant.name}`}>
            View Orgs
          </Button>
        </Group>
      }
    />
  );
}

function AddTenantForm({ onCreated }: { onCreated: (tenant: TenantDto) => void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [problems, setProblems] = useState<TenantProblems>({});
  const { busy, run } = useAdminAction();

  const submit = async () => {
    const found = tenantProblems(name, slug);
    setProblems(found);
    if (found.name || found.slug) return;
    await run({ done: 'Tenant created', failed: 'Failed to create tenant' }, async () => {
      const tenant = await globalApi.createTenant({ name: name.trim(), slug: slugify(slug) });
      storeTenant(tenant);
      setName('');
      setSlug('');
      setSlugTouched(false);
      onCreated(tenant);
    });
  };

  return (
    <AdminForm
      title="Add Tenant"
      state={{ busy }}
      submitLabel="Create Tenant"
      onSubmit={() => void submit()}
      cols={{ base: 1, sm: 3 }}
      inlineSubmit
    >
      <TextInput
        label="Tenant Name"
        required
        value={name}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setName(value);
          if (!slugTouched) setSlug(slugify(value));
        }}
        error={problems.name}
      />
      <TextInput
        label="Slug"
        required
        value={slug}
        onChange={(e) => {
          setSlug(e.currentTarget.value);
          setSlugTouched(e.currentTarget.value !== '');
        }}
        onBlur={() => setSlug((s) => slugify(s))}
        error={problems.slug}
        placeholder="e.g. north-district"
        title="Used in invite links: /register?tenant=slug"
      />
    </AdminForm>
  );
}

const TENANTS_TABLE: CollectionTable = { plural: 'Tenants', columns: ['Name', 'Slug', 'Updated', 'Actions'], minWidth: 640 };

export function TenantsSection({
  tenants,
  loading,
  failed,
  selectedId,
  onSelect,
  isPlatformAdmin,
}: {
  tenants: TenantDto[];
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  isPlatformAdmin: boolean;
}) {
  return (
    <AdminCollection
      {...TENANTS_TABLE}
      list={{ records: tenants, loading, failed }}
      row={(tenant) => (
        <TenantRow
          key={`${tenant.id}-${tenant.updated_at}`}
          tenant={tenant}
          selected={tenant.id === selectedId}
          canEditSlug={isPlatformAdmin}
          onView={() => onSelect(tenant.id)}
        />
      )}
      // creating a tenant is for platform admins only (docs/domain.md, "Tenants, organizations, partnerships")
      form={isPlatformAdmin ? <AddTenantForm onCreated={(tenant) => onSelect(tenant.id)} /> : undefined}
    />
  );
}
