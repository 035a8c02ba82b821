import { fleetNameKey, plateKey } from '../../server/src/contracts/fleet-rules';
import { FleetBus } from '../../server/src/fleet/bus.entity';
import { FleetDriver } from '../../server/src/fleet/driver.entity';
import type { Organization } from '../../server/src/tenancy/organization.entity';
import type { TestApp } from './app';
import { uniq } from './factories';

/** A bus written straight to the database for a company (default: an active 50-seat White Bus named uniquely). */
export function buildBus(t: TestApp, company: Organization, over: Partial<FleetBus> = {}): Promise<FleetBus> {
  const name = over.name ?? `Bus ${uniq()}`;
  const plate = over.plate === undefined ? null : over.plate;
  return t.db.getRepository(FleetBus).save({
    tenantId: company.tenantId,
    companyOrgId: company.id,
    busType: 'White Bus',
    seats: 50,
    boosterSeats: 0,
    active: true,
    ...over,
    name,
    nameKey: fleetNameKey(name),
    plate,
    plateKey: plate ? plateKey(plate) : null,
  });
}

/** A driver written straight to the database (default: active, licence valid until 2040). */
export function buildDriver(t: TestApp, company: Organization, over: Partial<FleetDriver> = {}): Promise<FleetDriver> {
  return t.db.getRepository(FleetDriver).save({
    tenantId: company.tenantId,
    companyOrgId: company.id,
    name: `Driver ${uniq()}`,
    mobile: '+971 50 123 4567',
    licenceExpiry: '2040-12-31',
    active: true,
    ...over,
  });
}

/** How many rows the fleet index holds for a trip (for "nothing was written" checks). */
export async function fleetRowsOf(t: TestApp, tripId: number): Promise<number> {
  const [{ n }] = await t.db.query<{ n: string }[]>('SELECT count(*)::text AS n FROM fleet_assignments WHERE trip_id = $1', [tripId]);
  return Number(n);
}
