import type { BookingDto, BookingStatusChange } from '@contracts/bookings';
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { toast } from '../../shared/toast';
import { EmptyState } from '../../components/empty-state';
import { formatDate, formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { isPlatformAdmin, TenantSchoolPicker } from '../admin/tenant-school-picker';
import { BookingForm } from './booking-form';
import { type BookingFormValues, toPayload } from './booking-values';
import { bookingsApi, useBookings } from './bookings.api';
import { CardList, RecordCard } from '../../components/record-cards';
import { ResponsiveModal, useCards } from '../../components/responsive';

/** Booking toasts close after 1.8 s. */
const TOAST = { autoClose: 1800 };

const STATUS_COLORS: Record<string, string> = { requested: 'yellow', approved: 'green', cancelled: 'gray' };

const statusOf = (b: BookingDto) => String(b.status ?? '').toLowerCase();

function BookingStatus({ booking }: { booking: BookingDto }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[statusOf(booking)] ?? 'gray'} style={{ overflow: 'visible' }}>
      {booking.status}
    </Badge>
  );
}

function when(b: BookingDto): string {
  const start = formatDate(b.date_start);
  const end = formatDate(b.date_end);
  const times = [b.start_time, b.end_time].filter(Boolean);
  if (!start) return '';
  if (!end || end === start) return `${start}${times.length ? `, ${times.join(' – ')}` : ''}`;
  return `${start}${b.start_time ? ` ${b.start_time}` : ''} → ${end}${b.end_time ? ` ${b.end_time}` : ''}`;
}

/**
 * What the booking asks for, and who asked, in a line under its title: "2 buses · Coach · 1 pickup point · by Grace Green".
 * The one who approves it sees what they approve without opening anything.
 */
export function bookingAsks(b: BookingDto): string {
  const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  return [
    b.buses_requested ? count(b.buses_requested, 'bus', 'buses') : null,
    b.bus_type,
    b.pickup_points.length > 0 ? count(b.pickup_points.length, 'pickup point') : null,
    b.created_by ? `by ${b.created_by}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function BookingsPage() {
  const { profile } = useSession();
  const { data, error, loading } = useBookings();
  const [opened, setOpened] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const cards = useCards();
  const isAdmin = profile?.role === 'admin';
  const platformAdmin = profile ? isPlatformAdmin(profile) : false;
  // The server lets admins and trip managers approve; others may cancel what they requested.
  const canApprove = profile?.role === 'admin' || profile?.role === 'trip_manager';
  const [tenantId, setTenantId] = useState<number | null>(profile?.tenant_id ?? null);
  const [schoolId, setSchoolId] = useState<string | null>(null);

  useEffect(() => {
    // a list that cannot be read says "Could not load bookings." and shows no stale rows
    if (error) {
      toast.error('Could not load bookings.', TOAST);
      setQueryData<BookingDto[]>(queryKeys.bookings, []);
    }
  }, [error]);

  const submit = async (values: BookingFormValues): Promise<boolean> => {
    if (!profile) return false;
    try {
      const created = await bookingsApi.create({
        ...toPayload(values, { name: profile.name, email: profile.email, id: profile.id }),
        ...(isAdmin && schoolId ? { schoolOrgId: Number(schoolId) } : {}),
        ...(platformAdmin && tenantId ? { tenant_id: tenantId } : {}),
      });
      if (created && typeof created === 'object' && 'id' in created) {
        setQueryData<BookingDto[]>(queryKeys.bookings, (list) => upsertById(list ?? [], created, 'start'));
      }
      toast.success('Booking submitted!', TOAST);
      setOpened(false);
      return true;
    } catch (e) {
      const reason = serverMessage(e);
      toast.error(reason ?? 'Failed to submit booking.', { ...TOAST, title: reason ? 'Failed to submit booking.' : undefined });
      return false;
    }
  };

  const setStatus = async (booking: BookingDto, status: BookingStatusChange) => {
    setBusyId(booking.id);
    try {
      const updated = await bookingsApi.setStatus(booking.id, status);
      setQueryData<BookingDto[]>(queryKeys.bookings, (list) => list && upsertById(list, updated ?? { ...booking, status }));
      toast.success(`Marked ${status}.`, TOAST);
    } catch (e) {
      toast.error(errorText(e), TOAST);
    } finally {
      setBusyId(null);
    }
  };

  const bookings = data ?? [];

  // Approve and Cancel. The only guard is that the button for the status the booking already holds is hidden: neither
  // asks first (docs/domain.md, "Bookings").
  const actions = (b: BookingDto) => (
    <Group gap={6} wrap="nowrap">
      {canApprove && statusOf(b) !== 'approved' ? (
        <Button size="compact-sm" color="teal" loading={busyId === b.id} onClick={() => void setStatus(b, 'approved')}>
          Approve
        </Button>
      ) : null}
      {(canApprove || b.created_by_id === profile?.id) && statusOf(b) !== 'cancelled' ? (
        <Button size="compact-sm" color="red" variant="light" disabled={busyId === b.id} onClick={() => void setStatus(b, 'cancelled')}>
          Cancel
        </Button>
      ) : null}
    </Group>
  );

  return (
    <>
      <PageHeader
        title="Extra Bus Bookings"
        description="Extra buses for events and outings, approved by an administrator."
        actions={<Button onClick={() => setOpened(true)}>+ New Booking</Button>}
      />
      <Paper withBorder p="md">
        {loading ? (
          <Text c="dimmed" py="md">
            Loading...
          </Text>
        ) : bookings.length === 0 ? (
          <EmptyState>No bookings yet.</EmptyState>
        ) : cards ? (
          <CardList label="Bookings">
            {bookings.map((b) => (
              <RecordCard
                key={b.id}
                data-booking-id={b.id}
                title={b.title || 'Untitled booking'}
                badges={<BookingStatus booking={b} />}
                lines={[
                  ...(b.school_org ? [b.school_org.name] : []),
                  bookingAsks(b),
                  ...(b.purpose ? [b.purpose] : []),
                  when(b),
                  `${b.passengers_students ?? 0} students · ${b.passengers_adults ?? 0} adults`,
                  `Created ${formatDateTime(b.created_at)}`,
                ].filter(Boolean)}
                actions={actions(b)}
              />
            ))}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Students</Table.Th>
                  <Table.Th>Adults</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((b) => (
                  <Table.Tr key={b.id} data-booking-id={b.id}>
                    <Table.Td style={{ minWidth: 220 }}>
                      <Text size="sm" fw={500}>
                        {b.title || 'Untitled booking'}
                      </Text>
                      {b.school_org ? (
                        <Text size="xs" c="dimmed">
                          {b.school_org.name}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {bookingAsks(b)}
                      </Text>
                      {b.purpose ? (
                        <Text size="xs" c="dimmed" lineClamp={2} title={b.purpose}>
                          {b.purpose}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ minWidth: 200 }}>
                      <Text size="sm">{when(b)}</Text>
                    </Table.Td>
                    <Table.Td>{b.passengers_students ?? 0}</Table.Td>
                    <Table.Td>{b.passengers_adults ?? 0}</Table.Td>
                    <Table.Td style={{ minWidth: 120 }}>
                      <BookingStatus booking={b} />
                    </Table.Td>
                    <Table.Td style={{ minWidth: 150 }}>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(b.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{actions(b)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <ResponsiveModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="New Bus Booking"
        closeButtonProps={{ 'aria-label': 'Close' }}
        size="xl"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <BookingForm
          onSubmit={submit}
          onCancel={() => setOpened(false)}
          extraFields={
            // admins may name the school (and, as platform admins, the tenant) a booking is for
            profile && isAdmin ? (
              <TenantSchoolPicker
                profile={profile}
                tenantId={tenantId}
                onTenantChange={setTenantId}
                schoolId={schoolId}
                onSchoolChange={setSchoolId}
              />
            ) : null
          }
        />
      </ResponsiveModal>
    </>
  );
}
