import { BUS_TYPES } from '@contracts/trip-wire';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CountInput } from '../../components/count-input';
import { DateTimeRangeFields, type RangeFields } from '../../components/date-time-range';
import { PointsEditor } from './booking-points-editor';
import { type BookingErrors, type BookingFormValues, emptyBooking, validateBooking } from './booking-values';

/** spec §5: Start date and time, End date and time; the end date follows the start date, and never falls before it. */
const BOOKING_RANGE = {
  startDate: { name: 'date', label: 'Start date' },
  startTime: { name: 'startTime', label: 'Start time' },
  endDate: { name: 'endDate', label: 'End date' },
  endTime: { name: 'endTime', label: 'End time' },
} as const satisfies RangeFields<keyof BookingFormValues>;

export function BookingForm({
  onSubmit,
  onCancel,
  extraFields,
}: {
  onSubmit: (values: BookingFormValues) => Promise<boolean>;
  onCancel: () => void;
  /** e.g. the school an admin books for */
  extraFields?: ReactNode;
}) {
  const [values, setValues] = useState<BookingFormValues>(emptyBooking);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof BookingFormValues>(key: K, value: BookingFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateBooking(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const ok = await onSubmit(values);
    setSaving(false);
    if (ok) setValues(emptyBooking());
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {extraFields}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Title"
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            placeholder="e.g. Science fair shuttle"
          />
          <TextInput label="Purpose" value={values.purpose} onChange={(e) => set('purpose', e.currentTarget.value)} />
          <DateTimeRangeFields
            fields={BOOKING_RANGE}
            values={values}
            errors={errors}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            endDateStaysAfterStart
          />
          <CountInput label="Students" required value={values.students} onChange={(n) => set('students', n)} error={errors.students} />
          <CountInput label="Adults" required value={values.adults} onChange={(n) => set('adults', n)} error={errors.adults} />
          <CountInput
            label="Buses requested"
            value={values.busesRequested}
            onChange={(n) => set('busesRequested', n)}
            error={errors.busesRequested}
          />
          <CountInput label="Duration (minutes)" value={values.durationMinutes} onChange={(n) => set('durationMinutes', n)} />
          <Select
            label="Bus type"
            data={[...BUS_TYPES]}
            value={values.busType || null}
            onChange={(t) => set('busType', t ?? '')}
            clearable
            placeholder="Any"
          />
        </SimpleGrid>
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Title order={5} mt="xs">
          Route
        </Title>
        <PointsEditor label="Pickup points" points={values.pickupPoints} onChange={(p) => set('pickupPoints', p)} />
        <PointsEditor label="Drop-off points" points={values.dropoffPoints} onChange={(p) => set('dropoffPoints', p)} />
        {errors.points ? (
          <Text c="red" size="sm" role="alert">
            {errors.points}
          </Text>
        ) : null}
        <Textarea label="Notes" autosize minRows={2} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Submit Booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
