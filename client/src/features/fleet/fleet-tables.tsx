import { formatDay } from '@contracts/fleet-rules';
import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { Button, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { CardList, RecordCard } from '../../components/record-cards';
import { useCards } from '../../components/responsive';
import { scrollRegion } from '../../components/scroll-region';
import { DeactivateDialog, type Deactivation } from './fleet-deactivate-dialog';
import { accountLine, InviteDialog, openInvitation } from './fleet-invite';
import { BusModal, DriverModal, type Editing } from './fleet-modals';
import { LicenceBadge, RowActions, Section, StatusBadge } from './fleet-parts';
import { byFleetName, useBuses, useDrivers } from './fleet.api';
import { type ToggleActive, useToggleActive } from './use-toggle-active';

/** A list's loading, failure and empty states, else the list itself. */
function Loaded({
  state,
  what,
  empty,
  children,
}: {
  state: { loading: boolean; error: unknown; data?: readonly unknown[]; refetch: () => unknown };
  what: string;
  empty: string;
  children: ReactNode;
}) {
  if (state.loading) return <LoadingScreen text={`Loading ${what}...`} minHeight="120px" />;
  if (state.error) return <LoadFailed title={`Failed to load ${what}`} error={state.error} onRetry={state.refetch} />;
  if ((state.data?.length ?? 0) === 0) return <EmptyState>{empty}</EmptyState>;
  return children;
}

type FleetRecord = BusDto | DriverDto;

/** How a list shows its records: the columns between Name and Status, and a card's lines and badges. */
interface FleetListSpec<T extends FleetRecord> {
  kind: 'bus' | 'driver';
  label: string;
  minWidth: number;
  columns: { header: string; cell: (record: T) => ReactNode }[];
  cardLines: (record: T) => string[];
  cardBadges?: (record: T) => ReactNode;
}

/**
 * A driver's Invite: for an active driver without an account, "Invite", or "Invite again" while a link is open (a new
 * link voids it); nothing once they have an account.
 */
function InviteAction({ driver, onInvite }: { driver: DriverDto; onInvite: (driver: DriverDto) => void }) {
  if (!driver.active || driver.account) return null;
  const again = openInvitation(driver) !== null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => onInvite(driver)}
      aria-label={again ? `Invite ${driver.name} again` : `Invite ${driver.name}`}
    >
      {again ? 'Invite again' : 'Invite'}
    </Button>
  );
}

const BUS_LIST: FleetListSpec<BusDto> = {
  kind: 'bus',
  label: 'Buses',
  minWidth: 640,
  columns: [
    { header: 'Plate', cell: (bus) => bus.plate ?? '—' },
    { header: 'Type', cell: (bus) => bus.busType },
    { header: 'Seats', cell: (bus) => bus.seats },
    { header: 'Booster seats', cell: (bus) => bus.boosterSeats },
  ],
  cardLines: (bus) => [`${bus.plate ?? 'No plate'} · ${bus.busType}`, `${bus.seats} seats · ${bus.boosterSeats} booster seats`],
};

const DRIVER_LIST: FleetListSpec<DriverDto> = {
  kind: 'driver',
  label: 'Drivers',
  minWidth: 780,
  columns: [
    { header: 'Mobile', cell: (driver) => driver.mobile },
    {
      header: 'Licence expiry',
      cell: (driver) => (
        <>
          <Text size="sm">{formatDay(driver.licenceExpiry, true)}</Text>
          <LicenceBadge driver={driver} />
        </>
      ),
    },
    { header: 'Account', cell: (driver) => <Text size="sm">{accountLine(driver)}</Text> },
  ],
  cardLines: (driver) => [driver.mobile, `Licence expiry ${formatDay(driver.licenceExpiry, true)}`, accountLine(driver)],
  cardBadges: (driver) => <LicenceBadge driver={driver} />,
};

/** A company's buses or drivers: a table, or on a narrow screen a card each; every one with Edit and (De/Re)activate. */
function FleetList<T extends FleetRecord>({
  spec,
  records,
  cards,
  onEdit,
  toggle,
  extraActions,
}: {
  spec: FleetListSpec<T>;
  records: T[];
  cards: boolean;
  onEdit: (record: T) => void;
  toggle: ToggleActive;
  extraActions?: (record: T) => ReactNode;
}) {
  const idAttribute = (record: T) => ({ [`data-${spec.kind}-id`]: record.id });
  const actions = (record: T) => (
    <RowActions
      name={record.name}
      active={record.active}
      onEdit={() => onEdit(record)}
      onToggle={() => toggle.press({ kind: spec.kind, record } as Deactivation)}
      extra={extraActions?.(record)}
    />
  );
  if (cards) {
    return (
      <CardList label={spec.label}>
        {records.map((record) => (
          <RecordCard
            key={record.id}
            {...idAttribute(record)}
            title={record.name}
            lines={spec.cardLines(record)}
            badges={
              <>
                <StatusBadge active={record.active} />
                {spec.cardBadges?.(record)}
              </>
            }
            actions={actions(record)}
          />
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={spec.minWidth} scrollAreaProps={scrollRegion(`${spec.label} table`)}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {spec.columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} {...idAttribute(record)}>
              <Table.Td fw={600}>{record.name}</Table.Td>
              {spec.columns.map((column) => (
                <Table.Td key={column.header}>{column.cell(record)}</Table.Td>
              ))}
              <Table.Td>
                <StatusBadge active={record.active} />
              </Table.Td>
              <Table.Td>{actions(record)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A company's buses and drivers, each section with its Add button, and the add, edit and deactivate dialogs. */
export function FleetTables({ companyId }: { companyId: number | null }) {
  const buses = useBuses(companyId);
  const drivers = useDrivers(companyId);
  const [busEditing, setBusEditing] = useState<Editing<BusDto>>(null);
  const [driverEditing, setDriverEditing] = useState<Editing<DriverDto>>(null);
  const [inviting, setInviting] = useState<DriverDto | null>(null);
  const toggle = useToggleActive();
  // each bus and driver a card on a phone, so its buttons stay on screen; the tables still fit a small tablet
  const cards = useCards();

  return (
    <Stack gap="md">
      <Section
        title="Buses"
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setBusEditing({ record: null })}>
            Add Bus
          </Button>
        }
      >
        <Loaded state={buses} what="buses" empty="No buses yet.">
          <FleetList
            spec={BUS_LIST}
            records={[...(buses.data ?? [])].sort(byFleetName)}
            cards={cards}
            onEdit={(bus) => setBusEditing({ record: bus })}
            toggle={toggle}
          />
        </Loaded>
      </Section>
      <Section
        title="Drivers"
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setDriverEditing({ record: null })}>
            Add Driver
          </Button>
        }
      >
        <Loaded state={drivers} what="drivers" empty="No drivers yet.">
          <FleetList
            spec={DRIVER_LIST}
            records={[...(drivers.data ?? [])].sort(byFleetName)}
            cards={cards}
            onEdit={(driver) => setDriverEditing({ record: driver })}
            toggle={toggle}
            extraActions={(driver) => <InviteAction driver={driver} onInvite={setInviting} />}
          />
        </Loaded>
      </Section>
      {/* keyed by record, so each opening starts from that record's values */}
      <BusModal
        key={`bus-${busEditing?.record?.id ?? 'new'}-${busEditing ? 1 : 0}`}
        editing={busEditing}
        companyId={companyId}
        onClose={() => setBusEditing(null)}
      />
      <DriverModal
        key={`driver-${driverEditing?.record?.id ?? 'new'}-${driverEditing ? 1 : 0}`}
        editing={driverEditing}
        companyId={companyId}
        onClose={() => setDriverEditing(null)}
      />
      <InviteDialog key={`invite-${inviting?.id ?? 'none'}`} driver={inviting} onClose={() => setInviting(null)} />
      <DeactivateDialog
        pending={toggle.pending}
        companyId={companyId}
        loading={toggle.busy}
        onCancel={toggle.cancel}
        onConfirm={toggle.confirm}
      />
    </Stack>
  );
}
