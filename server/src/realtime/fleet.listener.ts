import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { fleetRooms, needsBusRooms } from './audiences';
import { LivePublisher, send } from './live-publisher.service';

/** The fleet and its alerts (fleet rules: docs/domain.md), to exactly those who may read them. */
@Injectable()
export class FleetListener {
  constructor(private readonly publisher: LivePublisher) {}

  @OnEvent('fleet.updated')
  fleetUpdated(e: DomainEventMap['fleet.updated']): void {
    const rooms = fleetRooms({ id: e.companyOrgId, tenantId: e.tenantId });
    void this.publisher.publish(e.tenantId, () => [
      e.bus ? send('fleet:updated', rooms, { bus: e.bus }) : send('fleet:updated', rooms, { driver: e.driver }),
    ]);
  }

  @OnEvent('notification.created')
  notificationCreated({ notification, tenantId, companyOrgId }: DomainEventMap['notification.created']): void {
    void this.publisher.publish(tenantId, () => [send('notification:created', needsBusRooms(tenantId, companyOrgId), { notification })]);
  }
}
