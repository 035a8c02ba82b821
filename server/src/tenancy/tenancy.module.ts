import { Module } from '@nestjs/common';
import { GlobalAdminController } from './global-admin.controller';
import { OrganizationsService } from './organizations.service';
import { PartnershipsService } from './partnerships.service';
import { TenantsService } from './tenants.service';

/** Global Admin: tenants, organizations and partnerships. TenantsService.scope is shared with other features. */
@Module({
  controllers: [GlobalAdminController],
  providers: [TenantsService, OrganizationsService, PartnershipsService],
  exports: [TenantsService],
})
export class TenancyModule {}
