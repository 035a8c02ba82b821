import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { FleetMessages as M } from '../contracts/fleet-messages';
import {
  clashMessage,
  holdsFleet,
  licenceProblem,
  localDate,
  localDateTime,
  needsAnotherBus,
  needsBus,
  seatsProblem,
  tripWindow,
} from '../contracts/fleet-rules';
import type { FleetConflictBody } from '../contracts/fleet-wire';
import type { BusAssignment, TripClash, TripDto } from '../contracts/trip-wire';
import { UnitOfWork } from '../database/unit-of-work';
import { addProgress } from '../progress/progress-read.repository';
import { Trip } from '../trips/trip.entity';
import { readTrips } from '../trips/repository/trip-read.repository';
import { FleetBus } from './bus.entity';
import { FleetDriver } from './driver.entity';
import {
  distinctIds as ids,
  findClashes,
  findConflicts,
  findOutOfService,
  isFleetItem,
  syncFleetAssignments,
  tripsAssigned,
} from './repository/fleet-assignment.repository';
import { lockCompanyFleetRows } from './repository/fleet-read.repository';

const clashKey = (c: TripClash) => `${c.tripId}:${c.resource}:${c.resourceId}`;

/**
 * The fleet side of a trip (docs/domain.md, "Fleet"), for the trips service: checks an assignment that names fleet buses and
 * drivers, keeps `fleet_assignments` in step with the trip, and adds the computed flags (`clashes`, `needsBus`)
 * to every trip the API answers with. Inside a transaction it uses only that transaction's EntityManager.
 */
@Injectable()
export class TripFleet {
  private readonly logger = new Logger('Fleet');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The server's date, which "Needs a bus" and licence warnings count from. */
  today(): string {
    return localDate();
  }

  /** The server's wall-clock time (`YYYY-MM-DDTHH:mm`): a trip is completed only once it is back. */
  now(): string {
    return localDateTime();
  }

  get needsBusDays(): number {
    return this.config.dispatch.needsBusDays;
  }

  /**
   * Checks buses about to be assigned to `trip` (its row already locked) and answers them with the fleet's own
   * type, seats and names copied onto the items that name a fleet bus or driver. Refuses, writing nothing:
   * a bus or driver not in the assigned company's fleet, an inactive one newly chosen, one listed twice, a licence
   * that expires before the trip ends, fewer seats than passengers (400); a bus or driver another trip holds at an
   * overlapping time (409 with the conflicts). The bus and driver rows stay locked (in id order, so two
   * assignments never wait on each other in a circle) until the transaction ends: a competing assignment of the
   * same bus waits here, then sees this one's committed rows and is refused.
   */
  async checkAssignment(tx: EntityManager, trip: TripDto, requested: BusAssignment[]): Promise<BusAssignment[]> {
    const busIds = ids(requested.map((b) => b.busId));
    const driverIds = ids(requested.map((b) => b.driverId));
    if (busIds.length === 0 && driverIds.length === 0) return this.seatsChecked(trip, requested);

    const { buses, drivers } = await this.lockOwnFleet(tx, trip, busIds, driverIds);
    const before = { buses: new Set(trip.buses.map((b) => b.busId)), drivers: new Set(trip.buses.map((b) => b.driverId)) };

    for (const id of busIds) {
      const bus = buses.get(id)!;
      if (!bus.active && !before.buses.has(id)) throw new BadRequestException(M.busInactive(bus.name));
      if (requested.filter((b) => b.busId === id).length > 1) throw new BadRequestException(M.busListedTwice(bus.name));
    }
    for (const id of driverIds) {
      const driver = drivers.get(id)!;
      if (!driver.active && !before.drivers.has(id)) throw new BadRequestException(M.driverInactive(driver.name));
      if (requested.filter((b) => b.driverId === id).length > 1) throw new BadRequestException(M.driverListedTwice(driver.name));
      const licence = licenceProblem(driver, trip);
      if (licence) throw new BadRequestException(licence);
    }

    // The fleet is the record of what a bus is and who drives: its type, seats and names are copied (so
    // school staff read the names on their trips' assignments, never the fleet itself).
    const filled = requested.map((item): BusAssignment => {
      const bus = item.busId != null ? buses.get(item.busId)! : undefined;
      const driver = item.driverId != null ? drivers.get(item.driverId)! : undefined;
      return {
        ...item,
        ...(bus ? { busType: bus.busType, busSeats: bus.seats, busName: bus.name, busPlate: bus.plate } : {}),
        ...(driver ? { driverName: driver.name, driverPhone: driver.mobile } : {}),
      };
    });
    this.seatsChecked(trip, filled);

    const conflicts = await findConflicts(tx, busIds, driverIds, trip.id, tripWindow(trip));
    if (conflicts.length > 0) {
      const body: FleetConflictBody = { message: conflicts.slice(0, 3).map(clashMessage).join(' '), conflicts };
      throw new ConflictException(body);
    }
    return filled;
  }

  /**
   * Checks the fleet buses and drivers named by buses recorded for `trip` (its row already locked) without assigning
   * them (a subtrip): each must be in the fleet of the trip's assigned company, refused exactly as an assignment
   * refuses one of another company (400), so no company can write another's bus or driver onto its trips. The rows
   * named stay locked until the transaction ends, in the same order an assignment takes them.
   */
  async checkOwnership(tx: EntityManager, trip: TripDto, requested: BusAssignment[]): Promise<void> {
    await this.lockOwnFleet(tx, trip, ids(requested.map((b) => b.busId)), ids(requested.map((b) => b.driverId)));
  }

  /** Did the change touch what `fleet_assignments` mirrors (the buses or the times)? */
  affects(before: TripDto, after: TripDto): boolean {
    if (JSON.stringify(before.buses) !== JSON.stringify(after.buses)) return true;
    const a = tripWindow(before);
    const b = tripWindow(after);
    return a.start !== b.start || a.end !== b.end;
  }

  /** Rebuilds the trip's rows in `fleet_assignments` from its buses and times (same transaction as the change). */
  sync(tx: EntityManager, trip: TripDto): Promise<void> {
    return syncFleetAssignments(tx, trip);
  }

  /**
   * Adds the computed flags to trips read for an answer or an event: "Needs a bus", clashes with other trips, and the
   * day of travel (each bus's steps and whether it is late by the server's clock, the departure count).
   */
  async decorate(em: EntityManager, trips: TripDto[]): Promise<TripDto[]> {
    const today = this.today();
    for (const t of trips) {
      t.needsBus = needsBus(t, today, this.needsBusDays);
      t.clashes = [];
      t.outOfService = [];
    }
    await addProgress(em, trips, this.now(), this.config.dispatch.lateMinutes);
    const holding = trips.filter((t) => holdsFleet(t) && t.buses.some(isFleetItem));
    if (holding.length === 0) return trips;
    const holdingIds = [...new Set(holding.map((t) => t.id))];
    const rows = await findClashes(em, holdingIds);
    const gaps = await findOutOfService(em, holdingIds);
    // The same trip may come twice (a board's bar and its lane): each copy gets its flags.
    const byTrip = new Map<number, TripDto[]>();
    for (const t of holding) byTrip.set(t.id, [...(byTrip.get(t.id) ?? []), t]);
    for (const { forTripId, ...clash } of rows) for (const t of byTrip.get(forTripId) ?? []) t.clashes.push({ ...clash });
    for (const { forTripId, ...gap } of gaps) for (const t of byTrip.get(forTripId) ?? []) t.outOfService.push({ ...gap });
    const now = this.now();
    for (const t of holding) {
      t.clashes.sort((a, b) => a.tripId - b.tripId || a.resource.localeCompare(b.resource) || a.resourceId - b.resourceId);
      if (needsAnotherBus(t, now)) t.needsBus = true;
    }
    return trips;
  }

  /**
   * After a committed change to one trip: the other trips whose clash with it began or ended carry new flags without
   * a change of their own, so each is read again and announced (`trip.updated`) to its own audience.
   */
  async announceClashChanges(before: TripDto, after: TripDto): Promise<void> {
    const was = new Map(before.clashes.map((c) => [clashKey(c), c]));
    const is = new Map(after.clashes.map((c) => [clashKey(c), c]));
    const changed = new Set([...was.keys()].filter((k) => !is.has(k)).concat([...is.keys()].filter((k) => !was.has(k))));
    const others = ids([...changed].map((k) => (was.get(k) ?? is.get(k))!.tripId));
    await this.announceFlags(others, 'the clash flags of trips');
  }

  /**
   * After a bus or driver was taken out of service or back into it: the trips not yet back that it is assigned to now
   * need a bus (or no longer do), so each is read again and announced (`trip.updated`, no actor) to its audience.
   */
  async announceFleetChange(resource: 'bus' | 'driver', id: number): Promise<void> {
    const tripIds = await this.unitOfWork
      .run(({ tx }) => tripsAssigned(tx, resource, id, this.now()))
      .catch((e: unknown) => {
        this.logger.error(`Could not find the trips of ${resource} ${id}: ${(e as Error).message}`);
        return [];
      });
    await this.announceFlags(tripIds, `the trips of ${resource} ${id}`);
  }

  /**
   * Reads `tripIds` again (one read, one decorate) and announces each (`trip.updated`, no actor): only what is worked out
   * on every read changed (its flags, which buses report). A failure is logged, never thrown.
   */
  async announceFlags(tripIds: number[], what: string): Promise<void> {
    if (tripIds.length === 0) return;
    try {
      await this.unitOfWork.run(async ({ tx, publish }) => {
        const raw = await readTrips(
          tx.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids) AND trip.deleted = false', { ids: tripIds }),
        );
        for (const trip of await this.decorate(tx, raw)) publish('trip.updated', { trip, status: trip.status, tenantId: trip.tenantId });
      });
    } catch (e) {
      this.logger.error(`Could not announce ${what}: ${(e as Error).message}`);
    }
  }

  private seatsChecked(trip: TripDto, buses: BusAssignment[]): BusAssignment[] {
    const problem = seatsProblem(trip, buses);
    if (problem) throw new BadRequestException(problem);
    return buses;
  }

  /**
   * Locks the buses and drivers named (sorted ids: buses, then drivers), refusing (400) any that is not in the fleet of
   * the trip's assigned company: another company's, another tenant's and a missing one alike.
   */
  private async lockOwnFleet(
    tx: EntityManager,
    trip: TripDto,
    busIds: number[],
    driverIds: number[],
  ): Promise<{ buses: Map<number, FleetBus>; drivers: Map<number, FleetDriver> }> {
    const company = trip.busCompanyOrgId ?? -1;
    const companyName = trip.busCompanyName ?? 'the bus company';
    const buses = new Map((await lockCompanyFleetRows(tx, FleetBus, company, busIds)).map((b) => [b.id, b]));
    const drivers = new Map((await lockCompanyFleetRows(tx, FleetDriver, company, driverIds)).map((d) => [d.id, d]));
    const foreignBus = busIds.find((id) => !buses.has(id));
    if (foreignBus !== undefined) throw new BadRequestException(M.busNotInFleet(foreignBus, companyName));
    const foreignDriver = driverIds.find((id) => !drivers.has(id));
    if (foreignDriver !== undefined) throw new BadRequestException(M.driverNotInFleet(foreignDriver, companyName));
    return { buses, drivers };
  }
}
