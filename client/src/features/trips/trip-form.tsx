import { TRIP_TYPES, type TripType } from '@contracts/trip-wire';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CountInput } from '../../components/count-input';
import { DateTimeRangeFields, type RangeFields } from '../../components/date-time-range';
import { emptyTripForm, type TripFormErrors, type TripFormValues, validateTripForm } from './trip-form-values';

/**
 * Departure date and time, Return date and time. The return date follows the departure until set apart; the return
 * time stays empty until picked, so nobody has to clear a departure time out of it first.
 */
const TRIP_RANGE = {
  startDate: { name: 'departureDate', label: 'Departure date' },
  startTime: { name: 'departureTime', label: 'Departure time' },
  endDate: { name: 'returnDate', label: 'Return date' },
  endTime: { name: 'returnTime', label: 'Return time' },
} as const satisfies RangeFields<keyof TripFormValues>;

export interface TripFormProps {
  initial?: TripFormValues;
  submitLabel: string;
  /** Resolves true when saved; the request form then starts afresh. */
  onSubmit: (values: TripFormValues) => Promise<boolean>;
  onCancel?: () => void;
  /** Fields above the form's own (the school an admin requests for). */
  extraFields?: ReactNode;
  /** Buttons at the left of the footer (the edit form's Request Cancel). */
  extraActions?: ReactNode;
  /** A blocking check of the extra fields; a message stops the submit. */
  extraError?: () => string | null;
  resetOnSuccess?: boolean;
}

export function TripForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  extraFields,
  extraActions,
  extraError,
  resetOnSuccess,
}: TripFormProps) {
  const [values, setValues] = useState<TripFormValues>(() => initial ?? emptyTripForm());
  const [errors, setErrors] = useState<TripFormErrors>({});
  const [saving, setSaving] = useState(false);

  /** Changes fields and forgets their messages. */
  const change = (patch: Partial<TripFormValues>) => {
    const keys = Object.keys(patch) as (keyof TripFormValues)[];
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => (keys.some((k) => e[k]) ? { ...e, ...Object.fromEntries(keys.map((k) => [k, undefined])) } : e));
  };
  const set = <K extends keyof TripFormValues>(key: K, value: TripFormValues[K]) => change({ [key]: value } as Partial<TripFormValues>);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateTripForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean) || extraError?.()) return;
    setSaving(true);
    try {
      const ok = await onSubmit(values);
      if (ok && resetOnSuccess) setValues(initial ?? emptyTripForm());
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {extraFields}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label="Trip type"
            required
            data={[...TRIP_TYPES]}
            value={values.tripType}
            onChange={(t) => t && set('tripType', t as TripType)}
            allowDeselect={false}
            error={errors.tripType}
          />
          {values.tripType === 'Other' ? (
            <TextInput
              label="Custom trip type"
              required
              value={values.customType}
              onChange={(e) => set('customType', e.currentTarget.value)}
              error={errors.customType}
              placeholder="e.g. Choir tour"
            />
          ) : (
            <TextInput label="Origin" value={values.origin} onChange={(e) => set('origin', e.currentTarget.value)} />
          )}
          {values.tripType === 'Other' ? (
            <TextInput label="Origin" value={values.origin} onChange={(e) => set('origin', e.currentTarget.value)} />
          ) : null}
          <TextInput
            label="Destination"
            required
            value={values.destination}
            onChange={(e) => set('destination', e.currentTarget.value)}
            error={errors.destination}
          />
          <DateTimeRangeFields fields={TRIP_RANGE} values={values} errors={errors} onChange={change} timePlaceholder="hh:mm AM" />
          <CountInput label="Students" required value={values.students} onChange={(n) => set('students', n)} error={errors.students} />
          <CountInput label="Staff" value={values.staff} onChange={(n) => set('staff', n)} error={errors.staff} />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Checkbox
            label="Booster seats requested"
            checked={values.boosterSeatsRequested}
            onChange={(e) => set('boosterSeatsRequested', e.currentTarget.checked)}
            mb={values.boosterSeatsRequested ? 8 : 0}
          />
          {values.boosterSeatsRequested ? (
            <CountInput
              label="Booster seats"
              required
              value={values.boosterSeatCount}
              onChange={(n) => set('boosterSeatCount', n)}
              error={errors.boosterSeatCount}
              w={160}
            />
          ) : null}
        </Group>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={6}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
        <Group justify="space-between" mt="xs" gap="xs">
          <Group gap="xs">{extraActions}</Group>
          <Group gap="xs" ml="auto">
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
