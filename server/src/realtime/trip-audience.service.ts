import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { TripAudienceFacts } from '../common/domain-events';
import { canSeeTrip } from '../contracts/trip-rules';
import type { TripDto } from '../contracts/trip-wire';
import { Partnership } from '../tenancy/partnership.entity';
import { Trip } from '../trips/trip.entity';
import { User } from '../users/user.entity';
import { tripRooms } from './audiences';

/** Where a trip sits, as far as who sees it is concerned (visibility: docs/domain.md). */
export type TripPlace = Pick<TripDto, 'tenantId' | 'schoolOrgId' | 'busCompanyOrgId' | 'createdById'> & Partial<Pick<TripDto, 'status'>>;

/**
 * The rooms of the sockets whose user could GET a trip (canSeeTrip), read fresh from the database: trip events
 * (trips.listener.ts) and presence (presence.service.ts) go to exactly these.
 */
@Injectable()
export class TripAudience {
  constructor(
    @InjectRepository(Partnership) private readonly partnerships: Repository<Partnership>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Trip) private readonly trips: Repository<Trip>,
  ) {}

  /**
   * Who sees a trip at `place` (a school and bus company, now or before a move). `facts`, when the writer read them
   * for this very school and author (TripAudienceFacts), spare the two reads.
   */
  async roomsOf(place: TripPlace, facts?: TripAudienceFacts): Promise<string[]> {
    const [partnerCompanyIds, author] = facts
      ? [facts.partnerCompanyIds, facts.author]
      : await Promise.all([
          this.partnerships
            .find({ select: { busCompanyOrgId: true }, where: { schoolOrgId: place.schoolOrgId } })
            .then((rows) => rows.map((p) => p.busCompanyOrgId)),
          place.createdById === null
            ? null
            : this.users.findOne({
                select: { id: true, role: true, tenantId: true, activeOrgId: true, status: true },
                where: { id: place.createdById },
              }),
        ]);
    const authorSees = author !== null && author.status === 'approved' && canSeeTrip(author, { ...place, deleted: false }, []);
    return tripRooms(place, { partnerCompanyIds, authorSees });
  }

  /** Where a trip sits now; null when it does not exist or was deleted (nobody sees it). */
  async placeOf(tripId: number): Promise<TripPlace | null> {
    const trip = await this.trips.findOne({
      select: { id: true, tenantId: true, schoolOrgId: true, busCompanyOrgId: true, createdById: true, deleted: true, status: true },
      where: { id: tripId },
    });
    if (!trip || trip.deleted) return null;
    return {
      tenantId: trip.tenantId,
      schoolOrgId: trip.schoolOrgId,
      busCompanyOrgId: trip.busCompanyOrgId,
      createdById: trip.createdById,
      status: trip.status,
    };
  }
}
