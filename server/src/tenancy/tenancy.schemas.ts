import { z } from 'zod';
import { idFromText, text } from '../common/input';
import { GlobalAdminMessages as M } from '../contracts/global-admin';
import { ORG_TYPES } from '../contracts/roles';
import { slugify } from '../contracts/slug';

// Ids arrive as JSON numbers from the console; a numeric string (a select's value) is accepted too.
const id = idFromText;

/** A query's tenant_id: blank means "not given" (the console omits it, some callers send ''). */
export const tenantQuery = z.object({
  tenant_id: z.preprocess((v) => (v === '' ? undefined : v), id('tenant_id must be a tenant id.').optional()),
});
export type TenantQuery = z.infer<typeof tenantQuery>;

const tenantName = text({ error: M.tenantNameRequired, max: 200, tooLong: 'Tenant name is too long.' }).trim().min(1, M.tenantNameRequired);
// The slug is a required input, normalised with the organization slug rule.
const tenantSlug = text({ error: M.tenantSlugRequired, max: 500, tooLong: 'Tenant slug is too long.' })
  .trim()
  .min(1, M.tenantSlugRequired)
  .transform(slugify)
  .refine((s) => s.length > 0, M.tenantSlugEmpty);

export const createTenantSchema = z.object({ name: tenantName, slug: tenantSlug });
export type CreateTenantBody = z.infer<typeof createTenantSchema>;

export const updateTenantSchema = z
  .object({ name: tenantName.optional(), slug: tenantSlug.optional() })
  .refine((b) => b.name !== undefined || b.slug !== undefined, { message: 'Nothing to update.' });
export type UpdateTenantBody = z.infer<typeof updateTenantSchema>;

const orgName = text({ error: M.orgNameRequired, max: 200, tooLong: 'Organization name is too long.' }).trim().min(1, M.orgNameRequired);
const orgType = z.enum(ORG_TYPES, { error: M.orgTypeInvalid });
// Blank means "derive from the name"; the service applies slugify.
const orgSlug = text({ error: 'Slug must be text.', max: 500, tooLong: 'Slug is too long.' }).nullish();
// Trimmed, null when empty.
const orgCode = text({ error: 'Code must be text.', max: 80, tooLong: 'Code is too long (at most 80 characters).' })
  .trim()
  .nullish()
  .transform((c) => (c ? c : c === undefined ? undefined : null));
const parentMessage = 'parent_org_id must be an organization id.';
const parentId = id(parentMessage).nullish();

// Keys in the order the console's form checks them, so the first problem is the one it would show.
export const createOrgSchema = z.object({
  tenant_id: id(M.orgTenantRequired),
  name: orgName,
  type: orgType,
  slug: orgSlug,
  code: orgCode,
  parent_org_id: parentId,
});
export type CreateOrgBody = z.infer<typeof createOrgSchema>;

export const updateOrgSchema = z
  .object({ name: orgName.optional(), type: orgType.optional(), slug: orgSlug, code: orgCode, parent_org_id: parentId })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update.' });
export type UpdateOrgBody = z.infer<typeof updateOrgSchema>;

export const createPartnershipSchema = z.object({
  tenant_id: id(M.partnershipTenantRequired),
  school_org_id: id(M.partnershipSchoolRequired),
  bus_company_org_id: id(M.partnershipBusRequired),
});
export type CreatePartnershipBody = z.infer<typeof createPartnershipSchema>;

/** The organization's slug: the given one, or the name's when blank. '' when neither has a letter or digit. */
export const orgSlugFrom = (slug: string | null | undefined, name: string): string => slugify(slug?.trim() ? slug : name);
