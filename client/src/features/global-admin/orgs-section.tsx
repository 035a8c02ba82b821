import { GlobalAdminMessages, ORG_TYPE_LABELS, type OrganizationDto } from '@contracts/global-admin';
import type { OrgType } from '@contracts/roles';
import type { TenantDto } from '@contracts/wire';
import { Badge, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useCollectionList, useInlineEdit } from './admin-actions';
import { AdminCollection, type CollectionTable, EditableRow, EditButton, FieldCell } from './admin-collection';
import { globalApi, useOrgs } from './global-admin.api';
import { AddOrganizationForm, ParentSelect, parentOptions, storeOrg, TYPE_OPTIONS } from './org-form';

const TYPE_COLORS: Record<OrgType, string> = { school: 'blue', bus_company: 'yellow', edu_group: 'grape' };

function OrgRow({ org, orgs }: { org: OrganizationDto; orgs: OrganizationDto[] }) {
  const [name, setName] = useState(org.name);
  const [type, setType] = useState<OrgType>(org.type);
  const [code, setCode] = useState(org.code ?? '');
  const [parent, setParent] = useState<string | null>(org.parent_org_id ? String(org.parent_org_id) : null);
  const [nameError, setNameError] = useState<string | undefined>();
  const edit = useInlineEdit({ done: 'Organization updated', failed: 'Failed to update organization' }, () => {
    setName(org.name);
    setType(org.type);
    setCode(org.code ?? '');
    setParent(org.parent_org_id ? String(org.parent_org_id) : null);
    setNameError(undefined);
  });

  const save = () => {
    setNameError(name.trim() ? undefined : GlobalAdminMessages.orgNameRequired);
    const body = {
      name: name.trim(),
      type,
      slug: org.slug,
      code: code.trim() || null,
      // a parent only for schools; clearing it when the type changes away from school
      parent_org_id: type === 'school' && parent ? Number(parent) : null,
    };
    edit.save(!!name.trim(), async () => storeOrg(await globalApi.updateOrg(org.id, body)));
  };

  return (
    <EditableRow
      record={`org-${org.id}`}
      edit={edit}
      onSave={save}
      updatedAt={org.updated_at}
      fields={
        <>
          <FieldCell label="Organization name" value={name} onChange={setName} error={nameError} />
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
          <FieldCell label="Code" value={code} onChange={setCode} />
          <Table.Td>
            <ParentSelect size="xs" type={type} value={parent} onChange={setParent} options={parentOptions(orgs, org.id)} />
          </Table.Td>
        </>
      }
      cells={
        <>
          <Table.Td>
            <Text size="sm" fw={500}>
              {org.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {org.slug}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color={TYPE_COLORS[org.type] ?? 'grape'}>
              {ORG_TYPE_LABELS[org.type] ?? org.type}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{org.code ?? '—'}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{org.parent?.name ?? '—'}</Text>
          </Table.Td>
        </>
      }
      actions={<EditButton name={org.name} onClick={edit.start} />}
    />
  );
}

const ORGS_TABLE: CollectionTable = {
  plural: 'Organizations',
  columns: ['Name', 'Type', 'Code', 'Parent', 'Updated', 'Actions'],
  minWidth: 860,
};

export function OrgsSection({ tenant, tenants }: { tenant: TenantDto | null; tenants: TenantDto[] }) {
  const list = useCollectionList(useOrgs(tenant?.id ?? null), 'Failed to load organizations', (a, b) => a.name.localeCompare(b.name));
  return (
    <AdminCollection
      {...ORGS_TABLE}
      tenant={tenant}
      list={list}
      row={(org) => <OrgRow key={`${org.id}-${org.updated_at}`} org={org} orgs={list.records} />}
      form={<AddOrganizationForm tenants={tenants} defaultTenantId={tenant?.id ?? null} />}
    />
  );
}
