import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { endDriverSessions } from '../auth/sessions.service';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import type { DriverInviteDto } from '../contracts/driver-wire';
import { FleetMessages as M } from '../contracts/fleet-messages';
import { canManageFleet, fleetNameKey, plateKey } from '../contracts/fleet-rules';
import type { BusDto, DriverDto, FleetStaleBody } from '../contracts/fleet-wire';
import { Messages } from '../contracts/messages';
import { UnitOfWork } from '../database/unit-of-work';
import { queueDriverInvite } from '../notices/driver-invite-mail';
import { Organization } from '../tenancy/organization.entity';
import { isUniqueViolation } from '../tenancy/unique-violation';
import { User } from '../users/user.entity';
import { FleetBus } from './bus.entity';
import { FleetDriver } from './driver.entity';
import { DriverInvite } from './driver-invite.entity';
import { DriverInviteMessages as IM } from './driver-invite.messages';
import { touchDriver, voidOpenInvites } from './driver-invite.repository';
import type { DriverInviteInput } from './driver-invite.schemas';
import { INVITE_TTL_HOURS, inviteTokenHash, inviteUrl, newInviteToken } from './driver-invite.tokens';
import type { CreateBusInput, CreateDriverInput, FleetListQuery, UpdateBusInput, UpdateDriverInput } from './fleet.schemas';
import {
  busesNamedOrPlatedLike,
  busesQuery,
  driversQuery,
  lockFleetRow,
  readBus,
  readBuses,
  readDriver,
  readDrivers,
} from './repository/fleet-read.repository';
import { TripFleet } from './trip-fleet.service';

/**
 * The fleet registry (docs/domain.md, "Fleet"): a bus company's buses and drivers. Dispatchers manage their own company's;
 * tenant admins any company of their tenant, named by `companyId`; platform admins all. Everyone else 403;
 * another company's or tenant's rows 404, exactly like missing ones. Nothing is ever deleted. Each write is one
 * transaction; `fleet.updated` goes out after it commits.
 */
@Injectable()
export class FleetService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly tripFleet: TripFleet,
  ) {}

  /**
   * The bus company a call works on. A dispatcher's is their own (naming another: 404); an admin names one of
   * their tenant (platform admins: any), or none (null: every company they manage). Others: 403.
   */
  async companyFor(em: EntityManager, caller: AuthUser, requested: number | undefined): Promise<Organization | null> {
    if (caller.role === 'bus_company') {
      const own = caller.activeOrgId === null ? null : await em.findOneBy(Organization, { id: caller.activeOrgId });
      if (!own || own.type !== 'bus_company' || own.tenantId !== caller.tenantId) throw new ForbiddenException(M.noCompany);
      if (requested !== undefined && requested !== own.id) throw new NotFoundException(M.companyNotFound);
      return own;
    }
    if (caller.role !== 'admin') throw new ForbiddenException(Messages.forbidden);
    if (requested === undefined) return null;
    const company = await em.findOneBy(Organization, { id: requested });
    if (!company || company.type !== 'bus_company' || !canManageFleet(caller, company)) throw new NotFoundException(M.companyNotFound);
    return company;
  }

  async listBuses(caller: AuthUser, query: FleetListQuery): Promise<BusDto[]> {
    const company = await this.companyFor(this.db.manager, caller, query.companyId);
    const qb = busesQuery(this.db.manager);
    this.scope(qb, 'bus', caller, company);
    if (query.active !== undefined) qb.andWhere('bus.active = :active', { active: query.active });
    return readBuses(qb);
  }

  async listDrivers(caller: AuthUser, query: FleetListQuery): Promise<DriverDto[]> {
    const company = await this.companyFor(this.db.manager, caller, query.companyId);
    const qb = driversQuery(this.db.manager);
    this.scope(qb, 'driver', caller, company);
    if (query.active !== undefined) qb.andWhere('driver.active = :active', { active: query.active });
    return readDrivers(qb, this.tripFleet.today());
  }

  async createBus(caller: AuthUser, body: CreateBusInput): Promise<BusDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const company = await this.requiredCompany(tx, caller, body.companyId);
      const { companyId: _companyId, ...fields } = body;
      const row = tx.create(FleetBus, { ...fields, ...keysOf(fields), tenantId: company.tenantId, companyOrgId: company.id });
      await this.refuseDuplicateBus(tx, row, company.name);
      const saved = await tx.save(row).catch((e: unknown) => rethrowDuplicate(e, row, company.name));
      const bus = (await readBus(tx, saved.id))!;
      publish('fleet.updated', { bus, tenantId: bus.tenantId, companyOrgId: bus.companyId });
      return bus;
    });
  }

  async updateBus(caller: AuthUser, id: number, body: UpdateBusInput): Promise<BusDto> {
    const result = await this.unitOfWork.run(async ({ tx, publish }) => {
      const row = await this.lockManaged(tx, FleetBus, caller, id, M.busNotFound);
      const current = (await readBus(tx, id))!;
      if (body.version !== undefined && body.version !== row.version) throw stale(M.staleBus, current);
      const { version: _version, ...fields } = body;
      const next = { ...row, ...definedOnly(fields) };
      if (next.boosterSeats > next.seats) throw new BadRequestException(M.boosterSeatsAboveSeats);
      Object.assign(next, keysOf(next));
      if (!differs(row, next, ['name', 'plate', 'busType', 'seats', 'boosterSeats', 'active'])) return { bus: current, changed: false };
      await this.refuseDuplicateBus(tx, next, current.companyName);
      await tx.save(FleetBus, next).catch((e: unknown) => rethrowDuplicate(e, next, current.companyName));
      const bus = (await readBus(tx, id))!;
      publish('fleet.updated', { bus, tenantId: bus.tenantId, companyOrgId: bus.companyId });
      return { bus, changed: true, serviceChanged: row.active !== next.active };
    });
    // Its trips not yet back now need another bus (or no longer do): boards, lanes and bells hear of them. Awaited
    // once committed (not an after-commit step), so the answer goes out after those announcements, as it always has.
    if ('serviceChanged' in result && result.serviceChanged) await this.tripFleet.announceFleetChange('bus', id);
    return result.bus;
  }

  async createDriver(caller: AuthUser, body: CreateDriverInput): Promise<DriverDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const company = await this.requiredCompany(tx, caller, body.companyId);
      const { companyId: _companyId, ...fields } = body;
      const saved = await tx.save(tx.create(FleetDriver, { ...fields, tenantId: company.tenantId, companyOrgId: company.id }));
      const driver = (await readDriver(tx, saved.id, this.tripFleet.today()))!;
      publish('fleet.updated', { driver, tenantId: driver.tenantId, companyOrgId: driver.companyId });
      return driver;
    });
  }

  async updateDriver(caller: AuthUser, id: number, body: UpdateDriverInput): Promise<DriverDto> {
    const today = this.tripFleet.today();
    const result = await this.unitOfWork.run(async ({ tx, publish }) => {
      const row = await this.lockManaged(tx, FleetDriver, caller, id, M.driverNotFound);
      const current = (await readDriver(tx, id, today))!;
      if (body.version !== undefined && body.version !== row.version) throw stale(M.staleDriver, current);
      const { version: _version, ...fields } = body;
      const next = { ...row, licenceExpiry: current.licenceExpiry, ...definedOnly(fields) };
      if (!differs({ ...row, licenceExpiry: current.licenceExpiry }, next, ['name', 'mobile', 'licenceExpiry', 'active'])) {
        return { driver: current, changed: false };
      }
      await tx.save(FleetDriver, next);
      // Out of service: the driver's account is signed out everywhere (docs/domain.md, "Drivers").
      const account = row.active && !next.active ? await endDriverSessions(tx, id) : null;
      if (account !== null) publish('sessions.ended', { userId: account });
      const driver = (await readDriver(tx, id, today))!;
      publish('fleet.updated', { driver, tenantId: driver.tenantId, companyOrgId: driver.companyId });
      return { driver, changed: true, serviceChanged: row.active !== next.active };
    });
    if ('serviceChanged' in result && result.serviceChanged) await this.tripFleet.announceFleetChange('driver', id);
    return result.driver;
  }

  /**
   * A new one-time sign-up link for a driver (docs/domain.md, "Drivers"), with the rights of PATCH /fleet/drivers/{id}:
   * the driver must be in service and have no account yet. Earlier open links of the driver stop working; only the
   * token's hash is kept. With an e-mail address the link is queued to it in the same transaction (`emailed`).
   */
  async inviteDriver(caller: AuthUser, id: number, body: DriverInviteInput, origin: string): Promise<DriverInviteDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const row = await this.lockManaged(tx, FleetDriver, caller, id, M.driverNotFound);
      if (!row.active) throw new ConflictException(IM.inviteOutOfService(row.name));
      const account = await tx.findOne(User, { where: { fleetDriverId: id }, select: { id: true, email: true } });
      if (account) throw new ConflictException(IM.alreadyHasAccount(row.name, account.email));
      const now = new Date();
      const token = newInviteToken();
      const expiresAt = new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000);
      await voidOpenInvites(tx, id, now);
      await tx.insert(DriverInvite, {
        tenantId: row.tenantId,
        driverId: id,
        tokenHash: inviteTokenHash(token),
        email: body.email,
        createdById: caller.id,
        expiresAt,
      });
      await touchDriver(tx, id);
      const driver = (await readDriver(tx, id, this.tripFleet.today()))!;
      publish('fleet.updated', { driver, tenantId: driver.tenantId, companyOrgId: driver.companyId });
      const url = inviteUrl(origin, token);
      const emailed = body.email ? await queueDriverInvite(tx, { driver, url, expiresAt, to: body.email }) : false;
      return { driverId: id, driverName: row.name, url, expiresAt: expiresAt.toISOString(), email: body.email, emailed };
    });
  }

  // -------------------------------------------------------------------------------------------

  /** Narrows a fleet query to the company, or to every company the caller manages. */
  private scope(qb: { andWhere: (w: string, p?: object) => unknown }, alias: string, caller: AuthUser, company: Organization | null): void {
    if (company) qb.andWhere(`${alias}.company_org_id = :scopeCompany`, { scopeCompany: company.id });
    else if (!isPlatformAdmin(caller)) qb.andWhere(`${alias}.tenant_id = :scopeTenant`, { scopeTenant: caller.tenantId ?? -1 });
  }

  private async requiredCompany(tx: EntityManager, caller: AuthUser, requested: number | undefined): Promise<Organization> {
    const company = await this.companyFor(tx, caller, requested);
    if (!company) throw new BadRequestException(M.companyRequired);
    return company;
  }

  /** Locks a bus or driver row the caller manages; anything else is 404, exactly like a missing row. */
  private async lockManaged<T extends FleetBus | FleetDriver>(
    tx: EntityManager,
    entity: new () => T,
    caller: AuthUser,
    id: number,
    notFound: string,
  ): Promise<T> {
    if (caller.role !== 'admin' && caller.role !== 'bus_company') throw new ForbiddenException(Messages.forbidden);
    const row = await lockFleetRow(tx, entity, id);
    if (!row || !canManageFleet(caller, { id: row.companyOrgId, tenantId: row.tenantId })) throw new NotFoundException(notFound);
    return row;
  }

  private async refuseDuplicateBus(
    tx: EntityManager,
    bus: Pick<FleetBus, 'id' | 'companyOrgId' | 'name' | 'nameKey' | 'plate' | 'plateKey'>,
    company: string,
  ) {
    const others = await busesNamedOrPlatedLike(tx, bus);
    if (others.some((o) => o.nameKey === bus.nameKey)) throw new ConflictException(M.busNameTaken(bus.name, company));
    if (bus.plate && others.some((o) => o.plateKey === bus.plateKey)) throw new ConflictException(M.plateTaken(bus.plate, company));
  }
}

function keysOf(b: { name: string; plate: string | null }): { nameKey: string; plateKey: string | null } {
  return { nameKey: fleetNameKey(b.name), plateKey: b.plate ? plateKey(b.plate) : null };
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function differs<T extends object>(a: T, b: T, keys: (keyof T)[]): boolean {
  return keys.some((k) => a[k] !== b[k]);
}

function stale<T extends BusDto | DriverDto>(message: string, current: T): ConflictException {
  const body: FleetStaleBody<T> = { message, current };
  return new ConflictException(body);
}

/** Two writes of one name or plate at once: the unique index refuses the second, as the check would have. */
function rethrowDuplicate(e: unknown, bus: Pick<FleetBus, 'name' | 'plate'>, company: string): never {
  if (!isUniqueViolation(e)) throw e;
  const constraint = (e as { constraint?: string; driverError?: { constraint?: string } }).driverError?.constraint;
  throw new ConflictException(
    constraint === 'UQ_fleet_buses_company_plate' && bus.plate ? M.plateTaken(bus.plate, company) : M.busNameTaken(bus.name, company),
  );
}
