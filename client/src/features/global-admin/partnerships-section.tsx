import { GlobalAdminMessages, type PartnershipDto } from '@contracts/global-admin';
import type { TenantDto } from '@contracts/wire';
import { Button, Group, Paper, Select, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { removeById, upsertById } from '../../api/records';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { globalApi, useOrgs, usePartnerships } from './global-admin.api';
import { notifyDone, notifyFailure } from './global-admin-feedback';

interface PartnershipForm {
  tenantId: string | null;
  schoolId: string | null;
  busId: string | null;
}

/** spec §5 Partnership: the tenant is required; school and bus company are checked as the server words it. */
export function validatePartnershipForm(form: PartnershipForm): string | null {
  if (!form.tenantId) return GlobalAdminMessages.partnershipTenantRequired;
  if (!form.schoolId) return GlobalAdminMessages.partnershipSchoolRequired;
  if (!form.busId) return GlobalAdminMessages.partnershipBusRequired;
  return null;
}

function AddPartnershipForm({ tenants, defaultTenantId }: { tenants: TenantDto[]; defaultTenantId: number | null }) {
  const [form, setForm] = useState<PartnershipForm>({
    tenantId: defaultTenantId ? String(defaultTenantId) : null,
    schoolId: null,
    busId: null,
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { data: orgs } = useOrgs(form.tenantId ? Number(form.tenantId) : null);

  useEffect(() => {
    if (defaultTenantId) setForm({ tenantId: String(defaultTenantId), schoolId: null, busId: null });
  }, [defaultTenantId]);

  // spec §5: school choices are schools only; bus company choices are bus companies only
  const schools = (orgs ?? []).filter((o) => o.type === 'school').map((o) => ({ value: String(o.id), label: o.name }));
  const buses = (orgs ?? []).filter((o) => o.type === 'bus_company').map((o) => ({ value: String(o.id), label: o.name }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePartnershipForm(form);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const partnership = await globalApi.createPartnership({
        tenant_id: Number(form.tenantId),
        school_org_id: Number(form.schoolId),
        bus_company_org_id: Number(form.busId),
      });
      setQueryData<PartnershipDto[]>(queryKeys.partnerships(partnership.tenant_id), (list) => upsertById(list ?? [], partnership));
      notifyDone('Partnership created');
      // spec §4: the tenant is kept; school and bus company are cleared
      setForm((f) => ({ ...f, schoolId: null, busId: null }));
    } catch (e) {
      notifyFailure('Failed to create partnership', e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Title order={4} size="h5">
        Add Partnership
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Links one school to one bus company. Repeat to add more.
      </Text>
      {error ? (
        <Text c="red" size="sm" mb="xs" role="alert">
          {error}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Select
          label="Tenant"
          required
          data={tenants.map((t) => ({ value: String(t.id), label: t.name }))}
          value={form.tenantId}
          onChange={(tenantId) => setForm({ tenantId, schoolId: null, busId: null })}
          placeholder="Choose a tenant"
        />
        <Select
          label="School"
          data={schools}
          value={form.schoolId}
          onChange={(schoolId) => setForm((f) => ({ ...f, schoolId }))}
          placeholder={form.tenantId ? (schools.length ? 'Choose a school' : 'No schools yet') : 'Choose a tenant first'}
          searchable
        />
        <Select
          label="Bus Company"
          data={buses}
          value={form.busId}
          onChange={(busId) => setForm((f) => ({ ...f, busId }))}
          placeholder={form.tenantId ? (buses.length ? 'Choose a bus company' : 'No bus companies yet') : 'Choose a tenant first'}
          searchable
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={saving}>
          Create Partnership
        </Button>
      </Group>
    </form>
  );
}

function PartnershipRow({ partnership }: { partnership: PartnershipDto }) {
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      await globalApi.removePartnership(partnership.id);
      setQueryData<PartnershipDto[]>(queryKeys.partnerships(partnership.tenant_id), (list) => list && removeById(list, partnership.id));
      notifyDone('Partnership removed');
    } catch (e) {
      notifyFailure('Failed to remove partnership', e);
      setRemoving(false);
    }
  };
  const school = partnership.school_org?.name ?? `#${partnership.school_org_id}`;
  const bus = partnership.bus_company?.name ?? `#${partnership.bus_company_org_id}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{school}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{bus}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDateTime(partnership.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          onClick={() => void remove()}
          loading={removing}
          aria-label={`Remove ${school} – ${bus}`}
        >
          Remove
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function PartnershipsSection({ tenant, tenants }: { tenant: TenantDto | null; tenants: TenantDto[] }) {
  const { data, error, loading } = usePartnerships(tenant?.id ?? null);

  useEffect(() => {
    if (error) notifyFailure('Failed to load partnerships', error, { quietWhenDenied: true });
  }, [error]);

  const rows = [...(data ?? [])].sort((a, b) => (a.school_org?.name ?? '').localeCompare(b.school_org?.name ?? ''));

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Partnerships
        </Title>
        {tenant ? (
          <Text size="sm" c="dimmed">
            {tenant.name}
          </Text>
        ) : null}
      </Group>
      {!tenant ? (
        <EmptyState>Choose a tenant to see its partnerships.</EmptyState>
      ) : loading ? (
        <Text c="dimmed" py="md">
          Loading...
        </Text>
      ) : rows.length === 0 ? (
        <EmptyState>{error ? 'Partnerships could not be loaded.' : 'No partnerships yet'}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>School</Table.Th>
                <Table.Th>Bus Company</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <PartnershipRow key={p.id} partnership={p} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper withBorder p="sm" mt="md" bg="var(--mantine-color-default-hover)">
        <AddPartnershipForm tenants={tenants} defaultTenantId={tenant?.id ?? null} />
      </Paper>
    </Paper>
  );
}
