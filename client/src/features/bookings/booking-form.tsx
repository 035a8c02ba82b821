import { BUS_TYPES } from '@contracts/trip-wire';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalid } from '../../components/form-errors';
import type { ReactNode } from 'react';
import { CountInput } from '../../components/count-input';
import { DateTimeRangeFields, type RangeFields, rangeFields } from '../../components/date-time-range';
import { PointsEditor } from './booking-points-editor';
import { type BookingFormValues, emptyBooking, validateBooking } from './booking-values';

/** Start date and time, End date and time; the end date follows the start date, and never falls before it. */
const BOOKING_RANGE = rangeFields(
  ['date', 'Start date'],
  ['startTime', 'Start time'],
  ['endDate', 'End date'],
  ['endTime', 'End time'],
) satisfies RangeFields<keyof BookingFormValues>;

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
  // the messages stay until the next submit (a submit checks the whole booking again)
  const form = useForm<BookingFormValues>({ initialValues: emptyBooking(), validate: validateBooking, clearInputErrorOnChange: false });
  const { values, errors } = form;

  const submit = form.onSubmit(async (booking) => {
    if (await onSubmit(booking)) form.reset();
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {extraFields}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput label="Title" {...form.getInputProps('title')} placeholder="e.g. Science fair shuttle" />
          <TextInput label="Purpose" {...form.getInputProps('purpose')} />
          <DateTimeRangeFields
            fields={BOOKING_RANGE}
            values={values}
            errors={errors}
            onChange={(patch) => form.setValues(patch)}
            endDateStaysAfterStart
            warnIfPast
          />
          <CountInput label="Students" required {...form.getInputProps('students')} />
          <CountInput label="Adults" required {...form.getInputProps('adults')} />
          <CountInput label="Buses requested" {...form.getInputProps('busesRequested')} />
          <CountInput label="Duration (minutes)" {...form.getInputProps('durationMinutes')} />
          <Select
            label="Bus type"
            data={[...BUS_TYPES]}
            value={values.busType || null}
            onChange={(t) => form.setFieldValue('busType', t ?? '')}
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
        <PointsEditor label="Pickup points" points={values.pickupPoints} onChange={(p) => form.setFieldValue('pickupPoints', p)} />
        <PointsEditor label="Drop-off points" points={values.dropoffPoints} onChange={(p) => form.setFieldValue('dropoffPoints', p)} />
        {errors.points ? (
          <Text c="red" size="sm" role="alert">
            {errors.points}
          </Text>
        ) : null}
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Submit Booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
