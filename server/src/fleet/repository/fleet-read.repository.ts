import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { licenceStatus } from '../../contracts/fleet-rules';
import type { BusDto, DriverDto } from '../../contracts/fleet-wire';
import { Organization } from '../../tenancy/organization.entity';
import { User } from '../../users/user.entity';
import { FleetBus } from '../bus.entity';
import { FleetDriver } from '../driver.entity';

/**
 * The one JSON shape of a bus and of a driver, read as raw rows with the company's name joined (no entity
 * hydration: dates come back as text from both drivers, whatever the process's time zone).
 */

/** Instants as either driver reads them. */
interface RowInstants {
  createdAt: Date | string;
  updatedAt: Date | string;
}

type BusRow = Omit<BusDto, keyof RowInstants> & RowInstants;

type DriverRow = Omit<DriverDto, 'licenceStatus' | 'account' | 'inviteExpiresAt' | keyof RowInstants> &
  RowInstants & { accountEmail: string | null; inviteExpiresAt: Date | string | null };

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** Buses of a builder over `FleetBus` aliased `bus`, by company and name. */
export function busesQuery(em: EntityManager): SelectQueryBuilder<FleetBus> {
  return em
    .createQueryBuilder(FleetBus, 'bus')
    .innerJoin(Organization, 'company', 'company.id = bus.company_org_id')
    .orderBy('company.name', 'ASC')
    .addOrderBy('bus.name_key', 'ASC')
    .addOrderBy('bus.id', 'ASC');
}

/** Drivers of a builder over `FleetDriver` aliased `driver`, by company and name, with their account (`account`) if any. */
export function driversQuery(em: EntityManager): SelectQueryBuilder<FleetDriver> {
  return em
    .createQueryBuilder(FleetDriver, 'driver')
    .innerJoin(Organization, 'company', 'company.id = driver.company_org_id')
    .leftJoin(User, 'account', 'account.fleet_driver_id = driver.id')
    .orderBy('company.name', 'ASC')
    .addOrderBy('lower(driver.name)', 'ASC')
    .addOrderBy('driver.id', 'ASC');
}

export async function readBuses(qb: SelectQueryBuilder<FleetBus>): Promise<BusDto[]> {
  const rows = await qb
    .select([
      'bus.id AS "id"',
      'bus.tenant_id AS "tenantId"',
      'bus.company_org_id AS "companyId"',
      'company.name AS "companyName"',
      'bus.name AS "name"',
      'bus.plate AS "plate"',
      'bus.bus_type AS "busType"',
      'bus.seats AS "seats"',
      'bus.booster_seats AS "boosterSeats"',
      'bus.active AS "active"',
      'bus.version AS "version"',
      'bus.created_at AS "createdAt"',
      'bus.updated_at AS "updatedAt"',
    ])
    .getRawMany<BusRow>();
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }));
}

export async function readDrivers(qb: SelectQueryBuilder<FleetDriver>, today: string): Promise<DriverDto[]> {
  const rows = await qb
    .select([
      'driver.id AS "id"',
      'driver.tenant_id AS "tenantId"',
      'driver.company_org_id AS "companyId"',
      'company.name AS "companyName"',
      'driver.name AS "name"',
      'driver.mobile AS "mobile"',
      `to_char(driver.licence_expiry, 'YYYY-MM-DD') AS "licenceExpiry"`,
      'driver.active AS "active"',
      'driver.version AS "version"',
      'driver.created_at AS "createdAt"',
      'driver.updated_at AS "updatedAt"',
      'account.email AS "accountEmail"',
      // The open invitation (docs/domain.md, "Drivers"): a newer one voids the older, so at most one is open.
      `(SELECT max(i.expires_at) FROM driver_invites i WHERE i.driver_id = driver.id AND i.used_at IS NULL AND i.voided_at IS NULL
          AND i.expires_at > now()) AS "inviteExpiresAt"`,
    ])
    .getRawMany<DriverRow>();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    companyId: r.companyId,
    companyName: r.companyName,
    name: r.name,
    mobile: r.mobile,
    licenceExpiry: r.licenceExpiry,
    licenceStatus: licenceStatus(r.licenceExpiry, today),
    active: r.active,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    account: r.accountEmail === null ? null : { email: r.accountEmail },
    inviteExpiresAt: r.inviteExpiresAt === null ? null : iso(r.inviteExpiresAt),
  }));
}

export async function readBus(em: EntityManager, id: number): Promise<BusDto | null> {
  const [bus] = await readBuses(busesQuery(em).where('bus.id = :id', { id }));
  return bus ?? null;
}

export async function readDriver(em: EntityManager, id: number, today: string): Promise<DriverDto | null> {
  const [driver] = await readDrivers(driversQuery(em).where('driver.id = :id', { id }), today);
  return driver ?? null;
}

/** Locks one bus or driver row (whoever manages it: the caller decides), or null. */
export function lockFleetRow<T extends FleetBus | FleetDriver>(tx: EntityManager, entity: new () => T, id: number): Promise<T | null> {
  return tx.createQueryBuilder(entity, 'r').where('r.id = :id', { id }).setLock('pessimistic_write').getOne();
}

/** Locks the company's rows among `wanted`, in id order; ids of another company (or none) are simply not found. */
export function lockCompanyFleetRows<T extends FleetBus | FleetDriver>(
  tx: EntityManager,
  entity: new () => T,
  company: number,
  wanted: number[],
): Promise<T[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  return tx
    .createQueryBuilder(entity, 'r')
    .where('r.id IN (:...wanted) AND r.company_org_id = :company', { wanted, company })
    .orderBy('r.id', 'ASC')
    .setLock('pessimistic_write')
    .getMany();
}

/** The company's other buses that have this bus's name or plate (compared by their keys). */
export function busesNamedOrPlatedLike(
  em: EntityManager,
  bus: Pick<FleetBus, 'id' | 'companyOrgId' | 'nameKey' | 'plateKey'>,
): Promise<FleetBus[]> {
  return em
    .createQueryBuilder(FleetBus, 'b')
    .where('b.company_org_id = :company', { company: bus.companyOrgId })
    .andWhere('(b.name_key = :nameKey OR b.plate_key = :plateKey)', { nameKey: bus.nameKey, plateKey: bus.plateKey ?? '' })
    .andWhere('b.id <> :id', { id: bus.id ?? -1 })
    .getMany();
}

/** The schools partnered with a bus company: the requests of these reach its dispatch board's lane. */
export async function partnerSchoolsOf(em: EntityManager, companyId: number): Promise<number[]> {
  const rows = await em.query<{ school_org_id: number }[]>(
    'SELECT school_org_id FROM partnerships WHERE bus_company_org_id = $1 ORDER BY 1',
    [companyId],
  );
  return rows.map((r) => Number(r.school_org_id));
}
