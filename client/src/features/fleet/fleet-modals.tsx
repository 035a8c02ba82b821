import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { BUS_TYPES, type BusType } from '@contracts/trip-wire';
import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalid } from '../../components/form-errors';
import { type ReactNode, useState } from 'react';
import { DateField } from '../../components/date-field';
import { ResponsiveModal } from '../../components/responsive';
import { fleetApi, newestFleetRow, storeFleetRow } from './fleet.api';
import {
  blankBus,
  blankDriver,
  busBody,
  type BusForm,
  busFormOf,
  busProblems,
  driverBody,
  type DriverForm,
  driverFormOf,
  editVersion,
  driverProblems,
  type Problems,
} from './fleet-form';
import { fleetDone, fleetFailed } from './fleet-toasts';

/** The record a modal edits: `{ record: null }` adds a new one, null is closed. */
export type Editing<T> = { record: T | null } | null;

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

function FormModal({
  title,
  opened,
  onClose,
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      title={title}
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
        <Group justify="flex-end" mt="lg" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </ResponsiveModal>
  );
}

/**
 * A bus or driver form on `@mantine/form`, like the console's other forms: its values, the problems found on submit (a
 * field's problem clears as it is edited), and a submit that checks, sends, says so in a toast and closes, or keeps the
 * form open with the failure in a toast.
 */
function useFleetForm<F extends Record<string, unknown>>({
  initial,
  problemsOf,
  send,
  done,
  failed,
  onClose,
}: {
  initial: () => F;
  problemsOf: (form: F) => Problems<F>;
  send: (form: F) => Promise<void>;
  done: string;
  failed: string;
  onClose: () => void;
}) {
  const form = useForm<F>({ initialValues: initial(), validate: problemsOf });
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await send(values);
      fleetDone(done);
      onClose();
    } catch (e) {
      fleetFailed(failed, e);
    } finally {
      setBusy(false);
    }
  }, focusFirstInvalid);
  return {
    form: form.getValues(),
    set: <K extends keyof F & string>(key: K, value: F[K]) => form.setFieldValue(key, value as never),
    problems: form.errors as Problems<F>,
    busy,
    submit: () => submit(),
  };
}

interface RecordModalProps<T> {
  editing: Editing<T>;
  /** The company a new record joins; null: the caller's own. */
  companyId: number | null;
  onClose: () => void;
}

export function BusModal({ editing, companyId, onClose }: RecordModalProps<BusDto>) {
  const record = editing?.record ?? null;
  const { form, set, problems, busy, submit } = useFleetForm<BusForm>({
    initial: () => (record ? busFormOf(record) : blankBus()),
    problemsOf: busProblems,
    send: async (values) => {
      const bus = record
        ? await fleetApi.updateBus(record.id, {
            ...busBody(values),
            version: editVersion(record, newestFleetRow('bus', record.id), busFormOf),
          })
        : await fleetApi.createBus({ ...busBody(values), ...(companyId ? { companyId } : {}) });
      storeFleetRow({ bus });
    },
    done: record ? 'Bus updated.' : 'Bus added.',
    failed: record ? 'Failed to update bus' : 'Failed to add bus',
    onClose,
  });
  return (
    <FormModal
      title={record ? 'Edit Bus' : 'Add Bus'}
      opened={editing !== null}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={record ? 'Save Bus' : 'Add Bus'}
    >
      <TextInput
        label="Name or number"
        required
        value={form.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={problems.name}
      />
      <TextInput label="Plate" value={form.plate} onChange={(e) => set('plate', e.currentTarget.value)} error={problems.plate} />
      <Select
        label="Bus type"
        required
        data={[...BUS_TYPES]}
        value={form.busType}
        onChange={(v) => v && set('busType', v as BusType)}
        allowDeselect={false}
      />
      <NumberInput
        label="Seats"
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        value={form.seats}
        onChange={(n) => set('seats', toNumber(n))}
        error={problems.seats}
      />
      <NumberInput
        label="Booster seats"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={form.boosterSeats}
        onChange={(n) => set('boosterSeats', toNumber(n))}
        error={problems.boosterSeats}
      />
    </FormModal>
  );
}

export function DriverModal({ editing, companyId, onClose }: RecordModalProps<DriverDto>) {
  const record = editing?.record ?? null;
  const { form, set, problems, busy, submit } = useFleetForm<DriverForm>({
    initial: () => (record ? driverFormOf(record) : blankDriver()),
    problemsOf: driverProblems,
    send: async (values) => {
      const driver = record
        ? await fleetApi.updateDriver(record.id, {
            ...driverBody(values),
            version: editVersion(record, newestFleetRow('driver', record.id), driverFormOf),
          })
        : await fleetApi.createDriver({ ...driverBody(values), ...(companyId ? { companyId } : {}) });
      storeFleetRow({ driver });
    },
    done: record ? 'Driver updated.' : 'Driver added.',
    failed: record ? 'Failed to update driver' : 'Failed to add driver',
    onClose,
  });
  return (
    <FormModal
      title={record ? 'Edit Driver' : 'Add Driver'}
      opened={editing !== null}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={record ? 'Save Driver' : 'Add Driver'}
    >
      <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={problems.name} />
      <TextInput
        label="Mobile"
        required
        type="tel"
        value={form.mobile}
        onChange={(e) => set('mobile', e.currentTarget.value)}
        error={problems.mobile}
      />
      <DateField
        label="Licence expiry"
        required
        value={form.licenceExpiry}
        onChange={(date) => set('licenceExpiry', date)}
        error={problems.licenceExpiry}
      />
    </FormModal>
  );
}
