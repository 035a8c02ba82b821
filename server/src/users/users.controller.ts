import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { PasswordCheckLimit } from '../auth/auth-throttler.guard';
import { CurrentUser, DriversToo, Roles } from '../common/decorators';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import {
  type ApproveBody,
  approveSchema,
  listUsersQuery,
  type UpdateMeBody,
  updateMeSchema,
  type UpdateUserBody,
  updateUserSchema,
} from './users.schemas';
import { UsersService } from './users.service';
import { ApiDoc } from '../docs/api-doc';
import { profileSchema } from '../docs/wire.schemas';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  @Roles('admin')
  @ApiDoc({
    summary: "The tenant's users (a platform admin: every user, or one tenant's).",
    response: z.array(profileSchema),
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  list(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(listUsersQuery)) q: { tenant_id?: number }) {
    return this.users.list(caller, q.tenant_id);
  }

  @Get('users/me')
  @DriversToo()
  @ApiDoc({ summary: 'The signed-in user.', response: profileSchema })
  me(@CurrentUser() caller: AuthUser) {
    return this.users.profile(caller.id);
  }

  // A wrong current password is a guess at it: counted like a sign-in (per e-mail and per address).
  @Patch('users/me')
  @DriversToo()
  @PasswordCheckLimit()
  @ApiDoc({
    summary: 'Change your own name, e-mail notices or password (a new password needs the current one).',
    description: 'A password change ends every other session of the account.',
    response: profileSchema,
  })
  updateMe(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(updateMeSchema)) body: UpdateMeBody) {
    return this.users.updateMe(caller, body);
  }

  @Get('users/:id')
  @DriversToo()
  @ApiDoc({ summary: 'One user (a non-admin: only themselves).', response: profileSchema })
  get(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number) {
    return this.users.get(caller, id);
  }

  @Put('users/:id')
  @Roles('admin')
  @ApiDoc({
    summary: "Change a user's name, role, organization or status.",
    response: profileSchema,
    errors: { 409: 'The last approved admin of a tenant cannot be demoted or set back to pending.' },
  })
  update(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number, @Body(new ZodPipe(updateUserSchema)) body: UpdateUserBody) {
    return this.users.update(caller, id, body);
  }

  @Get('admin/users/pending')
  @Roles('admin')
  @ApiDoc({ summary: 'Accounts awaiting approval.', response: z.array(profileSchema) })
  pending(@CurrentUser() caller: AuthUser) {
    return this.users.listPending(caller);
  }

  @Post('admin/users/:id/approve')
  @Roles('admin')
  @HttpCode(200)
  @ApiDoc({ summary: 'Approve an account, with its organization.', response: profileSchema })
  approve(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number, @Body(new ZodPipe(approveSchema)) body: ApproveBody) {
    return this.users.approve(caller, id, body);
  }

  @Post('admin/users/:id/decline')
  @Roles('admin')
  @HttpCode(204)
  @ApiDoc({
    summary: 'Decline a registration awaiting approval: the account is removed.',
    response: null,
    errors: { 409: 'Only a registration awaiting approval can be declined.' },
  })
  decline(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.users.decline(caller, id);
  }
}
