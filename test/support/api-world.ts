import { EventEmitter2 } from '@nestjs/event-emitter';
import { Organization } from '../../server/src/tenancy/organization.entity';
import { Partnership } from '../../server/src/tenancy/partnership.entity';
import { startTestApp, type TestApp } from './app';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser, uniq } from './factories';

/**
 * The fixture of an end-to-end test file (test/api): the real app started once on this project's database
 * (PostgreSQL or PGlite, by jest project), tenants of its own with their schools, bus companies, partnerships
 * and signed-in accounts (buildTenant), a platform admin, and every domain event the app publishes. Built on
 * the factories (startTestApp, buildTenant, buildUser, ...), which stay as they are for tests that need less.
 */

/** A domain event as the app published it (after commit), in order. */
export interface RecordedEvent {
  name: string;
  payload: Record<string, unknown>;
}

export interface ApiWorld {
  t: TestApp;
  /** The tenants asked for, in the order named. */
  tenants: TestTenant[];
  /** A platform admin (role admin, no tenant). */
  root: TestUser;
  /** Every domain event since the start; a file may empty it between tests (`events.length = 0`). */
  events: RecordedEvent[];
  /** The payloads of the events of one name, e.g. `named('booking.created')`. */
  named: (name: string) => Record<string, unknown>[];
}

export interface ApiWorldOptions {
  /** The tenants to build, by name (their rows get a unique suffix). */
  tenants?: string[];
  /** Settings for the app beyond the test defaults; a function when they are known only once earlier hooks ran. */
  env?: Record<string, string> | (() => Record<string, string>);
}

/** Starts the app and builds the world (for a test that needs it outside the usual hooks). */
export async function startApiWorld({ tenants = [], env = {} }: ApiWorldOptions = {}): Promise<ApiWorld> {
  const t = await startTestApp(typeof env === 'function' ? env() : env);
  const events: RecordedEvent[] = [];
  t.app.get(EventEmitter2).onAny((name, payload) => events.push({ name: String(name), payload: payload as Record<string, unknown> }));
  const built: TestTenant[] = [];
  for (const name of tenants) built.push(await buildTenant(t, name));
  const named = (name: string) => events.filter((e) => e.name === name).map((e) => e.payload);
  return { t, tenants: built, root: await buildPlatformAdmin(t), events, named };
}

/**
 * For a describe block: starts the world before its first test and closes the app after its last. `receive`
 * gets the world (to keep what the file needs in its own variables) and may build more on it.
 */
export function useApiWorld(options: ApiWorldOptions, receive: (world: ApiWorld) => unknown): void {
  let world: ApiWorld | undefined;
  beforeAll(async () => {
    world = await startApiWorld(options);
    await receive(world);
    // Embedded PostgreSQL starts in seconds, more on a busy machine.
  }, 60_000);
  afterAll(() => world?.t.close());
}

/**
 * One more bus company partnered with the tenant's school A (beside bus company A), with a dispatcher: two
 * companies that may both act on school A's trips.
 */
export async function buildPartnerCompany(
  t: TestApp,
  tenant: TestTenant,
  label = 'Bus C',
): Promise<{ org: Organization; dispatcher: TestUser }> {
  const id = uniq();
  const org = await t.db.getRepository(Organization).save({
    tenantId: tenant.tenant.id,
    type: 'bus_company',
    name: `${label} ${id}`,
    slug: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}`,
    code: null,
    parentOrgId: null,
  });
  await t.db.getRepository(Partnership).save({ tenantId: tenant.tenant.id, schoolOrgId: tenant.orgs.schoolA.id, busCompanyOrgId: org.id });
  const dispatcher = await buildUser(t, { tenantId: tenant.tenant.id, role: 'bus_company', activeOrgId: org.id });
  return { org, dispatcher };
}
