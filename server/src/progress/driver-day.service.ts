import { ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import type { DriverAssignmentDto, DriverDayDto } from '../contracts/driver-wire';
import { addDays, tripWindow } from '../contracts/fleet-rules';
import { UNDO_WINDOW_SECONDS } from '../contracts/progress-rules';
import type { TripDto } from '../contracts/trip-wire';
import { TripFleet } from '../fleet/trip-fleet.service';
import { readTrips } from '../trips/repository/trip-read.repository';
import { Trip } from '../trips/trip.entity';
import { assignedTripIds, findDriver, passengerLists } from './progress-read.repository';
import { type DriverFacts, toAssignment } from './progress.mapper';

/** How many days after today a driver's list reaches (today and the next 7). */
const DAYS_AHEAD = 7;
/** And how far back: yesterday's trips not yet back (a late return past midnight, a Returned still to tap). */
const DAYS_BEHIND = 1;

export const DriverMessages = {
  notADriver: 'This account is not linked to a driver of the fleet.',
} as const;

/**
 * A driver's own day (docs/domain.md, "The day of travel"): the trips their company assigned them, as their phone shows
 * them. Only the caller's fleet driver is ever read: a driver sees their own assignments and nothing else.
 */
@Injectable()
export class DriverDay {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tripFleet: TripFleet,
  ) {}

  /**
   * GET /driver/today: the driver's trips whose window overlaps yesterday through the next 7 days (held by their company,
   * or completed today with one of their steps), by departure, each with the driver's bus, its progress and next step.
   */
  async today(caller: AuthUser): Promise<DriverDayDto> {
    const em = this.db.manager;
    const driver = await this.driverOf(em, caller);
    const today = this.tripFleet.today();
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const ids = await assignedTripIds(
      em,
      driver.id,
      `${addDays(today, -DAYS_BEHIND)}T00:00`,
      `${addDays(today, DAYS_AHEAD + 1)}T00:00`,
      midnight.toISOString(),
    );
    const trips = ids.length === 0 ? [] : await this.read(em, ids);
    const lists = await passengerLists(em, ids);
    return {
      driver: { id: driver.id, name: driver.name, companyName: driver.companyName },
      today,
      now: this.tripFleet.now(),
      undoSeconds: UNDO_WINDOW_SECONDS,
      assignments: byDeparture(trips).map((t) => toAssignment(t, driver.id, lists.get(t.id) ?? [])),
    };
  }

  /** The driver's assignment on one trip (its flags and progress computed), as a step's answer. */
  async assignment(em: EntityManager, driverId: number, trip: TripDto): Promise<DriverAssignmentDto> {
    const lists = await passengerLists(em, [trip.id]);
    return toAssignment(trip, driverId, lists.get(trip.id) ?? []);
  }

  /** The caller's fleet driver: 403 for anyone else, and for a driver account no longer tied to one. */
  async driverOf(em: EntityManager, caller: AuthUser): Promise<DriverFacts> {
    const driver =
      caller.role === 'driver' && caller.fleetDriverId !== null ? await findDriver(em, caller.fleetDriverId, caller.tenantId) : null;
    if (!driver) throw new ForbiddenException(DriverMessages.notADriver);
    return driver;
  }

  private async read(em: EntityManager, ids: number[]): Promise<TripDto[]> {
    return this.tripFleet.decorate(em, await readTrips(em.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids)', { ids })));
  }
}

/** Trips by departure (the wall-clock start), then id. */
function byDeparture(trips: TripDto[]): TripDto[] {
  const keyed = trips.map((t) => ({ key: tripWindow(t).start, t }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.t.id - b.t.id));
  return keyed.map((k) => k.t);
}
