import { Inject, Injectable, type OnApplicationShutdown, type Type, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-jwt';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Messages } from '../contracts/messages';
import { type JwtPayload, SessionsService, signingKey, TOKEN_ALGORITHM } from './sessions.service';

/** The token of `Authorization: Bearer <token>`, read exactly as the API always has (scheme spelled so, one space), else null. */
export function bearerToken(req: Pick<Request, 'headers'>): string | null {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme === 'Bearer' && token ? token : null;
}

let apps = 0;

/**
 * A passport strategy name no other app in this process has. Passport keeps strategies in one registry per
 * process, by name: under one shared name ("jwt") the last app built would verify every app's requests, with its
 * own secret and database, and closing it would leave the others with a closed one. Each app takes a name of its
 * own (AppModule.forRoot) and builds both its strategy and its guard for that name.
 */
export const uniqueStrategyName = (): string => `jwt-${++apps}`;

/**
 * The REST sign-in check as a passport strategy registered under `name`. passport-jwt turns away a request without
 * a Bearer token, or with one that is not ours or has expired (the key and algorithm SessionsService signs with);
 * validate hands the verified payload to SessionsService.resolve, the second half of the socket handshake's
 * SessionsService.verify (signed out, user still approved, session generation), so REST and sockets share one
 * verdict and the signature is checked once. 401 `{message}`: Messages.notSignedIn without a usable token (the
 * guard's handleRequest), Messages.sessionEnded for one that was ended. Leaves passport's registry when its app closes.
 */
export function jwtStrategy(name: string): Type<OnApplicationShutdown> {
  @Injectable()
  class JwtStrategy extends PassportStrategy(Strategy, name) implements OnApplicationShutdown {
    constructor(
      @Inject(APP_CONFIG) config: AppConfig,
      private readonly sessions: SessionsService,
    ) {
      super({
        jwtFromRequest: bearerToken,
        // A KeyObject where the types say string | Buffer: jsonwebtoken takes it, and verifies far faster with it.
        secretOrKey: signingKey(config.jwtSecret) as unknown as Buffer,
        algorithms: [TOKEN_ALGORITHM],
      });
    }

    /** The payload passport-jwt has just verified; SessionsService.resolve decides whether its session still holds. */
    async validate(payload: JwtPayload): Promise<AuthUser> {
      const user = await this.sessions.resolve(payload);
      if (!user) throw new UnauthorizedException(Messages.sessionEnded);
      return user;
    }

    // After the HTTP server has closed (onModuleDestroy runs before that, while requests may still come in).
    onApplicationShutdown(): void {
      passport.unuse(name);
    }
  }
  return JwtStrategy;
}
