import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';

/** Placeholder: the trips engineer replaces this with the stat cards and the Upcoming Trips table (spec §2 Home dashboard). */
export function DashboardPage() {
  const { profile } = useSession();
  // spec §2: an admin is greeted as "Admin"
  const name = profile?.role === 'admin' ? 'Admin' : profile?.name?.trim() || 'User';
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${name}.`} />
      <Paper withBorder p="lg">
        <Text c="dimmed">Trip statistics and upcoming trips will appear here.</Text>
      </Paper>
    </>
  );
}
