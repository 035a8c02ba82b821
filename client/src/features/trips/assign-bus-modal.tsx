import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { TripMessages } from '@contracts/trip-messages';
import { BUS_TYPES, type BusAssignment, type BusType, type TripDto } from '@contracts/trip-wire';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../app/toast';
import { useSession } from '../auth/session-context';
import { mergeTripIntoBoards } from '../dispatch/dispatch.live';
import { useBuses, useDrivers } from '../fleet/fleet.api';
import {
  type Availability,
  availabilityText,
  busAvailability,
  byNaturalName,
  driverAvailability,
  suggestBus,
  suggestDriver,
  useTripsAround,
} from './assign-availability';
import { AssignedBusList } from './assign-bus-list';
import { SoftClaimGate } from './soft-claim';
import { TripConflictAlert } from './trip-conflict';
import { conflictOf, mergeTrip, tripHistoryKey, tripsApi, useTrip } from './trips.api';
import { Modal } from '../../components/error-boundaries';

/** The bus being typed in, before it joins the list. */
export interface BusDraft {
  busType: BusType;
  busSeats: number | '';
  tripPrice: number | '';
  driverName: string;
  driverPhone: string;
  /** A bus of the company's fleet: type and seats come from it. null: a hired vehicle typed in. */
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
const driverOption = (driver: DriverDto) => ({ value: String(driver.id), label: driver.name });

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

/** A row counts as filled in once it names a bus or a driver, or has a price: Save takes it without "Add Bus". */
export const isFilled = (draft: BusDraft) =>
  draft.busId !== null ||
  draft.driverId !== null ||
  draft.driverName.trim() !== '' ||
  draft.driverPhone.trim() !== '' ||
  draft.tripPrice !== '';

const MARK_COLOURS: Record<Availability['kind'], string> = { free: 'teal', busy: 'orange', notAllowed: 'red' };

/** An option with its mark, so a clash or an invalid licence is seen in the list, before Save. */
function markedOption(label: string, availability: Availability | undefined) {
  if (!availability) return label;
  return (
    <Text size="sm" span>
      {label}
      <Text span size="sm" c={MARK_COLOURS[availability.kind]}>
        {` — ${availabilityText(availability)}`}
      </Text>
    </Text>
  );
}

/** What the dispatcher has to know about the chosen bus or driver: nothing when it is free. */
function warningOf(availability: Availability | undefined): string | null {
  if (!availability || availability.kind === 'free') return null;
  const text = availabilityText(availability);
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

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
  // the server's refusal, with the buses it refused: it shows until those buses change
  const [saveError, setSaveError] = useState<{ message: string; buses: string } | null>(null);
  // dispatchers and admins pick from the assigned company's active fleet; everyone may still type a hired vehicle in
  const companyId = current.busCompanyOrgId;
  const fleetOn = companyId !== null && (profile?.role === 'bus_company' || profile?.role === 'admin');
  const busesQuery = useBuses(companyId, fleetOn);
  const driversQuery = useDrivers(companyId, fleetOn);
  const around = useTripsAround(current, fleetOn);
  const activeBuses = useMemo(
    () => (fleetOn ? (busesQuery.data ?? []).filter((b) => b.active).sort(byNaturalName) : []),
    [fleetOn, busesQuery.data],
  );
  const activeDrivers = useMemo(
    () => (fleetOn ? (driversQuery.data ?? []).filter((d) => d.active).sort(byNaturalName) : []),
    [fleetOn, driversQuery.data],
  );
  const busMarks = useMemo(
    () => new Map(around.ready ? activeBuses.map((b) => [b.id, busAvailability(b, current, around.trips)] as const) : []),
    [around.ready, around.trips, activeBuses, current],
  );
  const driverMarks = useMemo(
    () => new Map(around.ready ? activeDrivers.map((d) => [d.id, driverAvailability(d, current, around.trips)] as const) : []),
    [around.ready, around.trips, activeDrivers, current],
  );
  const [suggested, setSuggested] = useState<{ bus: string | null; driver: string | null } | null>(null);

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

  // Once the fleet and the company's trips are known, a trip without buses starts with a free bus that seats everyone
  // and a free driver licensed through the return (the bus the dispatcher started from first), so Save alone assigns.
  const fleetKnown =
    fleetOn &&
    suggested === null &&
    (busesQuery.data !== undefined || busesQuery.error !== undefined) &&
    (driversQuery.data !== undefined || driversQuery.error !== undefined) &&
    around.settled;
  useEffect(() => {
    if (!fleetKnown) return;
    const firstRow = (layer.base.buses ?? []).length === 0;
    const bus =
      firstRow && around.ready
        ? suggestBus(activeBuses, layer.base, around.trips, layer.busId)
        : (activeBuses.find((b) => b.id === layer.busId) ?? null);
    const driver = firstRow && around.ready ? suggestDriver(activeDrivers, layer.base, around.trips) : null;
    setSuggested(firstRow ? { bus: bus?.name ?? null, driver: driver?.name ?? null } : { bus: null, driver: null });
    // a choice the user already made stays
    setDraft((d) => {
      const withItsBus = bus && d.busId === null ? withBus(d, bus) : d;
      return driver && withItsBus.driverId === null && withItsBus.driverName.trim() === '' ? withDriver(withItsBus, driver) : withItsBus;
    });
  }, [fleetKnown, layer, activeBuses, activeDrivers, around.ready, around.trips]);

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

  const draftFilled = editing !== null || isFilled(draft);
  /** The buses Save sends: the list, with the row being filled in (or edited) in its place. */
  const toSend = (): BusAssignment[] => {
    if (!draftFilled) return buses;
    const row = toAssignment(draft);
    return editing === null ? [...buses, row] : buses.map((b, i) => (i === editing ? row : b));
  };
  const sending = draftFilled && validateBus(draft) === null ? toSend() : buses;
  const sendingKey = JSON.stringify(sending);

  // spec §4: Assign Bus patches the buses with status Confirmed, then records a subtrip
  const save = async () => {
    if (draftFilled) {
      const problem = validateBus(draft);
      setSeatsError(problem);
      if (problem) return;
    }
    const list = toSend();
    if (list.length === 0) {
      setListError(TripMessages.atLeastOneBus);
      return;
    }
    setSaving(true);
    setSaveError(null);
    let updated: TripDto;
    try {
      updated = await tripsApi.update(base.id, { buses: list, status: 'Confirmed', version: base.version });
    } catch (e) {
      setSaving(false);
      const conflict = conflictOf(e);
      if (conflict) {
        mergeTrip(conflict.trip);
        setConflictMessage(conflict.message);
        return;
      }
      // a double booking (409), an expired licence or too few seats (400) show in the server's words
      const reason = serverMessage(e);
      if (e instanceof ApiError && (e.status === 400 || e.status === 409) && reason) {
        setSaveError({ message: reason, buses: JSON.stringify(list) });
        return;
      }
      console.error(`Trip ${base.id}: assigning buses failed`, errorText(e));
      toast.error('Failed to assign buses. Please try again.');
      return;
    }
    mergeTrip(updated);
    mergeTripIntoBoards(updated);
    try {
      await tripsApi.addSubtrip(base.id, list);
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

  const totalSeats = sending.reduce((n, b) => n + b.busSeats, 0);
  const needed = defaultSeats(current);
  const shownSaveError = saveError && saveError.buses === sendingKey ? saveError.message : null;
  const shownListError = listError && sending.length === 0 ? listError : null;
  const chosenBusMark = draft.busId === null ? undefined : busMarks.get(draft.busId);
  const chosenDriverMark = draft.driverId === null ? undefined : driverMarks.get(draft.driverId);
  const busOptions = activeBuses.map(busOption);
  const driverOptions = activeDrivers.map(driverOption);

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
      {suggested && (suggested.bus || suggested.driver) ? (
        <Text size="sm">
          Suggested: {[suggested.bus, suggested.driver].filter(Boolean).join(' with ')}, free for this trip. Save to assign, or change it.
        </Text>
      ) : null}
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {fleetOn ? (
            <>
              <Select
                label="Fleet bus"
                placeholder="Hired vehicle: type it in"
                data={busOptions}
                renderOption={({ option }) => markedOption(option.label, busMarks.get(Number(option.value)))}
                value={draft.busId === null ? null : String(draft.busId)}
                onChange={chooseBus}
                error={warningOf(chosenBusMark)}
                searchable
                clearable
                allowDeselect={false}
                nothingFoundMessage="No active bus matches"
              />
              <Select
                label="Fleet driver"
                placeholder="Type the driver in"
                data={driverOptions}
                renderOption={({ option }) => markedOption(option.label, driverMarks.get(Number(option.value)))}
                value={draft.driverId === null ? null : String(draft.driverId)}
                onChange={chooseDriver}
                error={warningOf(chosenDriverMark)}
                searchable
                clearable
                allowDeselect={false}
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

      <AssignedBusList
        buses={buses}
        editing={editing}
        onEdit={(i) => {
          setEditing(i);
          setDraft(toDraft(buses[i]));
          setSeatsError(null);
        }}
        onRemove={(i) => {
          setBuses((list) => list.filter((_, j) => j !== i));
          if (editing === i) {
            setEditing(null);
            setDraft(emptyBus(base));
          }
        }}
      />
      {sending.length > 0 ? (
        <Text size="xs" c={totalSeats < needed ? 'orange' : 'dimmed'}>
          {totalSeats} seats for {needed} passengers
        </Text>
      ) : null}
      {shownSaveError ? (
        <Alert color="red" variant="light" title="Buses not saved" role="alert">
          {shownSaveError}
        </Alert>
      ) : null}
      {shownListError ? (
        <Text c="red" size="sm" role="alert">
          {shownListError}
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
