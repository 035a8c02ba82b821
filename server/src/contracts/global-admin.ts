import type { OrgType } from './roles';

/** An organization, as the Global Admin calls send and receive it (snake_case, as those calls name their fields). */
export interface OrganizationDto {
  id: number;
  tenant_id: number;
  type: OrgType;
  name: string;
  slug: string;
  code: string | null;
  parent_org_id: number | null;
  parent: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
}

/** A partnership: one school linked to one bus company inside a tenant. */
export interface PartnershipDto {
  id: number;
  tenant_id: number;
  school_org_id: number;
  bus_company_org_id: number;
  school_org: { id: number; name: string };
  bus_company: { id: number; name: string };
  created_at: string;
}

/** The labels the console shows for each type. */
export const ORG_TYPE_LABELS: Record<OrgType, string> = {
  edu_group: 'Edu Group (Parent)',
  school: 'School',
  bus_company: 'Bus Company',
};

/** What the Global Admin calls answer with; the forms show the same words. */
export const GlobalAdminMessages = {
  tenantNameRequired: 'Tenant name is required.',
  tenantSlugRequired: 'Tenant slug is required.',
  tenantSlugEmpty: 'The slug must contain at least one letter or digit.',
  tenantSlugTaken: 'A tenant with this slug already exists.',
  tenantNotFound: 'Tenant not found.',
  onlyPlatformCreatesTenants: 'Only a platform administrator can create tenants.',
  onlyPlatformChangesSlug: "Only a platform administrator can change a tenant's slug.",
  orgTenantRequired: 'Please choose a Tenant for the organization.',
  orgNameRequired: 'Organization name is required.',
  orgTypeInvalid: 'Type must be edu_group, school or bus_company.',
  orgSlugEmpty: 'The slug must contain at least one letter or digit; enter a slug or a name with letters or digits.',
  orgSlugTaken: 'An organization with this slug already exists in this tenant.',
  orgNotFound: 'Organization not found.',
  parentSchoolOnly: 'Parent applies to School only.',
  parentMustBeEduGroup: 'The parent must be an Edu Group of the same tenant.',
  orgHasChildren: 'This Edu Group is the parent of schools; move them to another parent before changing its type.',
  orgHasPartnerships: 'This organization has partnerships; remove them before changing its type.',
  partnershipTenantRequired: 'Please pick a Tenant for this partnership.',
  partnershipSchoolRequired: 'Please choose a School.',
  partnershipBusRequired: 'Please choose a Bus Company.',
  partnershipSchoolInvalid: 'The school must be a School organization of this tenant.',
  partnershipBusInvalid: 'The bus company must be a Bus Company organization of this tenant.',
  partnershipExists: 'This school and bus company are already partners.',
  partnershipNotFound: 'Partnership not found.',
} as const;
