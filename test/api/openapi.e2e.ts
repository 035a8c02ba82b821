import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import dayjs from 'dayjs';
import type { Response } from 'supertest';
import { addDays } from '../../server/src/contracts/fleet-rules';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { BusAlerts } from '../../server/src/fleet/bus-alerts.service';
import { useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import type { TestTenant, TestUser } from '../support/factories';
import { buildBus, buildDriver } from '../support/fleet-factory';
import { buildTrip } from '../support/trip-factory';

/**
 * GET /api/docs/openapi.json documents every route Nest serves, from the zod schemas that validate
 * requests and the response schemas of server/src/docs/wire.schemas.ts; real answers validate against it.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  summary: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, unknown> };
}
type Layer = { route?: { path: string; methods: Record<string, boolean> } };

// Anyone may call these; every other route is signed in with our bearer token.
const PUBLIC = [
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/login-microsoft',
  'GET /health',
  'GET /docs',
  'GET /docs/openapi.json',
  'GET /driver-invites/{token}',
  'POST /driver-invites/{token}',
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let acme: TestTenant;
  let root: TestUser;
  let doc: OpenApi;
  let ajv: Ajv2020;
  useApiWorld({ tenants: ['Docs'] }, async (w) => {
    ({ t, root } = w);
    [acme] = w.tenants;
    doc = (
      await t
        .http()
        .get('/api/docs/openapi.json')
        .expect(200)
        .expect('Content-Type', /^application\/json/)
    ).body as OpenApi;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
  });

  /** Express's routes, as Nest registered them, in the document's spelling (`/trips/{id}`, without `/api`). */
  const served = () =>
    (t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router.stack
      .filter((l) => l.route?.path.startsWith('/api/'))
      .flatMap((l) => Object.keys(l.route!.methods).map((m) => `${m.toUpperCase()} ${l.route!.path.slice(4).replace(/:(\w+)/g, '{$1}')}`));
  const documented = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  const operation = (route: string): Operation => {
    const [method, path] = route.split(' ');
    const op = doc.paths[path]?.[method.toLowerCase() as Method];
    if (!op) throw new Error(`${route} is not in the document`);
    return op;
  };

  /** The document's schema for this answer, compiled; throws when the document does not list the status. */
  const validatorFor = (route: string, status: number): ValidateFunction => {
    const [method, path] = route.split(' ');
    operation(route);
    const answer = operation(route).responses[String(status)];
    if (!answer) throw new Error(`${route} does not document ${status}`);
    const pointer = ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema']
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    return ajv.compile({ $ref: `openapi.json#/${pointer}` });
  };

  /** Asserts that a real answer is documented for its route and matches the document's schema. */
  const conforms = (route: string, res: Response) => {
    const validate = validatorFor(route, res.status);
    const ok = validate(res.body);
    expect({ route, status: res.status, errors: ok ? null : validate.errors?.slice(0, 5) }).toEqual({
      route,
      status: res.status,
      errors: null,
    });
  };

  const get = (u: TestUser | null, path: string) => {
    const req = t.http().get(`/api${path}`);
    return u ? req.set('Authorization', u.auth) : req;
  };

  it('documents every route Nest serves, and nothing it does not', () => {
    const routes = served();
    expect(routes.length).toBeGreaterThanOrEqual(45);
    expect(routes.filter((r) => !documented().includes(r))).toEqual([]);
    expect(documented().filter((r) => !routes.includes(r))).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('gives every route a summary, a success answer with its body, and {message} for each error', () => {
    const problems: string[] = [];
    for (const route of documented()) {
      const op = operation(route);
      if (!op.summary) problems.push(`${route}: no summary (@ApiDoc missing)`);
      const statuses = Object.keys(op.responses).map(Number);
      const success = statuses.filter((s) => s < 300);
      if (success.length !== 1) problems.push(`${route}: ${success.length} success answers`);
      else if (success[0] !== 204 && !op.responses[success[0]].content) problems.push(`${route}: success without a body`);
      for (const status of statuses.filter((s) => s >= 400)) {
        const schema = JSON.stringify(op.responses[status].content?.['application/json']?.schema ?? null);
        if (!schema.includes('#/components/schemas/')) problems.push(`${route}: ${status} without a schema`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
  });

  it('marks the public routes as needing no sign-in, and every other route as bearer with a 401', () => {
    for (const route of documented()) {
      const op = operation(route);
      if (route === 'POST /auth/login-microsoft') expect(op.security).toEqual([{ microsoft: [] }]);
      else if (PUBLIC.includes(route)) expect({ route, security: op.security }).toEqual({ route, security: [] });
      else {
        expect({ route, security: op.security }).toEqual({ route, security: [{ bearer: [] }] });
        expect({ route, has401: '401' in op.responses }).toEqual({ route, has401: true });
      }
    }
  });

  it('describes request bodies and queries from the zod schemas that validate them', () => {
    const create = operation('POST /trips').requestBody as { content: { 'application/json': { schema: { required: string[] } } } };
    expect(create.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['destination', 'departureDate', 'departureTime', 'returnDate', 'returnTime', 'students']),
    );
    const login = operation('POST /auth/login').requestBody as { content: { 'application/json': { schema: unknown } } };
    expect(login.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string' } },
      required: ['email', 'password'],
    });
    expect(operation('GET /trips').parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'search', 'tenant_id']),
    );
    expect(operation('GET /trips/{id}').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) },
    ]);
    expect(Object.keys(operation('PATCH /trips/{id}').responses)).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    expect(Object.keys(operation('POST /auth/login').responses)).toEqual(['200', '400', '401', '403', '413', '429']);
  });

  it('matches real answers: trips, the board, fleet, users, tenancy, bookings, permissions, health', async () => {
    const { staffA, busA, admin } = acme.users;
    const today = dayjs().format('YYYY-MM-DD');
    const bus = await buildBus(t, acme.orgs.busA);
    const driver = await buildDriver(t, acme.orgs.busA, { licenceExpiry: addDays(today, 10) });
    const onBus = await buildTrip(t, acme, {
      status: 'Confirmed',
      departureDate: addDays(today, 1),
      returnDate: addDays(today, 1),
      buses: [{ busType: 'White Bus', busSeats: 50, busId: bus.id, busName: bus.name, driverId: driver.id, driverName: driver.name }],
    });
    const needing = await buildTrip(t, acme, {
      status: 'Accepted',
      buses: [],
      departureDate: addDays(today, 2),
      returnDate: addDays(today, 2),
    });
    await t.app.get(BusAlerts).check({ tripIds: [needing.id] });

    const samples: [string, TestUser | null, string][] = [
      ['GET /trips', staffA, '/trips'],
      ['GET /trips', staffA, '/trips?page=1&pageSize=5'],
      ['GET /trips/{id}', staffA, `/trips/${onBus.id}`],
      ['GET /trips/{id}/history', staffA, `/trips/${onBus.id}/history`],
      ['GET /trips/{id}/subtrips', staffA, `/trips/${onBus.id}/subtrips`],
      ['GET /trips/{id}/passengers', staffA, `/trips/${onBus.id}/passengers`],
      ['GET /trips/stats', staffA, '/trips/stats'],
      ['GET /trips/totals', admin, '/trips/totals'],
      ['GET /trips/months', staffA, '/trips/months'],
      ['GET /users/me', staffA, '/users/me'],
      ['GET /auth/session', busA, '/auth/session'],
      ['GET /users', admin, '/users'],
      ['GET /admin/users/pending', admin, '/admin/users/pending'],
      ['GET /fleet/buses', busA, '/fleet/buses'],
      ['GET /fleet/drivers', busA, '/fleet/drivers'],
      ['GET /dispatch/board', busA, `/dispatch/board?from=${today}&to=${addDays(today, 6)}`],
      ['GET /notifications', busA, '/notifications'],
      ['GET /bookings', staffA, '/bookings'],
      ['GET /permissions', admin, '/permissions'],
      ['GET /global/tenants', root, '/global/tenants'],
      ['GET /global/orgs', admin, '/global/orgs'],
      ['GET /global/partnerships', admin, '/global/partnerships'],
      ['GET /health', null, '/health'],
    ];
    for (const [route, who, path] of samples) {
      const res = await get(who, path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      conforms(route, res);
    }

    // The samples are not empty lists: the schemas met real rows.
    const board = (await get(busA, `/dispatch/board?from=${today}&to=${addDays(today, 6)}`)).body as {
      trips: TripDto[];
      needsBus: TripDto[];
    };
    expect(board.trips.map((x) => x.id)).toContain(onBus.id);
    expect(board.needsBus.map((x) => x.id)).toContain(needing.id);
    expect(((await get(busA, '/notifications')).body as { tripId: number }[]).map((n) => n.tripId)).toContain(needing.id);
    expect(((await get(busA, '/fleet/drivers')).body as { licenceStatus: string }[]).map((d) => d.licenceStatus)).toContain('expiresSoon');

    const login = await t.http().post('/api/auth/login').send({ email: staffA.user.email, password: 'correct-horse-9' });
    expect(login.status).toBe(200);
    conforms('POST /auth/login', login);
    const created = await t
      .http()
      .post('/api/fleet/buses')
      .set('Authorization', busA.auth)
      .send({ name: `Doc bus ${bus.id}`, busType: 'White Bus', seats: 40 });
    expect(created.status).toBe(201);
    conforms('POST /fleet/buses', created);
  });

  it('matches real error answers: 400, 401, 403, 404, 409', async () => {
    const { staffA, busA } = acme.users;
    const trip = await buildTrip(t, acme, { status: 'Pending' });
    const cases: [string, Response][] = [
      ['POST /trips', await t.http().post('/api/trips').set('Authorization', staffA.auth).send({ students: -1 })],
      ['GET /trips/{id}', await get(staffA, '/trips/abc')],
      ['GET /trips/{id}', await get(staffA, '/trips/2147483000')],
      ['GET /users/me', await get(null, '/users/me')],
      ['GET /fleet/buses', await get(staffA, '/fleet/buses')],
      [
        'PATCH /trips/{id}',
        await t
          .http()
          .patch(`/api/trips/${trip.id}`)
          .set('Authorization', busA.auth)
          .send({ status: 'Accepted', version: trip.version + 7 }),
      ],
    ];
    expect(cases.map(([, res]) => res.status)).toEqual([400, 400, 404, 401, 403, 409]);
    for (const [route, res] of cases) conforms(route, res);
    // The stale edit's 409 carries the trip as it now is, and the document says so.
    expect((cases[5][1].body as { trip: TripDto }).trip.id).toBe(trip.id);
  });

  it('refuses an answer that drifted from the wire type (the check can fail)', async () => {
    const trip = await buildTrip(t, acme, { status: 'Pending' });
    const body = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as Record<string, unknown>;
    const validate = validatorFor('GET /trips/{id}', 200);
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, surprise: 1 })).toBe(false);
    const { needsBus: _gone, ...missing } = body;
    expect(validate(missing)).toBe(false);
    expect(validate({ ...body, status: 'Lost' })).toBe(false);
    expect(validate({ ...body, createdAt: 'yesterday' })).toBe(false);
  });

  it('serves a readable page of the same document, without scripts, under the strict CSP', async () => {
    const res = await t.http().get('/api/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('<h1>API documentation</h1>');
    expect(res.text).toContain('href="/api/docs/openapi.json"');
    for (const route of served()) {
      const [method, path] = route.split(' ');
      expect(res.text).toContain(`${method} ${path.replace(/&/g, '&amp;')}</a>`);
    }
    expect(res.text).toContain('Roles: bus_company, admin.');
    expect(res.text).toContain('No sign-in.');
  });
});
