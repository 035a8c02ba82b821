import { CompanyPage } from './company-page';
import { FleetTables } from './fleet-tables';

/**
 * Fleet: a bus company's buses and drivers, to add, edit, deactivate and reactivate (nothing is deleted). A bus
 * company's users manage their own fleet; an admin chooses the company, kept in the address as `?company=`.
 */
export function FleetPage() {
  return <CompanyPage title="Fleet">{(companyId) => <FleetTables key={companyId ?? 'own'} companyId={companyId} />}</CompanyPage>;
}
