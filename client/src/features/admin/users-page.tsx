import { Button, Paper, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../shared/toast';
import { useSession } from '../auth/session-context';
import { useUsers } from './admin.api';
import { UsersTable } from './users-table';

export function UsersPage() {
  const { profile } = useSession();
  const { data, error, loading, refetch } = useUsers();
  const [search, setSearch] = useState('');
  const isPlatformAdmin = profile?.role === 'admin' && profile.tenant_id === null;

  useEffect(() => {
    if (error) toast.error('Failed to load users.');
  }, [error]);

  const users = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = data ?? [];
    return q ? list.filter((u) => u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) : list;
  }, [data, search]);

  return (
    <>
      <PageHeader
        title="User Management"
        description="Change a person's role or approval status, then save the row."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refetch()}>
            Refresh
          </Button>
        }
      />
      <Paper withBorder p="md">
        <TextInput
          placeholder="Search by name or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          mb="md"
          maw={360}
          aria-label="Search users"
        />
        {loading ? (
          <LoadingScreen text="Loading, please wait..." minHeight="200px" />
        ) : error && !data ? (
          <LoadFailed title="Failed to load users." error={error} onRetry={refetch} />
        ) : users.length === 0 ? (
          <EmptyState>{search ? 'No users match your search.' : 'No users yet.'}</EmptyState>
        ) : (
          <UsersTable users={users} showTenant={isPlatformAdmin} />
        )}
      </Paper>
    </>
  );
}
