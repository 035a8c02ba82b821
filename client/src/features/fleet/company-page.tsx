import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { useFleetCompanies } from './fleet.api';

/**
 * A screen about one bus company (Fleet, Rates): a dispatcher's own company; an admin chooses the company, kept in the
 * address as `?company=`. `children` draws the company's part (`companyId` null: the dispatcher's own).
 */
export function CompanyPage({ title, children }: { title: string; children: (companyId: number | null) => ReactNode }) {
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
        title={title}
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
        children(companyId)
      )}
    </>
  );
}
