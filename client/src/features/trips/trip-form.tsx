import { MAX_TRIP_KM } from '@contracts/pricing';
import { TRIP_TYPES, type TripType } from '@contracts/trip-wire';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalid } from '../../components/form-errors';
import type { ReactNode } from 'react';
import { CountInput } from '../../components/count-input';
import { DateTimeRangeFields, type RangeFields, rangeFields } from '../../components/date-time-range';
import { distanceNote, emptyTripForm, type TripFormValues, validateTripForm } from './trip-form-values';

/**
 * Departure date and time, Return date and time. The return date follows the departure until set apart; the return
 * time stays empty until picked, so nobody has to clear a departure time out of it first.
 */
const TRIP_RANGE = rangeFields(
  ['departureDate', 'Departure date'],
  ['departureTime', 'Departure time'],
  ['returnDate', 'Return date'],
  ['returnTime', 'Return time'],
) satisfies RangeFields<keyof TripFormValues>;

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
  /** Fields after the distance that follow the form's values (the request's estimate). */
  afterFields?: (values: TripFormValues) => ReactNode;
  /** A blocking check of the extra fields (some follow the form's values: a series' last day); a message stops the submit. */
  extraError?: (values: TripFormValues) => string | null;
  resetOnSuccess?: boolean;
  /** a new request: a departure day before today says so (DateTimeRangeFields) */
  warnIfPast?: boolean;
}

export function TripForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  extraFields,
  afterFields,
  extraActions,
  extraError,
  resetOnSuccess,
  warnIfPast = false,
}: TripFormProps) {
  // a change forgets the changed fields' messages; a submit checks the whole trip again
  const form = useForm<TripFormValues>({ initialValues: initial ?? emptyTripForm(), validate: validateTripForm });
  const { values, errors } = form;
  const change = (patch: Partial<TripFormValues>) => {
    for (const key of Object.keys(patch) as (keyof TripFormValues)[]) form.setFieldValue(key, patch[key] as never);
  };

  // the extra fields (the school) have their own check, shown along with the form's messages
  const submit = form.onSubmit(
    async (trip, event) => {
      if (extraError?.(trip)) return focusFirstInvalid(undefined, undefined, event);
      if ((await onSubmit(trip)) && resetOnSuccess) form.reset();
    },
    (errors, values, event) => {
      extraError?.(values);
      focusFirstInvalid(errors, values, event);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {extraFields}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label="Trip type"
            required
            data={[...TRIP_TYPES]}
            value={values.tripType}
            onChange={(t) => t && form.setFieldValue('tripType', t as TripType)}
            allowDeselect={false}
            error={errors.tripType}
          />
          {values.tripType === 'Other' ? (
            <TextInput label="Custom trip type" required {...form.getInputProps('customType')} placeholder="e.g. Choir tour" />
          ) : (
            <TextInput label="Origin" {...form.getInputProps('origin')} />
          )}
          {values.tripType === 'Other' ? <TextInput label="Origin" {...form.getInputProps('origin')} /> : null}
          <TextInput label="Destination" required {...form.getInputProps('destination')} />
          <DateTimeRangeFields
            fields={TRIP_RANGE}
            values={values}
            errors={errors}
            onChange={change}
            timePlaceholder="hh:mm AM"
            warnIfPast={warnIfPast}
          />
          <CountInput label="Students" required {...form.getInputProps('students')} />
          <CountInput label="Staff" {...form.getInputProps('staff')} />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Checkbox
            label="Booster seats requested"
            {...form.getInputProps('boosterSeatsRequested', { type: 'checkbox' })}
            mb={values.boosterSeatsRequested ? 8 : 0}
          />
          {values.boosterSeatsRequested ? (
            <CountInput label="Booster seats" required {...form.getInputProps('boosterSeatCount')} w={160} />
          ) : null}
        </Group>
        <CountInput
          label="Distance (km, one way)"
          description={distanceNote(initial ?? values, values)}
          max={MAX_TRIP_KM}
          w={{ base: '100%', sm: 280 }}
          {...form.getInputProps('distanceKm')}
        />
        {afterFields?.(values)}
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <Group justify="space-between" mt="xs" gap="xs">
          <Group gap="xs">{extraActions}</Group>
          <Group gap="xs" ml="auto">
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={form.submitting}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
