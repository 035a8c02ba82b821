import { fleetNameKey, plateKey } from '../../server/src/contracts/fleet-rules';
import { FleetBus } from '../../server/src/fleet/bus.entity';
import { FleetDriver } from '../../server/src/fleet/driver.entity';
import { DriverInvite } from '../../server/src/fleet/driver-invite.entity';
import { inviteTokenHash, newInviteToken } from '../../server/src/fleet/driver-invite.tokens';
import type { Organization } from '../../server/src/tenancy/organization.entity';
import { User } from '../../server/src/users/user.entity';
import type { TestApp } from './app';
import { buildUser, type TestUser, uniq } from './factories';

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

/**
 * A fleet driver (`over` as for buildDriver) with the account their invitation would have made: role driver, approved,
 * in the driver's company, signed in (`token`, `auth`).
 */
export async function buildDriverAccount(
  t: TestApp,
  company: Organization,
  over: Partial<FleetDriver> = {},
): Promise<TestUser & { driver: FleetDriver }> {
  const driver = await buildDriver(t, company, over);
  const account = await buildUser(t, { tenantId: company.tenantId, role: 'driver', name: driver.name, activeOrgId: company.id });
  await t.db.getRepository(User).update({ id: account.user.id }, { fleetDriverId: driver.id });
  return { ...account, user: { ...account.user, fleetDriverId: driver.id }, driver };
}

/** An invitation for a driver written straight to the database (default: open for 72 hours); `token` is its link's secret. */
export async function buildDriverInvite(
  t: TestApp,
  driver: FleetDriver,
  over: Partial<DriverInvite> = {},
): Promise<{ invite: DriverInvite; token: string }> {
  const token = newInviteToken();
  const invite = await t.db.getRepository(DriverInvite).save({
    tenantId: driver.tenantId,
    driverId: driver.id,
    tokenHash: inviteTokenHash(token),
    email: null,
    createdById: null,
    expiresAt: new Date(Date.now() + 72 * 3_600_000),
    usedAt: null,
    voidedAt: null,
    ...over,
  });
  return { invite, token };
}
