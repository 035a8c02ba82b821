import type { OrganizationDto, PartnershipDto } from '@contracts/global-admin';
import type { TenantDto } from '@contracts/wire';
import { setQueryData } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { removeById, upsertById } from '../../api/records';
import { onLive } from '../../api/socket';

/** Merges pushed tenant, organization and partnership changes into the Global Admin caches. */
export function subscribeGlobalAdminLive(): () => void {
  const tenant = ({ tenant }: { tenant: TenantDto }) =>
    setQueryData<TenantDto[]>(queryKeys.tenants, (list) => list && upsertById(list, tenant));
  const org = ({ org }: { org: OrganizationDto }) =>
    setQueryData<OrganizationDto[]>(queryKeys.orgs(org.tenant_id), (list) => list && upsertById(list, org));
  const offs = [
    onLive('tenant:created', tenant),
    onLive('tenant:updated', tenant),
    onLive('org:created', org),
    onLive('org:updated', org),
    onLive('partnership:created', ({ partnership }) =>
      setQueryData<PartnershipDto[]>(queryKeys.partnerships(partnership.tenant_id), (list) => list && upsertById(list, partnership)),
    ),
    onLive('partnership:deleted', ({ partnership }) =>
      setQueryData<PartnershipDto[]>(queryKeys.partnerships(partnership.tenant_id), (list) => list && removeById(list, partnership.id)),
    ),
  ];
  return () => offs.forEach((off) => off());
}
