import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { type PermissionsQuery, permissionsQuery, type PutPermissionsBody, putPermissionsSchema } from './permissions.schemas';
import { PermissionsService } from './permissions.service';
import { ApiDoc } from '../docs/api-doc';
import { permissionMatrixSchema } from '../docs/wire.schemas';

/** The role matrix: one per tenant, shared by all its admins. */
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  // Every signed-in user of the tenant reads it: the console uses it to show what a role may do.
  @Get()
  @ApiDoc({
    summary: "The tenant's role matrix (the default until an admin saves one).",
    response: permissionMatrixSchema,
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  get(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(permissionsQuery)) q: PermissionsQuery) {
    return this.permissions.get(caller, q.tenant_id);
  }

  @Put()
  @Roles('admin')
  @ApiDoc({
    summary: "Save the tenant's role matrix.",
    response: permissionMatrixSchema,
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  put(
    @CurrentUser() caller: AuthUser,
    @Query(new ZodPipe(permissionsQuery)) q: PermissionsQuery,
    @Body(new ZodPipe(putPermissionsSchema)) body: PutPermissionsBody,
  ) {
    return this.permissions.put(caller, q.tenant_id, body);
  }
}
