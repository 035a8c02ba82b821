import { TRIP_REQUESTER_ROLES } from '@contracts/trip-rules';
import type { ProfileDto } from '@contracts/wire';
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { toast } from '../../shared/toast';
import { useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { bookingsApi } from '../bookings/bookings.api';
import { type KnownSchools, TenantSchoolPicker } from '../admin/tenant-school-picker';
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
 * (a platform admin the tenant first). Toasts: "Trip submitted successfully!" / "Submission failed. Please try again."
 */
export function TripRequestForm({ profile, onDone, onCancel }: { profile: ProfileDto; onDone?: () => void; onCancel?: () => void }) {
  const needsSchool = profile.role !== 'school_staff';
  const [tenantId, setTenantId] = useState<number | null>(profile.tenant_id);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [schoolError, setSchoolError] = useState<string | undefined>();
  const knownSchools = useKnownSchools(needsSchool && profile.role !== 'admin');

  const submit = async (values: TripFormValues): Promise<boolean> => {
    try {
      const created = await tripsApi.create(toNewTripBody(values, needsSchool && schoolId ? Number(schoolId) : undefined));
      if (created && typeof created === 'object' && 'id' in created) mergeTrip(created, 'created');
      toast.success('Trip submitted successfully!');
      onDone?.();
      return true;
    } catch (e) {
      const reason = serverMessage(e);
      console.error('Trip request failed', errorText(e));
      toast.error(reason ?? 'Submission failed. Please try again.', { title: reason ? 'Submission failed. Please try again.' : undefined });
      return false;
    }
  };

  return (
    <TripForm
      submitLabel="Submit Request"
      onSubmit={submit}
      onCancel={onCancel}
      resetOnSuccess
      extraError={() => {
        const problem = needsSchool && !schoolId ? SCHOOL_REQUIRED : null;
        setSchoolError(problem ?? undefined);
        return problem;
      }}
      extraFields={
        needsSchool ? (
          <TenantSchoolPicker
            profile={profile}
            tenantId={tenantId}
            onTenantChange={setTenantId}
            schoolId={schoolId}
            onSchoolChange={(id) => {
              setSchoolId(id);
              setSchoolError(undefined);
            }}
            required
            error={schoolError}
            knownSchools={knownSchools}
          />
        ) : profile.active_org ? (
          <Text size="sm" c="dimmed">
            For {profile.active_org.name}
          </Text>
        ) : null
      }
    />
  );
}
