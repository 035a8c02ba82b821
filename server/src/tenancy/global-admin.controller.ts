import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import { OrganizationsService } from './organizations.service';
import { PartnershipsService } from './partnerships.service';
import {
  type CreateOrgBody,
  createOrgSchema,
  type CreatePartnershipBody,
  createPartnershipSchema,
  type CreateTenantBody,
  createTenantSchema,
  type TenantQuery,
  tenantQuery,
  type UpdateOrgBody,
  updateOrgSchema,
  type UpdateTenantBody,
  updateTenantSchema,
} from './tenancy.schemas';
import { TenantsService } from './tenants.service';
import { ApiDoc } from '../docs/api-doc';
import { organizationSchema, partnershipSchema, tenantSchema } from '../docs/wire.schemas';

/** The Global Admin API. Admins only (the console's /admin/global screen); the services narrow tenant admins to their tenant. */
@Controller('global')
@Roles('admin')
export class GlobalAdminController {
  constructor(
    private readonly tenants: TenantsService,
    private readonly orgs: OrganizationsService,
    private readonly partnerships: PartnershipsService,
  ) {}

  @Get('tenants')
  @ApiDoc({ summary: 'Tenants (a tenant admin: their own).', response: z.array(tenantSchema) })
  listTenants(@CurrentUser() caller: AuthUser) {
    return this.tenants.list(caller);
  }

  @Post('tenants')
  @ApiDoc({
    summary: 'Create a tenant (platform admins).',
    response: tenantSchema,
    errors: { 403: 'Only a platform administrator can create tenants.', 409: 'A tenant with this slug already exists.' },
  })
  createTenant(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createTenantSchema)) body: CreateTenantBody) {
    return this.tenants.create(caller, body);
  }

  @Patch('tenants/:id')
  @ApiDoc({
    summary: 'Rename a tenant (its slug: platform admins).',
    response: tenantSchema,
    errors: { 403: "Only a platform administrator can change a tenant's slug.", 409: 'A tenant with this slug already exists.' },
  })
  updateTenant(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateTenantSchema)) body: UpdateTenantBody,
  ) {
    return this.tenants.update(caller, id, body);
  }

  @Get('orgs')
  @ApiDoc({
    summary: 'Organizations: edu groups, schools, bus companies.',
    response: z.array(organizationSchema),
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  listOrgs(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tenantQuery)) q: TenantQuery) {
    return this.orgs.list(caller, q.tenant_id);
  }

  @Post('orgs')
  @ApiDoc({
    summary: 'Create an organization.',
    response: organizationSchema,
    errors: {
      404: "No such tenant (`tenant_id`), or not the caller's.",
      409: 'An organization with this slug already exists in this tenant.',
    },
  })
  createOrg(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createOrgSchema)) body: CreateOrgBody) {
    return this.orgs.create(caller, body);
  }

  @Patch('orgs/:id')
  @ApiDoc({
    summary: 'Change an organization.',
    response: organizationSchema,
    errors: { 409: 'The slug is taken, or a type change is blocked by its schools or partnerships.' },
  })
  updateOrg(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number, @Body(new ZodPipe(updateOrgSchema)) body: UpdateOrgBody) {
    return this.orgs.update(caller, id, body);
  }

  @Get('partnerships')
  @ApiDoc({
    summary: 'School and bus company partnerships.',
    response: z.array(partnershipSchema),
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  listPartnerships(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tenantQuery)) q: TenantQuery) {
    return this.partnerships.list(caller, q.tenant_id);
  }

  @Post('partnerships')
  @ApiDoc({
    summary: 'Partner a school with a bus company.',
    response: partnershipSchema,
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's.", 409: 'This school and bus company are already partners.' },
  })
  createPartnership(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createPartnershipSchema)) body: CreatePartnershipBody) {
    return this.partnerships.create(caller, body);
  }

  @Delete('partnerships/:id')
  @HttpCode(204)
  @ApiDoc({ summary: 'End a partnership.', response: null })
  removePartnership(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number) {
    return this.partnerships.remove(caller, id);
  }
}
