import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { SessionsService } from '../../server/src/auth/sessions.service';
import { ErrorMessages } from '../../server/src/common/http-exception.filter';
import { Booking } from '../../server/src/bookings/booking.entity';
import { defaultPermissionMatrix } from '../../server/src/contracts/permissions';
import type { User } from '../../server/src/users/user.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, TEST_PASSWORD, type TestTenant, uniq } from '../support/factories';
import { buildDriver, buildDriverAccount, buildDriverInvite } from '../support/fleet-factory';
import { BUS, buildTrip, tripRequest } from '../support/trip-factory';

/**
 * Walks every route the running app serves (Express's router, as Nest built it: a route added
 * tomorrow is walked without anyone listing it) with hostile bodies, params and queries, signed out and
 * as several kinds of user, and asserts that nothing answers 5xx.
 *
 * A body is attacked field by field: the route's valid example below (when it has one) with one value
 * swapped at a time, plus every top-level key of the zod schema its ZodPipe validates with (read from
 * Nest's route metadata), so a new field is attacked too. Ids in the path take a real id of the right kind
 * and hostile ones. A route with no example still gets the whole-body, query and id attacks.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

interface Identity {
  name: string;
  /** A fresh token per request: a sign-out or a password change in one request cannot end the others' sessions. */
  auth: () => string | undefined;
}

interface Probe {
  route: Route;
  who: Identity;
  what: string;
  path: string;
  body?: string;
  contentType?: string;
}

// ------------------------------------------------------------------------------------------------
// Hostile values

const NUL = 'nul\u0000byte';
const LONE_SURROGATE = 'half\ud800pair';
const HUGE = 'x'.repeat(100_000);
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Swapped into one field at a time. */
const HOSTILE_VALUES: [label: string, value: Json][] = [
  ['NUL', NUL],
  ['lone surrogate', LONE_SURROGATE],
  ['100 kB string', HUGE],
  ['empty string', ''],
  ['int4 max + 1', 2_147_483_648],
  ['int4 max + 1 as text', '2147483648'],
  ['-1', -1],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['2^53 + 2', 9_007_199_254_740_994],
  ['1.5', 1.5],
  ['true', true],
  ['null', null],
  ['object', { a: { b: { c: 1 } } }],
  ['array', [1, 'two', null]],
  ['empty array', []],
];

/** Sent as the whole body. */
const HOSTILE_BODIES: [label: string, raw: string, contentType?: string][] = [
  ['broken JSON', '{"email": "a@b", '],
  ['array for object', '[{"name": "x"}]'],
  ['string for object', '"just a string"'],
  ['number for object', '12345'],
  ['null body', 'null'],
  ['arrays nested 5000 deep', deepArray(5000)],
  ['objects nested 2000 deep', deepObject(2000)],
  ['__proto__ key', '{"__proto__": {"role": "admin", "tenantId": null}, "constructor": {"prototype": {"x": 1}}}'],
  ['300 kB body', JSON.stringify({ name: 'x'.repeat(300_000) })],
  ['text/plain', 'name=x', 'text/plain'],
  ['form-encoded', 'name=x&email=y', 'application/x-www-form-urlencoded'],
];

/** Swapped into `:id`. */
const HOSTILE_IDS = ['0', '-1', '2147483648', '99999999999999999999', '1.5', '1e3', 'abc', '%00', '%ED%A0%80', '%20', 'null', '0x10'];

/** Values of each query key. */
const HOSTILE_QUERY_VALUES = ['%00', '%ED%A0%80', '2147483648', '-1', '1e400', 'abc', '', 'x'.repeat(4000)];
const ALWAYS_QUERIED = ['tenant_id', 'createdBy', 'school_org_id'];

// ------------------------------------------------------------------------------------------------
// Routes, from the running app

type ExpressLayer = { route?: { path: string; methods: Record<string, boolean> } };
type ZodDef = { type?: string; shape?: Record<string, unknown>; in?: ZodLike; out?: ZodLike; innerType?: ZodLike };
type ZodLike = { _zod?: { def?: ZodDef } };

/** Top-level keys of a zod object, looking through preprocess, transform, refine, optional and default. */
function shapeKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 8) return [];
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe') return [...new Set([...shapeKeys(def.in, depth + 1), ...shapeKeys(def.out, depth + 1)])];
  if (def.innerType) return shapeKeys(def.innerType, depth + 1);
  return [];
}

const normalize = (p: string) => `/${p}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** Each served route with the keys its body and query schemas know (from the ZodPipes in Nest's metadata). */
function discoverRoutes(t: TestApp): Route[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  const served = express.router.stack
    .filter((l) => l.route?.path.startsWith('/api'))
    .flatMap((l) => Object.keys(l.route!.methods).map((m) => ({ method: m.toUpperCase() as Method, path: l.route!.path })));

  const schemas = new Map<string, { body: string[]; query: string[] }>();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller?.prototype) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
      const args = (name: string) =>
        (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { pipes?: Array<{ schema?: unknown }> }>;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (verb === undefined) continue;
        const sub = (Reflect.getMetadata(PATH_METADATA, handler) as string | undefined) ?? '';
        const keysOf = (type: RouteParamtypes) =>
          Object.entries(args(name))
            .filter(([key]) => key.startsWith(`${type}:`))
            .flatMap(([, arg]) => (arg.pipes ?? []).flatMap((p) => shapeKeys(p.schema)));
        schemas.set(`${RequestMethod[verb]} ${normalize(`/api/${base}/${sub}`)}`, {
          body: keysOf(RouteParamtypes.BODY),
          query: keysOf(RouteParamtypes.QUERY),
        });
      }
    }
  }
  return served.map(({ method, path }) => {
    const known = schemas.get(`${method} ${normalize(path)}`);
    return { method, path, bodyKeys: known?.body ?? [], queryKeys: known?.query ?? [] };
  });
}

// ------------------------------------------------------------------------------------------------
// Mutations

/** Every path to a value inside `body` (object keys and array items), leaves and containers alike. */
function valuePaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([k, v]) => valuePaths(v, [...prefix, k]))];
}

function withValue(body: Json, path: (string | number)[], value: Json): Json {
  const copy = structuredClone(body) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]] = value;
  return copy;
}

async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

// ------------------------------------------------------------------------------------------------

describe('every route, attacked', () => {
  let t: TestApp;
  let keys: Server;
  let acme: TestTenant;
  let globex: TestTenant;

  beforeAll(async () => {
    // Microsoft sign-in configured against an empty key set on loopback, so its route verifies tokens (and
    // refuses them with 401) instead of answering "not configured" (503) to everything.
    keys = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"keys":[]}'));
    await new Promise<void>((ok) => keys.listen(0, '127.0.0.1', ok));
    t = await startTestApp({
      MS_AUDIENCE: 'api://fuzz',
      MS_TENANT_ID: '00000000-0000-0000-0000-000000000000',
      MS_JWKS_URL: `http://127.0.0.1:${(keys.address() as AddressInfo).port}/keys`,
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
      REGISTER_RATE_LIMIT: '100000',
    });
    acme = await buildTenant(t, 'Acme');
    globex = await buildTenant(t, 'Globex');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((ok) => keys?.close(ok));
  });

  it('answers no request with a 5xx, whoever sends it', async () => {
    const sessions = t.app.get(SessionsService);
    const as = (user: User) => () => `Bearer ${sessions.issue(user)}`;
    const root = await buildPlatformAdmin(t);
    const driver = await buildDriverAccount(t, acme.orgs.busA);
    const identities: Identity[] = [
      { name: 'signed out', auth: () => undefined },
      { name: 'platform admin', auth: as(root.user) },
      { name: 'tenant admin', auth: as(acme.users.admin.user) },
      { name: 'school staff', auth: as(acme.users.staffA.user) },
      { name: 'bus company', auth: as(acme.users.busA.user) },
      { name: 'driver', auth: as(driver.user) },
    ];

    // Real ids of the kind each path names, in the signed-in users' tenant.
    const booking = await t.db.getRepository(Booking).save({
      tenantId: acme.tenant.id,
      schoolOrgId: acme.orgs.schoolA.id,
      title: 'Fuzz booking',
      date: '2031-05-12',
      startTime: '08:00 AM',
      endDate: '2031-05-12',
      endTime: '03:00 PM',
      students: 10,
      adults: 1,
      pickupPoints: [],
      dropoffPoints: [],
      createdBy: acme.users.staffA.user.name,
      createdByEmail: acme.users.staffA.user.email,
      createdById: acme.users.staffA.user.id,
      status: 'Requested',
    });
    const fleetBus = await t
      .http()
      .post('/api/fleet/buses')
      .set('Authorization', acme.users.busA.auth)
      .send({ name: `Fuzz bus ${uniq()}`, busType: 'White Bus', seats: 40 })
      .expect(201);
    const fleetDriver = await t
      .http()
      .post('/api/fleet/drivers')
      .set('Authorization', acme.users.busA.auth)
      .send({ name: `Fuzz driver ${uniq()}`, mobile: '+971 50 000 0000', licenceExpiry: '2035-01-01' })
      .expect(201);
    // A link of a driver of its own, so that inviting the fleet driver above does not void it.
    const { token: inviteToken } = await buildDriverInvite(t, await buildDriver(t, acme.orgs.busA));
    const realId = async (path: string): Promise<string> => {
      if (path.startsWith('/api/driver-invites')) return inviteToken;
      if (path.startsWith('/api/fleet/buses')) return String((fleetBus.body as { id: number }).id);
      if (path.startsWith('/api/fleet/drivers')) return String((fleetDriver.body as { id: number }).id);
      if (path.startsWith('/api/trips')) return String((await buildTrip(t, acme, { status: 'Accepted' })).id);
      if (path.startsWith('/api/admin/users')) return String(acme.pending.id);
      if (path.startsWith('/api/users')) return String(acme.users.staffB.user.id);
      if (path.startsWith('/api/global/tenants')) return String(acme.tenant.id);
      if (path.startsWith('/api/global/orgs')) return String(acme.orgs.schoolB.id);
      if (path.startsWith('/api/global/partnerships')) return String(acme.partnerships[1].id);
      if (path.startsWith('/api/bookings')) return String(booking.id);
      return String(globex.tenant.id);
    };

    // A valid body per route where there is one to give; each call is fresh (unique e-mails, names, slugs).
    const examples: Record<string, () => Json> = {
      'POST /api/auth/login': () => ({ email: acme.users.finance.user.email, password: TEST_PASSWORD }),
      'POST /api/auth/register': () => ({
        name: 'Fuzz Person',
        email: `fuzz.${uniq()}@example.test`,
        password: 'long-enough-1',
        tenant: acme.tenant.slug,
      }),
      'PATCH /api/users/me': () => ({ name: `Fuzz ${uniq()}` }),
      'PUT /api/users/:id': () => ({ name: `Fuzz ${uniq()}` }),
      'POST /api/admin/users/:id/approve': () => ({ active_org_id: acme.orgs.schoolA.id }),
      'POST /api/global/tenants': () => ({ name: `Fuzz ${uniq()}`, slug: `fuzz-${uniq()}` }),
      'PATCH /api/global/tenants/:id': () => ({ name: `Acme ${uniq()}` }),
      'POST /api/global/orgs': () => ({ tenant_id: acme.tenant.id, name: `Fuzz School ${uniq()}`, type: 'school', code: 'FZ' }),
      'PATCH /api/global/orgs/:id': () => ({ name: `School B ${uniq()}`, code: 'SB' }),
      'POST /api/global/partnerships': () => ({
        tenant_id: acme.tenant.id,
        school_org_id: acme.orgs.schoolA.id,
        bus_company_org_id: acme.orgs.busB.id,
      }),
      'POST /api/bookings': () => ({
        title: 'Fuzz',
        date: '2031-05-12',
        startTime: '08:00 AM',
        endDate: '2031-05-12',
        endTime: '03:00 PM',
        students: 10,
        adults: 1,
        pickupPoints: [{ location: 'Gate', address: 'Road 1', time: '07:45 AM' }],
        dropoffPoints: [],
        busesRequested: 1,
        notes: 'n',
      }),
      'PATCH /api/bookings/:id': () => ({ status: 'approved' }),
      'PUT /api/permissions': () => ({ roles: defaultPermissionMatrix() as unknown as Json }),
      'POST /api/trips': () => tripRequest({ schoolOrgId: acme.orgs.schoolA.id, customType: 'x', origin: 'School' }) as Json,
      'PATCH /api/trips/:id': () => ({ buses: [{ ...BUS }], price: 10 }),
      'POST /api/trips/:id/subtrips': () => ({ buses: [{ ...BUS }] }),
      'POST /api/fleet/buses': () => ({
        companyId: acme.orgs.busA.id,
        name: `Fuzz bus ${uniq()}`,
        plate: `F ${uniq()}`.slice(0, 20),
        busType: 'White Bus',
        seats: 40,
        boosterSeats: 2,
      }),
      'PATCH /api/fleet/buses/:id': () => ({ name: `Fuzz bus ${uniq()}`, seats: 45, active: true }),
      'POST /api/fleet/drivers': () => ({
        companyId: acme.orgs.busA.id,
        name: `Fuzz driver ${uniq()}`,
        mobile: '+971 50 111 2222',
        licenceExpiry: '2035-06-30',
      }),
      'PATCH /api/fleet/drivers/:id': () => ({ mobile: '+971 50 333 4444', licenceExpiry: '2036-01-01' }),
      'POST /api/fleet/drivers/:id/invite': () => ({ email: `fuzz.${uniq()}@example.test` }),
      // The link works once: then 409, which still proves the example reached the service.
      'GET /api/driver-invites/:token': () => ({}),
      'POST /api/driver-invites/:token': () => ({ email: `fuzz.${uniq()}@example.test`, password: 'long-enough-1' }),
      // The API documentation takes no body; listed so the fuzz proves both answer 200 before attacking them.
      'GET /api/docs': () => ({}),
      'GET /api/docs/openapi.json': () => ({}),
      'POST /api/trips/:id/passengers': () => ({
        passengers: [{ fullName: 'Fuzz Kid', guardianName: 'G', guardianPhone: '1', pickupPoint: 'A', dropoffPoint: 'B', notes: 'n' }],
      }),
    };

    const routes = discoverRoutes(t);
    const reached = new Set<string>();
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;
    const send = async (probe: Probe): Promise<number> => {
      const auth = probe.who.auth();
      const res = await fetch(`${t.url}${probe.path}`, {
        method: probe.route.method,
        headers: {
          ...(auth ? { Authorization: auth } : {}),
          ...(probe.body !== undefined ? { 'Content-Type': probe.contentType ?? 'application/json' } : {}),
        },
        body: probe.route.method === 'GET' ? undefined : probe.body,
      });
      const text = await res.text();
      sent++;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const where = `${probe.route.method} ${probe.path.slice(0, 80)} as ${probe.who.name}, ${probe.what}`;
      if (res.status >= 500) failures.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
      // the filter's last line of defence answered: the value reached PostgreSQL, a schema should have refused it
      else if (text.includes(ErrorMessages.unstorable)) failures.push(`${where}: refused by the database, not by a schema`);
      // every error, whatever its cause, is {message}
      else if (res.status >= 400 && !/^\{"message":"/.test(text)) {
        failures.push(`${where}: ${res.status} not {message}: ${text.slice(0, 200)}`);
      }
      return res.status;
    };
    const isPublic = (r: Route) =>
      (r.path.startsWith('/api/auth/') && r.method === 'POST' && !r.path.endsWith('/logout')) ||
      r.path === '/api/health' ||
      r.path.startsWith('/api/docs') ||
      r.path.startsWith('/api/driver-invites/');
    const idPath = new Map<Route, string>();
    for (const route of routes) {
      idPath.set(route, route.path.includes(':') ? route.path.replace(/:\w+/g, await realId(route.path)) : route.path);
    }

    // 1. Each route's example, as everyone: who gets past the guards (and, with a valid body, into the service)?
    const reaches = new Map<Route, Identity[]>();
    await pool(
      routes.flatMap((route) => identities.map((who) => ({ route, who }))),
      4,
      async ({ route, who }) => {
        const example = examples[`${route.method} ${route.path}`] as (() => Json) | undefined;
        const status = await send({ route, who, what: 'example', path: idPath.get(route)!, body: JSON.stringify(example?.() ?? {}) });
        // A public route is the same for everyone: attack it signed out. A private one as each user its guards let in.
        const through = isPublic(route) ? who.name === 'signed out' : status !== 401 && status !== 403;
        if (through) reaches.set(route, [...(reaches.get(route) ?? []), who]);
        if (status < 300 || (example !== undefined && status === 409)) reached.add(`${route.method} ${route.path}`);
      },
    );

    // 2. The attacks, as each identity that got through.
    const probes: Probe[] = [];
    for (const route of routes) {
      const example = examples[`${route.method} ${route.path}`] as (() => Json) | undefined;
      const seed = example?.() ?? {};
      const path = idPath.get(route)!;
      const hasId = route.path.includes(':');
      const fields = [...valuePaths(seed), ...route.bodyKeys.filter((k) => !(k in (seed as object))).map((k) => [k])];
      const through = reaches.get(route) ?? [];
      // Field by field with the most and the least privileged identity that gets through (the same schema parses
      // every caller's body; the services' branches differ between those two); the rest with everyone. On the
      // embedded database, every attack goes once, as the first of them: which caller sends it picks a service's
      // branch, and PostgreSQL's run walks those; what is the embedded database's own (its pool lending one session
      // to four requests at a time, the statements that reach it) one caller's attacks reach as well.
      const attackers = process.env.E2E_DRIVER === 'pglite' ? through.slice(0, 1) : through;
      const fieldAttackers = new Set([attackers[0], attackers[attackers.length - 1]]);
      for (const who of attackers) {
        const add = (what: string, p: string, body?: Json, raw?: string, contentType?: string) =>
          probes.push({ route, who, what, path: p, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)), contentType });
        for (const [label, raw, type] of HOSTILE_BODIES) add(`body: ${label}`, path, undefined, raw, type);
        if (hasId) for (const bad of HOSTILE_IDS) add(`id ${bad}`, route.path.replace(/:\w+/g, bad), seed);
        for (const q of [...new Set([...route.queryKeys, ...ALWAYS_QUERIED])]) {
          for (const v of HOSTILE_QUERY_VALUES) add(`query ${q}=${v.slice(0, 12)}`, `${path}?${q}=${v}`, seed);
          add(`query ${q} twice`, `${path}?${q}=1&${q}=2`, seed);
        }
        // fresh unique values for each request, so a valid request does not stop at "already exists"
        for (const field of fieldAttackers.has(who) ? fields : []) {
          for (const [label, value] of HOSTILE_VALUES) {
            add(`${field.join('.')} = ${label}`, path, withValue(example?.() ?? seed, field, value));
          }
        }
      }
    }
    await pool(probes, 4, async (probe) => void (await send(probe)));

    console.log(
      `route-fuzz (${process.env.E2E_DRIVER ?? 'pg'}): ${routes.length} routes, ${identities.length} identities, ${sent} requests; ` +
        `answers ${JSON.stringify(statuses)}`,
    );
    expect(failures).toEqual([]);
    // The examples are valid, so each route was reached past validation by someone: the attacks hit real code.
    expect(Object.keys(examples).filter((k) => !reached.has(k))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.filter((r) => r.bodyKeys.length > 0).length).toBeGreaterThanOrEqual(15);
    // About 19,000 requests on PostgreSQL and 8,000 on PGlite: 45–80 s alone, about twice that while the other suites
    // share two cores
  }, 600_000);
});
