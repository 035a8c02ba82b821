import { GlobalAdminMessages } from '@contracts/global-admin';
import { slugify } from '@contracts/slug';
import type { TenantDto } from '@contracts/wire';
import { Badge, Button, Group, Paper, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { globalApi } from './global-admin.api';
import { notifyDone, notifyFailure } from './global-admin-feedback';

const storeTenant = (tenant: TenantDto) => setQueryData<TenantDto[]>(queryKeys.tenants, (list) => upsertById(list ?? [], tenant));

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
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tenant.name);
  const [slug, setSlug] = useState(tenant.slug);
  const [error, setError] = useState<{ name?: string; slug?: string }>({});
  const [saving, setSaving] = useState(false);

  const startEdit = () => {
    setName(tenant.name);
    setSlug(tenant.slug);
    setError({});
    setEditing(true);
  };

  const save = async () => {
    const found = {
      name: name.trim() ? undefined : GlobalAdminMessages.tenantNameRequired,
      slug: slug.trim() ? undefined : GlobalAdminMessages.tenantSlugRequired,
    };
    setError(found);
    if (found.name || found.slug) return;
    setSaving(true);
    try {
      const body = canEditSlug ? { name: name.trim(), slug: slugify(slug) } : { name: name.trim(), slug: tenant.slug };
      storeTenant(await globalApi.updateTenant(tenant.id, body));
      notifyDone('Tenant updated');
      setEditing(false);
    } catch (e) {
      notifyFailure('Failed to update tenant', e);
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <Table.Tr>
        <Table.Td>
          <TextInput size="xs" aria-label="Tenant name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error.name} />
        </Table.Td>
        <Table.Td>
          <TextInput
            size="xs"
            aria-label="Tenant slug"
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value)}
            onBlur={() => setSlug((s) => slugify(s))}
            error={error.slug}
            disabled={!canEditSlug}
            title={canEditSlug ? undefined : GlobalAdminMessages.onlyPlatformChangesSlug}
          />
        </Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed">
            {formatDateTime(tenant.updated_at)}
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
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined} aria-selected={selected}>
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
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDateTime(tenant.updated_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={startEdit} aria-label={`Edit ${tenant.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="light" onClick={onView} aria-label={`View Orgs of ${tenant.name}`}>
            View Orgs
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function AddTenantForm({ onCreated }: { onCreated: (tenant: TenantDto) => void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [error, setError] = useState<{ name?: string; slug?: string }>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : GlobalAdminMessages.tenantNameRequired,
      slug: slug.trim() ? undefined : GlobalAdminMessages.tenantSlugRequired,
    };
    setError(found);
    if (found.name || found.slug) return;
    setSaving(true);
    try {
      const tenant = await globalApi.createTenant({ name: name.trim(), slug: slugify(slug) });
      storeTenant(tenant);
      notifyDone('Tenant created');
      setName('');
      setSlug('');
      setSlugTouched(false);
      onCreated(tenant);
    } catch (e) {
      notifyFailure('Failed to create tenant', e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Title order={4} size="h5" mb="xs">
        Add Tenant
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Tenant Name"
          required
          value={name}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setName(value);
            if (!slugTouched) setSlug(slugify(value));
          }}
          error={error.name}
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
          error={error.slug}
          placeholder="e.g. north-district"
          title="Used in invite links: /register?tenant=slug"
        />
        <Group align="flex-start" pt={{ base: 0, sm: 25 }}>
          <Button type="submit" loading={saving}>
            Create Tenant
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}

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
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        Tenants
      </Title>
      {loading ? (
        <Text c="dimmed" py="md">
          Loading...
        </Text>
      ) : tenants.length === 0 ? (
        <EmptyState>{failed ? 'Tenants could not be loaded.' : 'No tenants yet'}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Slug</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tenants.map((tenant) => (
                <TenantRow
                  key={`${tenant.id}-${tenant.updated_at}`}
                  tenant={tenant}
                  selected={tenant.id === selectedId}
                  canEditSlug={isPlatformAdmin}
                  onView={() => onSelect(tenant.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isPlatformAdmin ? (
        <Paper withBorder p="sm" mt="md" bg="var(--mantine-color-default-hover)">
          <AddTenantForm onCreated={(tenant) => onSelect(tenant.id)} />
        </Paper>
      ) : null}
    </Paper>
  );
}
