import { Agent, get } from 'node:http';
import { Booking } from '../../server/src/bookings/booking.entity';
import { OrganizationFitsRole1795431445270 } from '../../server/src/database/migrations/1795431445270-OrganizationFitsRole';
import { Organization } from '../../server/src/tenancy/organization.entity';
import { Passenger } from '../../server/src/trips/passenger.entity';
import { Subtrip } from '../../server/src/trips/subtrip.entity';
import { Trip } from '../../server/src/trips/trip.entity';
import { User } from '../../server/src/users/user.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, buildUser, TEST_PASSWORD, type TestTenant, type TestUser, uniq } from '../support/factories';
import { BUS, buildTrip, tripRequest, tripRow } from '../support/trip-factory';

const NUL = 'before\u0000after';
const TOO_BIG_ID = 2_147_483_648;

/** Inputs that reached PostgreSQL and came back as 500s. Each must be a 400 that writes nothing. */
describe('hardening: bad input is a 400, never a 500', () => {
  let t: TestApp;
  let acme: TestTenant;
  let root: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Acme');
    root = await buildPlatformAdmin(t);
  }, 60_000);
  afterAll(() => t.close());

  const expect400 = (res: { status: number; body: { message?: unknown } }) => {
    expect({ status: res.status, message: typeof res.body.message }).toEqual({ status: 400, message: 'string' });
    return res.body.message as string;
  };

  describe('a NUL character in any text', () => {
    it('refuses it in the sign-in e-mail', async () => {
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ email: `a${NUL}@example.test`, password: TEST_PASSWORD });
      expect(expect400(res)).toMatch(/character/i);
    });

    it('refuses it in a registration name, and registers nobody', async () => {
      const email = `nul.${uniq()}@example.test`;
      const res = await t.http().post('/api/auth/register').send({ name: NUL, email, password: 'long-enough-1', tenant: acme.tenant.slug });
      expect(expect400(res)).toMatch(/character/i);
      expect(await t.db.getRepository(User).existsBy({ email })).toBe(false);
    });

    it('refuses it in a trip destination and notes, and creates no trip', async () => {
      const before = await t.db.getRepository(Trip).countBy({ tenantId: acme.tenant.id });
      for (const over of [{ destination: NUL }, { notes: NUL }, { origin: NUL }, { customType: NUL, tripType: 'Other' }]) {
        const res = await t.http().post('/api/trips').set('Authorization', acme.users.staffA.auth).send(tripRequest(over));
        expect(expect400(res)).toMatch(/character/i);
      }
      expect(await t.db.getRepository(Trip).countBy({ tenantId: acme.tenant.id })).toBe(before);
    });

    it('refuses it in an edited trip, which keeps its values', async () => {
      const trip = await buildTrip(t, acme);
      const res = await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.admin.auth).send({ notes: NUL });
      expect400(res);
      expect((await tripRow(t, trip.id)).notes).toBeNull();
    });

    it('refuses it in one’s own name on /users/me, which keeps the name', async () => {
      const res = await t.http().patch('/api/users/me').set('Authorization', acme.users.finance.auth).send({ name: NUL });
      expect(expect400(res)).toMatch(/character/i);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: acme.users.finance.user.id })).name).toBe(acme.users.finance.user.name);
    });

    it('refuses it in an organization name and a tenant name', async () => {
      const orgs = await t.db.getRepository(Organization).countBy({ tenantId: acme.tenant.id });
      const org = await t
        .http()
        .post('/api/global/orgs')
        .set('Authorization', acme.users.admin.auth)
        .send({ tenant_id: acme.tenant.id, name: NUL, type: 'school' });
      expect400(org);
      expect(await t.db.getRepository(Organization).countBy({ tenantId: acme.tenant.id })).toBe(orgs);
      expect400(
        await t
          .http()
          .post('/api/global/tenants')
          .set('Authorization', root.auth)
          .send({ name: NUL, slug: `s-${uniq()}` }),
      );
    });

    it('refuses it in booking notes, and books nothing', async () => {
      const before = await t.db.getRepository(Booking).countBy({ tenantId: acme.tenant.id });
      const res = await t.http().post('/api/bookings').set('Authorization', acme.users.staffA.auth).send({
        date: '2031-05-12',
        startTime: '08:00 AM',
        endDate: '2031-05-12',
        endTime: '03:00 PM',
        students: 1,
        adults: 1,
        notes: NUL,
      });
      expect(expect400(res)).toMatch(/character/i);
      expect(await t.db.getRepository(Booking).countBy({ tenantId: acme.tenant.id })).toBe(before);
    });

    it('refuses it in a passenger name and a subtrip driver name, and adds neither', async () => {
      const trip = await buildTrip(t, acme, { status: 'Confirmed' });
      const passenger = await t
        .http()
        .post(`/api/trips/${trip.id}/passengers`)
        .set('Authorization', acme.users.staffA.auth)
        .send({ passengers: [{ fullName: NUL }] });
      expect(expect400(passenger)).toMatch(/character/i);
      const subtrip = await t
        .http()
        .post(`/api/trips/${trip.id}/subtrips`)
        .set('Authorization', acme.users.busA.auth)
        .send({ buses: [{ ...BUS, driverName: NUL }] });
      expect(expect400(subtrip)).toMatch(/character/i);
      expect(await t.db.getRepository(Passenger).countBy({ tripId: trip.id })).toBe(0);
      expect(await t.db.getRepository(Subtrip).countBy({ tripId: trip.id })).toBe(0);
    });

    it('refuses it in a query string filter', async () => {
      expect400(
        await t
          .http()
          .get(`/api/trips?createdBy=${encodeURIComponent(NUL)}`)
          .set('Authorization', acme.users.admin.auth),
      );
      expect400(
        await t
          .http()
          .get(`/api/bookings?createdBy=${encodeURIComponent(NUL)}`)
          .set('Authorization', acme.users.admin.auth),
      );
    });

    it('refuses a lone UTF-16 surrogate, which PostgreSQL cannot store either', async () => {
      const res = await t
        .http()
        .post('/api/trips')
        .set('Authorization', acme.users.staffA.auth)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(tripRequest({ destination: 'x\ud800y' })));
      expect400(res);
    });
  });

  describe('ids beyond PostgreSQL’s int range', () => {
    it('refuses schoolOrgId, and creates no trip', async () => {
      const res = await t
        .http()
        .post('/api/trips')
        .set('Authorization', acme.users.admin.auth)
        .send(tripRequest({ schoolOrgId: TOO_BIG_ID }));
      expect(expect400(res)).toBe('Choose a school of this tenant.');
    });

    it('refuses active_org_id on PUT /users/{id} and at approval, and changes nobody', async () => {
      expect400(
        await t
          .http()
          .put(`/api/users/${acme.users.staffB.user.id}`)
          .set('Authorization', acme.users.admin.auth)
          .send({ active_org_id: TOO_BIG_ID }),
      );
      expect400(
        await t
          .http()
          .post(`/api/admin/users/${acme.pending.id}/approve`)
          .set('Authorization', acme.users.admin.auth)
          .send({ active_org_id: TOO_BIG_ID }),
      );
      expect((await t.db.getRepository(User).findOneByOrFail({ id: acme.pending.id })).status).toBe('pending');
    });

    it('refuses busCompanyOrgId on an admin’s accept, and leaves the trip Pending', async () => {
      const trip = await buildTrip(t, acme);
      const res = await t
        .http()
        .patch(`/api/trips/${trip.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ status: 'Accepted', busCompanyOrgId: TOO_BIG_ID });
      expect400(res);
      expect((await tripRow(t, trip.id)).status).toBe('Pending');
    });

    it('refuses tenant_id in a query', async () => {
      for (const path of ['/api/trips', '/api/users', '/api/bookings', '/api/global/orgs', '/api/permissions']) {
        expect400(await t.http().get(`${path}?tenant_id=${TOO_BIG_ID}`).set('Authorization', root.auth));
      }
    });

    it('refuses a route id beyond the range with 400, and a route id within it that does not exist with 404', async () => {
      expect(expect400(await t.http().get(`/api/trips/${TOO_BIG_ID}`).set('Authorization', acme.users.admin.auth))).toBe('Invalid id.');
      await t.http().get('/api/trips/2147483647').set('Authorization', acme.users.admin.auth).expect(404);
    });
  });

  describe('cancelling a trip a bus company holds (item 5)', () => {
    it('lets school staff only request it, after their edit made a Confirmed trip Pending', async () => {
      const trip = await buildTrip(t, acme, { status: 'Confirmed' });
      const staff = acme.users.staffA.auth;
      const edited = await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', staff).send({ students: 31 }).expect(200);
      expect(edited.body).toMatchObject({ status: 'Pending', editRequest: true, busCompanyOrgId: acme.orgs.busA.id });

      const cancel = await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', staff).send({ status: 'Canceled' });
      expect({ status: cancel.status, message: cancel.body.message }).toEqual({
        status: 409,
        message: 'A bus company is assigned to this trip: request a cancellation instead, for the company to approve.',
      });
      expect((await tripRow(t, trip.id)).status).toBe('Pending');

      const requested = await t
        .http()
        .patch(`/api/trips/${trip.id}`)
        .set('Authorization', staff)
        .send({ status: 'Cancel Requested' })
        .expect(200);
      expect(requested.body).toMatchObject({ status: 'Cancel Requested', cancelRequest: true });
      // the company declines: back to Pending, the edit request still there for it to accept
      const declined = await t
        .http()
        .patch(`/api/trips/${trip.id}`)
        .set('Authorization', acme.users.busA.auth)
        .send({ cancelRequest: false })
        .expect(200);
      expect(declined.body).toMatchObject({ status: 'Pending', editRequest: true, cancelRequest: false });
    });

    it('still lets school staff cancel a Pending trip no company holds', async () => {
      const trip = await buildTrip(t, acme);
      await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.staffA.auth).send({ status: 'Canceled' }).expect(200);
      expect((await tripRow(t, trip.id)).status).toBe('Canceled');
    });
  });

  describe('money that does not fit numeric(12,2)', () => {
    it('refuses buses whose prices add up beyond the price column, and keeps the trip as it was', async () => {
      const trip = await buildTrip(t, acme, { status: 'Accepted' });
      const buses = Array.from({ length: 11 }, () => ({ ...BUS, tripPrice: 1e9 }));
      const res = await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.busA.auth).send({ buses });
      expect(expect400(res)).toMatch(/total/i);
      const row = await tripRow(t, trip.id);
      expect({ status: row.status, price: row.price, buses: row.buses.length }).toEqual({ status: 'Accepted', price: '0.00', buses: 1 });
    });

    it('still takes the largest total that fits', async () => {
      const trip = await buildTrip(t, acme, { status: 'Accepted' });
      const buses = Array.from({ length: 9 }, () => ({ ...BUS, tripPrice: 1e9 }));
      const res = await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.busA.auth).send({ buses }).expect(200);
      expect(res.body.price).toBe(9e9);
    });
  });
});

/**
 * A proxy in front of the replicas keeps its connections to them open between requests. The replica must not close an
 * idle one before the proxy does: a request sent down it as it closes is reset, and the proxy answers 502.
 */
describe('hardening: idle connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  /** GET /api/health through `agent`: the status, the Keep-Alive header and the local port of the connection used. */
  const health = (agent: Agent) =>
    new Promise<{ status: number; keepAlive: string | undefined; port: number }>((answer, fail) => {
      get(`${t.url}/api/health`, { agent }, (res) => {
        const port = res.socket.localPort!;
        res.resume();
        res.on('end', () => answer({ status: res.statusCode!, keepAlive: res.headers['keep-alive'] as string | undefined, port }));
      }).on('error', fail);
    });

  it("keeps an idle connection open past Node's 5 s default, and says for how long (65 s)", async () => {
    // The agent keeps its connection as a proxy's pool does, with no idle limit of its own.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await health(agent);
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', port: expect.any(Number) });
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await health(agent);
      // The same connection, still open: with 5 s the replica had closed it and the agent opened another.
      expect(second).toEqual(first);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});

/** Sign-in limits: three counters, each on its own, and registration answers that say little more than needed. */
describe('hardening: sign-in and registration limits', () => {
  let t: TestApp;
  let acme: TestTenant;
  let address = 0;
  // Each test speaks from addresses of its own (the app believes X-Forwarded-For from loopback: TRUST_PROXY).
  const fresh = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '5', REGISTER_RATE_LIMIT: '3' });
    acme = await buildTenant(t, 'Acme');
  }, 60_000);
  afterAll(() => t.close());

  const signIn = (from: string, email: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password: 'wrong-guess-1' });
  const register = (from: string, body: Record<string, unknown>) =>
    t.http().post('/api/auth/register').set('X-Forwarded-For', from).send(body);
  /** A 429 says when to try again: Retry-After, whole seconds until the limit lets this caller in, within its window. */
  const expectRetryAfter = (res: { status: number; headers: Record<string, string | undefined> }, window: number) => {
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(window);
  };
  const newcomer = (over: Record<string, unknown> = {}) => ({
    name: 'New Person',
    email: `new.${uniq()}@example.test`,
    password: 'long-enough-1',
    tenant: acme.tenant.slug,
    ...over,
  });

  it('stops one address trying many e-mails', async () => {
    const from = fresh();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await signIn(from, `probe.${i}.${uniq()}@example.test`)).status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expectRetryAfter(await signIn(from, `probe.${uniq()}@example.test`), 60);
    // another address is not held back
    expect((await signIn(fresh(), `probe.${uniq()}@example.test`)).status).toBe(401);
  });

  it('stops one e-mail being tried from many addresses', async () => {
    const email = acme.users.finance.user.email;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(fresh(), email)).status);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const blocked = await signIn(fresh(), email);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
    expectRetryAfter(blocked, 60);
    // the limit is on attempts at that e-mail, whatever the password: even the right one waits
    const right = await t.http().post('/api/auth/login').set('X-Forwarded-For', fresh()).send({ email, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
  });

  it('counts registrations per address, whatever the e-mail, and queues no more than the limit', async () => {
    const from = fresh();
    const bodies = Array.from({ length: 5 }, () => newcomer());
    const codes: number[] = [];
    for (const body of bodies) codes.push((await register(from, body)).status);
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const refused = await register(from, newcomer());
    expect(refused.body).toEqual({ message: 'Too many registrations from this address. Please try again in an hour.' });
    expectRetryAfter(refused, 3600);
    // the hour's window, not a minute's
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    const created = await Promise.all(bodies.map((b) => t.db.getRepository(User).existsBy({ email: b.email as string })));
    expect(created).toEqual([true, true, true, false, false]);
    expect((await register(fresh(), newcomer())).status).toBe(201);
  });

  it("counts guesses at the current password on a password change against the signed-in user's e-mail only", async () => {
    const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    const victim = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    const guess = () =>
      t
        .http()
        .patch('/api/users/me')
        .set('Authorization', u.auth)
        .set('X-Forwarded-For', fresh())
        // an e-mail in the body names nobody: the count is the caller's
        .send({
          email: victim.user.email,
          currentPassword: 'guess-guess',
          password: 'brand-new-pass-1',
          confirmPassword: 'brand-new-pass-1',
        });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await guess());
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 429]);
    expectRetryAfter(answers[3], 60);
    // the same count as signing in to that e-mail; the victim's is untouched; a name change is not a guess
    expect(
      (await t.http().post('/api/auth/login').set('X-Forwarded-For', fresh()).send({ email: u.user.email, password: TEST_PASSWORD }))
        .status,
    ).toBe(429);
    await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', fresh())
      .send({ email: victim.user.email, password: TEST_PASSWORD })
      .expect(200);
    await t.http().patch('/api/users/me').set('Authorization', u.auth).send({ name: 'Only A Name' }).expect(200);
  });

  it('answers a taken e-mail and an unknown tenant with a {message} alone, and counts them toward the limit', async () => {
    const from = fresh();
    const taken = await register(from, newcomer({ email: acme.users.staffA.user.email }));
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: 409,
      body: { message: 'An account with this email already exists.' },
    });
    const unknown = await register(from, newcomer({ tenant: `no-such-${uniq()}` }));
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { message: 'No organization tenant matches this invite.' },
    });
    // probing addresses or tenants spends the same three registrations an hour
    expect((await register(from, newcomer({ email: acme.users.staffB.user.email }))).status).toBe(409);
    expect((await register(from, newcomer())).status).toBe(429);
  });
});

/** A password change needs the current password and ends the user's other sessions; ids tell nothing. */
describe('hardening: accounts', () => {
  let t: TestApp;
  let acme: TestTenant;
  let globex: TestTenant;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Acme');
    globex = await buildTenant(t, 'Globex');
  }, 60_000);
  afterAll(() => t.close());

  const me = (auth: string) => t.http().get('/api/users/me').set('Authorization', auth);
  const signIn = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });
  const changePassword = (auth: string, body: Record<string, unknown>) =>
    t
      .http()
      .patch('/api/users/me')
      .set('Authorization', auth)
      .send({ password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1', ...body });

  it('refuses a new password without the current one, or with a wrong one, and keeps the old password', async () => {
    const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    const missing = await changePassword(u.auth, {});
    expect({ status: missing.status, message: missing.body.message }).toEqual({
      status: 400,
      message: 'Enter your current password to set a new one.',
    });
    const wrong = await changePassword(u.auth, { currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Your current password is not correct.', field: 'currentPassword' });
    await signIn(u.user.email, TEST_PASSWORD).expect(200);
    await signIn(u.user.email, 'brand-new-pass-1').expect(401);
  });

  it('ends every other session of the user on a password change, and keeps the one that made it', async () => {
    const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
    const laptop = `Bearer ${(await signIn(u.user.email, TEST_PASSWORD).expect(200)).body.token}`;
    const phone = `Bearer ${(await signIn(u.user.email, TEST_PASSWORD).expect(200)).body.token}`;
    const colleague = acme.users.staffA;

    await changePassword(laptop, { currentPassword: TEST_PASSWORD }).expect(200);

    await me(laptop).expect(200);
    for (const other of [phone, u.auth]) {
      const res = await me(other).expect(401);
      expect(res.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
    }
    // someone else's session is not touched; the new password signs in anew, the old one no longer does
    await me(colleague.auth).expect(200);
    const fresh = `Bearer ${(await signIn(u.user.email, 'brand-new-pass-1').expect(200)).body.token}`;
    await me(fresh).expect(200);
    await signIn(u.user.email, TEST_PASSWORD).expect(401);

    // a second change, from the new session, ends the first kept one too
    await t
      .http()
      .patch('/api/users/me')
      .set('Authorization', fresh)
      .send({ currentPassword: 'brand-new-pass-1', password: 'another-pass-22', confirmPassword: 'another-pass-22' })
      .expect(200);
    await me(fresh).expect(200);
    await me(laptop).expect(401);
  });

  it('changes a name without the password, and ends no session', async () => {
    const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    const other = `Bearer ${(await signIn(u.user.email, TEST_PASSWORD).expect(200)).body.token}`;
    await t.http().patch('/api/users/me').set('Authorization', u.auth).send({ name: 'Renamed Person' }).expect(200);
    await me(other).expect(200);
  });

  describe('an organization that fits the role (item 6)', () => {
    const put = (id: number, body: Record<string, unknown>) =>
      t.http().put(`/api/users/${id}`).set('Authorization', acme.users.admin.auth).send(body);
    const row = (id: number) => t.db.getRepository(User).findOneByOrFail({ id });

    it('refuses a bus company for school staff, a school for a bus company, and any organization for the other roles', async () => {
      const staff = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
      const dispatcher = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
      const finance = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      const cases: [TestUser, number, string][] = [
        [staff, acme.orgs.busA.id, 'School staff work at a school: choose a school of this tenant.'],
        [staff, acme.orgs.group.id, 'School staff work at a school: choose a school of this tenant.'],
        [dispatcher, acme.orgs.schoolA.id, 'Bus company accounts work at a bus company: choose a bus company of this tenant.'],
        [finance, acme.orgs.schoolA.id, 'Only school staff and bus company accounts have an organization.'],
      ];
      for (const [u, orgId, message] of cases) {
        const res = await put(u.user.id, { active_org_id: orgId });
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      }
      expect((await row(staff.user.id)).activeOrgId).toBe(acme.orgs.schoolA.id);
      expect((await row(dispatcher.user.id)).activeOrgId).toBe(acme.orgs.busA.id);
      expect((await row(finance.user.id)).activeOrgId).toBeNull();
      // a role and an organization that fit each other, in one change
      await put(staff.user.id, { role: 'bus_company', active_org_id: acme.orgs.busB.id }).expect(200);
      expect(await row(staff.user.id)).toMatchObject({ role: 'bus_company', activeOrgId: acme.orgs.busB.id });
    });

    it('lets go of an organization that no longer fits when only the role changes', async () => {
      const staff = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
      const res = await put(staff.user.id, { role: 'finance' }).expect(200);
      expect(res.body).toMatchObject({ role: 'finance', active_org_id: null });
    });

    it('lets go, on migrating, of organizations given before the rule, and keeps the ones that fit', async () => {
      const misfit = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.busA.id });
      const manager = await buildUser(t, { tenantId: acme.tenant.id, role: 'trip_manager', activeOrgId: acme.orgs.schoolA.id });
      const runner = t.db.createQueryRunner();
      try {
        await new OrganizationFitsRole1795431445270().up(runner);
      } finally {
        await runner.release();
      }
      expect((await row(misfit.user.id)).activeOrgId).toBeNull();
      expect((await row(manager.user.id)).activeOrgId).toBeNull();
      expect((await row(acme.users.staffA.user.id)).activeOrgId).toBe(acme.orgs.schoolA.id);
      expect((await row(acme.users.busA.user.id)).activeOrgId).toBe(acme.orgs.busA.id);
    });

    it('refuses an approval with an organization of the wrong kind, and leaves the user pending', async () => {
      const pending = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', status: 'pending' });
      const approve = (orgId: number) =>
        t
          .http()
          .post(`/api/admin/users/${pending.user.id}/approve`)
          .set('Authorization', acme.users.admin.auth)
          .send({ active_org_id: orgId });
      const res = await approve(acme.orgs.busA.id);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'School staff work at a school: choose a school of this tenant.',
      });
      expect(await row(pending.user.id)).toMatchObject({ status: 'pending', activeOrgId: null });
      await approve(acme.orgs.schoolB.id).expect(200);
      expect(await row(pending.user.id)).toMatchObject({ status: 'approved', activeOrgId: acme.orgs.schoolB.id });
    });
  });

  it('answers a non-admin asking for any other user with the same 404, in the tenant or not', async () => {
    const asStaff = (id: number) => t.http().get(`/api/users/${id}`).set('Authorization', acme.users.staffA.auth);
    const colleague = await asStaff(acme.users.finance.user.id);
    const stranger = await asStaff(globex.users.finance.user.id);
    const nobody = await asStaff(2_000_000_000);
    expect([colleague.status, stranger.status, nobody.status]).toEqual([404, 404, 404]);
    expect(colleague.body).toEqual(nobody.body);
    expect(stranger.body).toEqual(nobody.body);
  });
});

/** The content security policy: the page may talk to its own origin, CLIENT_ORIGINs and the Microsoft login origins only. */
describe('hardening: Content-Security-Policy connect-src', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ CLIENT_ORIGIN: 'https://console.example', MS_LOGIN_ORIGIN: 'https://login.microsoftonline.com' });
  }, 60_000);
  afterAll(() => t.close());

  const connectSrc = async (host: string) => {
    const res = await t.http().get('/api/health').set('Host', host).expect(200);
    const directive = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src '));
    return directive?.split(/\s+/).slice(1) ?? [];
  };

  it('names this origin’s sockets, the client origins and Microsoft, and no other host', async () => {
    expect(await connectSrc('console.test:8443')).toEqual([
      "'self'",
      'ws://console.test:8443',
      'wss://console.test:8443',
      'https://console.example',
      'https://login.microsoftonline.com',
    ]);
  });

  it('keeps a Host that is not a plain host name out of the policy', async () => {
    const sources = await connectSrc('evil.example; script-src *');
    expect(sources).toEqual(["'self'", "'self'", 'https://console.example', 'https://login.microsoftonline.com']);
  });
});
