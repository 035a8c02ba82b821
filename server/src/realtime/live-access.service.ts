import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { RevokedToken } from '../auth/revoked-token.entity';
import { sessionAlive } from '../auth/sessions.service';
import type { OrgType, Role } from '../contracts/roles';
import { Organization } from '../tenancy/organization.entity';
import { User } from '../users/user.entity';
import type { RoomMember } from './rooms';

/** A signed-in socket, as its handshake recorded it. */
export interface SocketRef {
  userId: number;
  jti: string;
  /** The token's session generation; absent means 0. */
  gen?: number;
}

const CHUNK = 500;

/**
 * Who a socket's user is now, for its rooms: read fresh from the database, many sockets at a time
 * (a replica re-checks all of its sockets after its Redis link comes back).
 */
@Injectable()
export class LiveAccess {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(RevokedToken) private readonly revoked: Repository<RevokedToken>,
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
  ) {}

  /** The room member of a user that has just been verified. */
  async memberOf(user: {
    id: number;
    role: Role;
    tenantId: number | null;
    activeOrgId: number | null;
    fleetDriverId: number | null;
  }): Promise<RoomMember> {
    const types = await this.orgTypes(user.activeOrgId === null ? [] : [user.activeOrgId]);
    return {
      id: user.id,
      role: user.role,
      tenantId: user.tenantId,
      activeOrgId: user.activeOrgId,
      activeOrgType: types.get(user.activeOrgId ?? -1) ?? null,
      fleetDriverId: user.fleetDriverId,
    };
  }

  /**
   * For each socket (by jti): its user's current room member, or null when signed out, ended by a password change or
   * a driver's deactivation, removed, no longer approved, or a driver without a fleet driver.
   */
  async members(refs: readonly SocketRef[]): Promise<Map<string, RoomMember | null>> {
    const result = new Map<string, RoomMember | null>();
    for (let i = 0; i < refs.length; i += CHUNK) {
      const chunk = refs.slice(i, i + CHUNK);
      const [users, revoked] = await Promise.all([
        this.users.find({
          select: {
            id: true,
            role: true,
            status: true,
            tenantId: true,
            activeOrgId: true,
            fleetDriverId: true,
            sessionGeneration: true,
            sessionKeptJti: true,
          },
          where: { id: In([...new Set(chunk.map((r) => r.userId))]) },
        }),
        this.revoked.find({ select: { jti: true }, where: { jti: In(chunk.map((r) => r.jti)) } }),
      ]);
      const byId = new Map(users.map((u) => [u.id, u]));
      const ended = new Set(revoked.map((r) => r.jti));
      const types = await this.orgTypes(users.flatMap((u) => (u.activeOrgId === null ? [] : [u.activeOrgId])));
      for (const ref of chunk) {
        const u = byId.get(ref.userId);
        result.set(
          ref.jti,
          !u || u.status !== 'approved' || ended.has(ref.jti) || !sessionAlive(u, ref) || (u.role === 'driver' && u.fleetDriverId === null)
            ? null
            : {
                id: u.id,
                role: u.role,
                tenantId: u.tenantId,
                activeOrgId: u.activeOrgId,
                activeOrgType: types.get(u.activeOrgId ?? -1) ?? null,
                fleetDriverId: u.fleetDriverId,
              },
        );
      }
    }
    return result;
  }

  private async orgTypes(ids: number[]): Promise<Map<number, OrgType>> {
    if (ids.length === 0) return new Map();
    const rows = await this.orgs.find({ select: { id: true, type: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((o) => [o.id, o.type]));
  }
}
