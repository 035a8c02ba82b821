import { GlobalAdminMessages, type OrganizationDto, type PartnershipDto } from '@contracts/global-admin';
import type { OrgType } from '@contracts/roles';
import type { TenantDto } from '@contracts/wire';
import { Button, Select, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { removeById, upsertById } from '../../api/records';
import { useAddForm, useAdminAction, useCollectionList } from './admin-actions';
import { AdminCollection, AdminForm, type CollectionTable, RecordRow, TimeCell, tenantOptions } from './admin-collection';
import { globalApi, useOrgs, usePartnerships } from './global-admin.api';

interface PartnershipForm {
  tenantId: string | null;
  schoolId: string | null;
  busId: string | null;
}

/** A partnership: the tenant is required; school and bus company are checked as the server words it. */
export function validatePartnershipForm(form: PartnershipForm): string | null {
  if (!form.tenantId) return GlobalAdminMessages.partnershipTenantRequired;
  if (!form.schoolId) return GlobalAdminMessages.partnershipSchoolRequired;
  if (!form.busId) return GlobalAdminMessages.partnershipBusRequired;
  return null;
}

const storePartnerships = (tenantId: number, change: (list: PartnershipDto[] | undefined) => PartnershipDto[] | undefined) =>
  setQueryData<PartnershipDto[]>(queryKeys.partnerships(tenantId), change);

/** The two sides of a partnership: which field, and which organizations may fill it. */
const PARTNERS = [
  { field: 'schoolId', label: 'School', type: 'school', words: ['Choose a school', 'No schools yet'] },
  { field: 'busId', label: 'Bus Company', type: 'bus_company', words: ['Choose a bus company', 'No bus companies yet'] },
] as const satisfies readonly { field: keyof PartnershipForm; label: string; type: OrgType; words: readonly [string, string] }[];

/** School choices are schools only; bus company choices are bus companies only. */
function OrgSelect({
  label,
  orgs,
  type,
  words: [choose, none],
  value,
  onChange,
}: {
  label: string;
  /** the chosen tenant's organizations; null while no tenant is chosen */
  orgs: OrganizationDto[] | null;
  type: OrgType;
  words: readonly [choose: string, none: string];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const options = (orgs ?? []).filter((o) => o.type === type).map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      placeholder={orgs ? (options.length ? choose : none) : 'Choose a tenant first'}
      searchable
    />
  );
}

function AddPartnershipForm({ tenants, defaultTenantId }: { tenants: TenantDto[]; defaultTenantId: number | null }) {
  const [form, setForm] = useState<PartnershipForm>({
    tenantId: defaultTenantId ? String(defaultTenantId) : null,
    schoolId: null,
    busId: null,
  });
  const add = useAddForm({ done: 'Partnership created', failed: 'Failed to create partnership' });
  const { data: orgs } = useOrgs(form.tenantId ? Number(form.tenantId) : null);
  const tenantOrgs = form.tenantId ? (orgs ?? []) : null;

  useEffect(() => {
    if (defaultTenantId) setForm({ tenantId: String(defaultTenantId), schoolId: null, busId: null });
  }, [defaultTenantId]);

  const create = () =>
    add.submit(validatePartnershipForm(form), async () => {
      const partnership = await globalApi.createPartnership({
        tenant_id: Number(form.tenantId),
        school_org_id: Number(form.schoolId),
        bus_company_org_id: Number(form.busId),
      });
      storePartnerships(partnership.tenant_id, (list) => upsertById(list ?? [], partnership));
      // the tenant is kept; school and bus company are cleared
      setForm((f) => ({ ...f, schoolId: null, busId: null }));
    });

  return (
    <AdminForm
      title="Add Partnership"
      hint="Links one school to one bus company. Repeat to add more."
      state={add}
      submitLabel="Create Partnership"
      onSubmit={create}
      cols={{ base: 1, sm: 3 }}
    >
      <Select
        label="Tenant"
        required
        data={tenantOptions(tenants)}
        value={form.tenantId}
        onChange={(tenantId) => setForm({ tenantId, schoolId: null, busId: null })}
        placeholder="Choose a tenant"
      />
      {PARTNERS.map(({ field, ...choice }) => (
        <OrgSelect
          key={field}
          {...choice}
          orgs={tenantOrgs}
          value={form[field]}
          onChange={(value) => setForm((f) => ({ ...f, [field]: value }))}
        />
      ))}
    </AdminForm>
  );
}

/**
 * One partnership, removed after a confirm: removing it takes the school's requests off the company's consoles at once
 * (trips the company already holds stay with it; docs/domain.md), which a stray click should not do.
 */
function PartnershipRow({ partnership }: { partnership: PartnershipDto }) {
  const { busy, run } = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  const school = partnership.school_org?.name ?? `#${partnership.school_org_id}`;
  const bus = partnership.bus_company?.name ?? `#${partnership.bus_company_org_id}`;
  const remove = async () => {
    await run({ done: 'Partnership removed', failed: 'Failed to remove partnership' }, async () => {
      await globalApi.removePartnership(partnership.id);
      storePartnerships(partnership.tenant_id, (list) => list && removeById(list, partnership.id));
    });
    setConfirming(false);
  };
  return (
    <RecordRow record={`partnership-${partnership.id}`}>
      <Table.Td>
        <Text size="sm">{school}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{bus}</Text>
      </Table.Td>
      <TimeCell at={partnership.created_at} />
      <Table.Td>
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          onClick={() => setConfirming(true)}
          loading={busy}
          aria-label={`Remove ${school} – ${bus}`}
        >
          Remove
        </Button>
        <ConfirmDialog
          opened={confirming}
          title="Remove Partnership"
          question={`Remove the partnership of ${school} and ${bus}?`}
          detail={`${bus} will no longer see ${school}'s requests; trips it has accepted stay with it.`}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
          loading={busy}
          danger
        />
      </Table.Td>
    </RecordRow>
  );
}

// School, Bus Company, Created and a Remove button (its column unnamed)
const PARTNERSHIPS_TABLE: CollectionTable = { plural: 'Partnerships', columns: ['School', 'Bus Company', 'Created', ''], minWidth: 560 };

export function PartnershipsSection({ tenant, tenants }: { tenant: TenantDto | null; tenants: TenantDto[] }) {
  const list = useCollectionList(usePartnerships(tenant?.id ?? null), 'Failed to load partnerships', (a, b) =>
    (a.school_org?.name ?? '').localeCompare(b.school_org?.name ?? ''),
  );
  return (
    <AdminCollection
      {...PARTNERSHIPS_TABLE}
      tenant={tenant}
      list={list}
      row={(p) => <PartnershipRow key={p.id} partnership={p} />}
      form={<AddPartnershipForm tenants={tenants} defaultTenantId={tenant?.id ?? null} />}
    />
  );
}
