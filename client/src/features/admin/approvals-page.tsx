import { ORG_TYPE_FOR_ROLE } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { Badge, Button, Paper, Select, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../api/http';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { removeById, upsertById } from '../../api/records';
import { roleLabel } from '../../app/access';
import { toast } from '../../app/toast';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useOrgs } from '../global-admin/global-admin.api';
import { adminApi, usePendingUsers } from './admin.api';

/** DESIGN §5: school staff and bus companies get their organization when approved, of the kind their role works in. */
function OrgPicker({ user, value, onChange }: { user: ProfileDto; value: string | null; onChange: (value: string | null) => void }) {
  const type = ORG_TYPE_FOR_ROLE[user.role];
  const { data, error } = useOrgs(type && user.tenant_id !== null ? user.tenant_id : null);
  if (!type) {
    return (
      <Text size="sm" c="dimmed">
        Not needed
      </Text>
    );
  }
  if (error || !data) return <Text size="sm">{user.active_org?.name ?? '—'}</Text>;
  const options = data.filter((org) => org.type === type).map((org) => ({ value: String(org.id), label: org.name }));
  return (
    <Select
      aria-label={`Organization of ${user.name}`}
      data={options}
      value={value}
      onChange={onChange}
      placeholder="Choose organization"
      clearable
      size="xs"
      miw={180}
    />
  );
}

function PendingRow({ user }: { user: ProfileDto }) {
  const [orgId, setOrgId] = useState<string | null>(user.active_org_id ? String(user.active_org_id) : null);
  const [busy, setBusy] = useState(false);

  const approve = async () => {
    setBusy(true);
    try {
      const approved = await adminApi.approve(user.id, orgId ? { active_org_id: Number(orgId) } : {});
      // spec §4: an approved user leaves the pending list
      setQueryData<ProfileDto[]>(queryKeys.pendingUsers, (list) => list && removeById(list, user.id));
      setQueryData<ProfileDto[]>(queryKeys.users, (list) => list && upsertById(list, approved));
      toast.success(`User "${user.name}" approved.`);
    } catch (e) {
      const reason = serverMessage(e);
      toast.error(reason ?? 'Approve failed', { title: reason ? 'Approve failed' : undefined });
      setBusy(false);
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {user.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light">{roleLabel(user.role)}</Badge>
      </Table.Td>
      <Table.Td>
        <OrgPicker user={user} value={orgId} onChange={setOrgId} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDateTime(user.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button size="xs" color="teal" onClick={() => void approve()} loading={busy} aria-label={`Approve ${user.name}`}>
          Approve
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function ApprovalsPage() {
  const { data, error, loading, refetch } = usePendingUsers();

  return (
    <>
      <PageHeader
        title="Pending Users"
        description="New accounts wait here until an administrator approves them."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refetch()}>
            Refresh
          </Button>
        }
      />
      <Paper withBorder p="md">
        {loading ? (
          <LoadingScreen text="Loading, please wait..." minHeight="200px" />
        ) : error && !data ? (
          <Text c="red" role="alert" py="md">
            Failed to load pending users
          </Text>
        ) : !data || data.length === 0 ? (
          <EmptyState>No users are waiting for approval.</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Organization</Table.Th>
                  <Table.Th>Registered</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((user) => (
                  <PendingRow key={user.id} user={user} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}
