import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { type PermissionsQuery, permissionsQuery, type PutPermissionsBody, putPermissionsSchema } from './permissions.schemas';
import { PermissionsService } from './permissions.service';

/** DESIGN §5: the role matrix, per tenant, shared by all admins. */
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  // Every signed-in user of the tenant reads it: the console uses it to show what a role may do.
  @Get()
  get(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(permissionsQuery)) q: PermissionsQuery) {
    return this.permissions.get(caller, q.tenant_id);
  }

  @Put()
  @Roles('admin')
  put(
    @CurrentUser() caller: AuthUser,
    @Query(new ZodPipe(permissionsQuery)) q: PermissionsQuery,
    @Body(new ZodPipe(putPermissionsSchema)) body: PutPermissionsBody,
  ) {
    return this.permissions.put(caller, q.tenant_id, body);
  }
}
