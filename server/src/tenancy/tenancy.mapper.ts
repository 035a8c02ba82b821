import type { OrganizationDto, PartnershipDto } from '../contracts/global-admin';
import type { TenantDto } from '../contracts/wire';
import type { Organization } from './organization.entity';
import type { Partnership } from './partnership.entity';
import type { Tenant } from './tenant.entity';

// Wire names are snake_case, as the API has always sent them; mapped here, at the edge.

export function toTenantDto(t: Tenant): TenantDto {
  return { id: t.id, name: t.name, slug: t.slug, created_at: t.createdAt.toISOString(), updated_at: t.updatedAt.toISOString() };
}

/** Needs the `parent` relation loaded when the organization has a parent. */
export function toOrganizationDto(o: Organization): OrganizationDto {
  return {
    id: o.id,
    tenant_id: o.tenantId,
    type: o.type,
    name: o.name,
    slug: o.slug,
    code: o.code,
    parent_org_id: o.parentOrgId,
    parent: o.parentOrgId !== null && o.parent ? { id: o.parent.id, name: o.parent.name } : null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

/** Needs the `schoolOrg` and `busCompany` relations loaded. */
export function toPartnershipDto(p: Partnership): PartnershipDto {
  return {
    id: p.id,
    tenant_id: p.tenantId,
    school_org_id: p.schoolOrgId,
    bus_company_org_id: p.busCompanyOrgId,
    school_org: { id: p.schoolOrgId, name: p.schoolOrg?.name ?? '' },
    bus_company: { id: p.busCompanyOrgId, name: p.busCompany?.name ?? '' },
    created_at: p.createdAt.toISOString(),
  };
}
