import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { FleetMessages as M } from '../contracts/fleet-messages';
import {
  addDays,
  BOARD_MAX_DAYS,
  busUnavailableMessage,
  daysBetween,
  DISPATCH_BOARD_ROLES,
  needsBusMessage,
  tripWindow,
  weekStart,
} from '../contracts/fleet-rules';
import type { DispatchBoardDto, FleetCompanyDto, NotificationDto } from '../contracts/fleet-wire';
import { Messages } from '../contracts/messages';
import type { TripDto } from '../contracts/trip-wire';
import { Organization } from '../tenancy/organization.entity';
import { Trip } from '../trips/trip.entity';
import { readTrips, visibleTrips } from '../trips/repository/trip-read.repository';
import { type AlertScope, openProgressNotifications } from '../progress/progress-alerts.repository';
import { type AlertRow, openAlertsQuery } from './repository/alert.repository';
import { FLEET_TROUBLE_SQL, holdsFleetSql } from './repository/fleet-assignment.repository';
import { busesQuery, driversQuery, partnerSchoolsOf, readBuses, readDrivers } from './repository/fleet-read.repository';
import type { BoardQuery } from './fleet.schemas';
import { FleetService } from './fleet.service';
import { TripFleet } from './trip-fleet.service';

/** Trips by departure (the wall-clock start), then id; each key is worked out once. */
function byDeparture(trips: TripDto[]): TripDto[] {
  const keyed = trips.map((t) => ({ key: tripWindow(t).start, t }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.t.id - b.t.id));
  return keyed.map((k) => k.t);
}

/** The most requests the board's lane lists. */
const REQUESTS_LIMIT = 100;

/**
 * The request lane of `company`, newest first: Pending trips of its partner schools that no company holds yet (the
 * company may accept them), its own trips' edit requests, and its own trips' cancellation requests (the company approves
 * or declines them, often for a bus about to leave); not those already over.
 */
function requestsQuery(qb: SelectQueryBuilder<Trip>, company: number, today: string): SelectQueryBuilder<Trip> {
  return qb
    .andWhere(
      `((trip.status = 'Pending' AND ((trip.bus_company_org_id IS NULL AND trip.school_org_id IN
         (SELECT p.school_org_id FROM partnerships p WHERE p.bus_company_org_id = :requestsOf))
       OR (trip.bus_company_org_id = :requestsOf AND trip.edit_request)))
       OR (trip.status = 'Cancel Requested' AND trip.bus_company_org_id = :requestsOf))`,
      { requestsOf: company },
    )
    .andWhere('trip.returnDate >= :requestsFrom', { requestsFrom: today })
    .orderBy('trip.updated_at', 'DESC')
    .addOrderBy('trip.id', 'DESC')
    .limit(REQUESTS_LIMIT);
}

/** The open notifications a caller may see, newest first (at most this many). */
const NOTIFICATIONS_LIMIT = 100;

/**
 * Reads for the dispatch board and the bell (docs/domain.md, "Fleet"). Every trip they answer with comes
 * through `visibleTrips`, so nobody sees a trip here that GET /trips would not show them.
 */
@Injectable()
export class DispatchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly fleet: FleetService,
    private readonly tripFleet: TripFleet,
  ) {}

  /**
   * GET /dispatch/board. Dispatchers: their company. Admins: the company they name (default: the first of their
   * tenant by name). Trip managers: only their own trips (as GET /trips), any company or the one named, and no
   * fleet rows (the fleet is for dispatchers and admins).
   */
  async board(caller: AuthUser, query: BoardQuery): Promise<DispatchBoardDto> {
    if (!(DISPATCH_BOARD_ROLES as readonly string[]).includes(caller.role)) throw new ForbiddenException(Messages.forbidden);
    const today = this.tripFleet.today();
    const from = query.from ?? weekStart(today);
    const to = query.to ?? addDays(from, 6);
    if (to < from) throw new BadRequestException(M.toBeforeFrom);
    if (daysBetween(from, to) >= BOARD_MAX_DAYS) throw new BadRequestException(M.windowTooLong);

    const em = this.db.manager;
    const manager = caller.role === 'trip_manager';
    let company: FleetCompanyDto | null;
    let companies: FleetCompanyDto[];
    if (manager) {
      company = query.companyId === undefined ? null : await this.namedCompany(caller, query.companyId);
      companies = [];
    } else {
      const chosen = await this.fleet.companyFor(em, caller, query.companyId);
      companies = chosen && caller.role === 'bus_company' ? [toCompany(chosen)] : await this.companiesOf(caller);
      company = chosen ? toCompany(chosen) : (companies[0] ?? null);
    }

    const scoped = () => {
      const qb = visibleTrips(em, caller);
      if (company) qb.andWhere('trip.busCompanyOrgId = :boardCompany', { boardCompany: company.id });
      // A dispatcher's or admin's board with no company to show (a tenant without bus companies) is empty.
      else if (!manager) qb.andWhere('1 = 0');
      return qb;
    };
    // One round of reads at once (a company's whole fleet is small), then the flags of the trips read. The fleet and
    // the request lane belong to the company shown; a trip manager's board across companies has neither.
    const fleetOf = manager ? null : company;
    const [bars, waiting, troubled, requests, allBuses, allDrivers, partnerSchoolIds] = await Promise.all([
      readTrips(
        scoped()
          .andWhere('trip.departureDate <= :to AND trip.returnDate >= :from', { from, to })
          .andWhere(`(${holdsFleetSql('trip')} OR trip.status = 'Completed')`)
          .andWhere('jsonb_array_length(trip.buses) > 0'),
      ),
      // Accepted: without a bus, or with the buses it kept through a change its company accepted, to confirm again.
      readTrips(scoped().andWhere(`trip.status = 'Accepted'`).andWhere('trip.returnDate >= :today', { today })),
      // Trips that have a bus but may not run with it (a clash, a bus or driver out of service): `decorate` decides.
      readTrips(
        scoped()
          .andWhere(`trip.status IN ('Accepted', 'Confirmed', 'Cancel Requested') AND trip.deleted = false`)
          .andWhere('trip.returnDate >= :today', { today })
          .andWhere(`EXISTS (${FLEET_TROUBLE_SQL})`),
      ),
      fleetOf ? readTrips(requestsQuery(visibleTrips(em, caller), fleetOf.id, today)) : [],
      fleetOf ? readBuses(busesQuery(em).where('bus.company_org_id = :company', { company: fleetOf.id })) : [],
      fleetOf ? readDrivers(driversQuery(em).where('driver.company_org_id = :company', { company: fleetOf.id }), today) : [],
      fleetOf ? partnerSchoolsOf(em, fleetOf.id) : [],
    ]);
    await this.tripFleet.decorate(em, [...bars, ...waiting, ...troubled, ...requests]);
    // An Accepted trip whose bus clashes is read by both: listed once.
    const waitingIds = new Set(waiting.map((t) => t.id));
    const lane = [...waiting, ...troubled.filter((t) => t.needsBus && !waitingIds.has(t.id))];
    // Inactive buses and drivers appear only while they carry a trip shown.
    const onBars = new Set(bars.flatMap((t) => t.buses.flatMap((b) => [`bus:${b.busId}`, `driver:${b.driverId}`])));
    const buses = allBuses.filter((b) => b.active || onBars.has(`bus:${b.id}`));
    const drivers = allDrivers.filter((d) => d.active || onBars.has(`driver:${d.id}`));
    return {
      from,
      to,
      today,
      needsBusDays: this.tripFleet.needsBusDays,
      company,
      companies,
      buses,
      drivers,
      trips: byDeparture(bars),
      needsBus: byDeparture(lane),
      requests,
      partnerSchoolIds,
    };
  }

  /**
   * GET /notifications: the alerts still open that the caller was sent, newest first: "Needs a bus" (the trip is
   * accepted, has no bus and has not left) and a bus unavailable (dispatchers their company's, admins their tenant's,
   * platform admins every tenant's), and the day of travel's (a bus still late, a departure count that differs: the
   * same, and school staff their school's late departures and returns and counts). Other roles get none.
   */
  async notifications(caller: AuthUser): Promise<NotificationDto[]> {
    const scope = await this.alertScope(caller);
    if (!scope) return [];
    const today = this.tripFleet.today();
    const decorate = (trips: TripDto[]) => this.tripFleet.decorate(this.db.manager, trips);
    const [fleet, travel] = await Promise.all([
      scope.schoolId === undefined ? this.fleetNotifications(scope, today) : [],
      openProgressNotifications(this.db.manager, scope, addDays(today, -2), NOTIFICATIONS_LIMIT, decorate),
    ]);
    // Both kinds draw their ids from one sequence: newest first is highest id first.
    return [...fleet, ...travel].sort((a, b) => b.id - a.id).slice(0, NOTIFICATIONS_LIMIT);
  }

  /** Whose alerts the caller reads; null: none (roles that are sent none, a dispatcher without a company). */
  private async alertScope(caller: AuthUser): Promise<AlertScope | null> {
    if (caller.role === 'bus_company') {
      const company = await this.fleet.companyFor(this.db.manager, caller, undefined).catch(() => null);
      return company ? { companyId: company.id } : null;
    }
    if (caller.role === 'admin') return isPlatformAdmin(caller) ? {} : { tenantId: caller.tenantId ?? -1 };
    if (caller.role !== 'school_staff' || caller.activeOrgId === null) return null;
    return { tenantId: caller.tenantId ?? -1, schoolId: caller.activeOrgId };
  }

  /** "Needs a bus" and a bus unavailable, still open, for a company's or a tenant's scope. */
  private async fleetNotifications(scope: AlertScope, today: string): Promise<NotificationDto[]> {
    // "Needs a bus": still accepted with no bus. A bus unavailable: still needing another, which only the trip's
    // computed flags tell, so those few are read and decorated below.
    const qb = openAlertsQuery(this.db, today, NOTIFICATIONS_LIMIT);
    if (scope.companyId !== undefined) qb.andWhere('trip.bus_company_org_id = :company', { company: scope.companyId });
    if (scope.tenantId !== undefined) qb.andWhere('alert.tenant_id = :tenant', { tenant: scope.tenantId });
    const rows = await qb.getRawMany<AlertRow & { kind: string }>();
    const unavailable = rows.filter((r) => r.kind === 'busUnavailable').map((r) => r.tripId);
    const trips =
      unavailable.length === 0
        ? []
        : await this.tripFleet.decorate(
            this.db.manager,
            await readTrips(this.db.manager.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids)', { ids: unavailable })),
          );
    const byId = new Map(trips.map((t) => [t.id, t]));
    return rows.flatMap((r) => {
      if (r.kind !== 'busUnavailable') return [toNotification(r)];
      const trip = byId.get(r.tripId);
      return trip?.needsBus ? [toNotification(r, trip)] : [];
    });
  }

  /** A trip manager's company filter: a bus company of their tenant, else 404 like a missing one. */
  private async namedCompany(caller: AuthUser, id: number): Promise<FleetCompanyDto> {
    const org = await this.db.manager.findOneBy(Organization, { id });
    if (!org || org.type !== 'bus_company' || org.tenantId !== caller.tenantId) throw new NotFoundException(M.companyNotFound);
    return toCompany(org);
  }

  /** The bus companies an admin may choose between: their tenant's (platform admins: every tenant's). */
  private async companiesOf(caller: AuthUser): Promise<FleetCompanyDto[]> {
    const orgs = await this.db.manager.find(Organization, {
      where: isPlatformAdmin(caller) ? { type: 'bus_company' } : { type: 'bus_company', tenantId: caller.tenantId ?? -1 },
      order: { name: 'ASC', id: 'ASC' },
    });
    return orgs.map(toCompany);
  }
}

const toCompany = (o: Organization): FleetCompanyDto => ({ id: o.id, tenantId: o.tenantId, name: o.name });

/** A raised alert as the bell shows it; `unavailable`: the trip (flags computed) whose bus or driver cannot go. */
export function toNotification(r: AlertRow, unavailable?: TripDto): NotificationDto {
  return {
    id: r.id,
    kind: 'needsBus',
    title: M.needsBusTitle,
    message: unavailable ? busUnavailableMessage(unavailable) : needsBusMessage(r),
    tripId: r.tripId,
    tenantId: r.tenantId,
    companyId: r.companyId,
    destination: r.destination,
    schoolName: r.schoolName,
    departureDate: r.departureDate,
    departureTime: r.departureTime,
    raisedAt: r.raisedAt instanceof Date ? r.raisedAt.toISOString() : new Date(r.raisedAt).toISOString(),
  };
}
