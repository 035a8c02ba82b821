import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { fleetRooms, needsBusRooms } from './audiences';
import { LivePublisher, send } from './live-publisher.service';
import { Rooms } from './rooms';

/** The fleet and its alerts (fleet rules and the day of travel: docs/domain.md), to exactly those who may read them. */
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

  /** To the company's dispatchers and the tenant's admins; a late bus or a differing count to the school's staff too. */
  @OnEvent('notification.created')
  notificationCreated({ notification, tenantId, companyOrgId, schoolOrgId }: DomainEventMap['notification.created']): void {
    const rooms = needsBusRooms(tenantId, companyOrgId);
    if (schoolOrgId != null) rooms.push(Rooms.org(schoolOrgId));
    void this.publisher.publish(tenantId, () => [send('notification:created', rooms, { notification })]);
  }
}
