import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../common/domain-events';
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
  type TripTimes,
  tripWindow,
} from '../contracts/fleet-rules';
import type { FleetConflict, FleetConflictBody } from '../contracts/fleet-wire';
import type { BusAssignment, TripClash, TripDto, TripFleetGap } from '../contracts/trip-wire';
import { Trip } from '../trips/trip.entity';
import { readTrips } from '../trips/trip-scope';
import { FleetBus } from './bus.entity';
import { FleetDriver } from './driver.entity';
import { CLASHES_SQL, CONFLICTS_SQL, OUT_OF_SERVICE_SQL } from './fleet-sql';

const isFleetItem = (b: BusAssignment) => b.busId != null || b.driverId != null;
const ids = (values: (number | null | undefined)[]) => [...new Set(values.filter((v): v is number => v != null))].sort((a, b) => a - b);

const clashKey = (c: TripClash) => `${c.tripId}:${c.resource}:${c.resourceId}`;

/**
 * The fleet side of a trip (DESIGN §9), for the trips service: checks an assignment that names fleet buses and
 * drivers, keeps `fleet_assignments` in step with the trip, and adds the computed flags (`clashes`, `needsBus`)
 * to every trip the API answers with. Inside a transaction it uses only that transaction's EntityManager.
 */
@Injectable()
export class TripFleet {
  private readonly logger = new Logger('Fleet');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
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

    // The fleet is the record of what a bus is and who drives: its type, seats and names are copied (DESIGN §9:
    // school staff see the names copied onto their trips' assignments, never the fleet itself).
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

    const window = tripWindow(trip);
    const conflicts = await tx.query<FleetConflict[]>(CONFLICTS_SQL, [busIds, driverIds, trip.id, window.start, window.end]);
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

  /** Adds the computed flags to trips read for an answer or an event: "Needs a bus", and clashes with other trips. */
  async decorate(em: EntityManager, trips: TripDto[]): Promise<TripDto[]> {
    const today = this.today();
    for (const t of trips) {
      t.needsBus = needsBus(t, today, this.needsBusDays);
      t.clashes = [];
      t.outOfService = [];
    }
    const holding = trips.filter((t) => holdsFleet(t) && t.buses.some(isFleetItem));
    if (holding.length === 0) return trips;
    const holdingIds = [...new Set(holding.map((t) => t.id))];
    const rows = await em.query<(TripClash & { forTripId: number })[]>(CLASHES_SQL, [holdingIds]);
    const gaps = await em.query<(TripFleetGap & { forTripId: number })[]>(OUT_OF_SERVICE_SQL, [holdingIds]);
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
    const column = resource === 'bus' ? 'bus_id' : 'driver_id';
    const rows = await this.db
      .query<{ tripId: number }[]>(
        `SELECT DISTINCT trip_id AS "tripId" FROM fleet_assignments WHERE ${column} = $1 AND ends_at > $2::timestamp`,
        [id, this.now()],
      )
      .catch((e: unknown) => {
        this.logger.error(`Could not find the trips of ${resource} ${id}: ${(e as Error).message}`);
        return [];
      });
    await this.announceFlags(
      rows.map((r) => r.tripId),
      `the trips of ${resource} ${id}`,
    );
  }

  /** Reads `tripIds` again (one read, one decorate) and announces each (`trip.updated`, no actor): only its flags changed. */
  private async announceFlags(tripIds: number[], what: string): Promise<void> {
    if (tripIds.length === 0) return;
    try {
      const raw = await readTrips(
        this.db.manager.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids) AND trip.deleted = false', { ids: tripIds }),
      );
      for (const trip of await this.decorate(this.db.manager, raw)) {
        this.events.publish('trip.updated', { trip, status: trip.status, tenantId: trip.tenantId });
      }
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
    const buses = new Map((await this.lock(tx, FleetBus, company, busIds)).map((b) => [b.id, b]));
    const drivers = new Map((await this.lock(tx, FleetDriver, company, driverIds)).map((d) => [d.id, d]));
    const foreignBus = busIds.find((id) => !buses.has(id));
    if (foreignBus !== undefined) throw new BadRequestException(M.busNotInFleet(foreignBus, companyName));
    const foreignDriver = driverIds.find((id) => !drivers.has(id));
    if (foreignDriver !== undefined) throw new BadRequestException(M.driverNotInFleet(foreignDriver, companyName));
    return { buses, drivers };
  }

  /** Locks the company's rows among `wanted`, in id order; ids of another company (or none) are simply not found. */
  private lock<T extends FleetBus | FleetDriver>(tx: EntityManager, entity: new () => T, company: number, wanted: number[]): Promise<T[]> {
    if (wanted.length === 0) return Promise.resolve([]);
    return tx
      .createQueryBuilder(entity, 'r')
      .where('r.id IN (:...wanted) AND r.company_org_id = :company', { wanted, company })
      .orderBy('r.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
  }
}

/**
 * Rebuilds a trip's rows in `fleet_assignments` from its buses and times. Each row belongs to the company whose
 * fleet it names (normally the trip's; kept if the trip later moves to another company, which then does not hold it).
 */
export async function syncFleetAssignments(tx: EntityManager, trip: Pick<TripDto, 'id' | 'buses'> & TripTimes): Promise<void> {
  await tx.query('DELETE FROM fleet_assignments WHERE trip_id = $1', [trip.id]);
  const items = trip.buses.filter(isFleetItem);
  if (items.length === 0) return;
  const [busCompanies, driverCompanies] = await Promise.all([
    companiesOf(tx, 'fleet_buses', ids(items.map((b) => b.busId))),
    companiesOf(tx, 'fleet_drivers', ids(items.map((b) => b.driverId))),
  ]);
  const params: unknown[] = [trip.id, tripWindow(trip).start, tripWindow(trip).end];
  const values: string[] = [];
  for (const b of items) {
    const busId = b.busId != null && busCompanies.has(b.busId) ? b.busId : null;
    const driverId = b.driverId != null && driverCompanies.has(b.driverId) ? b.driverId : null;
    const company =
      (busId !== null ? busCompanies.get(busId) : undefined) ?? (driverId !== null ? driverCompanies.get(driverId) : undefined);
    if (company === undefined) continue;
    params.push(company, busId, driverId);
    const n = params.length;
    values.push(`($1, $${n - 2}, $${n - 1}, $${n}, $2::timestamp, $3::timestamp)`);
  }
  if (values.length === 0) return;
  await tx.query(
    `INSERT INTO fleet_assignments (trip_id, company_org_id, bus_id, driver_id, starts_at, ends_at) VALUES ${values.join(', ')}`,
    params,
  );
}

async function companiesOf(tx: EntityManager, table: 'fleet_buses' | 'fleet_drivers', wanted: number[]): Promise<Map<number, number>> {
  if (wanted.length === 0) return new Map();
  const rows = await tx.query<{ id: number; company: number }[]>(
    `SELECT id, company_org_id AS company FROM ${table} WHERE id = ANY($1::int[])`,
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, r.company]));
}
