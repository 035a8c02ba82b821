import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
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

/** spec §7 Global Admin. Admins only (spec §2 /admin/global); the services narrow tenant admins to their tenant. */
@Controller('global')
@Roles('admin')
export class GlobalAdminController {
  constructor(
    private readonly tenants: TenantsService,
    private readonly orgs: OrganizationsService,
    private readonly partnerships: PartnershipsService,
  ) {}

  @Get('tenants')
  listTenants(@CurrentUser() caller: AuthUser) {
    return this.tenants.list(caller);
  }

  @Post('tenants')
  createTenant(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createTenantSchema)) body: CreateTenantBody) {
    return this.tenants.create(caller, body);
  }

  @Patch('tenants/:id')
  updateTenant(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateTenantSchema)) body: UpdateTenantBody,
  ) {
    return this.tenants.update(caller, id, body);
  }

  @Get('orgs')
  listOrgs(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tenantQuery)) q: TenantQuery) {
    return this.orgs.list(caller, q.tenant_id);
  }

  @Post('orgs')
  createOrg(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createOrgSchema)) body: CreateOrgBody) {
    return this.orgs.create(caller, body);
  }

  @Patch('orgs/:id')
  updateOrg(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number, @Body(new ZodPipe(updateOrgSchema)) body: UpdateOrgBody) {
    return this.orgs.update(caller, id, body);
  }

  @Get('partnerships')
  listPartnerships(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tenantQuery)) q: TenantQuery) {
    return this.partnerships.list(caller, q.tenant_id);
  }

  @Post('partnerships')
  createPartnership(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createPartnershipSchema)) body: CreatePartnershipBody) {
    return this.partnerships.create(caller, body);
  }

  @Delete('partnerships/:id')
  @HttpCode(204)
  removePartnership(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number) {
    return this.partnerships.remove(caller, id);
  }
}
