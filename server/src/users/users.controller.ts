import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { PasswordCheckLimit } from '../auth/auth-throttler.guard';
import { CurrentUser, Roles } from '../common/decorators';
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

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  @Roles('admin')
  list(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(listUsersQuery)) q: { tenant_id?: number }) {
    return this.users.list(caller, q.tenant_id);
  }

  @Get('users/me')
  me(@CurrentUser() caller: AuthUser) {
    return this.users.profile(caller.id);
  }

  // A wrong current password is a guess at it: counted like a sign-in (per e-mail and per address).
  @Patch('users/me')
  @PasswordCheckLimit()
  updateMe(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(updateMeSchema)) body: UpdateMeBody) {
    return this.users.updateMe(caller, body);
  }

  @Get('users/:id')
  get(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number) {
    return this.users.get(caller, id);
  }

  @Put('users/:id')
  @Roles('admin')
  update(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number, @Body(new ZodPipe(updateUserSchema)) body: UpdateUserBody) {
    return this.users.update(caller, id, body);
  }

  @Get('admin/users/pending')
  @Roles('admin')
  pending(@CurrentUser() caller: AuthUser) {
    return this.users.listPending(caller);
  }

  @Post('admin/users/:id/approve')
  @Roles('admin')
  @HttpCode(200)
  approve(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number, @Body(new ZodPipe(approveSchema)) body: ApproveBody) {
    return this.users.approve(caller, id, body);
  }
}
