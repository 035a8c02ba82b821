import type { DriverDto } from '../../server/src/contracts/fleet-wire';
import { FleetMessages } from '../../server/src/contracts/fleet-messages';
import { Messages } from '../../server/src/contracts/messages';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import { DriverInvite } from '../../server/src/fleet/driver-invite.entity';
import { DriverInviteMessages as M } from '../../server/src/fleet/driver-invite.messages';
import { inviteTokenHash } from '../../server/src/fleet/driver-invite.tokens';
import { User } from '../../server/src/users/user.entity';
import { type RecordedEvent, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { TEST_PASSWORD, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildDriver, buildDriverAccount } from '../support/fleet-factory';

const CONSOLE = 'https://console.example';
const HOURS_72 = 72 * 3_600_000;

/** Driver accounts (docs/domain.md, "Drivers"): the invitation, the sign-up it allows once, and what a driver may do. */
describe('driver accounts', () => {
  let t: TestApp, acme: TestTenant, globex: TestTenant, root: TestUser;
  let events: RecordedEvent[];
  let named: (name: string) => Record<string, unknown>[];
  useApiWorld({ tenants: ['Acme', 'Globex'], env: { CLIENT_ORIGIN: CONSOLE } }, (w) => {
    ({ t, root, events, named } = w);
    [acme, globex] = w.tenants;
  });

  const invite = (who: TestUser | null, driverId: number, body: object = {}, origin?: string) => {
    const req = t.http().post(`/api/fleet/drivers/${driverId}/invite`);
    if (who) void req.set('Authorization', who.auth);
    if (origin) void req.set('Origin', origin);
    return req.send(body);
  };
  const info = (token: string) => t.http().get(`/api/driver-invites/${token}`);
  const signUp = (token: string, email = `driver.${uniq()}@example.test`, password = 'driving-pass-1') =>
    t.http().post(`/api/driver-invites/${token}`).send({ email, password });
  const login = (email: string, password = 'driving-pass-1') => t.http().post('/api/auth/login').send({ email, password });
  const tokenOf = (url: string) => url.split('/join/')[1];
  const invitesOf = (driverId: number) => t.db.getRepository(DriverInvite).find({ where: { driverId }, order: { id: 'ASC' } });
  const accountOf = (driverId: number) => t.db.getRepository(User).findOneBy({ fleetDriverId: driverId });
  const listed = async (who: TestUser, driverId: number): Promise<DriverDto> =>
    ((await t.http().get('/api/fleet/drivers').set('Authorization', who.auth).expect(200)).body as DriverDto[]).find(
      (d) => d.id === driverId,
    )!;
  /** A driver of Acme's bus company A with an open link, invited through the API by its dispatcher. */
  const invited = async (email?: string) => {
    const driver = await buildDriver(t, acme.orgs.busA, { name: `Omar ${uniq()}` });
    const res = await invite(acme.users.busA, driver.id, { email }).expect(201);
    return { driver, token: tokenOf(res.body.url as string), body: res.body };
  };

  describe('inviting', () => {
    it('gives the dispatcher a one-time link to the console, valid 72 hours, keeping only its hash', async () => {
      const driver = await buildDriver(t, acme.orgs.busA, { name: `Omar ${uniq()}` });
      events.length = 0;
      const before = Date.now();
      const res = await invite(acme.users.busA, driver.id, { email: ' Omar.H@Example.TEST ' }).expect(201);
      expect(res.body).toEqual({
        driverId: driver.id,
        driverName: driver.name,
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/join\/[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
        email: 'omar.h@example.test',
        emailed: true,
      });
      const expires = Date.parse(res.body.expiresAt as string);
      expect(expires).toBeGreaterThanOrEqual(before + HOURS_72 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + HOURS_72);
      const [stored] = await invitesOf(driver.id);
      expect(stored).toMatchObject({
        tokenHash: inviteTokenHash(tokenOf(res.body.url)),
        createdById: acme.users.busA.user.id,
        usedAt: null,
      });
      expect(JSON.stringify(stored)).not.toContain(tokenOf(res.body.url));
      // The Fleet screen shows the open invitation, live and on reload: a new version of the row, which consoles take.
      const pushed = named('fleet.updated').map((e) => e.driver as DriverDto);
      expect(pushed).toContainEqual(expect.objectContaining({ id: driver.id, account: null, inviteExpiresAt: res.body.expiresAt }));
      expect(pushed.find((d) => d.id === driver.id)?.version).toBe(driver.version + 1);
      expect(await listed(acme.users.busA, driver.id)).toMatchObject({ account: null, inviteExpiresAt: res.body.expiresAt });
    });

    it('builds the link on the configured console origin that asked, never on another page’s', async () => {
      const driver = await buildDriver(t, acme.orgs.busA);
      const ours = await invite(acme.users.busA, driver.id, {}, CONSOLE).expect(201);
      expect(ours.body.url).toMatch(new RegExp(`^${CONSOLE}/join/`));
      const evil = await invite(acme.users.busA, driver.id, {}, 'https://evil.example').expect(201);
      expect(evil.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join\//);
    });

    it('lets the tenant’s admins and platform admins invite, and answers 404 to another company or tenant', async () => {
      const driver = await buildDriver(t, acme.orgs.busA);
      await invite(acme.users.admin, driver.id).expect(201);
      await invite(root, driver.id).expect(201);
      for (const who of [acme.users.busB, globex.users.admin, globex.users.busA]) {
        expect((await invite(who, driver.id).expect(404)).body).toEqual({ message: FleetMessages.driverNotFound });
      }
      expect(await invitesOf(driver.id)).toHaveLength(2);
    });

    it('refuses school staff, finance, trip managers and drivers (403) and the signed out (401), writing nothing', async () => {
      const driver = await buildDriver(t, acme.orgs.busA);
      const colleague = await buildDriverAccount(t, acme.orgs.busA);
      for (const who of [acme.users.staffA, acme.users.finance, acme.users.manager, colleague]) {
        expect((await invite(who, driver.id).expect(403)).body).toEqual({ message: Messages.forbidden });
      }
      await invite(null, driver.id).expect(401);
      expect(await invitesOf(driver.id)).toEqual([]);
    });

    it('refuses a driver out of service, one who already has an account, and a bad e-mail', async () => {
      const retired = await buildDriver(t, acme.orgs.busA, { name: 'Omar Haddad', active: false });
      expect((await invite(acme.users.busA, retired.id).expect(409)).body).toEqual({
        message: 'Omar Haddad is out of service: put them back in service before inviting them.',
      });
      const signedUp = await buildDriverAccount(t, acme.orgs.busA);
      expect((await invite(acme.users.busA, signedUp.driver.id).expect(409)).body).toEqual({
        message: `${signedUp.driver.name} already has an account (${signedUp.user.email}).`,
      });
      expect((await invite(acme.users.busA, retired.id, { email: 'not an e-mail' }).expect(400)).body.message).toBe(
        'Enter a valid email address.',
      );
      expect([...(await invitesOf(retired.id)), ...(await invitesOf(signedUp.driver.id))]).toEqual([]);
    });

    it('voids the earlier link when a new one is made: the old link answers 404 and makes nothing', async () => {
      const { driver, token: first } = await invited();
      const second = tokenOf((await invite(acme.users.busA, driver.id).expect(201)).body.url);
      expect((await info(first).expect(404)).body).toEqual({ message: M.inviteNotFound });
      expect((await signUp(first).expect(404)).body).toEqual({ message: M.inviteNotFound });
      expect(await accountOf(driver.id)).toBeNull();
      await info(second).expect(200);
      expect((await invitesOf(driver.id)).map((i) => i.voidedAt !== null)).toEqual([true, false]);
    });
  });

  describe('signing up', () => {
    it('tells whose link it is', async () => {
      const { driver, token, body } = await invited('omar@example.test');
      expect((await info(token).expect(200)).body).toEqual({
        driverName: driver.name,
        companyName: acme.orgs.busA.name,
        email: 'omar@example.test',
        expiresAt: body.expiresAt,
      });
    });

    it('makes the driver’s approved account in their company and signs them in, as sign-in answers', async () => {
      const { driver, token } = await invited();
      const email = `Driver.${uniq()}@Example.test`;
      const invitedVersion = (await listed(acme.users.busA, driver.id)).version;
      events.length = 0;
      const res = await signUp(token, email).expect(201);
      expect(res.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ email: email.toLowerCase() }) });
      expect(res.body.user).toMatchObject({
        name: driver.name,
        role: 'driver',
        roles: ['driver'],
        status: 'approved',
        tenant_id: acme.tenant.id,
        active_org_id: acme.orgs.busA.id,
      });
      const session = await t.http().get('/api/auth/session').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect(session.body.user.id).toBe(res.body.user.id);
      expect(await accountOf(driver.id)).toMatchObject({ id: res.body.user.id, role: 'driver' });
      expect((await invitesOf(driver.id))[0].usedAt).not.toBeNull();
      expect(await listed(acme.users.busA, driver.id)).toMatchObject({ account: { email: email.toLowerCase() }, inviteExpiresAt: null });
      expect(named('fleet.updated').map((e) => (e.driver as DriverDto).account)).toContainEqual({ email: email.toLowerCase() });
      // a newer version of the row, so every open Fleet screen and board takes the account
      expect(named('fleet.updated').map((e) => (e.driver as DriverDto).version)).toContain(invitedVersion + 1);
      expect(named('user.changed').map((e) => (e.user as { id: number }).id)).toContain(res.body.user.id);
      await login(email).expect(200);
    });

    it('refuses a used link (409) and a second sign-up with it', async () => {
      const { driver, token } = await invited();
      await signUp(token).expect(201);
      expect((await signUp(token).expect(409)).body).toEqual({ message: M.inviteUsed });
      expect((await info(token).expect(409)).body).toEqual({ message: M.inviteUsed });
      expect(await t.db.getRepository(User).countBy({ fleetDriverId: driver.id })).toBe(1);
    });

    it('lets one of two sign-ups sent at once with the same link through, and refuses the other', async () => {
      const { driver, token } = await invited();
      const answers = await Promise.all([signUp(token), signUp(token)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({ message: M.inviteUsed });
      expect(await t.db.getRepository(User).countBy({ fleetDriverId: driver.id })).toBe(1);
    });

    it('refuses an expired link (400) and writes nothing', async () => {
      const { driver, token } = await invited();
      await t.db.query(`UPDATE driver_invites SET expires_at = now() - interval '1 minute' WHERE driver_id = $1`, [driver.id]);
      const email = `late.${uniq()}@example.test`;
      expect((await info(token).expect(400)).body).toEqual({ message: M.inviteExpired });
      expect((await signUp(token, email).expect(400)).body).toEqual({ message: M.inviteExpired });
      expect(await t.db.getRepository(User).findOneBy({ email })).toBeNull();
      expect((await invitesOf(driver.id))[0].usedAt).toBeNull();
      expect((await listed(acme.users.busA, driver.id)).inviteExpiresAt).toBeNull();
    });

    it('refuses an e-mail another account has, an unknown link and a bad body, writing nothing', async () => {
      const { driver, token } = await invited();
      expect((await signUp(token, acme.users.finance.user.email).expect(409)).body).toEqual({ message: M.emailTaken });
      expect((await signUp(token, 'nope').expect(400)).body.message).toBe('Enter a valid email address.');
      expect((await signUp(token, `x.${uniq()}@example.test`, 'short').expect(400)).body.message).toBe(Messages.passwordTooShort);
      for (const unknown of ['A'.repeat(43), 'abc']) expect((await info(unknown).expect(404)).body).toEqual({ message: M.inviteNotFound });
      await signUp('B'.repeat(43)).expect(404);
      expect(await accountOf(driver.id)).toBeNull();
      await signUp(token).expect(201);
    });

    it('refuses the link of a driver taken out of service since', async () => {
      const { driver, token } = await invited();
      await t
        .http()
        .patch(`/api/fleet/drivers/${driver.id}`)
        .set('Authorization', acme.users.busA.auth)
        .send({ active: false })
        .expect(200);
      expect((await info(token).expect(409)).body).toEqual({ message: M.outOfService });
      expect((await signUp(token).expect(409)).body).toEqual({ message: M.outOfService });
      expect(await accountOf(driver.id)).toBeNull();
    });
  });

  describe('out of service', () => {
    const setActive = (driver: FleetDriver, active: boolean) =>
      t.http().patch(`/api/fleet/drivers/${driver.id}`).set('Authorization', acme.users.admin.auth).send({ active }).expect(200);

    it('ends the driver’s sessions, refuses their sign-in, and lets them sign in again once back in service', async () => {
      const { driver, token } = await invited();
      const email = `omar.${uniq()}@example.test`;
      const session = (await signUp(token, email).expect(201)).body.token as string;
      const me = (bearer: string) => t.http().get('/api/users/me').set('Authorization', `Bearer ${bearer}`);
      await me(session).expect(200);
      events.length = 0;
      await setActive(driver, false);
      expect((await me(session).expect(401)).body).toEqual({ message: Messages.sessionEnded });
      expect(named('sessions.ended')).toEqual([{ userId: (await accountOf(driver.id))!.id }]);
      expect((await login(email).expect(403)).body).toEqual({ message: M.outOfService });
      await setActive(driver, true);
      const again = (await login(email).expect(200)).body.token as string;
      await me(again).expect(200);
      // The session ended stays ended.
      await me(session).expect(401);
    });
  });

  describe('what a driver may do', () => {
    let omar: TestUser & { driver: FleetDriver };
    beforeAll(async () => {
      omar = await buildDriverAccount(t, acme.orgs.busA, { name: `Omar ${uniq()}` });
    });
    const as = (who: TestUser) => ({
      get: (path: string) => t.http().get(`/api${path}`).set('Authorization', who.auth),
      put: (path: string, body: object) => t.http().put(`/api${path}`).set('Authorization', who.auth).send(body),
      patch: (path: string, body: object) => t.http().patch(`/api${path}`).set('Authorization', who.auth).send(body),
    });

    it('reads and changes only their own account, and sees nothing of the console', async () => {
      expect((await as(omar).get('/users/me').expect(200)).body).toMatchObject({ id: omar.user.id, role: 'driver' });
      await as(omar).get(`/users/${omar.user.id}`).expect(200);
      await as(omar).get(`/users/${acme.users.busA.user.id}`).expect(404);
      expect((await as(omar).patch('/users/me', { name: 'Omar H.' }).expect(200)).body.name).toBe('Omar H.');
      for (const path of ['/trips', '/fleet/drivers', '/users', '/permissions', '/notifications', '/dispatch/board', '/bookings']) {
        expect((await as(omar).get(path).expect(403)).body).toEqual({ message: Messages.forbidden });
      }
      await t.http().post('/api/auth/logout').set('Authorization', omar.auth).expect(204);
    });

    it('is listed to admins, who may rename them but neither give nor take the driver role nor move their company', async () => {
      const admin = as(acme.users.admin);
      const listed = (await admin.get('/users').expect(200)).body as { id: number; role: string }[];
      expect(listed).toContainEqual(expect.objectContaining({ id: omar.user.id, role: 'driver' }));
      expect((await admin.put(`/users/${acme.users.finance.user.id}`, { role: 'driver' }).expect(400)).body.message).toBe(
        'Role must be one of admin, school_staff, bus_company, finance, trip_manager.',
      );
      for (const body of [{ role: 'bus_company' }, { active_org_id: acme.orgs.busB.id }]) {
        expect((await admin.put(`/users/${omar.user.id}`, body).expect(400)).body).toEqual({ message: M.driverAccountFixed });
      }
      expect(await t.db.getRepository(User).findOneBy({ id: omar.user.id })).toMatchObject({
        role: 'driver',
        activeOrgId: acme.orgs.busA.id,
      });
      await admin.put(`/users/${omar.user.id}`, { name: 'Omar Haddad' }).expect(200);
    });

    it('shows the driver row of the role matrix with every permission off', async () => {
      const roles = (await as(acme.users.admin).get('/permissions').expect(200)).body.roles as Record<string, Record<string, boolean>>;
      expect(Object.values(roles.driver).some(Boolean)).toBe(false);
    });

    it('signs a driver in service in with their e-mail and password, as a driver', async () => {
      expect((await login(omar.user.email, TEST_PASSWORD).expect(200)).body.user).toMatchObject({ id: omar.user.id, role: 'driver' });
    });
  });
});
