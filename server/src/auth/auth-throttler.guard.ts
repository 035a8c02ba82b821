import { createHash } from 'node:crypto';
import { applyDecorators, type ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import {
  normalizeIp,
  SkipThrottle,
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerOptions,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/config';
import { Messages } from '../contracts/messages';

/**
 * The limits on signing in and registering (against password guessing and sign-up floods): three
 * counters that know nothing of each other, each shared by every replica (redis-throttler.storage.ts):
 *  - per e-mail, from any address: one account is not tried from many addresses;
 *  - per address, for any e-mail: one address does not try many accounts;
 *  - registrations per address: one address does not fill the approval queue.
 * A sign-in route counts the first two, registration the third. Each is one window per key (the
 * route does not matter: /auth/login and /auth/login-microsoft share the address count).
 */
export const Throttlers = {
  signInEmail: 'sign-in-email',
  signInAddress: 'sign-in-address',
  registerAddress: 'register-address',
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type WithUser = Request & { user?: { email?: string } };

const addressOf = (req: WithUser) => normalizeIp(req.ip ?? 'unknown');

/**
 * The e-mail being tried: the signed-in user's on a signed-in route (a password change: whatever its body
 * says, so nobody spends another account's count), else the body's (sign-in).
 */
function emailOf(req: WithUser): string {
  if (req.user?.email) return req.user.email;
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

const requestOf = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<WithUser>();

// Keys do not carry the e-mail in clear (they live in Redis), nor the route (so routes share a count).
const keyOf = (_ctx: ExecutionContext, tracker: string, name: string) => createHash('sha256').update(`${name}|${tracker}`).digest('hex');

/** The three throttlers, with the numbers from configuration. */
export function authThrottlers(
  config: Pick<AppConfig, 'loginRateLimit' | 'loginAddressRateLimit' | 'registerRateLimit'>,
): ThrottlerOptions[] {
  return [
    {
      name: Throttlers.signInEmail,
      ttl: MINUTE,
      limit: config.loginRateLimit,
      getTracker: (req) => emailOf(req as WithUser),
      // Microsoft sign-in carries no e-mail until its token is verified: the address limit covers it.
      skipIf: (ctx) => emailOf(requestOf(ctx)) === '',
      generateKey: keyOf,
    },
    {
      name: Throttlers.signInAddress,
      ttl: MINUTE,
      limit: config.loginAddressRateLimit,
      getTracker: (req) => addressOf(req as WithUser),
      generateKey: keyOf,
    },
    {
      name: Throttlers.registerAddress,
      ttl: HOUR,
      limit: config.registerRateLimit,
      getTracker: (req) => addressOf(req as WithUser),
      generateKey: keyOf,
    },
  ];
}

const ONLY_WITH_PASSWORD = 'throttleOnlyWithPassword';

@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(ctx: ExecutionContext): Promise<boolean> {
    if (!this.reflector.get<boolean>(ONLY_WITH_PASSWORD, ctx.getHandler())) return false;
    const body = requestOf(ctx).body as { password?: unknown } | undefined;
    return typeof body?.password !== 'string' || body.password === '';
  }

  /**
   * The refusal (429) says when to try again: Retry-After, in whole seconds until the block that refused it ends (at
   * least 1). The library's own header carries the throttler's name (Retry-After-sign-in-email, …), which clients
   * do not look for.
   */
  protected override async throwThrottlingException(ctx: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    ctx
      .switchToHttp()
      .getResponse<Response>()
      .setHeader('Retry-After', String(Math.max(limit.timeToBlockExpire, 1)));
    throw new ThrottlerException(limit.ttl > MINUTE ? Messages.tooManyRegistrations : Messages.tooManyAttempts);
  }
}

/** A sign-in: counted per e-mail and per address. */
export const SignInLimit = () => applyDecorators(UseGuards(AuthThrottlerGuard), SkipThrottle({ [Throttlers.registerAddress]: true }));

/** A registration: counted per address. */
export const RegistrationLimit = () =>
  applyDecorators(UseGuards(AuthThrottlerGuard), SkipThrottle({ [Throttlers.signInEmail]: true, [Throttlers.signInAddress]: true }));

/** A change that checks the current password (PATCH /users/me): counted like a sign-in, when it carries a password. */
export const PasswordCheckLimit = () => applyDecorators(SignInLimit(), SetMetadata(ONLY_WITH_PASSWORD, true));
