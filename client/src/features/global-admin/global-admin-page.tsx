import { Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { useTenants } from './global-admin.api';
import { notifyFailure } from './global-admin-feedback';
import { OrgsSection } from './orgs-section';
import { PartnershipsSection } from './partnerships-section';
import { TenantsSection } from './tenants-section';

/** Global Admin: tenants, their organizations and partnerships. */
export function GlobalAdminPage() {
  const { profile } = useSession();
  const isPlatformAdmin = profile?.role === 'admin' && profile.tenant_id === null;
  const { data, error, loading } = useTenants();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const tenants = useMemo(() => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [data]);

  useEffect(() => {
    if (error) notifyFailure('Failed to load tenants', error, { quietWhenDenied: true });
  }, [error]);

  // the first tenant in the list is selected automatically on load
  useEffect(() => {
    if (tenants.length === 0) return;
    if (selectedId === null || !tenants.some((t) => t.id === selectedId)) setSelectedId(tenants[0].id);
  }, [tenants, selectedId]);

  const selected = tenants.find((t) => t.id === selectedId) ?? null;

  return (
    <>
      <PageHeader
        title="Global Admin"
        description={
          isPlatformAdmin
            ? 'Tenants, their organizations (edu groups, schools, bus companies) and school–bus company partnerships.'
            : 'Your organizations (edu groups, schools, bus companies) and school–bus company partnerships.'
        }
      />
      <Stack gap="lg">
        <TenantsSection
          tenants={tenants}
          loading={loading}
          failed={!!error}
          selectedId={selectedId}
          onSelect={setSelectedId}
          isPlatformAdmin={isPlatformAdmin}
        />
        <OrgsSection tenant={selected} tenants={tenants} />
        <PartnershipsSection tenant={selected} tenants={tenants} />
      </Stack>
    </>
  );
}
