import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { sessionAlive } from '../../auth/sessions.service';
import type { AuthUser } from '../../common/auth-user';
import { visibleTrips } from '../../trips/repository/trip-read.repository';
import { User } from '../../users/user.entity';
import type { LiveSocketData } from '../live-server';
import type { TripPlace } from '../trip-audience.service';

const CHUNK = 1_000;

/**
 * Who a live connection acts for and which trips that user may see, read fresh from the database for every
 * presence decision: the same rule as `GET /trips/{id}` (visibleTrips, trips/repository/trip-read.repository.ts),
 * so a user announces and hears presence exactly on the trips the API would show them.
 */
@Injectable()
export class PresenceAccess {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The connection's user now, or null when they may no longer sign in (removed, not approved, session ended). */
  async caller(session: LiveSocketData): Promise<AuthUser | null> {
    const u = await this.users.findOne({
      select: {
        id: true,
        name: true,
        email: true,
        role: true,
        status: true,
        tenantId: true,
        activeOrgId: true,
        fleetDriverId: true,
        sessionGeneration: true,
        sessionKeptJti: true,
      },
      where: { id: session.userId },
    });
    if (!u || u.status !== 'approved' || !sessionAlive(u, session)) return null;
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      status: u.status,
      tenantId: u.tenantId,
      activeOrgId: u.activeOrgId,
      fleetDriverId: u.fleetDriverId,
      jti: session.jti,
      exp: session.exp,
      gen: session.gen,
    };
  }

  /** Where the trip sits, when the user may see it; null for a trip they may not see, another tenant's, a deleted or a missing one alike. */
  async visibleTrip(user: AuthUser, tripId: number): Promise<TripPlace | null> {
    // Drivers neither announce nor hear presence, whatever trips they may read (docs/domain.md, "Drivers").
    if (user.role === 'driver') return null;
    const trip = await visibleTrips(this.db.manager, user)
      .andWhere('trip.id = :presenceTripId', { presenceTripId: tripId })
      .select(['trip.id', 'trip.tenantId', 'trip.schoolOrgId', 'trip.busCompanyOrgId', 'trip.createdById'])
      .getOne();
    if (!trip) return null;
    return { tenantId: trip.tenantId, schoolOrgId: trip.schoolOrgId, busCompanyOrgId: trip.busCompanyOrgId, createdById: trip.createdById };
  }

  /** Which of these trips the user may see. */
  async visibleAmong(user: AuthUser, tripIds: readonly number[]): Promise<Set<number>> {
    if (user.role === 'driver') return new Set();
    const ids = [...new Set(tripIds)];
    const seen = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await visibleTrips(this.db.manager, user)
        .andWhere('trip.id IN (:...presenceTripIds)', { presenceTripIds: ids.slice(i, i + CHUNK) })
        .select(['trip.id'])
        .getMany();
      for (const r of rows) seen.add(r.id);
    }
    return seen;
  }
}
