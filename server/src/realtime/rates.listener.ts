import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { fleetRooms } from './audiences';
import { LivePublisher, send } from './live-publisher.service';

/**
 * Rate cards (docs/domain.md, "Rate cards") to exactly those who may read them: whoever keeps the company's fleet
 * (canManageFleet) keeps its prices, so the rooms are the fleet's.
 */
@Injectable()
export class RatesListener {
  constructor(private readonly publisher: LivePublisher) {}

  @OnEvent('rates.updated')
  ratesUpdated({ rateCard, tenantId, companyOrgId }: DomainEventMap['rates.updated']): void {
    const rooms = fleetRooms({ id: companyOrgId, tenantId });
    void this.publisher.publish(tenantId, () => [send('rates:updated', rooms, { rateCard })]);
  }
}
