import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../../common/domain-events';
import { PresenceService } from './presence.service';

/**
 * Presence must not outlive the right to see a trip: when who sees what changes, the announcements
 * concerned are checked again on every replica (PresenceService.recheck), and withdrawn where their users may
 * no longer see the trip. Pushes themselves always go to the trip's audience as it is at that moment.
 */
@Injectable()
export class PresenceListener {
  constructor(private readonly presence: PresenceService) {}

  /** A trip that moved to another school or bus company. */
  @OnEvent('trip.updated')
  tripUpdated({ trip, previous }: DomainEventMap['trip.updated']): void {
    if (previous && (previous.schoolOrgId !== trip.schoolOrgId || previous.busCompanyOrgId !== trip.busCompanyOrgId)) {
      this.presence.recheck({ tripIds: [trip.id] });
    }
  }

  @OnEvent('trip.deleted')
  tripDeleted({ tripId }: DomainEventMap['trip.deleted']): void {
    this.presence.recheck({ tripIds: [tripId] });
  }

  /** A role, organization, tenant or name that changed (a user who may no longer sign in is disconnected, which withdraws them). */
  @OnEvent('user.changed')
  userChanged({ user }: DomainEventMap['user.changed']): void {
    this.presence.recheck({ userIds: [user.id] });
  }

  /** The bus company no longer sees the school's trips it was not assigned. */
  @OnEvent('partnership.deleted')
  partnershipDeleted({ tenantId }: DomainEventMap['partnership.deleted']): void {
    this.presence.recheck({ tenantId, role: 'bus_company' });
  }
}
