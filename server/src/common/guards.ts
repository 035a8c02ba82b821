import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, type Type, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { Messages } from '../contracts/messages';
import type { Role } from '../contracts/roles';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, ROLES_KEY } from './decorators';

/**
 * On for every route; @Public() opts out. Authenticates through passport with this app's JWT strategy
 * (auth/jwt.strategy.ts), which checks the Bearer token's signature and expiry, that it was not signed out, and
 * that its user is still approved, and sets req.user. Passport keeps its strategies in one process-wide registry,
 * which would cross wires when two app instances share a process, as replicas do in tests: so each app registers
 * its strategy under a name of its own (AppModule.forRoot) and builds this guard for that name.
 */
export function jwtAuthGuard(strategy: string): Type<CanActivate> {
  @Injectable()
  class JwtAuthGuard extends AuthGuard(strategy) {
    constructor(private readonly reflector: Reflector) {
      super();
    }

    override async canActivate(ctx: ExecutionContext): Promise<boolean> {
      const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()]);
      if (isPublic) return true;
      return (await super.canActivate(ctx)) as boolean;
    }

    /** No usable token: 401 Messages.notSignedIn. The strategy's own refusals (an ended session) and failures pass as they are. */
    override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false): TUser {
      if (err) throw err;
      if (!user) throw new UnauthorizedException(Messages.notSignedIn);
      return user;
    }
  }
  return JwtAuthGuard;
}

@Injectable()
export class RolesGuard {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (!roles?.length) return true;
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !roles.includes(user.role)) throw new ForbiddenException(Messages.forbidden);
    return true;
  }
}
