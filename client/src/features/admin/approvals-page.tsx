import { ORG_TYPE_FOR_ROLE } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../api/http';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { removeById, upsertById } from '../../api/records';
import { roleLabel } from '../../shared/access';
import { toast } from '../../shared/toast';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CardList, RecordCard } from '../../components/record-cards';
import { useCards } from '../../components/responsive';
import { adminApi, usePendingUsers } from './admin.api';
import { OrgPicker } from './org-picker';

/** One registration waiting: a table row, or on a phone a card (its organization and buttons in view). */
function PendingUser({ user, card }: { user: ProfileDto; card: boolean }) {
  const [orgId, setOrgId] = useState<string | null>(user.active_org_id ? String(user.active_org_id) : null);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  // A school staff member or a dispatcher works for an organization of their kind: approval waits for it.
  const needsOrg = ORG_TYPE_FOR_ROLE[user.role] !== null && !orgId;

  const decline = async () => {
    setBusy(true);
    try {
      await adminApi.decline(user.id);
      setQueryData<ProfileDto[]>(queryKeys.pendingUsers, (list) => list && removeById(list, user.id));
      setQueryData<ProfileDto[]>(queryKeys.users, (list) => list && removeById(list, user.id));
      toast.success(`The registration of "${user.name}" was declined.`);
    } catch (e) {
      const reason = serverMessage(e);
      toast.error(reason ?? 'Decline failed', { title: reason ? 'Decline failed' : undefined });
      setBusy(false);
      setDeclining(false);
    }
  };

  const approve = async () => {
    setBusy(true);
    try {
      const approved = await adminApi.approve(user.id, orgId ? { active_org_id: Number(orgId) } : {});
      // an approved user leaves the pending list
      setQueryData<ProfileDto[]>(queryKeys.pendingUsers, (list) => list && removeById(list, user.id));
      setQueryData<ProfileDto[]>(queryKeys.users, (list) => list && upsertById(list, approved));
      toast.success(`User "${user.name}" approved.`);
    } catch (e) {
      const reason = serverMessage(e);
      toast.error(reason ?? 'Approve failed', { title: reason ? 'Approve failed' : undefined });
      setBusy(false);
    }
  };

  const organization = (
    <>
      <OrgPicker user={user} role={user.role} value={orgId} onChange={setOrgId} label={card ? 'Organization' : undefined} />
      {needsOrg ? (
        <Text size="xs" c="dimmed" mt={4} id={`org-needed-${user.id}`}>
          Choose an organization to approve.
        </Text>
      ) : null}
    </>
  );
  const actions = (
    <>
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          color="teal"
          onClick={() => void approve()}
          loading={busy && !declining}
          disabled={needsOrg || busy}
          aria-label={`Approve ${user.name}`}
          aria-describedby={needsOrg ? `org-needed-${user.id}` : undefined}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => setDeclining(true)}
          disabled={busy}
          aria-label={`Decline ${user.name}`}
        >
          Decline
        </Button>
      </Group>
      <ConfirmDialog
        opened={declining}
        title="Decline Registration"
        question={`Decline the registration of ${user.name}? The account is removed and cannot sign in.`}
        onConfirm={() => void decline()}
        onCancel={() => setDeclining(false)}
        loading={busy}
        danger
      />
    </>
  );
  const role = <Badge variant="light">{roleLabel(user.role)}</Badge>;

  if (card) {
    return (
      <RecordCard
        data-user-id={user.id}
        title={user.name}
        badges={role}
        lines={[user.email, `Registered ${formatDateTime(user.created_at)}`]}
        actions={actions}
      >
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{organization}</div>
      </RecordCard>
    );
  }
  return (
    <Table.Tr data-user-id={user.id}>
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
      <Table.Td>{role}</Table.Td>
      <Table.Td>{organization}</Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDateTime(user.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}

export function ApprovalsPage() {
  const { data, error, loading, refetch } = usePendingUsers();
  const cards = useCards();

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
          <LoadFailed title="Failed to load pending users" error={error} onRetry={refetch} />
        ) : !data || data.length === 0 ? (
          <EmptyState>No users are waiting for approval.</EmptyState>
        ) : cards ? (
          <CardList label="Pending users">
            {data.map((user) => (
              <PendingUser key={user.id} user={user} card />
            ))}
          </CardList>
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
                  <PendingUser key={user.id} user={user} card={false} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}
