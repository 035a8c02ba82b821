import { ApprovalMessages, MAX_BUDGET_CODE_LENGTH, requestAwaitsApproval } from '@contracts/approvals';
import { TRIP_REQUESTER_ROLES } from '@contracts/trip-rules';
import type { ProfileDto } from '@contracts/wire';
import { describeSeries, type SeriesDates, seriesProblem, SeriesMessages, weeklyDates } from '@contracts/trip-series';
import { addDays } from '@contracts/calendar';
import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { toast } from '../../shared/toast';
import { useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { bookingsApi } from '../bookings/bookings.api';
import { type KnownSchools, TenantSchoolPicker } from '../admin/tenant-school-picker';
import { useApprovalPolicy } from '../approvals/approvals.api';
import { DateField } from '../../components/date-field';
import { estimateQuery, RequestEstimate } from '../estimates/trip-estimate';
import { TripForm } from './trip-form';
import { toNewTripBody, type TripFormValues } from './trip-form-values';
import { mergeTrip, tripKeys, tripsApi } from './trips.api';

export const canRequestTrips = (profile: ProfileDto | null) => Boolean(profile && TRIP_REQUESTER_ROLES.includes(profile.role));

const SCHOOL_REQUIRED = 'Please choose the school this trip is for.';

/**
 * The schools a trip manager may request for: they may not read the tenant's organizations (those calls are admin
 * only), so their choices are the schools named on the trips and bookings they can see.
 */
function useKnownSchools(enabled: boolean): KnownSchools {
  const trips = useQuery(tripKeys.schools, tripsApi.slice, { enabled });
  const bookings = useQuery(queryKeys.bookings, () => bookingsApi.list(), { enabled });
  return useMemo(() => {
    const named = new Map<number, string>();
    for (const t of trips.data ?? []) named.set(t.schoolOrgId, t.schoolName);
    for (const b of bookings.data ?? []) if (b.school_org) named.set(b.school_org.id, b.school_org.name);
    const options = [...named].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label));
    return { options, loading: trips.loading };
  }, [trips.data, trips.loading, bookings.data]);
}

/**
 * The trip request form. School staff request for their own school; an admin or a trip manager names the school
 * (a platform admin the tenant first). A budget code may be given, and must be when the school's approval policy asks
 * for one. Toasts: "Trip submitted successfully!" / "Submission failed. Please try again."
 */
export function TripRequestForm({ profile, onDone, onCancel }: { profile: ProfileDto; onDone?: () => void; onCancel?: () => void }) {
  const needsSchool = profile.role !== 'school_staff';
  const [tenantId, setTenantId] = useState<number | null>(profile.tenant_id);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [schoolError, setSchoolError] = useState<string | undefined>();
  const [budgetCode, setBudgetCode] = useState('');
  const [budgetError, setBudgetError] = useState<string | undefined>();
  // a weekly series: the same trip every week up to a last day (contracts/trip-series.ts)
  const [repeat, setRepeat] = useState(false);
  const [repeatUntil, setRepeatUntil] = useState('');
  const [repeatError, setRepeatError] = useState<string | undefined>();
  const knownSchools = useKnownSchools(needsSchool && profile.role !== 'admin');
  // the school's policy says whether a budget code is required; a policy that cannot be read requires nothing here
  // (the server still checks)
  const { data: policy } = useApprovalPolicy(needsSchool ? (schoolId ? Number(schoolId) : null) : profile.active_org_id);
  const budgetRequired = Boolean(policy?.budgetCodeRequired);
  const awaitsApproval = policy ? requestAwaitsApproval(profile, policy) : false;

  const submit = async (values: TripFormValues): Promise<boolean> => {
    try {
      const body = toNewTripBody(values, needsSchool && schoolId ? Number(schoolId) : undefined, budgetCode);
      if (repeat) {
        const trips = await tripsApi.createSeries({ ...body, repeatUntil });
        for (const trip of trips) mergeTrip(trip, 'created');
        toast.success(`${trips.length} weekly trips submitted successfully!`);
      } else {
        const created = await tripsApi.create(body);
        if (created && typeof created === 'object' && 'id' in created) mergeTrip(created, 'created');
        toast.success('Trip submitted successfully!');
      }
      setBudgetCode('');
      setRepeat(false);
      setRepeatUntil('');
      onDone?.();
      return true;
    } catch (e) {
      const reason = serverMessage(e);
      console.error('Trip request failed', errorText(e));
      toast.error(reason ?? 'Submission failed. Please try again.', { title: reason ? 'Submission failed. Please try again.' : undefined });
      return false;
    }
  };

  /** How many trips the request makes: 1, or the series' trips once its days are all there and make one. */
  const seriesLength = (values: TripFormValues): number => (repeat ? (seriesFrom(values, repeatUntil)?.trips?.length ?? 1) : 1);

  /** Why the series cannot be asked for as it stands, or null (no series, or a departure day still to be chosen). */
  const seriesError = (values: TripFormValues): string | null => {
    if (!repeat) return null;
    if (!repeatUntil) return SeriesMessages.untilRequired;
    return seriesFrom(values, repeatUntil)?.problem ?? null;
  };

  return (
    <TripForm
      submitLabel="Submit Request"
      onSubmit={submit}
      onCancel={onCancel}
      resetOnSuccess
      warnIfPast
      afterFields={(values) => (
        <Stack gap="xs">
          <RequestEstimate
            query={estimateQuery(values, values.distanceKm, needsSchool ? (schoolId ? Number(schoolId) : null) : null)}
            trips={seriesLength(values)}
          />
          <RepeatFields
            values={values}
            repeat={repeat}
            onRepeat={(on) => {
              setRepeat(on);
              setRepeatError(undefined);
            }}
            until={repeatUntil}
            onUntil={(day) => {
              setRepeatUntil(day);
              setRepeatError(undefined);
            }}
            error={repeatError}
          />
        </Stack>
      )}
      extraError={(values) => {
        const school = needsSchool && !schoolId ? SCHOOL_REQUIRED : null;
        const budget = budgetRequired && !budgetCode.trim() ? ApprovalMessages.budgetCodeRequired : null;
        const series = seriesError(values);
        setSchoolError(school ?? undefined);
        setBudgetError(budget ?? undefined);
        setRepeatError(series ?? undefined);
        return school ?? budget ?? series;
      }}
      extraFields={
        <Stack gap="sm">
          {needsSchool ? (
            <TenantSchoolPicker
              profile={profile}
              tenantId={tenantId}
              onTenantChange={setTenantId}
              schoolId={schoolId}
              onSchoolChange={(id) => {
                setSchoolId(id);
                setSchoolError(undefined);
                setBudgetError(undefined);
              }}
              required
              error={schoolError}
              knownSchools={knownSchools}
            />
          ) : profile.active_org ? (
            <Text size="sm" c="dimmed">
              For {profile.active_org.name}
            </Text>
          ) : null}
          <TextInput
            label="Budget code"
            required={budgetRequired}
            maxLength={MAX_BUDGET_CODE_LENGTH}
            value={budgetCode}
            onChange={(event) => {
              setBudgetCode(event.currentTarget.value);
              setBudgetError(undefined);
            }}
            error={budgetError}
            description={awaitsApproval ? 'Requests of this school wait for its approval before a bus company sees them.' : undefined}
          />
        </Stack>
      }
    />
  );
}

/**
 * What the form's days make of a weekly series up to `until`: its trips, or why it cannot be made; null until the
 * departure, the return and the last day are all there.
 */
function seriesFrom(
  values: TripFormValues,
  until: string,
): { trips: SeriesDates[]; problem: null } | { trips: null; problem: string } | null {
  if (!values.departureDate || !values.returnDate || !until) return null;
  const problem = seriesProblem(values, until);
  return problem ? { trips: null, problem } : { trips: weeklyDates(values, until), problem: null };
}

/**
 * "Repeat every week" and, once ticked, the last day a trip of the series may depart on, with what the series makes
 * ("4 trips, every Tue from Tue 1 Dec 2026 to Tue 22 Dec 2026.") or why it cannot be made.
 */
function RepeatFields({
  values,
  repeat,
  onRepeat,
  until,
  onUntil,
  error,
}: {
  values: TripFormValues;
  repeat: boolean;
  onRepeat: (on: boolean) => void;
  until: string;
  onUntil: (day: string) => void;
  error?: string;
}) {
  const series = seriesFrom(values, until);
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Checkbox
        label="Repeat every week"
        checked={repeat}
        onChange={(event) => onRepeat(event.currentTarget.checked)}
        mt={{ base: 0, sm: repeat ? 30 : 0 }}
      />
      {repeat ? (
        <DateField
          label="Repeat until"
          required
          value={until}
          onChange={onUntil}
          minDate={values.departureDate ? addDays(values.departureDate, 7) : undefined}
          error={error ?? series?.problem ?? undefined}
          description={series?.trips ? describeSeries(series.trips) : 'The last day a trip of the series may depart on.'}
          w={{ base: '100%', sm: 280 }}
        />
      ) : null}
    </Group>
  );
}
