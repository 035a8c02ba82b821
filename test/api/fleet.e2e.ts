import { EventEmitter2 } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../../server/src/common/domain-events';
import { FleetMessages as M } from '../../server/src/contracts/fleet-messages';
import type { BusDto, DriverDto } from '../../server/src/contracts/fleet-wire';
import { Messages } from '../../server/src/contracts/messages';
import { FleetBus } from '../../server/src/fleet/bus.entity';
import { FleetDriver } from '../../server/src/fleet/driver.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildBus, buildDriver } from '../support/fleet-factory';

/** The fleet (docs/domain.md, Fleet): who reads and manages which company's buses and drivers, and what a bad body gets. */
describe('the fleet registry', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;
  let noOrg: TestUser;
  let schoolDispatcher: TestUser;
  const announced: DomainEventMap['fleet.updated'][] = [];

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Fleet');
    other = await buildTenant(t, 'Elsewhere');
    root = await buildPlatformAdmin(t);
    noOrg = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company' });
    // a bus_company account wrongly linked to a school manages no fleet
    schoolDispatcher = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.schoolA.id });
    t.app.get(EventEmitter2).on('fleet.updated', (e: DomainEventMap['fleet.updated']) => announced.push(e));
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const post = (u: TestUser, path: string, body: object) => t.http().post(`/api${path}`).set('Authorization', u.auth).send(body);
  const patch = (u: TestUser, path: string, body: object) => t.http().patch(`/api${path}`).set('Authorization', u.auth).send(body);
  const busBody = (over: Record<string, unknown> = {}) => ({
    name: `Bus ${uniq()}`,
    busType: 'Internal Yellow Bus',
    seats: 56,
    boosterSeats: 4,
    ...over,
  });
  const driverBody = (over: Record<string, unknown> = {}) => ({
    name: `Driver ${uniq()}`,
    mobile: '+971 50 765 4321',
    licenceExpiry: '2031-06-30',
    ...over,
  });
  const busCount = () => t.db.getRepository(FleetBus).count();
  const driverCount = () => t.db.getRepository(FleetDriver).count();

  describe('rights, for buses and for drivers alike', () => {
    let rows: Record<'acmeA' | 'acmeB' | 'otherA', { bus: FleetBus; driver: FleetDriver }>;
    beforeAll(async () => {
      const both = async (company: TestTenant['orgs']['busA']) => ({
        bus: await buildBus(t, company),
        driver: await buildDriver(t, company),
      });
      rows = { acmeA: await both(acme.orgs.busA), acmeB: await both(acme.orgs.busB), otherA: await both(other.orgs.busA) };
    });

    for (const kind of ['buses', 'drivers'] as const) {
      const key = kind === 'buses' ? 'bus' : 'driver';
      const ids = (body: { id: number }[]) => body.map((r) => r.id);
      const idOf = (row: keyof typeof rows) => rows[row][key].id;

      it(`lists ${kind} to dispatchers (their company), tenant admins (their tenant) and platform admins (all)`, async () => {
        expect(ids((await get(acme.users.busA, `/fleet/${kind}`).expect(200)).body)).toEqual([idOf('acmeA')]);
        expect(ids((await get(acme.users.busB, `/fleet/${kind}`).expect(200)).body)).toEqual([idOf('acmeB')]);
        const admin = ids((await get(acme.users.admin, `/fleet/${kind}`).expect(200)).body);
        expect(admin.sort()).toEqual([idOf('acmeA'), idOf('acmeB')].sort());
        expect(ids((await get(other.users.admin, `/fleet/${kind}`).expect(200)).body)).toEqual([idOf('otherA')]);
        const all = ids((await get(root, `/fleet/${kind}`).expect(200)).body);
        expect(all).toEqual(expect.arrayContaining([idOf('acmeA'), idOf('acmeB'), idOf('otherA')]));
      });

      it(`lets an admin pick a company of their tenant, and answers 404 for another tenant's, another company's or a school (${kind})`, async () => {
        const onlyB = (await get(acme.users.admin, `/fleet/${kind}?companyId=${acme.orgs.busB.id}`).expect(200)).body;
        expect(ids(onlyB)).toEqual([idOf('acmeB')]);
        expect(onlyB[0]).toMatchObject({ companyId: acme.orgs.busB.id, companyName: acme.orgs.busB.name, tenantId: acme.tenant.id });
        for (const [u, company] of [
          [acme.users.admin, other.orgs.busA.id],
          [acme.users.admin, acme.orgs.schoolA.id],
          [acme.users.busA, acme.orgs.busB.id],
          [other.users.admin, acme.orgs.busA.id],
        ] as const) {
          const res = await get(u, `/fleet/${kind}?companyId=${company}`).expect(404);
          expect(res.body).toEqual({ message: M.companyNotFound });
        }
        expect(ids((await get(acme.users.busA, `/fleet/${kind}?companyId=${acme.orgs.busA.id}`).expect(200)).body)).toEqual([
          idOf('acmeA'),
        ]);
        expect(ids((await get(root, `/fleet/${kind}?companyId=${other.orgs.busA.id}`).expect(200)).body)).toEqual([idOf('otherA')]);
      });

      it(`refuses school staff, finance, trip managers, and dispatchers without a bus company (${kind})`, async () => {
        for (const u of [acme.users.staffA, acme.users.staffNoOrg, acme.users.finance, acme.users.manager]) {
          expect((await get(u, `/fleet/${kind}`).expect(403)).body).toEqual({ message: Messages.forbidden });
          await post(u, `/fleet/${kind}`, kind === 'buses' ? busBody() : driverBody()).expect(403);
          await patch(u, `/fleet/${kind}/${idOf('acmeA')}`, { active: false }).expect(403);
        }
        for (const u of [noOrg, schoolDispatcher]) {
          expect((await get(u, `/fleet/${kind}`).expect(403)).body).toEqual({ message: M.noCompany });
          await patch(u, `/fleet/${kind}/${idOf('acmeA')}`, { active: false }).expect(404);
        }
      });

      it(`creates ${kind} for the dispatcher's own company, or the one an admin names`, async () => {
        const body = kind === 'buses' ? busBody : driverBody;
        const own = (await post(acme.users.busA, `/fleet/${kind}`, body()).expect(201)).body;
        expect(own).toMatchObject({ companyId: acme.orgs.busA.id, tenantId: acme.tenant.id, active: true, version: 1 });
        const byAdmin = (await post(acme.users.admin, `/fleet/${kind}`, body({ companyId: acme.orgs.busB.id })).expect(201)).body;
        expect(byAdmin.companyId).toBe(acme.orgs.busB.id);
        const byRoot = (await post(root, `/fleet/${kind}`, body({ companyId: other.orgs.busA.id })).expect(201)).body;
        expect(byRoot).toMatchObject({ companyId: other.orgs.busA.id, tenantId: other.tenant.id });
      });

      it(`writes nothing for a company the caller may not name (${kind})`, async () => {
        const body = kind === 'buses' ? busBody : driverBody;
        const count = kind === 'buses' ? busCount : driverCount;
        const before = await count();
        expect((await post(acme.users.admin, `/fleet/${kind}`, body()).expect(400)).body).toEqual({ message: M.companyRequired });
        await post(acme.users.admin, `/fleet/${kind}`, body({ companyId: other.orgs.busA.id })).expect(404);
        await post(acme.users.busA, `/fleet/${kind}`, body({ companyId: acme.orgs.busB.id })).expect(404);
        await post(other.users.admin, `/fleet/${kind}`, body({ companyId: acme.orgs.busA.id })).expect(404);
        expect(await count()).toBe(before);
      });

      it(`changes ${kind} the caller manages; another company's or tenant's answer 404 and stay as they were`, async () => {
        await patch(acme.users.busA, `/fleet/${kind}/${idOf('acmeA')}`, { active: true }).expect(200);
        const notFound = kind === 'buses' ? M.busNotFound : M.driverNotFound;
        for (const [u, row] of [
          [acme.users.busA, 'acmeB'],
          [acme.users.busB, 'acmeA'],
          [other.users.admin, 'acmeA'],
          [other.users.busA, 'acmeA'],
          [acme.users.admin, 'otherA'],
        ] as const) {
          expect((await patch(u, `/fleet/${kind}/${idOf(row)}`, { active: false }).expect(404)).body).toEqual({ message: notFound });
        }
        await patch(acme.users.admin, `/fleet/${kind}/999999999`, { active: false }).expect(404);
        const repo = kind === 'buses' ? t.db.getRepository(FleetBus) : t.db.getRepository(FleetDriver);
        expect((await repo.findOneByOrFail({ id: idOf('acmeB') })).active).toBe(true);
        await patch(acme.users.admin, `/fleet/${kind}/${idOf('acmeB')}`, { active: true }).expect(200);
        await patch(root, `/fleet/${kind}/${idOf('otherA')}`, { active: true }).expect(200);
      });
    }

    it('has no way to delete a bus or a driver', async () => {
      await t.http().delete(`/api/fleet/buses/${rows.acmeA.bus.id}`).set('Authorization', acme.users.admin.auth).expect(404);
      await t.http().delete(`/api/fleet/drivers/${rows.acmeA.driver.id}`).set('Authorization', acme.users.admin.auth).expect(404);
      expect(await t.db.getRepository(FleetBus).existsBy({ id: rows.acmeA.bus.id })).toBe(true);
    });
  });

  describe('buses', () => {
    it('answers the bus as stored, with its company, and announces it once', async () => {
      const since = announced.length;
      const res = await post(acme.users.busA, '/fleet/buses', {
        name: '  Bus   12 ',
        plate: ' DXB 41212 ',
        busType: 'White Bus',
        seats: 30,
      }).expect(201);
      const bus = res.body as BusDto;
      expect(bus).toEqual({
        id: expect.any(Number),
        tenantId: acme.tenant.id,
        companyId: acme.orgs.busA.id,
        companyName: acme.orgs.busA.name,
        name: 'Bus   12',
        plate: 'DXB 41212',
        busType: 'White Bus',
        seats: 30,
        boosterSeats: 0,
        active: true,
        version: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(announced.slice(since)).toEqual([{ bus, tenantId: acme.tenant.id, companyOrgId: acme.orgs.busA.id }]);
    });

    it('refuses a second bus of the same name or plate in one company, whatever the case, and allows it in another', async () => {
      await post(acme.users.busA, '/fleet/buses', busBody({ name: 'Bus 40', plate: 'SHJ 400-12' })).expect(201);
      const before = await busCount();
      expect((await post(acme.users.busA, '/fleet/buses', busBody({ name: 'bus  40' })).expect(409)).body).toEqual({
        message: M.busNameTaken('bus  40', acme.orgs.busA.name),
      });
      expect((await post(acme.users.busA, '/fleet/buses', busBody({ plate: 'shj40012' })).expect(409)).body).toEqual({
        message: M.plateTaken('shj40012', acme.orgs.busA.name),
      });
      expect(await busCount()).toBe(before);
      await post(acme.users.busB, '/fleet/buses', busBody({ name: 'Bus 40', plate: 'SHJ 400-12' })).expect(201);
      // renaming onto another bus's name is refused too
      const other40 = (await post(acme.users.busA, '/fleet/buses', busBody({ name: 'Bus 41' })).expect(201)).body as BusDto;
      await patch(acme.users.busA, `/fleet/buses/${other40.id}`, { name: 'BUS 40' }).expect(409);
      await patch(acme.users.busA, `/fleet/buses/${other40.id}`, { name: 'Bus 41 ' }).expect(200);
    });

    it.each([
      ['no name', { name: '  ' }, M.busNameRequired],
      ['a long name', { name: 'x'.repeat(101) }, M.busNameTooLong],
      ['no type', { busType: undefined }, M.busTypeRequired],
      ['an unknown type', { busType: 'Limo' }, M.busTypeInvalid],
      ['no seats', { seats: '' }, M.seatsRequired],
      ['seats as text', { seats: 'forty' }, M.seatsInvalid],
      ['no seats at all', { seats: 0 }, M.seatsInvalid],
      ['half a seat', { seats: 40.5 }, M.seatsInvalid],
      ['negative booster seats', { boosterSeats: -1 }, M.boosterSeatsInvalid],
      ['more booster seats than seats', { seats: 10, boosterSeats: 11 }, M.boosterSeatsAboveSeats],
      ['a long plate', { plate: 'P'.repeat(21) }, M.plateTooLong],
      ['active as text', { active: 'yes' }, M.activeInvalid],
      ['a company id as text', { companyId: 'mine' }, M.companyIdInvalid],
    ])('refuses a bus with %s (400, nothing written)', async (_label, over, message) => {
      const before = await busCount();
      const res = await post(acme.users.busA, '/fleet/buses', busBody(over)).expect(400);
      expect(res.body.message).toBe(message);
      expect(await busCount()).toBe(before);
    });

    it('deactivates a bus (never deletes it), bumping its version; an echo changes nothing', async () => {
      const bus = (await post(acme.users.busA, '/fleet/buses', busBody()).expect(201)).body as BusDto;
      const since = announced.length;
      const off = (await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { active: false, version: 1 }).expect(200)).body as BusDto;
      expect(off).toMatchObject({ id: bus.id, active: false, version: 2 });
      expect(announced.slice(since)).toEqual([{ bus: off, tenantId: acme.tenant.id, companyOrgId: acme.orgs.busA.id }]);
      const echo = (await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { ...off, active: false }).expect(200)).body;
      expect(echo).toEqual(off);
      expect(announced.length).toBe(since + 1);
      expect((await patch(acme.users.busA, `/fleet/buses/${bus.id}`, {}).expect(400)).body).toEqual({ message: M.nothingToUpdate });
      // booster seats are checked against the seats the bus will have
      expect((await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { seats: 3 }).expect(400)).body).toEqual({
        message: M.boosterSeatsAboveSeats,
      });
    });

    it('refuses a change made from a stale version with 409 and the bus as it now is', async () => {
      const bus = (await post(acme.users.busA, '/fleet/buses', busBody()).expect(201)).body as BusDto;
      const first = (await patch(acme.users.admin, `/fleet/buses/${bus.id}`, { seats: 60, version: 1 }).expect(200)).body as BusDto;
      const res = await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { seats: 20, boosterSeats: 0, version: 1 }).expect(409);
      expect(res.body).toEqual({ message: M.staleBus, current: first });
      expect((await t.db.getRepository(FleetBus).findOneByOrFail({ id: bus.id })).seats).toBe(60);
    });

    it('narrows the list to active buses', async () => {
      const company = (await buildTenant(t, 'Narrow')).orgs.busA;
      const on = await buildBus(t, company);
      const off = await buildBus(t, company, { active: false });
      const listed = (await get(root, `/fleet/buses?companyId=${company.id}&active=true`).expect(200)).body as BusDto[];
      expect(listed.map((b) => b.id)).toEqual([on.id]);
      const all = (await get(root, `/fleet/buses?companyId=${company.id}`).expect(200)).body as BusDto[];
      expect(all.map((b) => b.id).sort()).toEqual([on.id, off.id].sort());
      await get(root, `/fleet/buses?active=maybe`).expect(400);
    });
  });

  describe('drivers', () => {
    it('answers the driver as stored, with the licence date as written and its status', async () => {
      const res = await post(acme.users.busA, '/fleet/drivers', {
        name: ' Omar Haddad ',
        mobile: '+971 50 111 2233',
        licenceExpiry: '2020-01-31',
      }).expect(201);
      expect(res.body as DriverDto).toEqual({
        id: expect.any(Number),
        tenantId: acme.tenant.id,
        companyId: acme.orgs.busA.id,
        companyName: acme.orgs.busA.name,
        name: 'Omar Haddad',
        mobile: '+971 50 111 2233',
        licenceExpiry: '2020-01-31',
        licenceStatus: 'expired',
        active: true,
        account: null,
        inviteExpiresAt: null,
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it.each([
      ['no name', { name: '' }, M.driverNameRequired],
      ['no mobile', { mobile: undefined }, M.mobileRequired],
      ['a mobile with letters', { mobile: 'call me' }, M.mobileInvalid],
      ['no licence expiry', { licenceExpiry: '' }, M.licenceExpiryRequired],
      ['an impossible licence expiry', { licenceExpiry: '2030-02-30' }, M.licenceExpiryInvalid],
      ['a licence expiry in another format', { licenceExpiry: '30/06/2031' }, M.licenceExpiryInvalid],
    ])('refuses a driver with %s (400, nothing written)', async (_label, over, message) => {
      const before = await driverCount();
      const res = await post(acme.users.busA, '/fleet/drivers', driverBody(over)).expect(400);
      expect(res.body.message).toBe(message);
      expect(await driverCount()).toBe(before);
    });

    it('renews a licence and refuses a stale change', async () => {
      const driver = (await post(acme.users.busA, '/fleet/drivers', driverBody()).expect(201)).body as DriverDto;
      const renewed = (await patch(acme.users.busA, `/fleet/drivers/${driver.id}`, { licenceExpiry: '2035-01-01', version: 1 }).expect(200))
        .body as DriverDto;
      expect(renewed).toMatchObject({ licenceExpiry: '2035-01-01', licenceStatus: 'valid', version: 2 });
      const res = await patch(acme.users.admin, `/fleet/drivers/${driver.id}`, { active: false, version: 1 }).expect(409);
      expect(res.body).toEqual({ message: M.staleDriver, current: renewed });
    });
  });
});
