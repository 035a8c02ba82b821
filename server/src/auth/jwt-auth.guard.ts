import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthUser } from '../common/auth-user';
import { IS_PUBLIC } from '../common/decorators';
import { Messages } from '../contracts/messages';
import { SessionsService } from './sessions.service';

/** The token of `Authorization: Bearer <token>`, read exactly as the API always has (scheme spelled so, one space), else null. */
function bearerToken(req: Pick<Request, 'headers'>): string | null {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme === 'Bearer' && token ? token : null;
}

/**
 * On for every route; @Public() opts out. The REST sign-in check is the socket handshake's: SessionsService.verify
 * checks the Bearer token's signature, algorithm and expiry, then (resolve) that it was not signed out and that its
 * user is still approved. 401 `{message}`: Messages.notSignedIn without a usable token, Messages.sessionEnded for
 * one that was ended. Sets req.user, which @CurrentUser reads.
 *
 * Each app's guard asks its own SessionsService (its own secret and database), so several apps in one process, as
 * the tests run replicas, never verify each other's tokens.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()]);
    if (isPublic) return true;
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedException(Messages.notSignedIn);
    const verdict = await this.sessions.verify(token);
    if (verdict === 'invalid') throw new UnauthorizedException(Messages.notSignedIn);
    if (verdict === 'ended') throw new UnauthorizedException(Messages.sessionEnded);
    req.user = verdict;
    return true;
  }
}
