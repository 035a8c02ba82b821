import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { useFleetCompanies } from './fleet.api';
import { FleetTables } from './fleet-tables';

/**
 * Fleet: a bus company's buses and drivers, to add, edit, deactivate and reactivate (nothing is deleted). A bus
 * company's users manage their own fleet; an admin chooses the company, kept in the address as `?company=`.
 */
export function FleetPage() {
  const { profile } = useSession();
  const isAdmin = profile?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const companies = useFleetCompanies(isAdmin);
  const chosen = Number(params.get('company')) || null;
  const companyId = isAdmin ? (chosen ?? companies.data?.company?.id ?? null) : null;
  const companyName = isAdmin ? companies.data?.companies.find((c) => c.id === companyId)?.name : (profile?.active_org?.name ?? undefined);

  return (
    <>
      <PageHeader
        title="Fleet"
        description={companyName}
        actions={
          isAdmin && companies.data && companies.data.companies.length > 0 ? (
            <Select
              aria-label="Bus company"
              w={240}
              data={companies.data.companies.map((c) => ({ value: String(c.id), label: c.name }))}
              value={companyId ? String(companyId) : null}
              onChange={(v) => v && setParams({ company: v }, { replace: true })}
              allowDeselect={false}
            />
          ) : undefined
        }
      />
      {isAdmin && companies.loading ? (
        <LoadingScreen text="Loading bus companies..." />
      ) : isAdmin && companies.error ? (
        <LoadFailed title="Failed to load bus companies" error={companies.error} onRetry={companies.refetch} />
      ) : isAdmin && companyId === null ? (
        <EmptyState>There are no bus companies yet.</EmptyState>
      ) : (
        <FleetTables key={companyId ?? 'own'} companyId={companyId} />
      )}
    </>
  );
}
