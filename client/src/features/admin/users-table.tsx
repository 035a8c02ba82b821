import { ASSIGNABLE_ROLES, ORG_TYPE_FOR_ROLE, type Role, USER_STATUSES, type UserStatus } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { Badge, Button, Group, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { useOnlineUsers } from '../../api/presence';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { removeById, upsertById } from '../../api/records';
import { roleLabel } from '../../shared/access';
import { toast } from '../../shared/toast';
import { CardList, RecordCard } from '../../components/record-cards';
import { useCards } from '../../components/responsive';
import { StatusDot } from '../../components/status-dot';
import { adminApi } from './admin.api';
import { OrgPicker } from './org-picker';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
/**
 * A driver's account comes from their invitation and stays a driver's (docs/domain.md, "Drivers"): its role and company
 * show, and cannot be changed here.
 */
const DRIVER_OPTION = [{ value: 'driver', label: roleLabel('driver') }];
const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: status === 'approved' ? 'Approved' : 'Pending' }));

/** One user: a table row, or on a phone a card with the same selects and Save. */
function UserRow({ user, showTenant, online, card }: { user: ProfileDto; showTenant: boolean; online: boolean; card: boolean }) {
  const [role, setRole] = useState<Role>(user.role);
  // a missing status counts as pending
  const [status, setStatus] = useState<UserStatus>(user.status ?? 'pending');
  const [orgId, setOrgId] = useState<string | null>(user.active_org_id ? String(user.active_org_id) : null);
  const [saving, setSaving] = useState(false);
  const orgChanged = orgId !== (user.active_org_id ? String(user.active_org_id) : null);
  const changed = role !== user.role || status !== (user.status ?? 'pending') || orgChanged;
  // A new role may need another kind of organization: the one chosen no longer fits.
  const chooseRole = (next: Role) => {
    if (ORG_TYPE_FOR_ROLE[next] !== ORG_TYPE_FOR_ROLE[role]) setOrgId(null);
    setRole(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      const updated = await adminApi.updateUser(user.id, {
        role,
        status,
        ...(orgChanged ? { active_org_id: orgId ? Number(orgId) : null } : {}),
      });
      setQueryData<ProfileDto[]>(queryKeys.users, (list) => list && upsertById(list, updated));
      setQueryData<ProfileDto[]>(
        queryKeys.pendingUsers,
        (list) => list && (updated.status === 'pending' ? upsertById(list, updated) : removeById(list, updated.id)),
      );
      toast.success(`User "${user.name}" updated successfully!`);
    } catch (e) {
      const reason = serverMessage(e);
      toast.error(reason ?? errorText(e), { title: `Failed to update user "${user.name}".` });
      setRole(user.role);
      setStatus(user.status ?? 'pending');
      setOrgId(user.active_org_id ? String(user.active_org_id) : null);
    } finally {
      setSaving(false);
    }
  };

  const name = (
    <Group gap={6} wrap="nowrap" component="span">
      {/* who is online now, live */}
      {online ? <StatusDot color="var(--mantine-color-green-6)" label="Online" /> : null}
      <span>{user.name}</span>
    </Group>
  );
  const tenant = user.tenant ? (
    <Text size="sm">{user.tenant.name}</Text>
  ) : (
    <Badge variant="light" color="grape">
      Platform
    </Badge>
  );
  // in a card the selects carry visible labels: no column heading stands above them
  const label = (text: string) => (card ? text : undefined);
  const roleSelect = (
    <Select
      aria-label={`Role of ${user.name}`}
      label={label('Role')}
      data={user.role === 'driver' ? DRIVER_OPTION : ROLE_OPTIONS}
      value={role}
      onChange={(value) => value && chooseRole(value as Role)}
      allowDeselect={false}
      disabled={user.role === 'driver'}
      size="xs"
    />
  );
  const organization =
    user.role === 'driver' ? (
      // a driver's company is their fleet driver's
      <Text size="sm">
        {card ? 'Organization: ' : ''}
        {user.active_org?.name ?? '—'}
      </Text>
    ) : (
      <OrgPicker user={user} role={role} value={orgId} onChange={setOrgId} label={label('Organization')} />
    );
  const statusSelect = (
    <Select
      aria-label={`Status of ${user.name}`}
      label={label('Status')}
      data={STATUS_OPTIONS}
      value={status}
      onChange={(value) => value && setStatus(value as UserStatus)}
      allowDeselect={false}
      size="xs"
    />
  );
  const saveButton = (
    <Button size="xs" onClick={() => void save()} loading={saving} disabled={!changed} aria-label={`Save ${user.name}`}>
      Save
    </Button>
  );

  if (card) {
    return (
      <RecordCard
        data-user-id={user.id}
        title={name}
        badges={showTenant && !user.tenant ? tenant : undefined}
        lines={[user.email, ...(showTenant && user.tenant ? [user.tenant.name] : [])]}
        actions={saveButton}
      >
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          {roleSelect}
          {statusSelect}
        </SimpleGrid>
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{organization}</div>
      </RecordCard>
    );
  }
  return (
    <Table.Tr data-user-id={user.id}>
      <Table.Td>
        <Text size="sm" fw={500} component="div">
          {name}
        </Text>
        {user.active_org ? (
          <Text size="xs" c="dimmed">
            {user.active_org.name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {user.email}
        </Text>
      </Table.Td>
      {showTenant ? <Table.Td>{tenant}</Table.Td> : null}
      <Table.Td miw={170}>{roleSelect}</Table.Td>
      <Table.Td miw={180}>{organization}</Table.Td>
      <Table.Td miw={130}>{statusSelect}</Table.Td>
      <Table.Td>{saveButton}</Table.Td>
    </Table.Tr>
  );
}

/** Name, email, role select, status select and a Save button per row (also used on the admin dashboard); a dot marks who is online. */
export function UsersTable({ users, showTenant = false }: { users: ProfileDto[]; showTenant?: boolean }) {
  const online = useOnlineUsers();
  const cards = useCards();
  // the key includes what the server holds, so a pushed change resets the row's selects
  const key = (user: ProfileDto) => `${user.id}-${user.role}-${user.status}-${user.active_org_id}`;
  if (cards) {
    return (
      <CardList label="Users">
        {users.map((user) => (
          <UserRow key={key(user)} user={user} showTenant={showTenant} online={online.has(user.id)} card />
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={showTenant ? 1040 : 900}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {showTenant ? <Table.Th>Tenant</Table.Th> : null}
            <Table.Th>Role</Table.Th>
            <Table.Th>Organization</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={key(user)} user={user} showTenant={showTenant} online={online.has(user.id)} card={false} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
