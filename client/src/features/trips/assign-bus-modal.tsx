import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { TripMessages } from '@contracts/trip-messages';
import { BUS_TYPES, type BusAssignment, type BusType, type TripDto } from '@contracts/trip-wire';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError, errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../app/toast';
import { useSession } from '../auth/session-context';
import { mergeTripIntoBoards } from '../dispatch/dispatch.live';
import { useBuses, useDrivers } from '../fleet/fleet.api';
import { SoftClaimGate } from './soft-claim';
import { TripConflictAlert } from './trip-conflict';
import { formatAed } from './trip-view';
import { conflictOf, mergeTrip, tripHistoryKey, tripsApi, useTrip } from './trips.api';
import { Modal } from '../../components/error-boundaries';

/** The bus being typed in, before it joins the list. */
export interface BusDraft {
  busType: BusType;
  busSeats: number | '';
  tripPrice: number | '';
  driverName: string;
  driverPhone: string;
  /** A bus of the company's fleet (issue 15): type and seats come from it. null: a hired vehicle typed in. */
  busId: number | null;
  busName: string | null;
  /** A driver of the company's fleet: name and mobile come from them. */
  driverId: number | null;
}

/** spec §5: seats default to students plus staff. */
export const defaultSeats = (trip: Pick<TripDto, 'students' | 'staff'>) => (trip.students ?? 0) + (trip.staff ?? 0);

export const emptyBus = (trip: Pick<TripDto, 'students' | 'staff'>): BusDraft => ({
  busType: BUS_TYPES[0],
  busSeats: defaultSeats(trip) || '',
  tripPrice: '',
  driverName: '',
  driverPhone: '',
  busId: null,
  busName: null,
  driverId: null,
});

/** A fleet bus chosen: its type, seats and name fill the draft. */
export const withBus = (draft: BusDraft, bus: BusDto): BusDraft => ({
  ...draft,
  busId: bus.id,
  busName: bus.name,
  busType: bus.busType,
  busSeats: bus.seats,
});

/** A fleet driver chosen: their name and mobile fill the draft. */
export const withDriver = (draft: BusDraft, driver: DriverDto): BusDraft => ({
  ...draft,
  driverId: driver.id,
  driverName: driver.name,
  driverPhone: driver.mobile,
});

/** spec §5 Assign bus: seats are required. */
export function validateBus(bus: BusDraft): string | null {
  return bus.busSeats === '' || !(bus.busSeats > 0) ? TripMessages.busSeatsRequired : null;
}

export function toAssignment(bus: BusDraft): BusAssignment {
  return {
    busType: bus.busType,
    busSeats: Number(bus.busSeats),
    tripPrice: bus.tripPrice === '' ? null : Number(bus.tripPrice),
    driverName: bus.driverName.trim() || null,
    driverPhone: bus.driverPhone.trim() || null,
    status: null,
    // the fleet ids only when chosen: a hired vehicle's item keeps the spec's shape
    ...(bus.busId !== null ? { busId: bus.busId, busName: bus.busName } : {}),
    ...(bus.driverId !== null ? { driverId: bus.driverId } : {}),
  };
}

const toDraft = (bus: BusAssignment): BusDraft => ({
  busType: bus.busType,
  busSeats: bus.busSeats,
  tripPrice: bus.tripPrice ?? '',
  driverName: bus.driverName ?? '',
  driverPhone: bus.driverPhone ?? '',
  busId: bus.busId ?? null,
  busName: bus.busName ?? null,
  driverId: bus.driverId ?? null,
});

const busOption = (bus: BusDto) => ({ value: String(bus.id), label: `${bus.name} · ${bus.busType} · ${bus.seats} seats` });
const driverOption = (driver: DriverDto) => ({
  value: String(driver.id),
  label: `${driver.name}${driver.licenceStatus === 'expired' ? ' (licence expired)' : driver.licenceStatus === 'expiresSoon' ? ' (licence expires soon)' : ''}`,
});

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

function AssignBusBody({
  layer,
  onClose,
  onAssigned,
}: {
  layer: { tripId: number; base: TripDto; busId?: number };
  onClose: () => void;
  onAssigned: (trip: TripDto) => void;
}) {
  const { data } = useTrip(layer.tripId);
  const { profile } = useSession();
  const current = data ?? layer.base;
  const [base, setBase] = useState<TripDto>(layer.base);
  const [buses, setBuses] = useState<BusAssignment[]>(() => layer.base.buses ?? []);
  const [draft, setDraft] = useState<BusDraft>(() => emptyBus(layer.base));
  const [editing, setEditing] = useState<number | null>(null);
  const [seatsError, setSeatsError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [conflictMessage, setConflictMessage] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // issue 15: dispatchers and admins pick from the assigned company's active fleet; everyone may still type a hired vehicle in
  const companyId = current.busCompanyOrgId;
  const fleetOn = companyId !== null && (profile?.role === 'bus_company' || profile?.role === 'admin');
  const { data: fleetBuses } = useBuses(companyId, fleetOn);
  const { data: fleetDrivers } = useDrivers(companyId, fleetOn);
  const activeBuses = fleetOn ? (fleetBuses ?? []).filter((b) => b.active) : [];
  const activeDrivers = fleetOn ? (fleetDrivers ?? []).filter((d) => d.active) : [];
  const [preselect, setPreselect] = useState(layer.busId ?? null);

  const set = <K extends keyof BusDraft>(key: K, value: BusDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const chooseBus = (id: string | null) => {
    const bus = activeBuses.find((b) => String(b.id) === id);
    setDraft((d) => (bus ? withBus(d, bus) : { ...d, busId: null, busName: null }));
    setSeatsError(null);
  };
  const chooseDriver = (id: string | null) => {
    const driver = activeDrivers.find((d) => String(d.id) === id);
    setDraft((d) => (driver ? withDriver(d, driver) : { ...d, driverId: null }));
  };

  // started from a bus's row on the board: that bus, once the fleet has loaded
  const preselected = preselect === null ? undefined : activeBuses.find((b) => b.id === preselect);
  useEffect(() => {
    if (!preselected) return;
    setDraft((d) => withBus(d, preselected));
    setPreselect(null);
  }, [preselected]);

  const addOrUpdate = () => {
    const problem = validateBus(draft);
    setSeatsError(problem);
    if (problem) return;
    const bus = toAssignment(draft);
    if (editing === null) {
      setBuses((list) => [...list, bus]);
      toast.success('Bus added to list.');
    } else {
      setBuses((list) => list.map((b, i) => (i === editing ? bus : b)));
      setEditing(null);
      toast.success('Bus updated successfully.');
    }
    setListError(null);
    setDraft(emptyBus(base));
  };

  // spec §4: Assign Bus patches the buses with status Confirmed, then records a subtrip
  const save = async () => {
    if (buses.length === 0) {
      setListError(TripMessages.atLeastOneBus);
      return;
    }
    setSaving(true);
    setSaveError(null);
    let updated: TripDto;
    try {
      updated = await tripsApi.update(base.id, { buses, status: 'Confirmed', version: base.version });
    } catch (e) {
      setSaving(false);
      const conflict = conflictOf(e);
      if (conflict) {
        mergeTrip(conflict.trip);
        setConflictMessage(conflict.message);
        return;
      }
      // issue 15: a double booking (409), an expired licence or too few seats (400) show in the server's words
      const reason = serverMessage(e);
      if (e instanceof ApiError && (e.status === 400 || e.status === 409) && reason) {
        setSaveError(reason);
        return;
      }
      console.error(`Trip ${base.id}: assigning buses failed`, errorText(e));
      toast.error('Failed to assign buses. Please try again.');
      return;
    }
    mergeTrip(updated);
    mergeTripIntoBoards(updated);
    try {
      await tripsApi.addSubtrip(base.id, buses);
    } catch (e) {
      // the trip is confirmed with its buses; only the subtrip record is missing (spec §8: logged)
      console.error(`Error loading sub-trips for trip ${base.id}: the subtrip could not be recorded`, errorText(e));
    }
    invalidateQueries(tripHistoryKey(base.id));
    setSaving(false);
    toast.success('Buses assigned successfully!');
    onClose();
    onAssigned(updated);
  };

  const totalSeats = buses.reduce((n, b) => n + b.busSeats, 0);
  const needed = defaultSeats(current);

  return (
    <Stack gap="sm">
      {conflictMessage || current.version > base.version ? (
        <TripConflictAlert
          title={conflictMessage ? 'This trip was changed by someone else' : 'Someone else just changed this trip'}
          message={conflictMessage ?? 'The buses are not saved yet.'}
          before={base}
          current={current}
          actions={
            <Button
              size="compact-sm"
              onClick={() => {
                setBase(current);
                setConflictMessage(null);
              }}
            >
              Keep my buses
            </Button>
          }
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {current.destination} · {current.students} students{current.staff ? `, ${current.staff} staff` : ''}
      </Text>
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {fleetOn ? (
            <>
              <Select
                label="Fleet bus"
                placeholder="Hired vehicle: type it in"
                data={activeBuses.map(busOption)}
                value={draft.busId === null ? null : String(draft.busId)}
                onChange={chooseBus}
                searchable
                clearable
                nothingFoundMessage="No active bus matches"
              />
              <Select
                label="Fleet driver"
                placeholder="Type the driver in"
                data={activeDrivers.map(driverOption)}
                value={draft.driverId === null ? null : String(draft.driverId)}
                onChange={chooseDriver}
                searchable
                clearable
                nothingFoundMessage="No active driver matches"
              />
            </>
          ) : null}
          <Select
            label="Bus type"
            required
            data={[...BUS_TYPES]}
            value={draft.busType}
            onChange={(v) => v && set('busType', v as BusType)}
            allowDeselect={false}
            readOnly={draft.busId !== null}
          />
          <NumberInput
            label="Seats"
            required
            readOnly={draft.busId !== null}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={draft.busSeats}
            onChange={(n) => {
              set('busSeats', toNumber(n));
              setSeatsError(null);
            }}
            error={seatsError}
          />
          <NumberInput
            label="Price (AED)"
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            value={draft.tripPrice}
            onChange={(n) => set('tripPrice', toNumber(n))}
          />
          <TextInput
            label="Driver name"
            value={draft.driverName}
            readOnly={draft.driverId !== null}
            onChange={(e) => set('driverName', e.currentTarget.value)}
          />
          <TextInput
            label="Driver phone"
            type="tel"
            readOnly={draft.driverId !== null}
            value={draft.driverPhone}
            onChange={(e) => set('driverPhone', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm" gap="xs">
          {editing !== null ? (
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                setEditing(null);
                setDraft(emptyBus(base));
                setSeatsError(null);
              }}
            >
              Stop editing
            </Button>
          ) : null}
          <Button size="xs" leftSection={editing === null ? <IconPlus size={14} /> : <IconPencil size={14} />} onClick={addOrUpdate}>
            {editing === null ? 'Add Bus' : 'Update Bus'}
          </Button>
        </Group>
      </Paper>

      {buses.length === 0 ? (
        <Text size="sm" c="dimmed">
          No buses in the list yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bus type</Table.Th>
                <Table.Th>Seats</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Driver</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {buses.map((bus, i) => (
                <Table.Tr key={i} bg={editing === i ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>{bus.busName ? `${bus.busName} · ${bus.busType}` : bus.busType}</Table.Td>
                  <Table.Td>{bus.busSeats}</Table.Td>
                  <Table.Td>{bus.tripPrice != null ? formatAed(bus.tripPrice) : '—'}</Table.Td>
                  <Table.Td>
                    {bus.driverName || '—'}
                    {bus.driverPhone ? ` · ${bus.driverPhone}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit bus ${i + 1}`}
                        onClick={() => {
                          setEditing(i);
                          setDraft(toDraft(bus));
                          setSeatsError(null);
                        }}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove bus ${i + 1}`}
                        onClick={() => {
                          setBuses((list) => list.filter((_, j) => j !== i));
                          if (editing === i) {
                            setEditing(null);
                            setDraft(emptyBus(base));
                          }
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {buses.length > 0 ? (
        <Text size="xs" c={totalSeats < needed ? 'orange' : 'dimmed'}>
          {totalSeats} seats for {needed} passengers
        </Text>
      ) : null}
      {saveError ? (
        <Alert color="red" variant="light" title="Buses not saved" role="alert">
          {saveError}
        </Alert>
      ) : null}
      {listError ? (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={saving}>
          Save Buses
        </Button>
      </Group>
    </Stack>
  );
}

/** spec §2 / §5 Assign Bus modal. */
export function AssignBusModal({
  layer,
  onClose,
  onAssigned,
  stackId,
}: {
  layer: { tripId: number; base: TripDto; busId?: number } | null;
  onClose: () => void;
  onAssigned: (trip: TripDto) => void;
  stackId?: string;
}) {
  const isMobile = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={layer !== null}
      onClose={onClose}
      stackId={stackId}
      title="Assign Bus"
      size="lg"
      fullScreen={isMobile}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {layer ? (
        <SoftClaimGate key={layer.tripId} tripId={layer.tripId} activity="assigning" onClose={onClose}>
          <AssignBusBody layer={layer} onClose={onClose} onAssigned={onAssigned} />
        </SoftClaimGate>
      ) : null}
    </Modal>
  );
}
