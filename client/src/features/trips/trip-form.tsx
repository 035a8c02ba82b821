import { TripMessages } from '@contracts/trip-messages';
import { isTripDate, parseTripTime, returnIsAfterDeparture, type TripFormFields } from '@contracts/trip-rules';
import { DEFAULT_ORIGIN, TRIP_TYPES, type TripDto, type TripType } from '@contracts/trip-wire';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TimeSelect } from '../../components/time-select';
import type { NewTripBody } from './trips.api';

/** The trip request and edit form (spec §5 Trip request form). Numbers are '' while their box is empty. */
export interface TripFormValues {
  tripType: TripType;
  customType: string;
  origin: string;
  destination: string;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
  students: number | '';
  staff: number | '';
  notes: string;
  boosterSeatsRequested: boolean;
  boosterSeatCount: number | '';
}

/** spec §5/§9 defaults: origin School, trip type Academic Trip. */
export const emptyTripForm = (): TripFormValues => ({
  tripType: 'Academic Trip',
  customType: '',
  origin: DEFAULT_ORIGIN,
  destination: '',
  departureDate: '',
  departureTime: '',
  returnDate: '',
  returnTime: '',
  students: '',
  staff: '',
  notes: '',
  boosterSeatsRequested: false,
  boosterSeatCount: '',
});

export function formFromTrip(trip: TripDto): TripFormValues {
  return {
    tripType: trip.tripType,
    customType: trip.customType ?? '',
    origin: trip.origin ?? '',
    destination: trip.destination ?? '',
    departureDate: trip.departureDate || trip.date || '',
    departureTime: trip.departureTime ?? '',
    returnDate: trip.returnDate ?? '',
    returnTime: trip.returnTime ?? '',
    students: trip.students ?? '',
    staff: trip.staff ?? '',
    notes: trip.notes ?? '',
    boosterSeatsRequested: Boolean(trip.boosterSeatsRequested),
    boosterSeatCount: trip.boosterSeatsRequested ? trip.boosterSeatCount : '',
  };
}

export type TripFormErrors = Partial<Record<keyof TripFormValues, string>>;

/** spec §5: required fields, the custom type for Other, return after departure, booster seats above 0 when requested. */
export function validateTripForm(v: TripFormValues): TripFormErrors {
  const errors: TripFormErrors = {};
  if (!v.tripType) errors.tripType = TripMessages.tripTypeRequired;
  if (v.tripType === 'Other' && !v.customType.trim()) errors.customType = TripMessages.customTypeRequired;
  if (!v.destination.trim()) errors.destination = TripMessages.destinationRequired;
  if (!v.departureDate) errors.departureDate = TripMessages.departureDateRequired;
  else if (!isTripDate(v.departureDate)) errors.departureDate = TripMessages.departureDateInvalid;
  if (!v.departureTime) errors.departureTime = TripMessages.departureTimeRequired;
  if (!v.returnDate) errors.returnDate = TripMessages.returnDateRequired;
  else if (!isTripDate(v.returnDate)) errors.returnDate = TripMessages.returnDateInvalid;
  if (!v.returnTime) errors.returnTime = TripMessages.returnTimeRequired;
  if (v.students === '') errors.students = TripMessages.studentsRequired;
  else if (!Number.isInteger(v.students) || v.students < 0) errors.students = TripMessages.studentsInvalid;
  if (v.staff !== '' && (!Number.isInteger(v.staff) || v.staff < 0)) errors.staff = TripMessages.staffInvalid;
  const datesReady =
    !errors.departureDate && !errors.returnDate && parseTripTime(v.departureTime) !== null && parseTripTime(v.returnTime) !== null;
  if (datesReady && !returnIsAfterDeparture(v)) errors.returnTime = TripMessages.returnBeforeDeparture;
  if (
    v.boosterSeatsRequested &&
    !(typeof v.boosterSeatCount === 'number' && Number.isFinite(v.boosterSeatCount) && v.boosterSeatCount > 0)
  ) {
    errors.boosterSeatCount = TripMessages.boosterSeatCount;
  }
  return errors;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The form as the trip's fields: staff empty → null; the booster count only when requested, else 0 (spec §5). */
export function toTripFields(v: TripFormValues): TripFormFields {
  return {
    tripType: v.tripType,
    customType: v.tripType === 'Other' ? orNull(v.customType) : null,
    origin: orNull(v.origin),
    destination: v.destination.trim(),
    departureDate: v.departureDate,
    departureTime: v.departureTime,
    returnDate: v.returnDate,
    returnTime: v.returnTime,
    students: v.students === '' ? 0 : v.students,
    staff: v.staff === '' ? null : v.staff,
    notes: orNull(v.notes),
    boosterSeatsRequested: v.boosterSeatsRequested,
    boosterSeatCount: v.boosterSeatsRequested && v.boosterSeatCount !== '' ? v.boosterSeatCount : 0,
  };
}

/** spec §4: a new trip is submitted with status Pending, price 0, editRequest false, cancelRequest false. */
export function toNewTripBody(v: TripFormValues, schoolOrgId?: number): NewTripBody {
  const fields = toTripFields(v);
  return {
    ...fields,
    date: fields.departureDate,
    status: 'Pending',
    price: 0,
    editRequest: false,
    cancelRequest: false,
    ...(schoolOrgId !== undefined ? { schoolOrgId } : {}),
  };
}

const toCount = (value: string | number): number | '' => (value === '' ? '' : Number(value));

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

  const set = <K extends keyof TripFormValues>(key: K, value: TripFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

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
          <TextInput
            type="date"
            label="Departure date"
            required
            value={values.departureDate}
            onChange={(e) => {
              const date = e.currentTarget.value;
              // spec §5: the return date defaults to the departure date
              setValues((v) => ({
                ...v,
                departureDate: date,
                returnDate: !v.returnDate || v.returnDate === v.departureDate ? date : v.returnDate,
              }));
              setErrors((e) => ({ ...e, departureDate: undefined, returnDate: undefined }));
            }}
            error={errors.departureDate}
          />
          <TimeSelect
            label="Departure time"
            required
            placeholder="hh:mm AM"
            value={values.departureTime || null}
            onChange={(time) => {
              const t = time ?? '';
              // spec §5: the return time defaults to the departure time
              setValues((v) => ({
                ...v,
                departureTime: t,
                returnTime: !v.returnTime || v.returnTime === v.departureTime ? t : v.returnTime,
              }));
              setErrors((e) => ({ ...e, departureTime: undefined, returnTime: undefined }));
            }}
            error={errors.departureTime}
          />
          <TextInput
            type="date"
            label="Return date"
            required
            min={values.departureDate || undefined}
            value={values.returnDate}
            onChange={(e) => set('returnDate', e.currentTarget.value)}
            error={errors.returnDate}
          />
          <TimeSelect
            label="Return time"
            required
            placeholder="hh:mm AM"
            value={values.returnTime || null}
            onChange={(time) => set('returnTime', time ?? '')}
            error={errors.returnTime}
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
            label="Staff"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.staff}
            onChange={(n) => set('staff', toCount(n))}
            error={errors.staff}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Checkbox
            label="Booster seats requested"
            checked={values.boosterSeatsRequested}
            onChange={(e) => set('boosterSeatsRequested', e.currentTarget.checked)}
            mb={values.boosterSeatsRequested ? 8 : 0}
          />
          {values.boosterSeatsRequested ? (
            <NumberInput
              label="Booster seats"
              required
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={values.boosterSeatCount}
              onChange={(n) => set('boosterSeatCount', toCount(n))}
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
