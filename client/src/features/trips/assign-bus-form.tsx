import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { BUS_TYPES, type BusType } from '@contracts/trip-wire';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { type Availability, availabilityText } from './assign-availability';
import { toNumber } from './assign-bus-draft';
import type { AssignFleet } from './use-assign-fleet';
import type { BusListDraft } from './use-assign-bus';

const busOption = (bus: BusDto) => ({ value: String(bus.id), label: `${bus.name} · ${bus.busType} · ${bus.seats} seats` });
const driverOption = (driver: DriverDto) => ({ value: String(driver.id), label: driver.name });

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

/** The fleet's buses and drivers to choose from, each marked free, busy or not allowed for the trip. */
function FleetChoices({ fleet, list }: { fleet: AssignFleet; list: BusListDraft }) {
  const { draft } = list;
  return (
    <>
      <Select
        label="Fleet bus"
        placeholder="Hired vehicle: type it in"
        data={fleet.activeBuses.map(busOption)}
        renderOption={({ option }) => markedOption(option.label, fleet.busMarks.get(Number(option.value)))}
        value={draft.busId === null ? null : String(draft.busId)}
        onChange={(id) => list.chooseBus(fleet.activeBuses.find((b) => String(b.id) === id))}
        error={warningOf(draft.busId === null ? undefined : fleet.busMarks.get(draft.busId))}
        searchable
        clearable
        allowDeselect={false}
        nothingFoundMessage="No active bus matches"
      />
      <Select
        label="Fleet driver"
        placeholder="Type the driver in"
        data={fleet.activeDrivers.map(driverOption)}
        renderOption={({ option }) => markedOption(option.label, fleet.driverMarks.get(Number(option.value)))}
        value={draft.driverId === null ? null : String(draft.driverId)}
        onChange={(id) => list.chooseDriver(fleet.activeDrivers.find((d) => String(d.id) === id))}
        error={warningOf(draft.driverId === null ? undefined : fleet.driverMarks.get(draft.driverId))}
        searchable
        clearable
        allowDeselect={false}
        nothingFoundMessage="No active driver matches"
      />
    </>
  );
}

/**
 * The bus being typed in: a fleet bus and driver where the company's fleet is offered, else (or for a hired vehicle)
 * the type, seats, price and driver by hand; Add Bus (or Update Bus, for a row being edited) puts it in the list.
 */
export function AssignBusForm({ fleet, list }: { fleet: AssignFleet; list: BusListDraft }) {
  const { draft, set, editing } = list;
  return (
    <Paper withBorder p="sm" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {fleet.fleetOn ? <FleetChoices fleet={fleet} list={list} /> : null}
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
          onChange={(n) => set('busSeats', toNumber(n))}
          error={list.seatsError}
        />
        <NumberInput
          label="Price (AED)"
          min={0}
          decimalScale={2}
          fixedDecimalScale
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
          <Button variant="default" size="xs" onClick={list.stopEditing}>
            Stop editing
          </Button>
        ) : null}
        <Button size="xs" leftSection={editing === null ? <IconPlus size={14} /> : <IconPencil size={14} />} onClick={list.addOrUpdate}>
          {editing === null ? 'Add Bus' : 'Update Bus'}
        </Button>
      </Group>
    </Paper>
  );
}
