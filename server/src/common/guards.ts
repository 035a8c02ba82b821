import { type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { SessionsService } from '../auth/sessions.service';
import { Messages } from '../contracts/messages';
import type { Role } from '../contracts/roles';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, ROLES_KEY } from './decorators';

/**
 * On for every route; @Public() opts out. Checks the Bearer token's signature and expiry, that it was
 * not signed out, and that its user is still approved. (Not passport: its strategies live in one
 * process-wide registry, which crosses wires when two app instances share a process, as replicas do in tests.)
 */
@Injectable()
export class JwtAuthGuard {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()]);
    if (isPublic) return true;
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) throw new UnauthorizedException(Messages.notSignedIn);
    const verdict = await this.sessions.verify(token);
    if (verdict === 'invalid') throw new UnauthorizedException(Messages.notSignedIn);
    if (verdict === 'ended') throw new UnauthorizedException(Messages.sessionEnded);
    req.user = verdict;
    return true;
  }
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
