import { TRIP_REQUESTER_ROLES } from '@contracts/trip-rules';
import type { ProfileDto } from '@contracts/wire';
import { Group, Select, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { toast } from '../../app/toast';
import { useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { bookingsApi } from '../bookings/bookings.api';
import { useOrgs, useTenants } from '../global-admin/global-admin.api';
import { TripForm } from './trip-form';
import { toNewTripBody, type TripFormValues } from './trip-form-values';
import { mergeTrip, tripKeys, tripsApi } from './trips.api';

export const canRequestTrips = (profile: ProfileDto | null) => Boolean(profile && TRIP_REQUESTER_ROLES.includes(profile.role));

const SCHOOL_REQUIRED = 'Please choose the school this trip is for.';

interface SchoolOption {
  value: string;
  label: string;
}

/**
 * Admins read their tenant's schools from Global Admin. A trip manager may not (those calls are admin only),
 * so their choices are the schools named on the trips and bookings they can see.
 */
function useSchoolOptions(profile: ProfileDto, tenantId: number | null): { options: SchoolOption[]; loading: boolean } {
  const isAdmin = profile.role === 'admin';
  const orgs = useOrgs(isAdmin ? tenantId : null);
  const trips = useQuery(tripKeys.schools, tripsApi.slice, { enabled: !isAdmin });
  const bookings = useQuery(queryKeys.bookings, () => bookingsApi.list(), { enabled: !isAdmin });
  return useMemo(() => {
    if (isAdmin) {
      const options = (orgs.data ?? []).filter((o) => o.type === 'school').map((o) => ({ value: String(o.id), label: o.name }));
      return { options, loading: orgs.loading };
    }
    const named = new Map<number, string>();
    for (const t of trips.data ?? []) named.set(t.schoolOrgId, t.schoolName);
    for (const b of bookings.data ?? []) if (b.school_org) named.set(b.school_org.id, b.school_org.name);
    const options = [...named].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label));
    return { options, loading: trips.loading };
  }, [isAdmin, orgs.data, orgs.loading, trips.data, trips.loading, bookings.data]);
}

function SchoolPicker({
  profile,
  tenantId,
  onTenant,
  schoolId,
  onSchool,
  error,
}: {
  profile: ProfileDto;
  tenantId: number | null;
  onTenant: (id: number | null) => void;
  schoolId: string | null;
  onSchool: (id: string | null) => void;
  error?: string;
}) {
  const platform = profile.role === 'admin' && profile.tenant_id === null;
  const tenants = useTenants(platform);
  const { options, loading } = useSchoolOptions(profile, tenantId);
  return (
    <Group grow align="flex-start" gap="sm">
      {platform ? (
        <Select
          label="Tenant"
          required
          data={(tenants.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={tenantId ? String(tenantId) : null}
          onChange={(v) => {
            onTenant(v ? Number(v) : null);
            onSchool(null);
          }}
        />
      ) : null}
      <Select
        label="School"
        required
        data={options}
        value={schoolId}
        onChange={onSchool}
        searchable
        placeholder={loading ? 'Loading schools...' : 'Choose a school'}
        nothingFoundMessage="No schools found"
        error={error}
        description={
          !loading && options.length === 0 && profile.role === 'trip_manager'
            ? 'No school is known yet: schools appear here from your trips and bookings.'
            : undefined
        }
      />
    </Group>
  );
}

/**
 * spec §2 / §5: the trip request form. School staff request for their own school; an admin or a trip manager
 * names the school (DESIGN §4). Toasts: "Trip submitted successfully!" / "Submission failed. Please try again."
 */
export function TripRequestForm({ profile, onDone, onCancel }: { profile: ProfileDto; onDone?: () => void; onCancel?: () => void }) {
  const needsSchool = profile.role !== 'school_staff';
  const [tenantId, setTenantId] = useState<number | null>(profile.tenant_id);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [schoolError, setSchoolError] = useState<string | undefined>();

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
          <SchoolPicker
            profile={profile}
            tenantId={tenantId}
            onTenant={setTenantId}
            schoolId={schoolId}
            onSchool={(id) => {
              setSchoolId(id);
              setSchoolError(undefined);
            }}
            error={schoolError}
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
