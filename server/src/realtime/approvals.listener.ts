import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { countWaitingFor } from '../approvals/approvals.repository';
import type { AuthUser } from '../common/auth-user';
import type { DomainEventMap } from '../common/domain-events';
import { LivePublisher, type LiveSend, send } from './live-publisher.service';
import { Rooms } from './rooms';

type Counted = Pick<AuthUser, 'id' | 'role' | 'tenantId' | 'activeOrgId'>;

/**
 * Approval at the school (docs/domain.md, "Approval at the school"), live: `approval:changed {tripId}` to those who see
 * the trip at its school (its staff, the tenant's admins, platform admins, its requester), never to a bus company; and
 * `approvals:count` to each approver whose count may have changed and to the tenant's admins (theirs spans the
 * tenant), each counted fresh from the database, as the pending-users badge is.
 */
@Injectable()
export class ApprovalsListener {
  constructor(
    private readonly publisher: LivePublisher,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @OnEvent('approval.changed')
  approvalChanged({ tenantId, tripId, schoolOrgId, requesterId, approverIds }: DomainEventMap['approval.changed']): void {
    void this.publisher.publish(tenantId, async () => {
      const rooms = [Rooms.org(schoolOrgId), Rooms.role('admin', tenantId), Rooms.platform];
      if (requesterId !== null) rooms.push(Rooms.user(requesterId));
      return [send('approval:changed', rooms, { tripId }), ...(await this.counts(tenantId, approverIds))];
    });
  }

  @OnEvent('approvals.recount')
  recount({ tenantId, userIds }: DomainEventMap['approvals.recount']): void {
    void this.publisher.publish(tenantId, () => this.counts(tenantId, userIds));
  }

  private async counts(tenantId: number, userIds: readonly number[]): Promise<LiveSend[]> {
    const em = this.db.manager;
    const users =
      userIds.length === 0
        ? []
        : await em.query<{ id: number; role: Counted['role']; tenant_id: number | null; active_org_id: number | null }[]>(
            `SELECT id, role, tenant_id, active_org_id FROM users WHERE id = ANY($1::int[]) AND tenant_id = $2`,
            [[...userIds], tenantId],
          );
    const sends: LiveSend[] = [];
    for (const u of users) {
      const waiting = await countWaitingFor(em, { id: u.id, role: u.role, tenantId: u.tenant_id, activeOrgId: u.active_org_id });
      sends.push(send('approvals:count', [Rooms.user(u.id)], { waiting }));
    }
    const admins = await countWaitingFor(em, { id: 0, role: 'admin', tenantId, activeOrgId: null });
    sends.push(send('approvals:count', [Rooms.role('admin', tenantId)], { waiting: admins }));
    return sends;
  }
}
