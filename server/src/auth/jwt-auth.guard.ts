import { type CanActivate, type ExecutionContext, Injectable, type Type, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AuthUser } from '../common/auth-user';
import { IS_PUBLIC } from '../common/decorators';
import { Messages } from '../contracts/messages';

/**
 * On for every route; @Public() opts out. Authenticates through passport with this app's JWT strategy
 * (jwt.strategy.ts), which checks the Bearer token's signature and expiry, that it was not signed out, and
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
