import { useEffect } from 'react';
import { invalidateQueries } from '../../api/query-cache';
import { CompanyPage } from '../fleet/company-page';
import { RateCardPanel } from './rate-card-panel';
import { rateKeys } from './rates.api';
import { subscribeRatesLive } from './rates.live';

/**
 * Rates: what a bus company charges (docs/domain.md, "Rate cards"). A dispatcher keeps their own company's card; an
 * admin chooses the company, kept in the address as `?company=` like the Fleet screen.
 */
export function RatesPage() {
  // saves made in other consoles while this screen is open (storing a version twice changes nothing); those made while
  // it was closed are not in the cache, so a card kept from an earlier visit is loaded again
  useEffect(() => {
    invalidateQueries(rateKeys.all);
    return subscribeRatesLive();
  }, []);

  return <CompanyPage title="Rates">{(companyId) => <RateCardPanel key={companyId ?? 'own'} companyId={companyId} />}</CompanyPage>;
}
