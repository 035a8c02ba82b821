import type { TripDto } from '@contracts/trip-wire';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, memo } from 'react';
import { EmptyState } from '../../components/empty-state';
import { usePhone } from '../../components/responsive';
import { PresenceAvatars } from './presence-avatars';
import { TripActionButtons } from './trip-action-buttons';
import { TripBuses } from './trip-buses';
import { TripStatusBadge } from './trip-details-modal';
import { displayType, formatTripDate, tripDate } from './trip-view';
import { useTripWorkflow } from './trip-workflow';

/** The Date header cycles none → ascending → descending. */
export type DateSort = 'none' | 'asc' | 'desc';
export const nextDateSort = (sort: DateSort): DateSort => (sort === 'none' ? 'asc' : sort === 'asc' ? 'desc' : 'none');

const SORT_LABEL: Record<DateSort, string> = { none: 'not sorted', asc: 'ascending', desc: 'descending' };

/** One trip of the list: the trip, whether its row is open, and what opening the row or the trip does. */
interface TripRowProps {
  trip: TripDto;
  expanded: boolean;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
}

const TripRow = memo(function TripRow({ trip, expanded, onToggle, onOpen }: TripRowProps) {
  // the rows of Pending trips are bold
  const weight = trip.status === 'Pending' ? 700 : undefined;
  return (
    <Fragment>
      <Table.Tr data-trip-id={trip.id} style={{ fontWeight: weight }} bg={expanded ? 'var(--mantine-color-default-hover)' : undefined}>
        <Table.Td>
          {displayType(trip)}
          {trip.seriesId ? (
            <Text size="xs" c="dimmed">
              Weekly
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td style={{ minWidth: 180 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Anchor component="button" type="button" fw={weight ?? 500} size="sm" ta="left" onClick={() => onOpen(trip.id)}>
              {trip.destination || '—'}
            </Anchor>
            <PresenceAvatars tripId={trip.id} size={24} />
          </Group>
          <TripBuses trip={trip} />
        </Table.Td>
        <Table.Td>{trip.students}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTripDate(tripDate(trip))}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{trip.departureTime}</Table.Td>
        <Table.Td>
          <TripStatusBadge status={trip.status} size="sm" />
        </Table.Td>
        <Table.Td w={44}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={expanded}
            aria-label={expanded ? `Hide actions for ${trip.destination}` : `Show actions for ${trip.destination}`}
            onClick={() => onToggle(trip.id)}
          >
            {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr data-expanded-for={trip.id} bg="var(--mantine-color-default-hover)">
          <Table.Td colSpan={7} style={{ fontWeight: 400 }}>
            <TripActionButtons trip={trip} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
});

/** The same row as a card, for phones: every column's value, the expander and the actions, without sideways scrolling. */
const TripCard = memo(function TripCard({ trip, expanded, onToggle, onOpen }: TripRowProps) {
  const weight = trip.status === 'Pending' ? 700 : undefined;
  return (
    <Paper withBorder p="sm" radius="md" data-trip-id={trip.id} style={{ fontWeight: weight }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Anchor component="button" type="button" fw={weight ?? 600} size="sm" ta="left" onClick={() => onOpen(trip.id)}>
              {trip.destination || '—'}
            </Anchor>
            <PresenceAvatars tripId={trip.id} size={24} />
          </Group>
          <Text size="xs" c="dimmed" fw={weight}>
            {displayType(trip)} · {trip.students} students{trip.seriesId ? ' · weekly' : ''}
          </Text>
          <Text size="sm" fw={weight}>
            {formatTripDate(tripDate(trip))} · {trip.departureTime}
          </Text>
          <TripBuses trip={trip} />
        </Stack>
        <Group gap={4} wrap="nowrap">
          <TripStatusBadge status={trip.status} size="sm" />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={expanded}
            aria-label={expanded ? `Hide actions for ${trip.destination}` : `Show actions for ${trip.destination}`}
            onClick={() => onToggle(trip.id)}
          >
            {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          </ActionIcon>
        </Group>
      </Group>
      {expanded ? (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)', fontWeight: 400 }} data-expanded-for={trip.id}>
          <TripActionButtons trip={trip} />
        </div>
      ) : null}
    </Paper>
  );
});

/**
 * The All Trips table: Trip Type, Destination, Students, Date, Time, Status and an expander; only the page shown is
 * rendered. On a phone each row is a card (same values, same expander), so nothing scrolls sideways.
 */
export function TripsTable({
  trips,
  sort,
  onSort,
  expandedId,
  onToggle,
}: {
  trips: TripDto[];
  sort: DateSort;
  onSort: () => void;
  expandedId: number | null;
  onToggle: (id: number) => void;
}) {
  const { openDetails } = useTripWorkflow();
  const isPhone = usePhone();
  const SortIcon = sort === 'asc' ? IconArrowUp : sort === 'desc' ? IconArrowDown : IconArrowsSort;
  if (isPhone) {
    return (
      <Stack gap="xs">
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={<SortIcon size={14} />}
            onClick={onSort}
            aria-label={`Date, ${SORT_LABEL[sort]}`}
            title="Sort by date"
          >
            Date
          </Button>
        </Group>
        {trips.length === 0 ? (
          <EmptyState>No trips found</EmptyState>
        ) : (
          trips.map((trip) => (
            <TripCard key={trip.id} trip={trip} expanded={expandedId === trip.id} onToggle={onToggle} onOpen={openDetails} />
          ))
        )}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Trip Type</Table.Th>
            <Table.Th>Destination</Table.Th>
            <Table.Th>Students</Table.Th>
            <Table.Th aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}>
              <UnstyledButton onClick={onSort} aria-label={`Date, ${SORT_LABEL[sort]}`} title="Sort by date">
                <Group gap={4} wrap="nowrap">
                  <Text fw={700} size="sm">
                    Date
                  </Text>
                  <SortIcon size={14} />
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <EmptyState>No trips found</EmptyState>
              </Table.Td>
            </Table.Tr>
          ) : (
            trips.map((trip) => (
              <TripRow key={trip.id} trip={trip} expanded={expandedId === trip.id} onToggle={onToggle} onOpen={openDetails} />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
