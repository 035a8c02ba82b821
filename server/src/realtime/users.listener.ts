import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { DomainEventMap } from '../common/domain-events';
import type { Role } from '../contracts/roles';
import { User } from '../users/user.entity';
import { LivePublisher, send } from './live-publisher.service';
import { type RoomMember, Rooms, roomMoves } from './rooms';

/** Users, approvals and sign-outs, as live events and room moves. */
@Injectable()
export class UsersListener {
  constructor(
    private readonly publisher: LivePublisher,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** Signing out closes that token's sockets on every replica: a signed-out token receives nothing more. */
  @OnEvent('session.revoked')
  sessionRevoked({ jti }: DomainEventMap['session.revoked']): void {
    this.publisher.disconnect(Rooms.session(jti));
  }

  /**
   * A password change closes every socket of the user but those of the session that made it, on every replica; a
   * driver taken out of service (no session kept) loses every socket.
   */
  @OnEvent('sessions.ended')
  sessionsEnded({ userId, keptJti }: DomainEventMap['sessions.ended']): void {
    this.publisher.disconnect(Rooms.user(userId), keptJti === undefined ? [] : [Rooms.session(keptJti)]);
  }

  /**
   * The user and whoever manages them (the tenant's admins, platform admins) get the new profile. When
   * role, tenant or organization changed, the user's sockets move rooms first; when the user may no
   * longer sign in, they are closed.
   */
  @OnEvent('user.changed')
  userChanged({ user, tenantId, previous }: DomainEventMap['user.changed']): void {
    const room = Rooms.user(user.id);
    if (user.status !== 'approved') {
      this.publisher.disconnect(room);
    } else if (previous && previous.role !== 'driver' && user.role !== 'driver') {
      // A driver's rooms follow their fleet driver, which no change of the account moves (users.service refuses it).
      const after: RoomMember = {
        id: user.id,
        role: user.role,
        tenantId: user.tenant_id,
        activeOrgId: user.active_org_id,
        activeOrgType: user.active_org?.type ?? null,
      };
      // The old organization's type is not known; assume it was joined (leaving a room one is not in is a no-op).
      const role = previous.role as Role;
      const before: RoomMember = {
        id: user.id,
        role,
        tenantId: previous.tenantId,
        activeOrgId: previous.activeOrgId,
        activeOrgType: role === 'bus_company' ? 'bus_company' : 'school',
      };
      const { leave, join } = roomMoves(before, after);
      this.publisher.moveSockets(room, leave, join);
    }
    const managers = tenantId === null ? [Rooms.platform] : [Rooms.platform, Rooms.role('admin', tenantId)];
    void this.publisher.publish(tenantId, () => [send('user:updated', [room, ...managers], { user })]);
  }

  /** The pending-approval badge: each admin gets the count of the list they see (a platform admin's spans every tenant). */
  @OnEvent('users.pending-changed')
  pendingChanged({ tenantId }: DomainEventMap['users.pending-changed']): void {
    void this.publisher.publish(tenantId, async () => {
      const [all, mine] = await Promise.all([
        this.users.countBy({ status: 'pending' }),
        tenantId === null ? Promise.resolve(0) : this.users.countBy({ status: 'pending', tenantId }),
      ]);
      return [
        send('users:pending', [Rooms.platform], { count: all }),
        ...(tenantId === null ? [] : [send('users:pending', [Rooms.role('admin', tenantId)], { count: mine })]),
      ];
    });
  }
}
