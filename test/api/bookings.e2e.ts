import { Booking } from '../../server/src/bookings/booking.entity';
import { seedDemoBookings } from '../../server/src/bookings/bookings.seed';
import type { BookingDto } from '../../server/src/contracts/bookings';
import type { DemoRefs } from '../../server/src/database/seed/demo.seed';
import { type ApiWorld, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

/** What the New Bus Booking form sends. */
const form = (over: Record<string, unknown> = {}) => ({
  title: `Museum trip ${uniq()}`,
  purpose: 'Year 5 science',
  date: '2031-05-12',
  startTime: '08:00 AM',
  endDate: '2031-05-12',
  endTime: '03:30 PM',
  durationMinutes: null,
  students: 40,
  adults: 4,
  pickupPoints: [{ location: 'Main gate', address: '', time: '07:45 AM' }],
  dropoffPoints: [{ location: 'Science Museum', address: 'Museum Road 1', time: '08:30 AM' }],
  busesRequested: 2,
  busType: 'White Bus',
  notes: '',
  createdBy: 'Whoever the client says',
  createdByEmail: 'client@example.test',
  createdById: 1,
  status: 'Requested',
  ...over,
});

describe('bookings', () => {
  let t: TestApp, acme: TestTenant, globex: TestTenant, root: TestUser;
  let named: ApiWorld['named'];
  useApiWorld({ tenants: ['Acme', 'Globex'] }, (w) => {
    ({ t, root, named } = w);
    [acme, globex] = w.tenants;
  });

  const book = async (who: TestUser, over: Record<string, unknown> = {}): Promise<BookingDto> =>
    (await t.http().post('/api/bookings').set('Authorization', who.auth).send(form(over)).expect(201)).body;
  const list = async (who: TestUser, query = ''): Promise<BookingDto[]> =>
    (await t.http().get(`/api/bookings${query}`).set('Authorization', who.auth).expect(200)).body;
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);
  const bookingsOf = (tenantId: number) => t.db.getRepository(Booking).countBy({ tenantId });

  describe('POST /bookings', () => {
    it('records school staff’s request for their school as "Requested", and announces it', async () => {
      const staff = acme.users.staffA;
      const res = await t
        .http()
        .post('/api/bookings')
        .set('Authorization', staff.auth)
        .send(form({ title: '  Museum  ' }))
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        tenant_id: acme.tenant.id,
        school_org_id: acme.orgs.schoolA.id,
        school_org: { id: acme.orgs.schoolA.id, name: acme.orgs.schoolA.name },
        title: 'Museum',
        purpose: 'Year 5 science',
        date_start: '2031-05-12',
        date_end: '2031-05-12',
        start_time: '08:00 AM',
        end_time: '03:30 PM',
        duration_minutes: null,
        passengers_students: 40,
        passengers_adults: 4,
        pickup_points: [{ location: 'Main gate', address: null, time: '07:45 AM' }],
        dropoff_points: [{ location: 'Science Museum', address: 'Museum Road 1', time: '08:30 AM' }],
        buses_requested: 2,
        bus_type: 'White Bus',
        notes: null,
        status: 'Requested',
        created_by: staff.user.name,
        created_by_email: staff.user.email,
        created_by_id: staff.user.id,
        created_at: ISO,
        updated_at: ISO,
      });
      const row = await t.db.getRepository(Booking).findOneByOrFail({ id: res.body.id });
      expect(row).toMatchObject({
        tenantId: acme.tenant.id,
        schoolOrgId: acme.orgs.schoolA.id,
        status: 'Requested',
        createdById: staff.user.id,
        date: '2031-05-12',
      });
      expect(named('booking.created')).toContainEqual({
        booking: res.body,
        tenantId: acme.tenant.id,
        schoolOrgId: acme.orgs.schoolA.id,
        by: { id: staff.user.id, name: staff.user.name },
      });
    });

    it('takes the requester, tenant and status from the session, never from the body', async () => {
      const b = await book(acme.users.staffB, {
        createdBy: 'Mallory',
        createdByEmail: 'mallory@evil.test',
        createdById: acme.users.admin.user.id,
        status: 'approved',
      });
      expect(b).toMatchObject({
        created_by: acme.users.staffB.user.name,
        created_by_email: acme.users.staffB.user.email,
        created_by_id: acme.users.staffB.user.id,
        status: 'Requested',
        school_org_id: acme.orgs.schoolB.id,
      });
    });

    it('keeps a school staff member’s own school even when the body names another', async () => {
      const b = await book(acme.users.staffA, { schoolOrgId: acme.orgs.schoolB.id });
      expect(b.school_org_id).toBe(acme.orgs.schoolA.id);
    });

    it('accepts counts and times as the form may type them, and empty optional fields as null', async () => {
      const b = await book(acme.users.staffA, {
        students: '12',
        adults: 0,
        startTime: '8:00 am',
        endTime: '15:30',
        durationMinutes: '',
        busesRequested: '',
        busType: ' ',
        title: '',
        purpose: null,
      });
      expect(b).toMatchObject({
        passengers_students: 12,
        passengers_adults: 0,
        start_time: '08:00 AM',
        end_time: '03:30 PM',
        duration_minutes: null,
        buses_requested: null,
        bus_type: null,
        title: null,
        purpose: null,
      });
    });

    it('books for no school when school staff have no organization', async () => {
      const b = await book(acme.users.staffNoOrg);
      expect(b).toMatchObject({ school_org_id: null, school_org: null, created_by_id: acme.users.staffNoOrg.user.id });
    });

    it('lets a trip manager or an admin name a school of their tenant, or none', async () => {
      expect((await book(acme.users.manager, { schoolOrgId: acme.orgs.schoolB.id })).school_org_id).toBe(acme.orgs.schoolB.id);
      expect((await book(acme.users.admin)).school_org_id).toBeNull();
    });

    it.each<[string, 'schoolOfOther' | 'busCompany' | 'missing']>([
      ['another tenant’s school', 'schoolOfOther'],
      ['a bus company', 'busCompany'],
      ['a missing organization', 'missing'],
    ])('answers 400 when a trip manager names %s, and writes nothing', async (_, which) => {
      const id = which === 'schoolOfOther' ? globex.orgs.schoolA.id : which === 'busCompany' ? acme.orgs.busA.id : 999999999;
      const before = await bookingsOf(acme.tenant.id);
      const res = await t
        .http()
        .post('/api/bookings')
        .set('Authorization', acme.users.manager.auth)
        .send(form({ schoolOrgId: id }))
        .expect(400);
      expect(res.body.message).toBe('Choose a school of this tenant.');
      expect(await bookingsOf(acme.tenant.id)).toBe(before);
      expect(await bookingsOf(globex.tenant.id)).toBe(0);
    });

    it('answers 404 to a tenant admin who names another tenant, and writes nothing there', async () => {
      await t
        .http()
        .post('/api/bookings')
        .set('Authorization', acme.users.admin.auth)
        .send(form({ tenant_id: globex.tenant.id }))
        .expect(404);
      expect(await bookingsOf(globex.tenant.id)).toBe(0);
    });

    it('lets a platform admin book for a school of any tenant, and asks for a tenant when none is named', async () => {
      const b = await book(root, { schoolOrgId: globex.orgs.schoolB.id });
      expect(b).toMatchObject({ tenant_id: globex.tenant.id, school_org_id: globex.orgs.schoolB.id, created_by_id: root.user.id });
      const res = await t.http().post('/api/bookings').set('Authorization', root.auth).send(form()).expect(400);
      expect(res.body.message).toBe('Choose a tenant for this booking.');
      await t.db.getRepository(Booking).delete({ id: b.id });
    });

    it.each(['busA', 'finance'] as const)('refuses %s with 403, and writes nothing', async (who) => {
      const before = await bookingsOf(acme.tenant.id);
      const res = await t.http().post('/api/bookings').set('Authorization', acme.users[who].auth).send(form()).expect(403);
      expect(res.body.message).toBe('You do not have permission to do this.');
      expect(await bookingsOf(acme.tenant.id)).toBe(before);
    });

    it('refuses an anonymous caller with 401', async () => {
      await t.http().post('/api/bookings').send(form()).expect(401);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an end before the start', { endTime: '07:00 AM' }, 'End must be after Start.'],
      ['an end equal to the start', { endTime: '08:00 AM' }, 'End must be after Start.'],
      ['an end date before the start date', { endDate: '2031-05-11', endTime: '11:00 PM' }, 'End must be after Start.'],
      ['no start date', { date: '' }, 'Start date is required.'],
      ['no end date', { endDate: undefined }, 'End date is required.'],
      ['no start time', { startTime: '' }, 'Start time is required.'],
      ['no end time', { endTime: null }, 'End time is required.'],
      ['no students', { students: undefined }, 'Number of students is required.'],
      ['no adults', { adults: '' }, 'Number of adults is required.'],
      ['negative students', { students: -3 }, 'Students must be a whole number, 0 or more.'],
      ['a fraction of an adult', { adults: 0.5 }, 'Adults must be a whole number, 0 or more.'],
      ['negative buses', { busesRequested: -1 }, 'Buses requested must be a whole number, 0 or more.'],
      [
        'a pickup point without a location',
        { pickupPoints: [{ location: '  ', time: '07:30 AM' }] },
        'Each pickup or drop-off point needs a location name and a time.',
      ],
      [
        'a drop-off point without a time',
        { dropoffPoints: [{ location: 'Museum', time: '' }] },
        'Each pickup or drop-off point needs a location name and a time.',
      ],
      [
        'a point time that is not a time',
        { pickupPoints: [{ location: 'Gate', time: 'soon' }] },
        'Pickup and drop-off times must look like 07:30 AM.',
      ],
      ['a start time that is not a time', { startTime: '25:00' }, 'Times must look like 08:00 AM.'],
      ['an impossible date', { date: '2031-02-30' }, 'Dates must be written YYYY-MM-DD.'],
      ['a title of 100,000 characters', { title: 'x'.repeat(100_000) }, 'Title is too long (at most 200 characters).'],
    ])('answers 400 to a booking with %s, and writes nothing', async (_, change, message) => {
      const before = await bookingsOf(acme.tenant.id);
      const res = await t.http().post('/api/bookings').set('Authorization', acme.users.staffA.auth).send(form(change)).expect(400);
      expect(res.body.message).toBe(message);
      expect(await bookingsOf(acme.tenant.id)).toBe(before);
    });
  });

  describe('GET /bookings', () => {
    let x: TestTenant;
    let other: TestTenant;
    const mine: Record<'A' | 'B' | 'NoOrg' | 'Manager' | 'Other', BookingDto> = {} as never;

    beforeAll(async () => {
      x = await buildTenant(t, 'List');
      other = await buildTenant(t, 'Elsewhere');
      mine.A = await book(x.users.staffA, { title: 'School A trip' });
      mine.B = await book(x.users.staffB, { title: 'School B trip' });
      mine.NoOrg = await book(x.users.staffNoOrg, { title: 'No org trip' });
      mine.Manager = await book(x.users.manager, { title: 'Manager trip' });
      mine.Other = await book(other.users.staffA, { title: 'Elsewhere trip' });
    }, 30_000);
    const all = () => ids([mine.A, mine.B, mine.NoOrg, mine.Manager]);

    it('lists the spec fields, newest first', async () => {
      const rows = await list(x.users.admin);
      expect(rows.map((r) => r.id)).toEqual([mine.Manager.id, mine.NoOrg.id, mine.B.id, mine.A.id]);
      expect(rows[3]).toMatchObject({
        id: mine.A.id,
        title: 'School A trip',
        date_start: '2031-05-12',
        date_end: '2031-05-12',
        passengers_students: 40,
        passengers_adults: 4,
        status: 'Requested',
        created_at: ISO,
      });
    });

    it.each(['admin', 'finance', 'manager'] as const)('shows %s every booking of their tenant and none of another', async (who) => {
      expect(ids(await list(x.users[who]))).toEqual(all());
    });

    it('shows school staff only their school’s bookings', async () => {
      expect(ids(await list(x.users.staffA))).toEqual([mine.A.id]);
      expect(ids(await list(x.users.staffB))).toEqual([mine.B.id]);
    });

    it('shows school staff without an organization only the bookings they requested', async () => {
      expect(ids(await list(x.users.staffNoOrg))).toEqual([mine.NoOrg.id]);
    });

    it('refuses bus companies with 403 (they see no bookings)', async () => {
      const res = await t.http().get('/api/bookings').set('Authorization', x.users.busA.auth).expect(403);
      expect(res.body.message).toBe('You do not have permission to do this.');
    });

    it('refuses an anonymous caller with 401', async () => {
      await t.http().get('/api/bookings').expect(401);
    });

    it('shows a platform admin every tenant’s bookings, narrowed by tenant_id when given', async () => {
      expect(ids(await list(root))).toEqual(expect.arrayContaining([...all(), mine.Other.id]));
      expect(ids(await list(root, `?tenant_id=${other.tenant.id}`))).toEqual([mine.Other.id]);
    });

    it('narrows by school_org_id and createdBy, as the bookings page sends them', async () => {
      expect(ids(await list(x.users.admin, `?tenant_id=${x.tenant.id}&school_org_id=${x.orgs.schoolB.id}`))).toEqual([mine.B.id]);
      expect(ids(await list(x.users.manager, `?createdBy=${encodeURIComponent(x.users.manager.user.name)}`))).toEqual([mine.Manager.id]);
      expect(ids(await list(x.users.admin, '?tenant_id=&school_org_id='))).toEqual(all());
    });

    it('never widens what a caller sees: another tenant or another school gives an empty list', async () => {
      expect(await list(x.users.admin, `?tenant_id=${other.tenant.id}`)).toEqual([]);
      expect(await list(x.users.admin, `?school_org_id=${other.orgs.schoolA.id}`)).toEqual([]);
      expect(await list(x.users.staffA, `?school_org_id=${x.orgs.schoolB.id}`)).toEqual([]);
      expect(await list(x.users.staffNoOrg, `?createdBy=${encodeURIComponent(x.users.staffA.user.name)}`)).toEqual([]);
      expect(await list(other.users.admin, `?tenant_id=${x.tenant.id}`)).toEqual([]);
    });

    it('answers 400 to a filter id that is not a number', async () => {
      const res = await t.http().get('/api/bookings?tenant_id=abc').set('Authorization', x.users.admin.auth).expect(400);
      expect(res.body.message).toBe('tenant_id must be a tenant id.');
    });
  });

  describe('PATCH /bookings/:id', () => {
    let x: TestTenant;
    let other: TestTenant;
    beforeAll(async () => {
      x = await buildTenant(t, 'Status');
      other = await buildTenant(t, 'Far');
    }, 30_000);
    const patch = (who: TestUser, id: number, body: unknown) =>
      t
        .http()
        .patch(`/api/bookings/${id}`)
        .set('Authorization', who.auth)
        .send(body as object);
    const statusOf = async (id: number) => (await t.db.getRepository(Booking).findOneByOrFail({ id })).status;

    it('lets an admin approve and cancel, in any order, and announces each change', async () => {
      const b = await book(x.users.staffA);
      const approved = await patch(x.users.admin, b.id, { status: 'approved' }).expect(200);
      expect(approved.body).toMatchObject({ id: b.id, status: 'approved', title: b.title });
      expect(named('booking.updated')).toContainEqual({
        booking: approved.body,
        tenantId: x.tenant.id,
        schoolOrgId: x.orgs.schoolA.id,
        by: { id: x.users.admin.user.id, name: x.users.admin.user.name },
      });
      expect((await patch(x.users.admin, b.id, { status: 'cancelled' }).expect(200)).body.status).toBe('cancelled');
      expect((await patch(x.users.admin, b.id, { status: 'approved' }).expect(200)).body.status).toBe('approved');
      expect(await statusOf(b.id)).toBe('approved');
    });

    it('lets a trip manager approve and cancel', async () => {
      const b = await book(x.users.staffB);
      await patch(x.users.manager, b.id, { status: 'approved' }).expect(200);
      await patch(x.users.manager, b.id, { status: 'cancelled' }).expect(200);
      expect(await statusOf(b.id)).toBe('cancelled');
    });

    it('lets the requester cancel their own booking, but not approve it', async () => {
      const b = await book(x.users.staffA);
      const refused = await patch(x.users.staffA, b.id, { status: 'approved' }).expect(403);
      expect(refused.body.message).toBe('Only an admin or a trip manager can approve bookings; you may cancel the ones you requested.');
      expect(await statusOf(b.id)).toBe('Requested');
      await patch(x.users.staffA, b.id, { status: 'cancelled' }).expect(200);
      expect(await statusOf(b.id)).toBe('cancelled');
    });

    it('refuses another staff member of the same school with 403', async () => {
      const colleague = await buildUser(t, { tenantId: x.tenant.id, role: 'school_staff', activeOrgId: x.orgs.schoolA.id });
      const b = await book(x.users.staffA);
      await patch(colleague, b.id, { status: 'cancelled' }).expect(403);
      expect(await statusOf(b.id)).toBe('Requested');
    });

    it('answers 404 to school staff of another school, who cannot see the booking', async () => {
      const b = await book(x.users.staffA);
      await patch(x.users.staffB, b.id, { status: 'cancelled' }).expect(404);
      expect(await statusOf(b.id)).toBe('Requested');
    });

    it.each(['finance', 'busA'] as const)('refuses %s with 403', async (who) => {
      const b = await book(x.users.staffA);
      await patch(x.users[who], b.id, { status: 'cancelled' }).expect(403);
      expect(await statusOf(b.id)).toBe('Requested');
    });

    it('answers 404 to another tenant’s admin and trip manager, exactly as for a missing booking', async () => {
      const b = await book(x.users.staffA);
      const foreign = await patch(other.users.admin, b.id, { status: 'cancelled' }).expect(404);
      await patch(other.users.manager, b.id, { status: 'approved' }).expect(404);
      const missing = await patch(other.users.admin, 999999999, { status: 'cancelled' }).expect(404);
      expect(foreign.body).toEqual(missing.body);
      expect(foreign.body).toEqual({ message: 'Booking not found.' });
      expect(await statusOf(b.id)).toBe('Requested');
    });

    it('lets a platform admin approve any tenant’s booking', async () => {
      const b = await book(other.users.staffA);
      await patch(root, b.id, { status: 'approved' }).expect(200);
      expect(await statusOf(b.id)).toBe('approved');
    });

    it.each<[unknown]>([[{ status: 'Requested' }], [{ status: 'pending' }], [{ status: '' }], [{}], [{ status: 3 }]])(
      'answers 400 to %j, and changes nothing',
      async (body) => {
        const b = await book(x.users.staffA);
        const res = await patch(x.users.admin, b.id, body).expect(400);
        expect(res.body.message).toBe('Status must be approved or cancelled.');
        expect(await statusOf(b.id)).toBe('Requested');
      },
    );

    it('answers 400 to an id that is not a number', async () => {
      await patch(x.users.admin, 0, { status: 'approved' }).expect(400);
      await t.http().patch('/api/bookings/abc').set('Authorization', x.users.admin.auth).send({ status: 'approved' }).expect(400);
    });

    it('answers 200 and announces nothing when the booking already holds the status', async () => {
      const b = await book(x.users.staffA);
      await patch(x.users.admin, b.id, { status: 'approved' }).expect(200);
      const before = named('booking.updated').length;
      const again = await patch(x.users.admin, b.id, { status: 'approved' }).expect(200);
      expect(again.body.status).toBe('approved');
      expect(named('booking.updated').length).toBe(before);
    });
  });

  describe('demo seed', () => {
    it('adds Greenfield and Riverside bookings in every status, each visible to its school’s staff', async () => {
      const x = await buildTenant(t, 'Demo');
      const refs = {
        tenants: { demo: x.tenant, northwind: globex.tenant },
        orgs: { greenfield: x.orgs.schoolA, riverside: x.orgs.schoolB },
        users: {
          'staff.greenfield@demo.test': x.users.staffA.user,
          'staff.riverside@demo.test': x.users.staffB.user,
          'manager@demo.test': x.users.manager.user,
        },
      } as DemoRefs;
      await t.db.transaction((tx) => seedDemoBookings(tx, refs));
      const rows = await t.db.getRepository(Booking).findBy({ tenantId: x.tenant.id });
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Requested', 'approved', 'cancelled']));
      for (const school of [x.orgs.schoolA.id, x.orgs.schoolB.id]) expect(rows.some((r) => r.schoolOrgId === school)).toBe(true);
      expect((await list(x.users.staffA)).length).toBe(rows.filter((r) => r.schoolOrgId === x.orgs.schoolA.id).length);
      for (const r of rows) expect(r.endDate >= r.date).toBe(true);
    });
  });
});
