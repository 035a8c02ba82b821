import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Messages } from '../contracts/messages';
import type { Role } from '../contracts/roles';
import type { AuthUser } from './auth-user';
import { DRIVERS_TOO, ROLES_KEY } from './decorators';

/**
 * On for every route, after sign-in: a route marked @Roles(...) answers 403 to anyone of another role. A driver is
 * refused everywhere else too, except on routes marked @DriversToo(): the console is closed to them by default, so a
 * new route never opens to drivers by accident.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const targets = [ctx.getHandler(), ctx.getClass()];
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.role === 'driver' && !roles?.includes('driver') && !this.reflector.getAllAndOverride<boolean>(DRIVERS_TOO, targets)) {
      throw new ForbiddenException(Messages.forbidden);
    }
    if (!roles?.length) return true;
    if (!user || !roles.includes(user.role)) throw new ForbiddenException(Messages.forbidden);
    return true;
  }
}
