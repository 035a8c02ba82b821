import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { LivePublisher, send } from './live-publisher.service';
import { Rooms } from './rooms';

/** Global Admin's records reach those who may GET them (docs/domain.md, visibility): platform admins, and the admins of the tenant concerned. */
const managersOf = (tenantId: number) => [Rooms.platform, Rooms.role('admin', tenantId)];

/** Tenants, organizations, partnerships and the role matrix, as live events. */
@Injectable()
export class TenancyListener {
  constructor(private readonly publisher: LivePublisher) {}

  @OnEvent('tenant.created')
  tenantCreated({ tenant }: DomainEventMap['tenant.created']): void {
    void this.publisher.publish(tenant.id, () => [send('tenant:created', managersOf(tenant.id), { tenant })]);
  }

  @OnEvent('tenant.updated')
  tenantUpdated({ tenant }: DomainEventMap['tenant.updated']): void {
    void this.publisher.publish(tenant.id, () => [send('tenant:updated', managersOf(tenant.id), { tenant })]);
  }

  @OnEvent('org.created')
  orgCreated({ org, tenantId }: DomainEventMap['org.created']): void {
    void this.publisher.publish(tenantId, () => [send('org:created', managersOf(tenantId), { org })]);
  }

  @OnEvent('org.updated')
  orgUpdated({ org, tenantId }: DomainEventMap['org.updated']): void {
    void this.publisher.publish(tenantId, () => [send('org:updated', managersOf(tenantId), { org })]);
  }

  /**
   * Besides the record for its managers, the bus company's dispatchers are told to refetch: the trips
   * they see follow their company's partnerships (a bus company sees a school's trips only while partnered with it),
   * and they may not read the partnership itself.
   */
  @OnEvent('partnership.created')
  partnershipCreated({ partnership, tenantId }: DomainEventMap['partnership.created']): void {
    void this.publisher.publish(tenantId, () => [
      send('partnership:created', managersOf(tenantId), { partnership }),
      send('resync', [Rooms.org(partnership.bus_company_org_id)], { reason: 'partnership' }),
    ]);
  }

  @OnEvent('partnership.deleted')
  partnershipDeleted({ partnership, tenantId }: DomainEventMap['partnership.deleted']): void {
    void this.publisher.publish(tenantId, () => [
      send('partnership:deleted', managersOf(tenantId), { partnership }),
      send('resync', [Rooms.org(partnership.bus_company_org_id)], { reason: 'partnership' }),
    ]);
  }

  /** Every signed-in user of the tenant reads the matrix (permissions.controller.ts), and platform admins any tenant's. */
  @OnEvent('permissions.updated')
  permissionsUpdated({ tenantId, permissions }: DomainEventMap['permissions.updated']): void {
    void this.publisher.publish(tenantId, () => [send('permissions:updated', [Rooms.platform, Rooms.tenant(tenantId)], { permissions })]);
  }
}
