import type { ProfileDto } from '@contracts/wire';
import { Group, Select } from '@mantine/core';
import { useOrgs, useTenants } from '../global-admin/global-admin.api';

export interface SchoolChoice {
  value: string;
  label: string;
}

/** Schools offered to someone who may not read the tenant's organizations (a trip manager): the caller finds them. */
export interface KnownSchools {
  options: SchoolChoice[];
  loading: boolean;
}

/** A platform admin belongs to no tenant: they name the tenant first, then one of its schools. */
export const isPlatformAdmin = (profile: ProfileDto) => profile.role === 'admin' && profile.tenant_id === null;

/**
 * The school a new booking or trip is for, and for a platform admin the tenant before it. An admin chooses among the
 * tenant's schools; anyone else among `knownSchools`. Changing the tenant clears the school, which belonged to the
 * other tenant. Required (a trip): searchable, with `error` under it. Optional (a booking): clearable, "No particular
 * school", and left out when the tenant's schools cannot be read.
 */
export function TenantSchoolPicker({
  profile,
  tenantId,
  onTenantChange,
  schoolId,
  onSchoolChange,
  required = false,
  error,
  knownSchools,
}: {
  profile: ProfileDto;
  tenantId: number | null;
  onTenantChange: (id: number | null) => void;
  schoolId: string | null;
  onSchoolChange: (id: string | null) => void;
  required?: boolean;
  error?: string;
  knownSchools?: KnownSchools;
}) {
  const isAdmin = profile.role === 'admin';
  const platform = isPlatformAdmin(profile);
  const tenants = useTenants(platform);
  const orgs = useOrgs(isAdmin ? tenantId : null);
  if (isAdmin && orgs.error && !required) return null;

  const options = isAdmin
    ? (orgs.data ?? []).filter((o) => o.type === 'school').map((o) => ({ value: String(o.id), label: o.name }))
    : (knownSchools?.options ?? []);
  const loading = isAdmin ? orgs.loading : Boolean(knownSchools?.loading);
  const schoolChoice = required
    ? {
        required: true,
        searchable: true,
        placeholder: loading ? 'Loading schools...' : 'Choose a school',
        nothingFoundMessage: 'No schools found',
        error,
        description:
          !isAdmin && !loading && options.length === 0
            ? 'No school is known yet: schools appear here from your trips and bookings.'
            : undefined,
      }
    : { clearable: true, placeholder: 'No particular school' };

  return (
    <Group grow align="flex-start" gap="sm">
      {platform ? (
        <Select
          label="Tenant"
          required
          data={(tenants.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={tenantId ? String(tenantId) : null}
          onChange={(v) => {
            onTenantChange(v ? Number(v) : null);
            onSchoolChange(null);
          }}
        />
      ) : null}
      <Select label="School" data={options} value={schoolId} onChange={onSchoolChange} {...schoolChoice} />
    </Group>
  );
}
