import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Messages } from '../contracts/messages';
import type { Role } from '../contracts/roles';
import type { AuthUser } from './auth-user';
import { ROLES_KEY } from './decorators';

/** On for every route, after sign-in: a route marked @Roles(...) answers 403 to anyone of another role. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (!roles?.length) return true;
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !roles.includes(user.role)) throw new ForbiddenException(Messages.forbidden);
    return true;
  }
}
