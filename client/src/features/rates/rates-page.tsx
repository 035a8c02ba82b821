import { Select } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { invalidateQueries } from '../../api/query-cache';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { useFleetCompanies } from '../fleet/fleet.api';
import { RateCardPanel } from './rate-card-panel';
import { rateKeys } from './rates.api';
import { subscribeRatesLive } from './rates.live';

/**
 * Rates: what a bus company charges (docs/domain.md, "Rate cards"). A dispatcher keeps their own company's card; an
 * admin chooses the company, kept in the address as `?company=` like the Fleet screen.
 */
export function RatesPage() {
  const { profile } = useSession();
  const isAdmin = profile?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const companies = useFleetCompanies(isAdmin);
  const chosen = Number(params.get('company')) || null;
  const companyId = isAdmin ? (chosen ?? companies.data?.company?.id ?? null) : null;
  const companyName = isAdmin ? companies.data?.companies.find((c) => c.id === companyId)?.name : (profile?.active_org?.name ?? undefined);

  // saves made in other consoles while this screen is open (storing a version twice changes nothing); those made while
  // it was closed are not in the cache, so a card kept from an earlier visit is loaded again
  useEffect(() => {
    invalidateQueries(rateKeys.all);
    return subscribeRatesLive();
  }, []);

  return (
    <>
      <PageHeader
        title="Rates"
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
        <RateCardPanel key={companyId ?? 'own'} companyId={companyId} />
      )}
    </>
  );
}
