import type { OrganizationDto, PartnershipDto } from '@contracts/global-admin';
import type { OrgType } from '@contracts/roles';
import type { TenantDto } from '@contracts/wire';
import { http } from '../../api/http';
import { useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';

export interface OrgInput {
  name: string;
  type: OrgType;
  slug: string;
  code: string | null;
  /** sent only when the type is school */
  parent_org_id?: number | null;
}

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The Global Admin calls: tenants, organizations, partnerships. */
export const globalApi = {
  tenants: async () => asList<TenantDto>(await http.get('/global/tenants')),
  createTenant: (body: { name: string; slug: string }) => http.post<TenantDto>('/global/tenants', body),
  updateTenant: (id: number, body: { name: string; slug: string }) => http.patch<TenantDto>(`/global/tenants/${id}`, body),
  orgs: async (tenantId: number) => asList<OrganizationDto>(await http.get('/global/orgs', { tenant_id: tenantId })),
  createOrg: (body: OrgInput & { tenant_id: number }) => http.post<OrganizationDto>('/global/orgs', body),
  updateOrg: (id: number, body: OrgInput) => http.patch<OrganizationDto>(`/global/orgs/${id}`, body),
  partnerships: async (tenantId: number) => asList<PartnershipDto>(await http.get('/global/partnerships', { tenant_id: tenantId })),
  createPartnership: (body: { tenant_id: number; school_org_id: number; bus_company_org_id: number }) =>
    http.post<PartnershipDto>('/global/partnerships', body),
  removePartnership: (id: number) => http.delete(`/global/partnerships/${id}`),
};

export function useTenants(enabled = true) {
  return useQuery(queryKeys.tenants, globalApi.tenants, { enabled });
}

export function useOrgs(tenantId: number | null) {
  return useQuery(queryKeys.orgs(tenantId), () => globalApi.orgs(tenantId as number), { enabled: tenantId !== null });
}

export function usePartnerships(tenantId: number | null) {
  return useQuery(queryKeys.partnerships(tenantId), () => globalApi.partnerships(tenantId as number), { enabled: tenantId !== null });
}
