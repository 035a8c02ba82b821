import type { BookingDto } from '../../server/src/contracts/bookings';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { closeAllClients, connectLive, expectDelivery, type LiveClient, tripBody } from './live-client';

const bookingBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  date: '2031-06-01',
  startTime: '08:00 AM',
  endDate: '2031-06-01',
  endTime: '03:30 PM',
  students: 10,
  adults: 2,
  ...extra,
});

describe('live events reach exactly the sockets whose user could GET the record', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let manager2: TestUser;
  let root: TestUser;
  // acme's sockets, by user
  let s: Record<'admin' | 'staffA' | 'staffB' | 'staffNoOrg' | 'busA' | 'busB' | 'finance' | 'manager' | 'manager2', LiveClient>;
  // another tenant's, and the platform admin's
  let o: Record<'admin' | 'staffA' | 'busA' | 'finance', LiveClient>;
  let platform: LiveClient;
  const everyone = () => [...Object.values(s), ...Object.values(o), platform];
  const except = (...keep: LiveClient[]) => everyone().filter((c) => !keep.includes(c));

  const api = (user: TestUser) => ({
    post: (path: string, body: object) => t.http().post(`/api${path}`).set('Authorization', user.auth).send(body),
    patch: (path: string, body: object) => t.http().patch(`/api${path}`).set('Authorization', user.auth).send(body),
    put: (path: string, body: object) => t.http().put(`/api${path}`).set('Authorization', user.auth).send(body),
    delete: (path: string) => t.http().delete(`/api${path}`).set('Authorization', user.auth),
  });
  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    if (r.status >= 300) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Acme');
    other = await buildTenant(t, 'Other');
    manager2 = await buildUser(t, { tenantId: acme.tenant.id, role: 'trip_manager' });
    root = await buildPlatformAdmin(t);
    const u = acme.users;
    const live = (user: TestUser, label: string) => connectLive(t.url, user.token, label);
    s = {
      admin: await live(u.admin, 'acme admin'),
      staffA: await live(u.staffA, 'acme staff A'),
      staffB: await live(u.staffB, 'acme staff B'),
      staffNoOrg: await live(u.staffNoOrg, 'acme staff without org'),
      busA: await live(u.busA, 'acme bus A'),
      busB: await live(u.busB, 'acme bus B'),
      finance: await live(u.finance, 'acme finance'),
      manager: await live(u.manager, 'acme manager'),
      manager2: await live(manager2, 'acme other manager'),
    };
    o = {
      admin: await live(other.users.admin, 'other admin'),
      staffA: await live(other.users.staffA, 'other staff A'),
      busA: await live(other.users.busA, 'other bus A'),
      finance: await live(other.users.finance, 'other finance'),
    };
    platform = await live(root, 'platform admin');
  });
  afterAll(async () => {
    closeAllClients();
    await t.close();
  });

  describe('trips', () => {
    it("delivers a school A trip to A's staff, A's partner company, the tenant's admins and finance, and platform admins; to nobody else", async () => {
      const { result: trip, events } = await expectDelivery(
        () => ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`Zoo ${uniq()}`))),
        'trip:created',
        (e, trip) => e.trip.id === trip.id,
        [s.admin, s.staffA, s.busA, s.finance, platform],
        except(s.admin, s.staffA, s.busA, s.finance, platform),
      );
      // the same JSON as the API, plus the envelope
      // (and who requested it, so a console can leave out its own user's echo)
      const by = { id: acme.users.staffA.user.id, name: acme.users.staffA.user.name };
      for (const e of events) expect(e).toEqual({ trip, by, seq: expect.any(Number), tenantId: acme.tenant.id });
    });

    it('sends {trip, status} on a status change, later in the tenant’s seq', async () => {
      const trip = await ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`Museum ${uniq()}`)));
      const created = await s.admin.next('trip:created', (e) => e.trip.id === trip.id);
      const { result: accepted, events } = await expectDelivery(
        () => ok<TripDto>(api(acme.users.busA).patch(`/trips/${trip.id}`, { status: 'Accepted' })),
        'trip:updated',
        (e, r) => e.trip.id === r.id && e.status === 'Accepted',
        [s.admin, s.staffA, s.busA, s.finance, platform],
        except(s.admin, s.staffA, s.busA, s.finance, platform),
      );
      const by = { id: acme.users.busA.user.id, name: acme.users.busA.user.name };
      expect(events[0]).toEqual({
        trip: accepted,
        status: 'Accepted',
        from: 'Pending',
        by,
        seq: expect.any(Number),
        tenantId: acme.tenant.id,
      });
      // later in the tenant's sequence: the next number, unless the dashboards' figures (pushed a second after a
      // change, trips:stats) took one in between
      expect(events[0].seq).toBeGreaterThan(created.seq);
      expect(events[0].seq).toBeLessThanOrEqual(created.seq + 2);
      expect(accepted.busCompanyOrgId).toBe(acme.orgs.busA.id);
    });

    it("delivers a trip manager's trip to its author but not to another trip manager", async () => {
      await expectDelivery(
        () => ok<TripDto>(api(acme.users.manager).post('/trips', tripBody(`Park ${uniq()}`, { schoolOrgId: acme.orgs.schoolB.id }))),
        'trip:created',
        (e, trip) => e.trip.id === trip.id,
        [s.admin, s.finance, s.manager, s.staffB, s.busB, platform],
        except(s.admin, s.finance, s.manager, s.staffB, s.busB, platform),
      );
    });

    it('tells a bus company that loses a trip to another company to drop it, and sends it nothing else', async () => {
      // Admin accepts on behalf of B (not A's partner); B confirms; A's staff edits it back to Pending; the admin gives it to A.
      const trip = await ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`Farm ${uniq()}`)));
      await ok(api(acme.users.admin).patch(`/trips/${trip.id}`, { status: 'Accepted', busCompanyOrgId: acme.orgs.busB.id }));
      await s.busB.next('trip:updated', (e) => e.trip.id === trip.id && e.status === 'Accepted');
      await ok(
        api(acme.users.busB).patch(`/trips/${trip.id}`, {
          status: 'Confirmed',
          buses: [{ busType: 'White Bus', busSeats: 30, driverName: 'Sam', driverPhone: '1' }],
        }),
      );
      const edited = await ok<TripDto>(api(acme.users.staffA).patch(`/trips/${trip.id}`, { destination: `Farm ${uniq()}` }));
      expect(edited).toMatchObject({ status: 'Pending', editRequest: true, busCompanyOrgId: acme.orgs.busB.id });
      await s.busB.next('trip:updated', (e) => e.trip.id === trip.id && e.trip.version === edited.version);

      const sinceB = s.busB.received.length;
      const { events } = await expectDelivery(
        () => ok<TripDto>(api(acme.users.admin).patch(`/trips/${trip.id}`, { status: 'Accepted', busCompanyOrgId: acme.orgs.busA.id })),
        'trip:updated',
        (e, r) => e.trip.id === r.id && e.trip.busCompanyOrgId === acme.orgs.busA.id,
        [s.admin, s.staffA, s.busA, s.finance, platform],
        except(s.admin, s.staffA, s.busA, s.finance, platform, s.busB),
      );
      const dropped = await s.busB.nextSince(sinceB, 'trip:deleted', (e) => e.tripId === trip.id);
      expect(dropped).toEqual({ tripId: trip.id, seq: events[0].seq, tenantId: acme.tenant.id });
      expect(s.busB.eventsSince(sinceB).map((r) => r.event)).toEqual(['trip:deleted']);
    });

    it('delivers trip:deleted to those who saw a deleted trip', async () => {
      const trip = await ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`Lake ${uniq()}`)));
      await ok(api(acme.users.admin).patch(`/trips/${trip.id}`, { status: 'Canceled' }));
      await s.finance.next('trip:updated', (e) => e.trip.id === trip.id && e.status === 'Canceled');
      await expectDelivery(
        () => ok<TripDto>(api(acme.users.admin).patch(`/trips/${trip.id}`, { deleted: true })),
        'trip:deleted',
        (e) => e.tripId === trip.id,
        [s.admin, s.staffA, s.busA, s.finance, platform],
        except(s.admin, s.staffA, s.busA, s.finance, platform),
      );
    });
  });

  describe('bookings', () => {
    it("delivers a school's booking to its staff, the tenant's admins, finance and trip managers, and platform admins; never to bus companies", async () => {
      const { result: booking, events } = await expectDelivery(
        () => ok<BookingDto>(api(acme.users.staffA).post('/bookings', bookingBody(`Choir ${uniq()}`))),
        'booking:created',
        (e, b) => e.booking.id === b.id,
        [s.admin, s.staffA, s.finance, s.manager, s.manager2, platform],
        except(s.admin, s.staffA, s.finance, s.manager, s.manager2, platform),
      );
      // `by`: the bell names who booked it, and leaves it out of the booker's own consoles
      const staff = { id: acme.users.staffA.user.id, name: acme.users.staffA.user.name };
      expect(events[0]).toEqual({ booking, by: staff, seq: expect.any(Number), tenantId: acme.tenant.id });

      const { events: approved } = await expectDelivery(
        () => ok<BookingDto>(api(acme.users.admin).patch(`/bookings/${booking.id}`, { status: 'approved' })),
        'booking:updated',
        (e, b) => e.booking.id === b.id && e.booking.status === 'approved',
        [s.admin, s.staffA, s.finance, s.manager, s.manager2, platform],
        except(s.admin, s.staffA, s.finance, s.manager, s.manager2, platform),
      );
      expect(approved[0].by).toEqual({ id: acme.users.admin.user.id, name: acme.users.admin.user.name });
    });
  });

  describe('pending users', () => {
    it("sends the pending count to the tenant's admins and the global count to platform admins on registration and approval", async () => {
      const email = `new.${uniq()}@example.test`;
      const { events } = await expectDelivery(
        () =>
          ok(
            t
              .http()
              .post('/api/auth/register')
              .send({ name: 'New Person', email, password: 'long-enough-1', role: 'school_staff', tenant: acme.tenant.slug }),
          ),
        'users:pending',
        () => true,
        [s.admin, platform],
        except(s.admin, platform),
      );
      const [forAdmin, forPlatform] = events;
      expect(forAdmin).toEqual({ count: 2, seq: expect.any(Number), tenantId: acme.tenant.id }); // the factory's pending user and this one
      expect(forPlatform.count).toBeGreaterThanOrEqual(2);
      expect(forPlatform.seq).toBe(forAdmin.seq);
      // and the newcomer, for User Management's list
      const [newcomerForAdmin] = await Promise.all([
        s.admin.next('user:updated', (e) => e.user.email === email),
        platform.next('user:updated', (e) => e.user.email === email),
      ]);
      expect(newcomerForAdmin.user).toMatchObject({ name: 'New Person', email, role: 'school_staff', status: 'pending' });

      const pending = await ok<Array<{ id: number; email: string }>>(
        t.http().get('/api/admin/users/pending').set('Authorization', acme.users.admin.auth),
      );
      const newcomer = pending.find((p) => p.email === email)!;
      const { events: after } = await expectDelivery(
        () => ok(api(acme.users.admin).post(`/admin/users/${newcomer.id}/approve`, { active_org_id: acme.orgs.schoolA.id })),
        'users:pending',
        () => true,
        [s.admin, platform],
        except(s.admin, platform),
      );
      expect(after[0].count).toBe(1);
      await s.admin.next('user:updated', (e) => e.user.id === newcomer.id && e.user.status === 'approved');
    });

    it("sends user:updated to the user, the tenant's admins and platform admins only", async () => {
      await expectDelivery(
        () => ok(api(acme.users.admin).put(`/users/${acme.users.finance.user.id}`, { name: `Finance ${uniq()}` })),
        'user:updated',
        (e) => e.user.id === acme.users.finance.user.id,
        [s.admin, s.finance, platform],
        except(s.admin, s.finance, platform),
      );
    });
  });

  describe('tenancy and permissions', () => {
    it('sends a new tenant to platform admins only', async () => {
      await expectDelivery(
        () => ok<{ id: number }>(api(root).post('/global/tenants', { name: 'Fresh', slug: `fresh-${uniq()}` })),
        'tenant:created',
        (e, r) => e.tenant.id === r.id,
        [platform],
        except(platform),
      );
    });

    it("sends a tenant's change to its admins and platform admins", async () => {
      await expectDelivery(
        () =>
          ok<{ id: number }>(
            api(acme.users.admin).patch(`/global/tenants/${acme.tenant.id}`, { name: `Acme ${uniq()}`, slug: acme.tenant.slug }),
          ),
        'tenant:updated',
        (e) => e.tenant.id === acme.tenant.id,
        [s.admin, platform],
        except(s.admin, platform),
      );
    });

    it("sends organizations to the tenant's admins and platform admins", async () => {
      const { result: org } = await expectDelivery(
        () =>
          ok<{ id: number }>(
            api(acme.users.admin).post('/global/orgs', { tenant_id: acme.tenant.id, type: 'school', name: `School C ${uniq()}`, slug: '' }),
          ),
        'org:created',
        (e, r) => e.org.id === r.id,
        [s.admin, platform],
        except(s.admin, platform),
      );
      await expectDelivery(
        () =>
          ok(
            api(acme.users.admin).patch(`/global/orgs/${org.id}`, {
              name: `School C2 ${uniq()}`,
              type: 'school',
              slug: `school-c2-${uniq()}`,
            }),
          ),
        'org:updated',
        (e) => e.org.id === org.id,
        [s.admin, platform],
        except(s.admin, platform),
      );
    });

    it('sends partnerships to their managers, and tells the bus company to refetch its trips', async () => {
      const body = { tenant_id: acme.tenant.id, school_org_id: acme.orgs.schoolB.id, bus_company_org_id: acme.orgs.busA.id };
      const sinceBus = s.busA.received.length;
      const { result: p, events } = await expectDelivery(
        () => ok<{ id: number }>(api(acme.users.admin).post('/global/partnerships', body)),
        'partnership:created',
        (e, r) => e.partnership.id === r.id,
        [s.admin, platform],
        except(s.admin, platform, s.busA),
      );
      expect(await s.busA.nextSince(sinceBus, 'resync')).toEqual({ reason: 'partnership', seq: events[0].seq, tenantId: acme.tenant.id });
      expect(s.busA.eventsSince(sinceBus).map((r) => r.event)).toEqual(['resync']);

      const sinceBus2 = s.busA.received.length;
      await expectDelivery(
        () => ok(api(acme.users.admin).delete(`/global/partnerships/${p.id}`)),
        'partnership:deleted',
        (e) => e.partnership.id === p.id,
        [s.admin, platform],
        except(s.admin, platform, s.busA),
      );
      await s.busA.nextSince(sinceBus2, 'resync');
    });

    it('sends the role matrix to every signed-in user of the tenant, and platform admins', async () => {
      const acmeSockets = Object.values(s);
      const current = await ok<{ roles: Record<string, unknown> }>(
        t.http().get('/api/permissions').set('Authorization', acme.users.admin.auth),
      );
      await expectDelivery(
        () => ok(api(acme.users.admin).put('/permissions', { roles: current.roles })),
        'permissions:updated',
        (e) => e.tenantId === acme.tenant.id,
        [...acmeSockets, platform],
        except(...acmeSockets, platform),
      );
    });
  });

  describe('membership changes move sockets between rooms', () => {
    it('moves a school staff member who changes school, and one who becomes finance', async () => {
      const mover = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
      const live = await connectLive(t.url, mover.token, 'mover');

      await ok(api(acme.users.admin).put(`/users/${mover.user.id}`, { active_org_id: acme.orgs.schoolB.id }));
      await live.next('user:updated', (e) => e.user.active_org_id === acme.orgs.schoolB.id);
      await expectDelivery(
        () => ok<TripDto>(api(acme.users.staffB).post('/trips', tripBody(`B trip ${uniq()}`))),
        'trip:created',
        (e, r) => e.trip.id === r.id,
        [live, s.staffB],
        [s.staffA],
      );
      await expectDelivery(
        () => ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`A trip ${uniq()}`))),
        'trip:created',
        (e, r) => e.trip.id === r.id,
        [s.staffA],
        [live],
      );

      await ok(api(acme.users.admin).put(`/users/${mover.user.id}`, { role: 'finance', active_org_id: null }));
      await live.next('user:updated', (e) => e.user.role === 'finance');
      await expectDelivery(
        () => ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`A trip ${uniq()}`))),
        'trip:created',
        (e, r) => e.trip.id === r.id,
        [s.staffA, live],
        [s.staffB],
      );
    });

    it('stops sending admin events to an admin who is demoted', async () => {
      const second = await buildUser(t, { tenantId: acme.tenant.id, role: 'admin' });
      const live = await connectLive(t.url, second.token, 'second admin');
      await ok(api(acme.users.admin).put(`/users/${second.user.id}`, { role: 'school_staff', active_org_id: acme.orgs.schoolB.id }));
      await live.next('user:updated', (e) => e.user.role === 'school_staff');
      await expectDelivery(
        () =>
          ok(
            t
              .http()
              .post('/api/auth/register')
              .send({
                name: 'Late',
                email: `late.${uniq()}@example.test`,
                password: 'long-enough-1',
                role: 'finance',
                tenant: acme.tenant.slug,
              }),
          ),
        'users:pending',
        () => true,
        [s.admin],
        [live],
      );
      await expectDelivery(
        () => ok<TripDto>(api(acme.users.staffA).post('/trips', tripBody(`A trip ${uniq()}`))),
        'trip:created',
        (e, r) => e.trip.id === r.id,
        [s.staffA],
        [live],
      );
    });
  });
});
