import { BOOKING_END_AFTER_START, type BookingPoint, bookingEndsAfterStart } from '@contracts/bookings';
import { BUS_TYPES } from '@contracts/trip-wire';
import { ActionIcon, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TimeSelect } from '../../components/time-select';
import type { BookingPayload } from './bookings.api';

export interface BookingFormValues {
  title: string;
  purpose: string;
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
  durationMinutes: number | '';
  students: number | '';
  adults: number | '';
  busesRequested: number | '';
  busType: string;
  notes: string;
  pickupPoints: BookingPoint[];
  dropoffPoints: BookingPoint[];
}

/** spec §5/§9 booking defaults: start 08:00 AM, end 03:30 PM; students and adults 0. */
export const emptyBooking = (): BookingFormValues => ({
  title: '',
  purpose: '',
  date: '',
  startTime: '08:00 AM',
  endDate: '',
  endTime: '03:30 PM',
  durationMinutes: '',
  students: 0,
  adults: 0,
  busesRequested: '',
  busType: '',
  notes: '',
  pickupPoints: [],
  dropoffPoints: [],
});

export type BookingErrors = Partial<Record<keyof BookingFormValues | 'points' | 'form', string>>;

const POINT_INCOMPLETE = 'Each pickup or drop-off point needs a location name and a time.';

/** spec §5 Booking form rules (the server words the same checks identically). */
export function validateBooking(v: BookingFormValues): BookingErrors {
  const errors: BookingErrors = {};
  if (!v.date) errors.date = 'Start date is required.';
  if (!v.endDate) errors.endDate = 'End date is required.';
  if (!v.startTime) errors.startTime = 'Start time is required.';
  if (!v.endTime) errors.endTime = 'End time is required.';
  if (v.students === '') errors.students = 'Number of students is required.';
  else if (v.students < 0) errors.students = 'Students must be a whole number, 0 or more.';
  if (v.adults === '') errors.adults = 'Number of adults is required.';
  else if (v.adults < 0) errors.adults = 'Adults must be a whole number, 0 or more.';
  if (v.busesRequested !== '' && v.busesRequested < 0) errors.busesRequested = 'Buses requested must be a whole number, 0 or more.';
  if ([...v.pickupPoints, ...v.dropoffPoints].some((p) => !p.location.trim() || !p.time)) errors.points = POINT_INCOMPLETE;
  if (v.date && v.endDate && v.startTime && v.endTime && !bookingEndsAfterStart(v)) errors.form = BOOKING_END_AFTER_START;
  return errors;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

export function toPayload(v: BookingFormValues, who: { name: string; email: string; id: number }): BookingPayload {
  const cleanPoints = (points: BookingPoint[]) =>
    points.map((p) => ({ location: p.location.trim(), address: orNull(p.address ?? ''), time: p.time }));
  return {
    title: orNull(v.title),
    purpose: orNull(v.purpose),
    date: v.date,
    startTime: v.startTime,
    endDate: v.endDate,
    endTime: v.endTime,
    durationMinutes: v.durationMinutes === '' ? null : v.durationMinutes,
    students: v.students === '' ? 0 : v.students,
    adults: v.adults === '' ? 0 : v.adults,
    pickupPoints: cleanPoints(v.pickupPoints),
    dropoffPoints: cleanPoints(v.dropoffPoints),
    busesRequested: v.busesRequested === '' ? null : v.busesRequested,
    busType: orNull(v.busType),
    notes: orNull(v.notes),
    createdBy: who.name,
    createdByEmail: who.email,
    createdById: who.id,
    status: 'Requested',
  };
}

const toCount = (value: string | number): number | '' => (value === '' ? '' : Number(value));

function PointsEditor({ label, points, onChange }: { label: string; points: BookingPoint[]; onChange: (points: BookingPoint[]) => void }) {
  const update = (index: number, patch: Partial<BookingPoint>) => onChange(points.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...points, { location: '', address: null, time: '' }])}
        >
          Add point
        </Button>
      </Group>
      {points.length === 0 ? (
        <Text size="xs" c="dimmed">
          None added.
        </Text>
      ) : null}
      {points.map((point, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={4} style={{ flex: 1 }}>
            <TextInput
              size="xs"
              label="Location"
              required
              value={point.location}
              onChange={(e) => update(index, { location: e.currentTarget.value })}
            />
            <TextInput
              size="xs"
              label="Address"
              value={point.address ?? ''}
              onChange={(e) => update(index, { address: e.currentTarget.value })}
            />
            <TimeSelect
              size="xs"
              label="Time"
              required
              value={point.time || null}
              onChange={(time) => update(index, { time: time ?? '' })}
              placeholder="07:30 AM"
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(points.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

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
          <TextInput
            type="date"
            label="Start date"
            required
            value={values.date}
            onChange={(e) => {
              const date = e.currentTarget.value;
              // spec §5: the end date defaults to the start date
              setValues((v) => ({ ...v, date, endDate: !v.endDate || v.endDate === v.date || v.endDate < date ? date : v.endDate }));
            }}
            error={errors.date}
          />
          <TimeSelect
            label="Start time"
            required
            value={values.startTime || null}
            onChange={(t) => set('startTime', t ?? '')}
            error={errors.startTime}
          />
          <TextInput
            type="date"
            label="End date"
            required
            value={values.endDate}
            min={values.date || undefined}
            onChange={(e) => set('endDate', e.currentTarget.value)}
            error={errors.endDate}
          />
          <TimeSelect
            label="End time"
            required
            value={values.endTime || null}
            onChange={(t) => set('endTime', t ?? '')}
            error={errors.endTime}
          />
          <NumberInput
            label="Students"
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.students}
            onChange={(n) => set('students', toCount(n))}
            error={errors.students}
          />
          <NumberInput
            label="Adults"
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.adults}
            onChange={(n) => set('adults', toCount(n))}
            error={errors.adults}
          />
          <NumberInput
            label="Buses requested"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.busesRequested}
            onChange={(n) => set('busesRequested', toCount(n))}
            error={errors.busesRequested}
          />
          <NumberInput
            label="Duration (minutes)"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.durationMinutes}
            onChange={(n) => set('durationMinutes', toCount(n))}
          />
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
