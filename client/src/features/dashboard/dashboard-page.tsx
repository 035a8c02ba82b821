import type { ApprovalDto } from '@contracts/approvals';
import type { TripStats } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { Affix, Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBus, IconCalendarEvent, IconHourglass, IconPlus, IconX } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { ResponsiveModal, usePhone } from '../../components/responsive';
import { useUsers } from '../admin/admin.api';
import { UsersTable } from '../admin/users-table';
import { WaitingForApprovalCard } from '../approvals/approval-count';
import { useWaitingByTrip } from '../approvals/approvals.api';
import { useSession } from '../auth/session-context';
import { actionHint } from '../trips/trip-actions';
import { TripBuses } from '../trips/trip-buses';
import { PresenceAvatars } from '../trips/presence-avatars';
import { TripStatusBadge } from '../trips/trip-details-modal';
import { TripRequestForm } from '../trips/trip-request-form';
import { displayType, formatTripDate, todayIso, tripDate } from '../trips/trip-view';
import { TripWorkflowProvider, useTripWorkflow } from '../trips/trip-workflow';
import { useTripStats } from '../trips/trips.api';

const NO_STATS: TripStats = { total: 0, upcoming: 0, pending: 0, cancelled: 0, upcomingTrips: [] };

function StatCard({
  label,
  value,
  icon: Icon,
  color,
}: {
  label: string;
  value: number;
  icon: ComponentType<{ size?: number }>;
  color: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={700} fz={28} lh={1.2} data-testid={`stat-${label}`}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function HintText({ trip, waiting }: { trip: TripDto; waiting: ReadonlyMap<number, ApprovalDto> }) {
  const { actor } = useTripWorkflow();
  const hint = actor ? actionHint(actor, trip, waiting.get(trip.id)) : null;
  return hint?.needed ? (
    <Badge color={trip.needsBus ? 'red' : 'orange'} variant="light" style={{ overflow: 'visible', minWidth: 'max-content' }}>
      {hint.text}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {hint?.text ?? '—'}
    </Text>
  );
}

function UpcomingTrips({ trips, mayApprove }: { trips: TripDto[]; mayApprove: boolean }) {
  const { openDetails } = useTripWorkflow();
  const isPhone = usePhone();
  // an approver's own decisions come first in "Action needed"
  const waiting = useWaitingByTrip(mayApprove);
  if (trips.length === 0) return <EmptyState>No upcoming trips.</EmptyState>;
  if (isPhone) {
    // the same five values per trip, stacked, so a phone needs no sideways scrolling
    return (
      <Stack gap={0}>
        {trips.map((trip, i) => (
          <Stack
            key={trip.id}
            gap={4}
            py="sm"
            data-trip-id={trip.id}
            style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => openDetails(trip.id)}>
                {trip.destination || displayType(trip)}
              </Anchor>
              <Group gap={6} wrap="nowrap">
                <PresenceAvatars tripId={trip.id} size={24} />
                <TripStatusBadge status={trip.status} size="sm" />
              </Group>
            </Group>
            <Text size="xs" c="dimmed">
              {formatTripDate(tripDate(trip))}, {trip.departureTime} · {trip.students} students
            </Text>
            <TripBuses trip={trip} />
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                Action needed:
              </Text>
              <HintText trip={trip} waiting={waiting} />
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Destination</Table.Th>
            <Table.Th>Students</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Action needed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((trip) => {
            return (
              <Table.Tr key={trip.id} data-trip-id={trip.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatTripDate(tripDate(trip))}</Text>
                  <Text size="xs" c="dimmed">
                    {trip.departureTime}
                  </Text>
                </Table.Td>
                <Table.Td style={{ minWidth: 180 }}>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <div>
                      <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => openDetails(trip.id)}>
                        {trip.destination || displayType(trip)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {displayType(trip)}
                      </Text>
                      <TripBuses trip={trip} />
                    </div>
                    <PresenceAvatars tripId={trip.id} size={24} />
                  </Group>
                </Table.Td>
                <Table.Td>{trip.students}</Table.Td>
                <Table.Td>
                  <TripStatusBadge status={trip.status} size="sm" />
                </Table.Td>
                <Table.Td>
                  <HintText trip={trip} waiting={waiting} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdminUsers() {
  const { profile } = useSession();
  const { data, loading, error } = useUsers();
  return (
    <Paper withBorder p="md" radius="md" mt="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>User and Role Management</Title>
        <Anchor component={Link} to="/admin/users" size="sm">
          All users
        </Anchor>
      </Group>
      {loading ? (
        <Text c="dimmed" size="sm">
          Loading...
        </Text>
      ) : error ? (
        <LoadFailed title="Failed to load users." error={error} />
      ) : (
        <UsersTable users={data ?? []} showTenant={profile?.tenant_id === null} />
      )}
    </Paper>
  );
}

function RequestTripButton() {
  const { profile } = useSession();
  const [opened, setOpened] = useState(false);
  if (!profile) return null;
  return (
    <>
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <Button
          size="md"
          radius="xl"
          leftSection={<IconPlus size={18} />}
          onClick={() => setOpened(true)}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          Request New Trip
        </Button>
      </Affix>
      <ResponsiveModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Request New Trip"
        size="xl"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <TripRequestForm profile={profile} onDone={() => setOpened(false)} onCancel={() => setOpened(false)} />
      </ResponsiveModal>
    </>
  );
}

function DashboardBody() {
  const { profile } = useSession();
  const today = todayIso();
  // the cards and the upcoming list, counted by the server (GET /trips/stats), then pushed by it as trips change (trips:stats)
  const { data, loading, error, refetch } = useTripStats(today);
  const stats = data ?? NO_STATS;
  const upcoming = stats.upcomingTrips;
  const isAdmin = profile?.role === 'admin';
  // those who may approve: admins, and school staff named by their school's policy (the card shows once one waits)
  const mayApprove = isAdmin || profile?.role === 'school_staff';

  if (loading) return <LoadingScreen text="Loading dashboard..." />;
  return (
    <>
      {mayApprove ? <WaitingForApprovalCard /> : null}
      {error && !data ? (
        <Box mb="lg">
          <LoadFailed title="Failed to load trips" error={error} onRetry={refetch} />
        </Box>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mb="lg">
            <StatCard label="Total trips" value={stats.total} icon={IconBus} color="blue" />
            <StatCard label="Upcoming from today" value={stats.upcoming} icon={IconCalendarEvent} color="teal" />
            <StatCard label="Pending requests" value={stats.pending} icon={IconHourglass} color="yellow" />
            <StatCard label="Cancelled" value={stats.cancelled} icon={IconX} color="red" />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="sm">
              <Title order={4}>Upcoming Trips</Title>
              <Anchor component={Link} to="/trips" size="sm">
                All trips
              </Anchor>
            </Group>
            <UpcomingTrips trips={upcoming} mayApprove={mayApprove} />
          </Paper>
        </>
      )}
      {isAdmin ? <AdminUsers /> : null}
      {profile?.role === 'school_staff' ? (
        <>
          {/* room below the last row, so the floating button never covers it */}
          <div style={{ height: 72 }} aria-hidden />
          <RequestTripButton />
        </>
      ) : null}
    </>
  );
}

/**
 * The home dashboard: greeting, what waits for the user's approval, four stat cards, Upcoming Trips, the admin's user
 * table, school staff's request button; live.
 */
export function DashboardPage() {
  const { profile } = useSession();
  // an admin is greeted as "Admin"
  const name = profile?.role === 'admin' ? 'Admin' : profile?.name?.trim() || 'User';
  return (
    <TripWorkflowProvider>
      <PageHeader title="Dashboard" description={`Welcome back, ${name}.`} />
      <DashboardBody />
    </TripWorkflowProvider>
  );
}
