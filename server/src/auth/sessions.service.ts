import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, LessThan, Repository } from 'typeorm';
import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { UnitOfWork } from '../database/unit-of-work';
import { FleetDriver } from '../fleet/driver.entity';
import { DriverInviteMessages } from '../fleet/driver-invite.messages';
import { User } from '../users/user.entity';
import { RevokedToken } from './revoked-token.entity';
import { SessionSync } from './session-sync.service';

export interface JwtPayload {
  sub: number;
  jti: string;
  exp: number;
  iat: number;
  /** The user's session generation when the token was issued (absent in tokens from before it existed: 0). */
  gen?: number;
}

type SessionRow = Pick<
  User,
  'id' | 'name' | 'email' | 'role' | 'status' | 'tenantId' | 'activeOrgId' | 'fleetDriverId' | 'sessionGeneration' | 'sessionKeptJti'
> & {
  revoked: boolean;
  /** A driver's fleet driver is in service (null: no fleet driver). */
  driverActive: boolean | null;
};

/** The token's user, whether a driver's fleet driver is in service, and whether the token was signed out, in one round trip. */
const SESSION_SQL = `SELECT u.id, u.name, u.email, u.role, u.status, u.tenant_id AS "tenantId", u.active_org_id AS "activeOrgId",
    u.fleet_driver_id AS "fleetDriverId", d.active AS "driverActive",
    u.session_generation AS "sessionGeneration", u.session_kept_jti AS "sessionKeptJti",
    EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2::uuid) AS revoked
  FROM users u LEFT JOIN fleet_drivers d ON d.id = u.fleet_driver_id WHERE u.id = $1`;

/** The one algorithm sign-in tokens are signed and checked with. */
export const TOKEN_ALGORITHM = 'HS256';

/**
 * The signing key as a KeyObject, not the string: given a string or a Buffer, jsonwebtoken first tries it as a
 * public key (which throws and is caught) on every verification, about 30-50x slower per request and per socket
 * handshake.
 */
export const signingKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret));

/**
 * Whether a driver account may be used: its fleet driver is in service (docs/domain.md, "Drivers"). Every other
 * role may. A driver whose fleet driver is gone counts as out of service.
 */
const driverInService = (user: Pick<User, 'role'>, driverActive: boolean | null | undefined): boolean =>
  user.role !== 'driver' || driverActive === true;

/** Whether a token of this user is still of a live generation: the current one, or the session kept through a password change. */
export const sessionAlive = (user: Pick<User, 'sessionGeneration' | 'sessionKeptJti'>, token: { jti: string; gen?: number }): boolean =>
  (token.gen ?? 0) === user.sessionGeneration || token.jti === user.sessionKeptJti;

/** Issues, checks and revokes sign-in tokens; used by HTTP and by the socket handshake alike. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly unitOfWork: UnitOfWork,
    private readonly sync: SessionSync,
  ) {}

  /** Refuses a sign-in (403) to a driver whose fleet driver is out of service; every other account passes. */
  async refuseDriverOutOfService(user: Pick<User, 'role' | 'fleetDriverId'>): Promise<void> {
    if (user.role !== 'driver') return;
    const driver =
      user.fleetDriverId === null
        ? null
        : await this.users.manager.findOne(FleetDriver, { where: { id: user.fleetDriverId }, select: { id: true, active: true } });
    if (!driverInService(user, driver?.active)) throw new ForbiddenException(DriverInviteMessages.outOfService);
  }

  issue(user: Pick<User, 'id' | 'sessionGeneration'>): string {
    return this.jwt.sign({ sub: user.id, jti: randomUUID(), gen: user.sessionGeneration }, { expiresIn: this.config.jwtExpiresIn });
  }

  /**
   * Verifies a raw token: 'invalid' when it is not ours or has expired, 'ended' when it was signed
   * out, ended by a password change made in another session, or its user is gone, no longer
   * approved or a driver out of service, else the current user.
   */
  async verify(token: string): Promise<AuthUser | 'invalid' | 'ended'> {
    let payload: JwtPayload;
    try {
      payload = await this.jwt.verifyAsync<JwtPayload>(token, { algorithms: [TOKEN_ALGORITHM] });
    } catch {
      return 'invalid';
    }
    return (await this.resolve(payload)) ?? 'ended';
  }

  /**
   * From a verified payload to the current user, or null when signed out, ended, removed, not approved or a driver
   * out of service. One statement (the user, their fleet driver's service, and whether the token was signed out),
   * paid by a token's first request on each replica: SessionSync keeps the answer until something it read changes.
   */
  async resolve(payload: JwtPayload): Promise<AuthUser | null> {
    if (typeof payload.sub !== 'number' || typeof payload.jti !== 'string') return null;
    if (payload.gen !== undefined && typeof payload.gen !== 'number') return null;
    const user = await this.sync.read(payload.sub, payload.jti, async () => {
      const [row] = await this.users.query<SessionRow[]>(SESSION_SQL, [payload.sub, payload.jti]);
      return row;
    });
    if (!user || user.revoked || user.status !== 'approved' || !sessionAlive(user, payload)) return null;
    if (!driverInService(user, user.driverActive)) return null;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.status,
      tenantId: user.tenantId,
      activeOrgId: user.activeOrgId,
      fleetDriverId: user.fleetDriverId,
      jti: payload.jti,
      exp: payload.exp,
      gen: payload.gen ?? 0,
    };
  }

  async revoke(user: AuthUser): Promise<void> {
    await this.unitOfWork.run(async ({ tx, publish }) => {
      await tx.upsert(RevokedToken, { jti: user.jti, expiresAt: new Date(user.exp * 1000) }, ['jti']);
      // Expired entries need no keeping: a token past its expiry fails verification on its own.
      await tx.delete(RevokedToken, { expiresAt: LessThan(new Date()) });
      publish('session.revoked', { jti: user.jti, userId: user.id });
    });
  }
}

/**
 * Ends every session of the caller's user but the caller's own, inside the transaction that changes the
 * password: later requests with those tokens answer 401. Publish 'sessions.ended' in the same unit of work: once
 * it has committed, that closes their sockets on every replica. (A function, not a SessionsService method: the users module uses it,
 * and the auth module already depends on the users module.)
 */
export async function endOtherSessions(tx: EntityManager, caller: Pick<AuthUser, 'id' | 'jti'>): Promise<void> {
  await tx
    .createQueryBuilder()
    .update(User)
    .set({ sessionGeneration: () => 'session_generation + 1', sessionKeptJti: caller.jti })
    .where('id = :id', { id: caller.id })
    .execute();
}

/**
 * Ends every session of the account of a fleet driver taken out of service, inside the transaction that deactivates
 * it: later requests with its tokens answer 401, and reactivating the driver does not bring them back (the driver
 * signs in again). Answers the account's id, for the caller to publish 'sessions.ended' (which closes its sockets on
 * every replica), or null when the driver has no account.
 */
export async function endDriverSessions(tx: EntityManager, fleetDriverId: number): Promise<number | null> {
  const account = await tx.findOne(User, { where: { fleetDriverId }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
  if (!account) return null;
  await tx
    .createQueryBuilder()
    .update(User)
    .set({ sessionGeneration: () => 'session_generation + 1', sessionKeptJti: null })
    .where('id = :id', { id: account.id })
    .execute();
  return account.id;
}
