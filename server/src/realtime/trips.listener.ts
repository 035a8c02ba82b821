import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { SCHOOL_ONLY_STATUSES, type TripDto } from '../contracts/trip-wire';
import { LivePublisher, type LiveSend, send } from './live-publisher.service';
import { Rooms } from './rooms';
import { TripAudience, type TripPlace } from './trip-audience.service';

/**
 * `driver:changed {tripIds}` to the consoles of the fleet drivers a trip's buses name (and named before the change):
 * one of their assignments changed, came or went. Drivers hear of their trips only this way (no trip itself).
 */
function driverSends(trip: TripDto, formerDriverIds: readonly number[] = []): LiveSend[] {
  const drivers = new Set([...trip.buses.flatMap((b) => (b.driverId != null ? [b.driverId] : [])), ...formerDriverIds]);
  return drivers.size === 0 ? [] : [send('driver:changed', [...drivers].map(Rooms.driver), { tripIds: [trip.id] })];
}

/** Trips reach exactly the sockets whose user could GET them (canSeeTrip; visibility: docs/domain.md). */
@Injectable()
export class TripsListener {
  constructor(
    private readonly publisher: LivePublisher,
    private readonly audience: TripAudience,
  ) {}

  @OnEvent('trip.created')
  tripCreated({ trip, tenantId, by, audience }: DomainEventMap['trip.created']): void {
    void this.publisher.publish(tenantId, async () => [
      send('trip:created', await this.audience.roomsOf(trip, audience), { trip, by }),
      ...driverSends(trip),
    ]);
  }

  /**
   * `trip:updated {trip, status}` (contracts/events.ts) to those who see it now, with `from` when its status changed. When
   * the trip changed school or bus company, those who saw it before and no longer do are told to drop it. When its school
   * approved it out of its approval statuses, the bus companies that now see it for the first time are told of a new
   * request (`trip:created`, by its requester), as if it had been filed then: to them it is one. Its drivers, before and
   * after, are told to read their day again.
   */
  @OnEvent('trip.updated')
  tripUpdated({ trip, status, tenantId, by, previous, audience, formerDriverIds, driverStep }: DomainEventMap['trip.updated']): void {
    void this.publisher.publish(tenantId, async () => {
      const now = await this.audience.roomsOf(trip, audience);
      const from = previous?.status !== undefined && previous.status !== trip.status ? { from: previous.status } : {};
      const payload = { trip, status, by: by ?? null, ...from, ...(driverStep ? { driverStep: true } : {}) };
      // A move into a school's approval statuses takes the trip off the bus companies' consoles (and back out of them, on).
      const atSchool = (s: TripDto['status'] | undefined) => s !== undefined && SCHOOL_ONLY_STATUSES.includes(s);
      const moved =
        previous &&
        (previous.schoolOrgId !== trip.schoolOrgId ||
          previous.busCompanyOrgId !== trip.busCompanyOrgId ||
          (previous.status !== undefined && atSchool(previous.status) !== atSchool(trip.status)));
      if (!previous || !moved) return [send('trip:updated', now, payload), ...driverSends(trip, formerDriverIds)];
      // The facts are the school's: they hold for the place before too, unless the school itself changed.
      const before = await this.audience.roomsOf(
        { ...trip, ...previous },
        previous.schoolOrgId === trip.schoolOrgId ? audience : undefined,
      );
      const lost = before.filter((room) => !now.includes(room));
      const released = atSchool(previous.status) && !atSchool(trip.status);
      const gained = released ? now.filter((room) => !before.includes(room)) : [];
      const requester = trip.createdById === null ? null : { id: trip.createdById, name: trip.createdBy };
      return [
        // `except`: a socket in a gained room hears of the request once, as new
        send('trip:updated', now, payload, gained),
        ...(gained.length > 0 ? [send('trip:created', gained, { trip, by: requester })] : []),
        // `except`: a socket in a lost room that still sees the trip through another room keeps it.
        ...(lost.length > 0 ? [send('trip:deleted', lost, { tripId: trip.id }, now)] : []),
        ...driverSends(trip, formerDriverIds),
      ];
    });
  }

  @OnEvent('trip.deleted')
  tripDeleted({ tripId, trip, tenantId }: DomainEventMap['trip.deleted']): void {
    void this.publisher.publish(tenantId, async () => [send('trip:deleted', await this.roomsOf(trip), { tripId }), ...driverSends(trip)]);
  }

  private roomsOf(place: TripPlace): Promise<string[]> {
    return this.audience.roomsOf(place);
  }
}
