import { EventEmitter2 } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../../server/src/common/domain-events';
import { TripMessages as M } from '../../server/src/contracts/trip-messages';
import { canSeeTrip } from '../../server/src/contracts/trip-rules';
import { MAX_SERIES_TRIPS, SeriesMessages } from '../../server/src/contracts/trip-series';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { Partnership } from '../../server/src/tenancy/partnership.entity';
import { Passenger } from '../../server/src/trips/passenger.entity';
import { Subtrip } from '../../server/src/trips/subtrip.entity';
import { Trip } from '../../server/src/trips/trip.entity';
import { useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { buildBus, buildDriver, fleetRowsOf } from '../support/fleet-factory';
import { BUS, buildTrip, historyCount, tripRequest, tripRow } from '../support/trip-factory';

type TripEvent = {
  name: keyof DomainEventMap;
  payload: DomainEventMap['trip.created'] | DomainEventMap['trip.updated'] | DomainEventMap['trip.deleted'];
};

describe('trips', () => {
  let t: TestApp, acme: TestTenant, other: TestTenant, root: TestUser;
  const events: TripEvent[] = [];
  useApiWorld({ tenants: ['Acme', 'Other'] }, (w) => {
    ({ t, root } = w);
    [acme, other] = w.tenants;
    const emitter = t.app.get(EventEmitter2);
    for (const name of ['trip.created', 'trip.updated', 'trip.deleted'] as const) {
      emitter.on(name, (payload: TripEvent['payload']) => events.push({ name, payload }));
    }
  });
  beforeEach(() => {
    events.length = 0;
  });

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const post = (u: TestUser, path: string, body: unknown) =>
    t
      .http()
      .post(`/api${path}`)
      .set('Authorization', u.auth)
      .send(body as object);
  const patch = (u: TestUser, id: number, body: unknown) =>
    t
      .http()
      .patch(`/api/trips/${id}`)
      .set('Authorization', u.auth)
      .send(body as object);
  const tenantTripCount = (tn: TestTenant) => t.db.getRepository(Trip).countBy({ tenantId: tn.tenant.id });

  describe('POST /trips', () => {
    it("files school staff's request for their own school as Pending, with the requester's name and e-mail", async () => {
      const { staffA } = acme.users;
      const res = await post(
        staffA,
        '/trips',
        tripRequest({ schoolOrgId: acme.orgs.schoolB.id, price: 999, status: 'Pending', editRequest: true }),
      ).expect(201);
      const trip = res.body as TripDto;
      expect(trip).toEqual({
        id: expect.any(Number),
        tenantId: acme.tenant.id,
        tripType: 'Day Trip',
        customType: null,
        origin: 'School',
        destination: 'Science Museum',
        date: '2031-03-04',
        departureDate: '2031-03-04',
        departureTime: '08:00 AM',
        returnDate: '2031-03-04',
        returnTime: '03:00 PM',
        students: 30,
        staff: 3,
        notes: 'Bring packed lunches',
        boosterSeatsRequested: false,
        boosterSeatCount: 0,
        createdBy: staffA.user.name,
        createdByEmail: staffA.user.email,
        createdById: staffA.user.id,
        budgetCode: null,
        distanceKm: null,
        estimate: null,
        cancellationFee: null,
        status: 'Pending',
        statusBeforeCancelRequest: null,
        busInfo: null,
        driverInfo: null,
        price: 0,
        paid: false,
        editRequest: false,
        cancelRequest: false,
        buses: [],
        deleted: false,
        seriesId: null,
        version: 1,
        schoolOrgId: acme.orgs.schoolA.id,
        schoolName: acme.orgs.schoolA.name,
        busCompanyOrgId: null,
        busCompanyName: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        clashes: [],
        needsBus: false,
        outOfService: [],
        requestedChanges: [],
        progress: [],
        departureCount: null,
      });
      const history = await get(staffA, `/trips/${trip.id}/history`).expect(200);
      expect(history.body).toEqual([
        {
          id: expect.any(Number),
          tripId: trip.id,
          action: 'request',
          fromStatus: null,
          toStatus: 'Pending',
          fields: [],
          by: { id: staffA.user.id, name: staffA.user.name },
          at: expect.any(String),
        },
      ]);
      // with the facts its live event needs, read as it was written: the school's partner companies and the author
      const audience = {
        partnerCompanyIds: [acme.orgs.busA.id],
        author: {
          id: staffA.user.id,
          role: 'school_staff',
          tenantId: acme.tenant.id,
          activeOrgId: acme.orgs.schoolA.id,
          status: 'approved',
          name: staffA.user.name,
          email: staffA.user.email,
          emailNotices: null,
        },
      };
      expect(events).toEqual([
        { name: 'trip.created', payload: { trip, tenantId: acme.tenant.id, by: { id: staffA.user.id, name: staffA.user.name }, audience } },
      ]);
    });

    it('keeps booster seats, a custom type and a null origin as requested', async () => {
      const res = await post(
        acme.users.staffA,
        '/trips',
        tripRequest({
          tripType: 'Other',
          customType: 'Choir tour',
          origin: null,
          boosterSeatsRequested: true,
          boosterSeatCount: 4,
          staff: '',
        }),
      ).expect(201);
      expect(res.body).toMatchObject({
        tripType: 'Other',
        customType: 'Choir tour',
        origin: null,
        boosterSeatsRequested: true,
        boosterSeatCount: 4,
        staff: null,
      });
    });

    it('lets an admin and a trip manager request for a school of their tenant that they name', async () => {
      for (const u of [acme.users.admin, acme.users.manager]) {
        const res = await post(u, '/trips', tripRequest({ schoolOrgId: acme.orgs.schoolB.id })).expect(201);
        expect(res.body).toMatchObject({
          schoolOrgId: acme.orgs.schoolB.id,
          schoolName: acme.orgs.schoolB.name,
          createdById: u.user.id,
          status: 'Pending',
        });
      }
    });

    it('lets a platform admin request for a school of any tenant, in that tenant', async () => {
      const res = await post(root, '/trips', tripRequest({ schoolOrgId: other.orgs.schoolA.id })).expect(201);
      expect(res.body).toMatchObject({ tenantId: other.tenant.id, schoolOrgId: other.orgs.schoolA.id });
    });

    it.each<[string, keyof TestTenant['users'], () => Record<string, unknown>, string]>([
      ['an admin who names no school', 'admin', () => ({}), M.schoolRequired],
      ['a trip manager who names no school', 'manager', () => ({}), M.schoolRequired],
      ["an admin who names another tenant's school", 'admin', () => ({ schoolOrgId: other.orgs.schoolA.id }), M.schoolNotInTenant],
      ['an admin who names a bus company as the school', 'admin', () => ({ schoolOrgId: acme.orgs.busA.id }), M.schoolNotInTenant],
      ['school staff without a school', 'staffNoOrg', () => ({}), M.staffWithoutSchool],
    ])('answers 400 to %s and writes nothing', async (_name, who, extra, message) => {
      const before = await tenantTripCount(acme);
      const res = await post(acme.users[who], '/trips', tripRequest(extra())).expect(400);
      expect(res.body).toEqual({ message });
      expect(await tenantTripCount(acme)).toBe(before);
    });

    it.each(['busA', 'finance'] as const)('refuses %s with 403 and writes nothing', async (who) => {
      const before = await tenantTripCount(acme);
      const res = await post(acme.users[who], '/trips', tripRequest({ schoolOrgId: acme.orgs.schoolA.id })).expect(403);
      expect(res.body.message).toBe('Only school staff, trip managers and admins can request trips.');
      expect(await tenantTripCount(acme)).toBe(before);
      expect(events).toEqual([]);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a missing trip type', { tripType: undefined }, M.tripTypeRequired],
      ['an unknown trip type', { tripType: 'Moon Trip' }, M.tripTypeInvalid],
      ['Other without a custom type', { tripType: 'Other' }, M.customTypeRequired],
      ['a missing destination', { destination: undefined }, M.destinationRequired],
      ['a destination of the wrong type', { destination: ['Zoo'] }, M.destinationInvalid],
      ['a 100 kB destination', { destination: 'z'.repeat(100_000) }, M.destinationTooLong],
      ['100 kB of notes', { notes: 'n'.repeat(100_000) }, M.notesTooLong],
      ['a missing departure date', { departureDate: undefined }, M.departureDateRequired],
      ['a departure date that does not exist', { departureDate: '2031-02-29' }, M.departureDateInvalid],
      ['a missing departure time', { departureTime: undefined }, M.departureTimeRequired],
      ['a departure time without AM/PM', { departureTime: '08:00' }, M.timeInvalid],
      ['a missing return date', { returnDate: undefined }, M.returnDateRequired],
      ['a missing return time', { returnTime: undefined }, M.returnTimeRequired],
      ['a return before the departure', { returnDate: '2031-03-03' }, 'Return time must be later than departure time.'],
      ['missing students', { students: undefined }, M.studentsRequired],
      ['negative students', { students: -4 }, M.studentsInvalid],
      ['students as text', { students: 'thirty' }, M.studentsInvalid],
      ['negative staff', { staff: -1 }, M.staffInvalid],
      [
        'booster seats requested without a count',
        { boosterSeatsRequested: true, boosterSeatCount: 0 },
        'Please enter a valid number of booster seats (> 0).',
      ],
      ['an unknown status', { status: 'Teleported' }, M.statusInvalid],
      ['a new trip that claims to be Confirmed', { status: 'Confirmed' }, M.newTripStatus],
    ])('answers 400 to %s with a clear message and writes nothing', async (_name, change, message) => {
      const before = await tenantTripCount(acme);
      const res = await post(acme.users.staffA, '/trips', tripRequest(change)).expect(400);
      expect(res.body.message).toBe(message);
      expect(await tenantTripCount(acme)).toBe(before);
    });

    it('answers 400 to broken JSON and to a body that is not an object', async () => {
      const before = await tenantTripCount(acme);
      const broken = await t
        .http()
        .post('/api/trips')
        .set('Authorization', acme.users.staffA.auth)
        .set('Content-Type', 'application/json')
        .send('{"tripType": "Day Trip",')
        .expect(400);
      expect(broken.body).toEqual({ message: 'The request body is not valid JSON.' });
      const list = await post(acme.users.staffA, '/trips', [tripRequest()]).expect(400);
      expect(list.body.message).toBe(M.bodyNotObject);
      expect(await tenantTripCount(acme)).toBe(before);
    });
  });

  describe('POST /trips/series', () => {
    const series = (over: Record<string, unknown> = {}) =>
      tripRequest({ departureDate: '2031-03-04', returnDate: '2031-03-04', repeatUntil: '2031-03-25', ...over });

    it('files the same request every week up to the last day given, each a trip of its own with its own history', async () => {
      const { staffA } = acme.users;
      const destination = `Swimming pool ${Date.now()}`;
      const res = await post(staffA, '/trips/series', series({ destination, notes: 'Lane 3' })).expect(201);
      const trips = res.body as TripDto[];
      expect(trips.map((x) => [x.departureDate, x.returnDate, x.status])).toEqual([
        ['2031-03-04', '2031-03-04', 'Pending'],
        ['2031-03-11', '2031-03-11', 'Pending'],
        ['2031-03-18', '2031-03-18', 'Pending'],
        ['2031-03-25', '2031-03-25', 'Pending'],
      ]);
      for (const trip of trips) {
        expect(trip).toMatchObject({
          destination,
          notes: 'Lane 3',
          students: 30,
          schoolOrgId: acme.orgs.schoolA.id,
          createdById: staffA.user.id,
        });
        expect(await historyCount(t, trip.id)).toBe(1);
        // as GET reads it
        expect((await get(staffA, `/trips/${trip.id}`).expect(200)).body).toEqual(trip);
      }
      const stored = await t.db.getRepository(Trip).find({ where: { destination }, order: { departureDate: 'ASC' } });
      expect(stored.map((x) => x.id)).toEqual(trips.map((x) => x.id));
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.created']).trip.id])).toEqual(
        trips.map((x) => ['trip.created', x.id]),
      );
    });

    it('keeps a trip of several days as long as the first, and lets an admin name the school', async () => {
      const res = await post(
        acme.users.admin,
        '/trips/series',
        series({ schoolOrgId: acme.orgs.schoolB.id, returnDate: '2031-03-06', repeatUntil: '2031-03-12' }),
      ).expect(201);
      expect((res.body as TripDto[]).map((x) => [x.departureDate, x.returnDate, x.schoolOrgId])).toEqual([
        ['2031-03-04', '2031-03-06', acme.orgs.schoolB.id],
        ['2031-03-11', '2031-03-13', acme.orgs.schoolB.id],
      ]);
    });

    it.each<[string, Record<string, unknown>, string, string | undefined]>([
      ['no last day', { repeatUntil: undefined }, SeriesMessages.untilRequired, 'repeatUntil'],
      ['a last day that does not exist', { repeatUntil: '2031-02-30' }, SeriesMessages.untilInvalid, 'repeatUntil'],
      ['a last day within the first week', { repeatUntil: '2031-03-10' }, SeriesMessages.untilTooSoon, 'repeatUntil'],
      ['a last day before the departure', { repeatUntil: '2031-02-25' }, SeriesMessages.untilTooSoon, 'repeatUntil'],
      [`more than ${MAX_SERIES_TRIPS} trips`, { repeatUntil: '2031-12-30' }, SeriesMessages.tooMany, 'repeatUntil'],
      ['a trip of a week', { returnDate: '2031-03-11', repeatUntil: '2031-04-30' }, SeriesMessages.tooLong, 'repeatUntil'],
      ['a trip the form refuses', { destination: undefined }, M.destinationRequired, 'destination'],
    ])('answers 400 to %s with a clear message and writes nothing', async (_name, change, message, field) => {
      const before = await tenantTripCount(acme);
      const res = await post(acme.users.staffA, '/trips/series', series(change)).expect(400);
      expect(res.body).toEqual({ message, field });
      expect(await tenantTripCount(acme)).toBe(before);
      expect(events).toEqual([]);
    });

    it("writes no trip of a series when one cannot be written: another tenant's school, finance", async () => {
      const before = await tenantTripCount(acme);
      const elsewhere = await post(acme.users.admin, '/trips/series', series({ schoolOrgId: other.orgs.schoolA.id })).expect(400);
      expect(elsewhere.body).toEqual({ message: M.schoolNotInTenant });
      await post(acme.users.finance, '/trips/series', series({ schoolOrgId: acme.orgs.schoolA.id })).expect(403);
      expect(await tenantTripCount(acme)).toBe(before);
      expect(
        await t.db.getRepository(Trip).countBy({ tenantId: other.tenant.id, destination: 'Science Museum', departureDate: '2031-03-11' }),
      ).toBe(0);
      expect(events).toEqual([]);
    });
  });

  describe('the weeks of a series', () => {
    const fourWeeks = async (destination: string) =>
      (
        await post(
          acme.users.staffA,
          '/trips/series',
          tripRequest({ destination, departureDate: '2031-04-01', returnDate: '2031-04-01', repeatUntil: '2031-04-22' }),
        ).expect(201)
      ).body as TripDto[];
    /** PATCH /trips/series/{id} of the weeks' series as `u`. */
    const patchSeries = (u: TestUser, weeks: TripDto[], body: object) =>
      t.http().patch(`/api/trips/series/${weeks[0].seriesId}`).set('Authorization', u.auth).send(body);
    const statuses = async (trips: TripDto[]) =>
      (await t.db.getRepository(Trip).find({ where: trips.map((x) => ({ id: x.id })), order: { departureDate: 'ASC' } })).map(
        (x) => x.status,
      );

    it('links every week of a series, and lists them by departure for whoever sees them', async () => {
      const weeks = await fourWeeks(`Pool ${Date.now()}`);
      const seriesId = weeks[0].seriesId!;
      expect(seriesId).toMatch(/^[0-9a-f-]{36}$/);
      expect(weeks.every((w) => w.seriesId === seriesId)).toBe(true);
      // another series is another id
      expect((await fourWeeks(`Pool ${Date.now()}`))[0].seriesId).not.toBe(seriesId);
      for (const u of [acme.users.staffA, acme.users.busA, acme.users.admin]) {
        const res = await get(u, `/trips/series/${seriesId}`).expect(200);
        expect((res.body as TripDto[]).map((x) => x.departureDate)).toEqual(['2031-04-01', '2031-04-08', '2031-04-15', '2031-04-22']);
      }
      // someone who sees none of it, like a series that does not exist: 404; not an id at all: 400
      await get(acme.users.staffB, `/trips/series/${seriesId}`).expect(404);
      await get(other.users.admin, `/trips/series/${seriesId}`).expect(404);
      expect((await get(acme.users.staffA, '/trips/series/not-a-series').expect(400)).body).toEqual({ message: 'Invalid id.' });
    });

    it('cancels a week and every later one as school staff: a week its company holds has its cancellation requested', async () => {
      const weeks = await fourWeeks(`Swimming ${Date.now()}`);
      // the third week accepted by the partner company: school staff can only ask to cancel it
      await patch(acme.users.busA, weeks[2].id, { status: 'Accepted' }).expect(200);
      events.length = 0;
      const res = await post(acme.users.staffA, `/trips/series/${weeks[0].seriesId}/cancel`, { from: weeks[1].id }).expect(200);
      expect(res.body.canceled).toEqual([weeks[1].id, weeks[3].id]);
      expect(res.body.requested).toEqual([weeks[2].id]);
      expect((res.body.trips as TripDto[]).map((x) => [x.id, x.status])).toEqual([
        [weeks[1].id, 'Canceled'],
        [weeks[2].id, 'Cancel Requested'],
        [weeks[3].id, 'Canceled'],
      ]);
      // the first week stays as it was
      expect(await statuses(weeks)).toEqual(['Pending', 'Canceled', 'Cancel Requested', 'Canceled']);
      expect(await historyCount(t, weeks[0].id)).toBe(1);
      expect(await historyCount(t, weeks[1].id)).toBe(2);
      // each week announced as its own PATCH would be
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([
        ['trip.updated', weeks[1].id],
        ['trip.updated', weeks[2].id],
        ['trip.updated', weeks[3].id],
      ]);
      // as GET reads them
      expect((await get(acme.users.staffA, `/trips/${weeks[2].id}`).expect(200)).body).toEqual(res.body.trips[1]);

      // Again: nothing left that staff can cancel or ask to cancel. 409, nothing written.
      events.length = 0;
      const again = await post(acme.users.staffA, `/trips/series/${weeks[0].seriesId}/cancel`, { from: weeks[1].id }).expect(409);
      expect(again.body.message).toBe(SeriesMessages.nothingToCancel);
      expect(await statuses(weeks)).toEqual(['Pending', 'Canceled', 'Cancel Requested', 'Canceled']);
      expect(events).toEqual([]);
    });

    it('lets an admin cancel outright the weeks a company holds', async () => {
      const weeks = await fourWeeks(`Match ${Date.now()}`);
      await patch(acme.users.busA, weeks[3].id, { status: 'Accepted' }).expect(200);
      const res = await post(acme.users.admin, `/trips/series/${weeks[0].seriesId}/cancel`, { from: weeks[2].id }).expect(200);
      expect(res.body).toMatchObject({ canceled: [weeks[2].id, weeks[3].id], requested: [] });
      expect(await statuses(weeks)).toEqual(['Pending', 'Pending', 'Canceled', 'Canceled']);
    });

    it('accepts a week and every later one still Pending for the partner company, and tells the requester once', async () => {
      const weeks = await fourWeeks(`Swim Gala ${Date.now()}`);
      await patch(acme.users.staffA, weeks[2].id, { status: 'Canceled' }).expect(200);
      events.length = 0;
      const res = await post(acme.users.busA, `/trips/series/${weeks[0].seriesId}/accept`, { from: weeks[1].id }).expect(200);
      expect(res.body.accepted).toEqual([weeks[1].id, weeks[3].id]);
      expect((res.body.trips as TripDto[]).map((x) => [x.id, x.status, x.busCompanyOrgId])).toEqual([
        [weeks[1].id, 'Accepted', acme.orgs.busA.id],
        [weeks[2].id, 'Canceled', null],
        [weeks[3].id, 'Accepted', acme.orgs.busA.id],
      ]);
      expect(await statuses(weeks)).toEqual(['Pending', 'Accepted', 'Canceled', 'Accepted']);
      expect((await get(acme.users.busA, `/trips/${weeks[3].id}`).expect(200)).body).toEqual(res.body.trips[2]);
      expect(events.filter((e) => e.name === 'trip.updated').map((e) => (e.payload as DomainEventMap['trip.updated']).trip.id)).toEqual([
        weeks[1].id,
        weeks[3].id,
      ]);
      // the requester hears of both weeks in one e-mail
      const mail = await t.db.query<{ subject: string }[]>(
        `SELECT subject FROM outbox_messages WHERE to_email = $1 AND notice = 'tripAccepted' AND subject LIKE $2`,
        [acme.users.staffA.user.email, `%${weeks[0].destination}%`],
      );
      expect(mail.map((m) => m.subject)).toEqual([`Trip accepted: ${weeks[0].destination}, 2 weeks from Tue 8 Apr`]);

      // From the first week: only it is still Pending. Then nothing is left: 409. School staff accept nothing: 403.
      const first = await post(acme.users.busA, `/trips/series/${weeks[0].seriesId}/accept`, { from: weeks[0].id }).expect(200);
      expect(first.body.accepted).toEqual([weeks[0].id]);
      const none = await post(acme.users.busA, `/trips/series/${weeks[0].seriesId}/accept`, { from: weeks[0].id }).expect(409);
      expect(none.body.message).toBe(SeriesMessages.nothingToAccept);
      await post(acme.users.staffA, `/trips/series/${weeks[0].seriesId}/accept`, { from: weeks[0].id }).expect(403);
      await post(other.users.admin, `/trips/series/${weeks[0].seriesId}/accept`, { from: weeks[0].id }).expect(404);
      expect(await statuses(weeks)).toEqual(['Accepted', 'Accepted', 'Canceled', 'Accepted']);
    });

    it('rejects a week and every later one still Pending for the partner company, and tells the requester once', async () => {
      const weeks = await fourWeeks(`Diving ${Date.now()}`);
      const seriesId = weeks[0].seriesId!;
      await patch(acme.users.busA, weeks[2].id, { status: 'Accepted' }).expect(200);
      events.length = 0;
      const res = await post(acme.users.busA, `/trips/series/${seriesId}/reject`, { from: weeks[1].id }).expect(200);
      expect(res.body.rejected).toEqual([weeks[1].id, weeks[3].id]);
      expect((res.body.trips as TripDto[]).map((x) => [x.id, x.status])).toEqual([
        [weeks[1].id, 'Rejected'],
        [weeks[2].id, 'Accepted'],
        [weeks[3].id, 'Rejected'],
      ]);
      expect(await statuses(weeks)).toEqual(['Pending', 'Rejected', 'Accepted', 'Rejected']);
      expect((await get(acme.users.staffA, `/trips/${weeks[3].id}`).expect(200)).body).toEqual(res.body.trips[2]);
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([
        ['trip.updated', weeks[1].id],
        ['trip.updated', weeks[3].id],
      ]);
      const mail = await t.db.query<{ subject: string }[]>(
        `SELECT subject FROM outbox_messages WHERE to_email = $1 AND notice = 'tripRejected' AND subject LIKE $2`,
        [acme.users.staffA.user.email, `%${weeks[0].destination}%`],
      );
      expect(mail.map((m) => m.subject)).toEqual([`Trip rejected: ${weeks[0].destination}, 2 weeks from Tue 8 Apr`]);

      // Nothing left to reject from the second week: 409. School staff reject nothing: 403; another tenant: 404.
      events.length = 0;
      const none = await post(acme.users.busA, `/trips/series/${seriesId}/reject`, { from: weeks[1].id }).expect(409);
      expect(none.body.message).toBe(SeriesMessages.nothingToReject);
      await post(acme.users.staffA, `/trips/series/${seriesId}/reject`, { from: weeks[0].id }).expect(403);
      await post(other.users.admin, `/trips/series/${seriesId}/reject`, { from: weeks[0].id }).expect(404);
      await post(acme.users.busA, `/trips/series/${seriesId}/reject`, { from: 'all' }).expect(400);
      expect(await statuses(weeks)).toEqual(['Pending', 'Rejected', 'Accepted', 'Rejected']);
      expect(events).toEqual([]);
    });

    it('gives the later weeks without buses the same bus and driver, leaving a week whose bus is out that day', async () => {
      const weeks = await fourWeeks(`Swim Squad ${Date.now()}`);
      const seriesId = weeks[0].seriesId!;
      await post(acme.users.busA, `/trips/series/${seriesId}/accept`, { from: weeks[0].id }).expect(200);
      const bus = await buildBus(t, acme.orgs.busA, { name: `Coach ${Date.now()}`, seats: 50 });
      const driver = await buildDriver(t, acme.orgs.busA, { name: 'Layla Odeh' });
      const buses = [{ ...BUS, busSeats: 50, busId: bus.id, driverId: driver.id }];
      // the first week has its buses already; the bus is out on another trip the third week's morning
      await patch(acme.users.busA, weeks[0].id, { status: 'Confirmed', buses }).expect(200);
      const museum = (
        await post(
          acme.users.staffA,
          '/trips',
          tripRequest({ destination: 'Museum', departureDate: '2031-04-15', returnDate: '2031-04-15' }),
        ).expect(201)
      ).body as TripDto;
      await patch(acme.users.busA, museum.id, { status: 'Accepted' }).expect(200);
      await patch(acme.users.busA, museum.id, { status: 'Confirmed', buses: [{ ...BUS, busSeats: 50, busId: bus.id }] }).expect(200);
      events.length = 0;

      const res = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[0].id, buses }).expect(200);
      expect(res.body.assigned).toEqual([weeks[1].id, weeks[3].id]);
      expect(res.body.refused).toEqual([{ tripId: weeks[2].id, message: expect.stringContaining(`${bus.name} is already on Museum`) }]);
      expect((res.body.trips as TripDto[]).map((x) => [x.id, x.status, x.buses.map((b) => [b.busName, b.driverName])])).toEqual([
        [weeks[0].id, 'Confirmed', [[bus.name, 'Layla Odeh']]],
        [weeks[1].id, 'Confirmed', [[bus.name, 'Layla Odeh']]],
        [weeks[2].id, 'Accepted', []],
        [weeks[3].id, 'Confirmed', [[bus.name, 'Layla Odeh']]],
      ]);
      expect(await statuses(weeks)).toEqual(['Confirmed', 'Confirmed', 'Accepted', 'Confirmed']);
      expect((await get(acme.users.staffA, `/trips/${weeks[3].id}`).expect(200)).body).toEqual(res.body.trips[3]);
      // each assigned as its own Assign Bus would be: in the fleet index, its subtrip recorded, its history, one event
      expect(await Promise.all(weeks.map((w) => fleetRowsOf(t, w.id)))).toEqual([1, 1, 0, 1]);
      expect(await Promise.all(weeks.map((w) => t.db.getRepository(Subtrip).countBy({ tripId: w.id })))).toEqual([0, 1, 0, 1]);
      const actions = async (id: number) =>
        (await get(acme.users.busA, `/trips/${id}/history`).expect(200)).body.map((h: { action: string }) => h.action);
      expect((await actions(weeks[1].id)).slice(-2)).toEqual(['assignBuses', 'recordSubtrip']);
      expect(await historyCount(t, weeks[2].id)).toBe(2);
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([
        ['trip.updated', weeks[1].id],
        ['trip.updated', weeks[3].id],
      ]);

      // Again: only the third week is without buses, and its bus is still out: 409 in that refusal's words, nothing written.
      events.length = 0;
      const again = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[0].id, buses }).expect(409);
      expect(again.body.message).toBe(res.body.refused[0].message);
      // School staff assign nothing (403); another tenant does not see the series (404); a bus list is required (400).
      await post(acme.users.staffA, `/trips/series/${seriesId}/assign`, { from: weeks[0].id, buses }).expect(403);
      await post(other.users.admin, `/trips/series/${seriesId}/assign`, { from: weeks[0].id, buses }).expect(404);
      const empty = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[0].id, buses: [] }).expect(400);
      expect(empty.body.message).toBe(M.atLeastOneBus);
      expect(await statuses(weeks)).toEqual(['Confirmed', 'Confirmed', 'Accepted', 'Confirmed']);
      expect(events).toEqual([]);
    });

    it('confirms the later weeks a moved term sent back to Accepted with their buses, when asked, and no others', async () => {
      const weeks = await fourWeeks(`Diving ${Date.now()}`);
      const seriesId = weeks[0].seriesId!;
      await post(acme.users.busA, `/trips/series/${seriesId}/accept`, { from: weeks[0].id }).expect(200);
      const bus = await buildBus(t, acme.orgs.busA, { name: `Coach ${Date.now()}`, seats: 50 });
      const buses = [{ ...BUS, busSeats: 50, busId: bus.id }];
      await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[0].id, buses }).expect(200);
      // the school moves the last three weeks to Thursdays; the company accepts the moves: Accepted, their buses kept
      await patchSeries(acme.users.staffA, weeks, { from: weeks[1].id, weekday: 4 }).expect(200);
      await post(acme.users.busA, `/trips/series/${seriesId}/accept`, { from: weeks[1].id }).expect(200);
      expect(await statuses(weeks)).toEqual(['Confirmed', 'Accepted', 'Accepted', 'Accepted']);
      // the second week confirmed on its own Assign Bus, with the buses it kept
      const kept = ((await get(acme.users.busA, `/trips/${weeks[1].id}`).expect(200)).body as TripDto).buses;
      await patch(acme.users.busA, weeks[1].id, { status: 'Confirmed', buses: kept }).expect(200);
      events.length = 0;

      // not asked for: the later weeks have buses, and not other ones: nothing to take
      const none = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[2].id, buses: kept, withBuses: true });
      expect([none.status, none.body.message]).toEqual([409, SeriesMessages.nothingToAssign]);
      const res = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, {
        from: weeks[1].id,
        buses: kept,
        withoutBuses: false,
        withTheseBuses: true,
      }).expect(200);
      // the second week, Confirmed with them already, is left as it is
      expect([res.body.assigned, res.body.refused]).toEqual([[weeks[2].id, weeks[3].id], []]);
      expect(await statuses(weeks)).toEqual(['Confirmed', 'Confirmed', 'Confirmed', 'Confirmed']);
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([
        ['trip.updated', weeks[2].id],
        ['trip.updated', weeks[3].id],
      ]);
      // again: every week Confirmed with them, nothing to take
      await post(acme.users.busA, `/trips/series/${seriesId}/assign`, {
        from: weeks[1].id,
        buses: kept,
        withoutBuses: false,
        withTheseBuses: true,
      }).expect(409);
    });

    it('puts new buses on the later weeks that have others only when asked, leaving a week whose driver is out that day', async () => {
      const weeks = await fourWeeks(`Squash ${Date.now()}`);
      const seriesId = weeks[0].seriesId!;
      await post(acme.users.busA, `/trips/series/${seriesId}/accept`, { from: weeks[0].id }).expect(200);
      const bus = await buildBus(t, acme.orgs.busA, { name: `Coach ${Date.now()}`, seats: 50 });
      const layla = await buildDriver(t, acme.orgs.busA, { name: 'Layla Odeh' });
      const omar = await buildDriver(t, acme.orgs.busA, { name: 'Omar Haddad' });
      const withLayla = [{ ...BUS, busSeats: 50, busId: bus.id, driverId: layla.id }];
      const withOmar = [{ ...BUS, busSeats: 50, busId: bus.id, driverId: omar.id }];
      // the whole term with Layla; then Omar takes over from the second week, but he drives another trip the fourth week's day
      await patch(acme.users.busA, weeks[0].id, { status: 'Confirmed', buses: withLayla }).expect(200);
      await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[1].id, buses: withLayla }).expect(200);
      const museum = (
        await post(
          acme.users.staffA,
          '/trips',
          tripRequest({ destination: 'Museum', departureDate: '2031-04-22', returnDate: '2031-04-22' }),
        ).expect(201)
      ).body as TripDto;
      await patch(acme.users.busA, museum.id, { status: 'Accepted' }).expect(200);
      await patch(acme.users.busA, museum.id, { status: 'Confirmed', buses: [{ ...BUS, busSeats: 50, driverId: omar.id }] }).expect(200);
      await patch(acme.users.busA, weeks[1].id, { status: 'Confirmed', buses: withOmar }).expect(200);
      const before = await Promise.all(weeks.map((w) => historyCount(t, w.id)));
      events.length = 0;

      // Not asked: the weeks with buses keep theirs, and none is without: 409.
      const kept = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[2].id, buses: withOmar }).expect(409);
      expect(kept.body.message).toBe(SeriesMessages.nothingToAssign);
      expect(events).toEqual([]);

      const res = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, {
        from: weeks[1].id,
        buses: withOmar,
        withBuses: true,
        withoutBuses: false,
      }).expect(200);
      // the second week has Omar already (left as it is); the fourth keeps Layla, with why
      expect(res.body.assigned).toEqual([weeks[2].id]);
      expect(res.body.refused).toEqual([{ tripId: weeks[3].id, message: expect.stringContaining('Omar Haddad') }]);
      expect((res.body.trips as TripDto[]).map((x) => [x.id, x.status, x.buses.map((b) => b.driverName)])).toEqual([
        [weeks[1].id, 'Confirmed', ['Omar Haddad']],
        [weeks[2].id, 'Confirmed', ['Omar Haddad']],
        [weeks[3].id, 'Confirmed', ['Layla Odeh']],
      ]);
      expect((await get(acme.users.staffA, `/trips/${weeks[2].id}`).expect(200)).body).toEqual(res.body.trips[1]);
      expect(
        (await get(acme.users.busA, `/trips/${weeks[0].id}`).expect(200)).body.buses.map((b: TripDto['buses'][number]) => b.driverName),
      ).toEqual(['Layla Odeh']);
      // written as its own Assign Bus: history, subtrip, one event that tells Layla too
      expect(await Promise.all(weeks.map((w) => historyCount(t, w.id)))).toEqual([before[0], before[1], before[2] + 2, before[3]]);
      expect(await t.db.getRepository(Subtrip).countBy({ tripId: weeks[2].id })).toBe(2);
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([['trip.updated', weeks[2].id]]);
      expect((events[0].payload as DomainEventMap['trip.updated']).formerDriverIds).toEqual([layla.id]);

      // Again: the fourth week is still refused (409 in its words); neither kind of week asked for: 400.
      events.length = 0;
      const again = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, {
        from: weeks[1].id,
        buses: withOmar,
        withBuses: true,
      }).expect(409);
      expect(again.body.message).toBe(res.body.refused[0].message);
      const neither = await post(acme.users.busA, `/trips/series/${seriesId}/assign`, {
        from: weeks[1].id,
        buses: withOmar,
        withoutBuses: false,
      }).expect(400);
      expect(neither.body.message).toBe(SeriesMessages.assignWeeksInvalid);
      await post(acme.users.busA, `/trips/series/${seriesId}/assign`, { from: weeks[1].id, buses: withOmar, withBuses: 'yes' }).expect(400);
      expect(events).toEqual([]);
    });

    it('changes a week and every later one: a Confirmed week as an edit request, a cancelled one left', async () => {
      const pool = `Aquatics ${Date.now()}`;
      const weeks = await fourWeeks(pool);
      // the third week Confirmed by the partner company, the fourth cancelled by the school
      await t.db.getRepository(Trip).update(weeks[2].id, { status: 'Confirmed', busCompanyOrgId: acme.orgs.busA.id });
      await patch(acme.users.staffA, weeks[3].id, { status: 'Canceled' }).expect(200);
      events.length = 0;
      // the pool is closed from the second week on: the rest of the term goes to another, 25 km away, half an hour later,
      // with more children
      const body = { from: weeks[1].id, destination: 'Hamdan Pool', distanceKm: 25, departureTime: '08:30 AM', students: 45, staff: null };
      const res = await patchSeries(acme.users.staffA, weeks, body).expect(200);
      expect([res.body.changed, res.body.requested, res.body.held]).toEqual([[weeks[1].id], [weeks[2].id], []]);
      const row = async (id: number) => t.db.getRepository(Trip).findOneByOrFail({ id });
      const read = async (w: TripDto) => {
        const x = await row(w.id);
        return [x.status, x.destination, x.distanceKm, x.departureTime, x.students, x.staff, x.editRequest];
      };
      expect(await Promise.all(weeks.map(read))).toEqual([
        ['Pending', pool, null, '08:00 AM', 30, 3, false],
        ['Pending', 'Hamdan Pool', 25, '08:30 AM', 45, null, false],
        ['Pending', 'Hamdan Pool', 25, '08:30 AM', 45, null, true],
        ['Canceled', pool, null, '08:00 AM', 30, 3, false],
      ]);
      // the Confirmed week's edit request keeps what it was, for its company to read
      expect((await row(weeks[2].id)).editRequestBefore).toMatchObject({
        destination: pool,
        distanceKm: null,
        departureTime: '08:00 AM',
        students: 30,
        staff: 3,
      });
      expect(((await get(acme.users.busA, `/trips/${weeks[2].id}`).expect(200)).body as TripDto).requestedChanges).toContainEqual({
        field: 'distance',
        label: 'Distance',
        from: 'none',
        to: '25 km',
      });
      expect((res.body.trips as TripDto[]).map((x) => x.id)).toEqual(weeks.slice(1).map((w) => w.id));
      expect((await get(acme.users.staffA, `/trips/${weeks[1].id}`).expect(200)).body).toEqual(res.body.trips[0]);
      // each written as its own PATCH would be: a history row each, one event each
      expect([await historyCount(t, weeks[0].id), await historyCount(t, weeks[1].id), await historyCount(t, weeks[3].id)]).toEqual([
        1, 2, 2,
      ]);
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([
        ['trip.updated', weeks[1].id],
        ['trip.updated', weeks[2].id],
      ]);

      // Again: every week already reads so, or cannot be edited. 409, nothing written.
      events.length = 0;
      const again = await patchSeries(acme.users.staffA, weeks, body).expect(409);
      expect(again.body.message).toBe(SeriesMessages.nothingToChange);
      expect(events).toEqual([]);
      expect(await historyCount(t, weeks[1].id)).toBe(2);
    });

    it('moves a week and every later one to another weekday, each within its own week, with a new origin', async () => {
      const weeks = await fourWeeks(`Slot ${Date.now()}`);
      // the third week Confirmed by the partner company: its move goes to the company as an edit request
      await t.db.getRepository(Trip).update(weeks[2].id, { status: 'Confirmed', busCompanyOrgId: acme.orgs.busA.id });
      events.length = 0;
      // the pool's slot moves from Tuesdays to Thursdays from the second week on, and the children leave from the north campus
      const body = { from: weeks[1].id, weekday: 4, origin: 'North Campus' };
      const res = await patchSeries(acme.users.staffA, weeks, body).expect(200);
      expect([res.body.changed, res.body.requested, res.body.held]).toEqual([[weeks[1].id, weeks[3].id], [weeks[2].id], []]);
      const row = async (id: number) => t.db.getRepository(Trip).findOneByOrFail({ id });
      const read = async (w: TripDto) => {
        const x = await row(w.id);
        return [x.departureDate, x.returnDate, x.origin, x.editRequest];
      };
      expect(await Promise.all(weeks.map(read))).toEqual([
        ['2031-04-01', '2031-04-01', 'School', false],
        ['2031-04-10', '2031-04-10', 'North Campus', false],
        ['2031-04-17', '2031-04-17', 'North Campus', true],
        ['2031-04-24', '2031-04-24', 'North Campus', false],
      ]);
      expect((await row(weeks[2].id)).editRequestBefore).toMatchObject({ departureDate: '2031-04-15', origin: 'School' });
      expect((res.body.trips as TripDto[]).map((x) => x.departureDate)).toEqual(['2031-04-10', '2031-04-17', '2031-04-24']);
      expect(events.map((e) => [e.name, (e.payload as DomainEventMap['trip.updated']).trip.id])).toEqual([
        ['trip.updated', weeks[1].id],
        ['trip.updated', weeks[2].id],
        ['trip.updated', weeks[3].id],
      ]);
      // The series reads in the new order of its days.
      expect(((await get(acme.users.staffA, `/trips/series/${weeks[0].seriesId}`).expect(200)).body as TripDto[]).map((x) => x.id)).toEqual(
        weeks.map((w) => w.id),
      );

      // Again: the weeks are on Thursdays already. 409, nothing written.
      events.length = 0;
      const again = await patchSeries(acme.users.staffA, weeks, { from: weeks[1].id, weekday: 4 }).expect(409);
      expect(again.body.message).toBe(SeriesMessages.nothingToChange);
      expect(events).toEqual([]);
      expect(await historyCount(t, weeks[1].id)).toBe(2);
    });

    it('refuses to move a week to a day that has passed, and writes nothing', async () => {
      // a series of Tuesdays long past, still Pending: moved to Mondays, its second week would depart on Mon 13 Jan 2020
      const weeks = (
        await post(
          acme.users.staffA,
          '/trips/series',
          tripRequest({
            destination: `Past ${Date.now()}`,
            departureDate: '2020-01-07',
            returnDate: '2020-01-07',
            repeatUntil: '2020-01-21',
          }),
        ).expect(201)
      ).body as TripDto[];
      events.length = 0;
      const res = await patchSeries(acme.users.staffA, weeks, { from: weeks[1].id, weekday: 1 }).expect(400);
      expect(res.body.message).toBe(SeriesMessages.movedIntoPast('Mon 13 Jan 2020'));
      const rows = await t.db.getRepository(Trip).find({ where: weeks.map((x) => ({ id: x.id })), order: { id: 'ASC' } });
      expect(rows.map((x) => x.departureDate)).toEqual(['2020-01-07', '2020-01-14', '2020-01-21']);
      expect(events).toEqual([]);
      // A week that stays on its day is not moved, past or not: the notes change on the weeks as they are.
      await patchSeries(acme.users.staffA, weeks, { from: weeks[1].id, weekday: 2, notes: 'Swimming caps' }).expect(200);
      const after = await t.db.getRepository(Trip).find({ where: weeks.map((x) => ({ id: x.id })), order: { id: 'ASC' } });
      expect(after.map((x) => [x.departureDate, x.notes])).toEqual([
        ['2020-01-07', weeks[0].notes],
        ['2020-01-14', 'Swimming caps'],
        ['2020-01-21', 'Swimming caps'],
      ]);
    });

    it.each<[string, (w: TripDto[]) => [TestUser, object], number, string | undefined]>([
      ['nothing to change', (w) => [acme.users.staffA, { from: w[1].id }], 400, SeriesMessages.editEmpty],
      ['a new day', (w) => [acme.users.staffA, { from: w[1].id, students: 40, departureDate: '2031-04-09' }], 400, SeriesMessages.editDays],
      ['a weekday past Sunday', (w) => [acme.users.staffA, { from: w[1].id, weekday: 8 }], 400, SeriesMessages.weekdayInvalid],
      ['a weekday by name', (w) => [acme.users.staffA, { from: w[1].id, weekday: 'Thursday' }], 400, SeriesMessages.weekdayInvalid],
      [
        'a return before its departure',
        (w) => [acme.users.staffA, { from: w[1].id, returnTime: '07:00 AM' }],
        400,
        M.returnBeforeDeparture,
      ],
      ['no time', (w) => [acme.users.staffA, { from: w[1].id, departureTime: 'soon' }], 400, undefined],
      ['no destination', (w) => [acme.users.staffA, { from: w[1].id, destination: ' ' }], 400, M.destinationRequired],
      ['a week of another series', (w) => [acme.users.staffA, { from: w[0].id + 100_000, students: 40 }], 400, SeriesMessages.notInSeries],
      ["another school's staff", (w) => [acme.users.staffB, { from: w[0].id, students: 40 }], 404, M.seriesNotFound],
      ['finance, who edits nothing', (w) => [acme.users.finance, { from: w[0].id, students: 40 }], 403, undefined],
    ])('refuses to change a series for %s and writes nothing', async (_name, call, code, message) => {
      const weeks = await fourWeeks(`Unchanged ${Date.now()}`);
      events.length = 0;
      const [u, body] = call(weeks);
      const res = await patchSeries(u, weeks, body).expect(code);
      if (message) expect(res.body.message).toBe(message);
      const rows = await t.db.getRepository(Trip).find({ where: weeks.map((x) => ({ id: x.id })) });
      expect(rows.map((x) => [x.departureTime, x.returnTime, x.students])).toEqual(weeks.map(() => ['08:00 AM', '03:00 PM', 30]));
      expect(events).toEqual([]);
    });

    it.each<[string, (w: TripDto[]) => [TestUser, string, unknown], number, string | undefined]>([
      [
        'a week of another series',
        (w) => [acme.users.staffA, w[0].seriesId!, { from: w[0].id + 100_000 }],
        400,
        SeriesMessages.notInSeries,
      ],
      ['no week named', (w) => [acme.users.staffA, w[0].seriesId!, {}], 400, SeriesMessages.fromRequired],
      ['a week named as text', (w) => [acme.users.staffA, w[0].seriesId!, { from: 'all' }], 400, SeriesMessages.fromRequired],
      ["another tenant's admin", (w) => [other.users.admin, w[0].seriesId!, { from: w[0].id }], 404, M.seriesNotFound],
      ["another school's staff", (w) => [acme.users.staffB, w[0].seriesId!, { from: w[0].id }], 404, M.seriesNotFound],
      ['finance, who cancels nothing', (w) => [acme.users.finance, w[0].seriesId!, { from: w[0].id }], 403, undefined],
      ['the bus company', (w) => [acme.users.busA, w[0].seriesId!, { from: w[0].id }], 403, undefined],
    ])('refuses %s and writes nothing', async (_name, call, code, message) => {
      const weeks = await fourWeeks(`Refused ${Date.now()}`);
      events.length = 0;
      const [u, seriesId, body] = call(weeks);
      const res = await post(u, `/trips/series/${seriesId}/cancel`, body).expect(code);
      if (message) expect(res.body.message).toBe(message);
      expect(await statuses(weeks)).toEqual(['Pending', 'Pending', 'Pending', 'Pending']);
      expect(events).toEqual([]);
    });
  });

  describe('who sees which trips', () => {
    let vis: TestTenant;
    let trips: Record<'a' | 'b' | 'aAssignedB' | 'byManager' | 'byNoOrg' | 'deleted', Trip>;
    let foreign: Trip;

    beforeAll(async () => {
      vis = await buildTenant(t, 'Vis');
      const { users, orgs } = vis;
      trips = {
        a: await buildTrip(t, vis, { status: 'Pending' }),
        b: await buildTrip(t, vis, {
          status: 'Confirmed',
          schoolOrgId: orgs.schoolB.id,
          busCompanyOrgId: orgs.busB.id,
          creator: users.staffB,
        }),
        // assigned to a company that is not (or no longer) the school's partner
        aAssignedB: await buildTrip(t, vis, { status: 'Confirmed', busCompanyOrgId: orgs.busB.id }),
        byManager: await buildTrip(t, vis, {
          status: 'Accepted',
          schoolOrgId: orgs.schoolB.id,
          busCompanyOrgId: orgs.busB.id,
          creator: users.manager,
        }),
        byNoOrg: await buildTrip(t, vis, { status: 'Pending', creator: users.staffNoOrg }),
        deleted: await buildTrip(t, vis, { status: 'Canceled', deleted: true }),
      };
      foreign = await buildTrip(t, other, { status: 'Pending' });
    }, 60_000);

    const VISIBLE: Record<keyof TestTenant['users'], (keyof typeof trips)[]> = {
      admin: ['a', 'b', 'aAssignedB', 'byManager', 'byNoOrg'],
      finance: ['a', 'b', 'aAssignedB', 'byManager', 'byNoOrg'],
      staffA: ['a', 'aAssignedB', 'byNoOrg'],
      staffB: ['b', 'byManager'],
      staffNoOrg: ['byNoOrg'],
      busA: ['a', 'aAssignedB', 'byNoOrg'],
      busB: ['b', 'aAssignedB', 'byManager'],
      manager: ['byManager'],
    };

    it.each(Object.keys(VISIBLE) as (keyof TestTenant['users'])[])(
      '%s lists exactly their trips, newest first, and canSeeTrip agrees',
      async (who) => {
        const user = vis.users[who];
        const res = await get(user, '/trips').expect(200);
        const want = VISIBLE[who].map((k) => trips[k].id).sort((x, y) => y - x);
        expect(res.body.map((x: TripDto) => x.id)).toEqual(want);
        const partnerSchoolIds = (await t.db.getRepository(Partnership).findBy({ busCompanyOrgId: user.user.activeOrgId ?? -1 })).map(
          (p) => p.schoolOrgId,
        );
        for (const trip of [...Object.values(trips), foreign]) {
          const predicate = canSeeTrip({ ...user.user }, trip, partnerSchoolIds);
          expect({ trip: trip.id, visible: predicate }).toEqual({ trip: trip.id, visible: want.includes(trip.id) });
        }
      },
    );

    it.each(Object.keys(VISIBLE) as (keyof TestTenant['users'])[])(
      '%s gets 404 for every trip they may not see, exactly like a missing one',
      async (who) => {
        const user = vis.users[who];
        for (const [key, trip] of [...Object.entries(trips), ['foreign', foreign] as const]) {
          const visible = (VISIBLE[who] as string[]).includes(key);
          for (const path of [
            `/trips/${trip.id}`,
            `/trips/${trip.id}/history`,
            `/trips/${trip.id}/subtrips`,
            `/trips/${trip.id}/passengers`,
          ]) {
            const res = await get(user, path);
            expect({ path, key, status: res.status }).toEqual({ path, key, status: visible ? 200 : 404 });
            if (!visible) expect(res.body).toEqual({ message: 'Trip not found.' });
          }
        }
        await get(user, '/trips/999999999').expect(404);
      },
    );

    it('locks for a change only the trips each user may see, the users of one role taking turns', async () => {
      // A change locks its trip with one statement per shape of caller, built once (compiled-query.ts): staff of two
      // schools, and dispatchers of two companies, share theirs, each with their own values. A stale version answers
      // 409 once the trip is locked, so nothing is written.
      const order: (keyof typeof VISIBLE)[] = [
        'staffA',
        'staffB',
        'busA',
        'busB',
        'staffA',
        'busB',
        'admin',
        'manager',
        'staffNoOrg',
        'busA',
      ];
      for (const who of order) {
        for (const [key, trip] of [...Object.entries(trips), ['foreign', foreign] as const]) {
          if (key === 'deleted') continue;
          const res = await patch(vis.users[who], trip.id, { notes: 'Locked?', version: 999_999 });
          const visible = (VISIBLE[who] as string[]).includes(key);
          expect({ who, key, status: res.status }).toEqual({ who, key, status: visible ? 409 : 404 });
        }
      }
    });

    it('lets a platform admin see every tenant, or one with tenant_id', async () => {
      const all = await get(root, '/trips').expect(200);
      const ids = all.body.map((x: TripDto) => x.id);
      expect(ids).toEqual(expect.arrayContaining([trips.a.id, trips.byManager.id, foreign.id]));
      expect(ids).not.toContain(trips.deleted.id);
      const one = await get(root, `/trips?tenant_id=${vis.tenant.id}`).expect(200);
      expect(one.body.map((x: TripDto) => x.id).sort()).toEqual(VISIBLE.admin.map((k) => trips[k].id).sort());
    });

    it("ignores a tenant user's tenant_id: the tenant comes from the sign-in", async () => {
      const res = await get(vis.users.admin, `/trips?tenant_id=${other.tenant.id}`).expect(200);
      expect(res.body.map((x: TripDto) => x.id)).not.toContain(foreign.id);
      expect(res.body).toHaveLength(VISIBLE.admin.length);
    });

    it('narrows the list to one requester with createdBy', async () => {
      const res = await get(vis.users.admin, `/trips?createdBy=${encodeURIComponent(vis.users.manager.user.name)}`).expect(200);
      expect(res.body.map((x: TripDto) => x.id)).toEqual([trips.byManager.id]);
    });

    it("answers 404 to a change of another tenant's trip and leaves it alone", async () => {
      const before = await tripRow(t, foreign.id);
      for (const body of [{ status: 'Accepted' }, { deleted: true }, { notes: 'hijack' }]) {
        const res = await patch(vis.users.admin, foreign.id, body).expect(404);
        expect(res.body).toEqual({ message: 'Trip not found.' });
      }
      await post(vis.users.staffA, `/trips/${foreign.id}/passengers`, { passengers: [{ fullName: 'X' }] }).expect(404);
      await post(vis.users.busA, `/trips/${foreign.id}/subtrips`, { buses: [BUS] }).expect(404);
      expect(await tripRow(t, foreign.id)).toEqual(before);
      expect(events).toEqual([]);
    });
  });

  describe('PATCH /trips/{id}', () => {
    it("turns school staff's edit of a Confirmed trip into an edit request, which the bus company then accepts", async () => {
      const trip = await buildTrip(t, acme, { status: 'Confirmed' });
      const res = await patch(acme.users.staffA, trip.id, { status: 'Pending', destination: 'Aquarium', students: 40 }).expect(200);
      expect(res.body).toMatchObject({
        status: 'Pending',
        editRequest: true,
        destination: 'Aquarium',
        students: 40,
        busCompanyOrgId: acme.orgs.busA.id,
        version: 2,
      });
      const accepted = await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
      expect(accepted.body).toMatchObject({ status: 'Accepted', editRequest: false, busCompanyOrgId: acme.orgs.busA.id });
      const history = await get(acme.users.admin, `/trips/${trip.id}/history`).expect(200);
      expect(
        history.body
          .slice(1)
          .map((h: { action: string; fromStatus: string; toStatus: string; fields: string[] }) => [
            h.action,
            h.fromStatus,
            h.toStatus,
            h.fields,
          ]),
      ).toEqual([
        ['edit', 'Confirmed', 'Pending', ['destination', 'students', 'status', 'editRequest']],
        ['accept', 'Pending', 'Accepted', ['status', 'editRequest']],
      ]);
    });

    it.each([
      ['{status: "Cancel Requested"}', { status: 'Cancel Requested' }],
      ['{status: "Pending", cancelRequest: true}', { status: 'Pending', cancelRequest: true }],
    ])('lands a cancel request sent as %s in Cancel Requested; declining returns to the status held before', async (_name, body) => {
      const trip = await buildTrip(t, acme, { status: 'Accepted' });
      const requested = await patch(acme.users.staffA, trip.id, body).expect(200);
      expect(requested.body).toMatchObject({ status: 'Cancel Requested', cancelRequest: true, statusBeforeCancelRequest: 'Accepted' });
      const declined = await patch(acme.users.busA, trip.id, { cancelRequest: false }).expect(200);
      expect(declined.body).toMatchObject({ status: 'Accepted', cancelRequest: false, statusBeforeCancelRequest: null });
    });

    it('cancels a trip when the assigned company approves the cancel request', async () => {
      const trip = await buildTrip(t, acme, { status: 'Cancel Requested' });
      const res = await patch(acme.users.busA, trip.id, { status: 'Canceled' }).expect(200);
      expect(res.body).toMatchObject({ status: 'Canceled', cancelRequest: false });
    });

    it("assigns an admin's accept to the school's only partner, or to the company named", async () => {
      const first = await buildTrip(t, acme, { status: 'Pending' });
      const res = await patch(acme.users.admin, first.id, { status: 'Accepted' }).expect(200);
      expect(res.body).toMatchObject({ status: 'Accepted', busCompanyOrgId: acme.orgs.busA.id, busCompanyName: acme.orgs.busA.name });
      const second = await buildTrip(t, acme, { status: 'Pending' });
      const named = await patch(acme.users.admin, second.id, { status: 'Accepted', busCompanyOrgId: acme.orgs.busB.id }).expect(200);
      expect(named.body.busCompanyOrgId).toBe(acme.orgs.busB.id);
      const third = await buildTrip(t, acme, { status: 'Pending' });
      const foreign = await patch(acme.users.admin, third.id, { status: 'Accepted', busCompanyOrgId: other.orgs.busA.id }).expect(400);
      expect(foreign.body.message).toBe(M.busCompanyNotInTenant);
      expect((await tripRow(t, third.id)).status).toBe('Pending');
    });

    it('fills busInfo, driverInfo and the price from the buses assigned', async () => {
      const trip = await buildTrip(t, acme, { status: 'Accepted', buses: [] });
      const buses = [
        { busType: 'White Bus', busSeats: 30, tripPrice: 450.5, driverName: 'Sam', driverPhone: '111' },
        { busType: 'External Yellow Bus', busSeats: 12, tripPrice: 200 },
      ];
      const res = await patch(acme.users.busA, trip.id, { status: 'Confirmed', buses }).expect(200);
      expect(res.body).toMatchObject({
        status: 'Confirmed',
        busInfo: { busType: 'White Bus, External Yellow Bus', seats: 42 },
        driverInfo: { name: 'Sam', mobile: '111' },
        price: 650.5,
        buses: [
          { busType: 'White Bus', busSeats: 30, tripPrice: 450.5, driverName: 'Sam', driverPhone: '111', status: null },
          { busType: 'External Yellow Bus', busSeats: 12, tripPrice: 200, driverName: null, driverPhone: null, status: null },
        ],
      });
    });

    it('records in history exactly the fields that changed when a summary is sent again as it is, in another key order', async () => {
      const trip = await buildTrip(t, acme, { status: 'Accepted', buses: [] });
      const assigned = (await patch(acme.users.busA, trip.id, { status: 'Confirmed', buses: [BUS] }).expect(200)).body as TripDto;
      // the stored summary's keys come back in jsonb's order (seats, busType): the same summary, written the other way round
      const busInfo = { busType: assigned.busInfo!.busType, seats: assigned.busInfo!.seats };
      const res = await patch(acme.users.admin, trip.id, { status: 'Confirmed', busInfo, notes: 'Bring lunch' }).expect(200);
      expect(res.body).toMatchObject({ notes: 'Bring lunch', busInfo: assigned.busInfo, version: assigned.version + 1 });
      const history = (await get(acme.users.admin, `/trips/${trip.id}/history`).expect(200)).body as { fields: string[] }[];
      expect(history.map((h) => h.fields)).toEqual([[], ['status', 'busInfo', 'driverInfo', 'price', 'buses'], ['notes']]);
    });

    it('lets finance and admins mark a trip paid and unpaid, and nobody else', async () => {
      const trip = await buildTrip(t, acme, { status: 'Completed' });
      expect((await patch(acme.users.finance, trip.id, { paid: true }).expect(200)).body.paid).toBe(true);
      expect((await patch(acme.users.admin, trip.id, { paid: false }).expect(200)).body.paid).toBe(false);
      for (const who of ['busA', 'staffA'] as const) {
        const res = await patch(acme.users[who], trip.id, { paid: true }).expect(403);
        expect(res.body.message).toBe('Only finance or an admin can mark a trip paid or unpaid.');
      }
      expect((await tripRow(t, trip.id)).paid).toBe(false);
    });

    it('answers a form that echoes the whole trip unchanged with the trip, and writes nothing', async () => {
      const trip = await buildTrip(t, acme, { status: 'Confirmed' });
      const current = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
      const res = await patch(acme.users.staffA, trip.id, current).expect(200);
      expect(res.body).toEqual(current);
      expect((await tripRow(t, trip.id)).version).toBe(1);
      expect(await historyCount(t, trip.id)).toBe(1);
      expect(events).toEqual([]);
    });

    it('answers a stale version with 409 and the current trip', async () => {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      await patch(acme.users.staffA, trip.id, { notes: 'first', version: 1 }).expect(200);
      const res = await patch(acme.users.staffA, trip.id, { notes: 'second', version: 1 }).expect(409);
      expect(res.body).toEqual({ message: M.staleVersion, trip: expect.objectContaining({ id: trip.id, notes: 'first', version: 2 }) });
      expect((await tripRow(t, trip.id)).notes).toBe('first');
    });

    it.each<[string, unknown, string]>([
      ['an empty body', {}, M.nothingToUpdate],
      ['an unknown status', { status: 'Done' }, M.statusInvalid],
      ['a status that is not text', { status: 4 }, M.statusInvalid],
      ['negative students', { students: -1 }, M.studentsInvalid],
      ['100 kB of notes', { notes: 'x'.repeat(100_000) }, M.notesTooLong],
      ['a 100 kB destination', { destination: 'x'.repeat(100_000) }, M.destinationTooLong],
      ['a return that would come before the departure', { returnTime: '07:00 AM' }, 'Return time must be later than departure time.'],
      ['booster seats requested with no count', { boosterSeatsRequested: true }, 'Please enter a valid number of booster seats (> 0).'],
      ['Other with no custom type', { tripType: 'Other' }, M.customTypeRequired],
      ['an impossible date', { returnDate: '2031-13-01' }, M.returnDateInvalid],
      ['a negative price', { price: -10 }, M.priceInvalid],
      ['paid as text', { paid: 'yes' }, M.paidInvalid],
      ['details and a status together', { status: 'Canceled', notes: 'x' }, M.oneChangeAtATime],
      ['a body that is a list', [{ notes: 'x' }], M.bodyNotObject],
    ])('answers 400 to %s with a clear message and leaves the trip unchanged', async (_name, body, message) => {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      const before = await tripRow(t, trip.id);
      const res = await patch(acme.users.staffA, trip.id, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await tripRow(t, trip.id)).toEqual(before);
      expect(await historyCount(t, trip.id)).toBe(1);
    });

    it.each<[string, unknown, string]>([
      ['no buses', { status: 'Confirmed', buses: [] }, 'Please add at least one bus.'],
      ['a bus without seats', { status: 'Confirmed', buses: [{ busType: 'White Bus' }] }, 'Please enter number of seats.'],
      [
        'a bus with negative seats',
        { status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: -3 }] },
        'Please enter number of seats.',
      ],
      ['a bus of an unknown type', { status: 'Confirmed', buses: [{ busType: 'Limo', busSeats: 3 }] }, M.busTypeInvalid],
      ['a negative bus price', { status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 3, tripPrice: -1 }] }, M.tripPriceInvalid],
      ['Confirmed with no buses at all', { status: 'Confirmed' }, 'Please add at least one bus.'],
    ])('refuses to assign %s (the Assign Bus body) and writes nothing', async (_name, body, message) => {
      const trip = await buildTrip(t, acme, { status: 'Accepted', buses: [] });
      const before = await tripRow(t, trip.id);
      const res = await patch(acme.users.busA, trip.id, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await tripRow(t, trip.id)).toEqual(before);
    });

    it('answers 400 to broken JSON and to a bad id', async () => {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      await t
        .http()
        .patch(`/api/trips/${trip.id}`)
        .set('Authorization', acme.users.admin.auth)
        .set('Content-Type', 'application/json')
        .send('{"status":')
        .expect(400);
      await patch(acme.users.admin, 0, { notes: 'x' }).expect(400);
      const bad = await t.http().patch('/api/trips/abc').set('Authorization', acme.users.admin.auth).send({ notes: 'x' }).expect(400);
      expect(bad.body.message).toBe('Invalid id.');
      expect((await tripRow(t, trip.id)).version).toBe(1);
    });

    it('answers 401 without a sign-in', async () => {
      await t.http().get('/api/trips').expect(401);
      await t.http().patch('/api/trips/1').send({ notes: 'x' }).expect(401);
    });
  });

  describe('subtrips', () => {
    it('records the buses the assigned company sends, lists them by creation, and notes it in history', async () => {
      const trip = await buildTrip(t, acme, { status: 'Confirmed' });
      const first = await post(acme.users.busA, `/trips/${trip.id}/subtrips`, { buses: [BUS] }).expect(201);
      const second = await post(acme.users.admin, `/trips/${trip.id}/subtrips`, { buses: [{ ...BUS, busSeats: 12 }] }).expect(201);
      expect(first.body).toEqual({
        id: expect.any(Number),
        tripId: trip.id,
        buses: [BUS],
        createdBy: acme.users.busA.user.name,
        createdById: acme.users.busA.user.id,
        createdAt: expect.any(String),
      });
      for (const who of ['staffA', 'finance', 'busA', 'admin'] as const) {
        const list = await get(acme.users[who], `/trips/${trip.id}/subtrips`).expect(200);
        expect(list.body.map((s: { id: number }) => s.id)).toEqual([first.body.id, second.body.id]);
      }
      const history = await get(acme.users.staffA, `/trips/${trip.id}/history`).expect(200);
      expect(history.body.at(-1)).toMatchObject({ action: 'recordSubtrip', fields: ['subtrips'], by: { id: acme.users.admin.user.id } });
    });

    it('refuses school staff, and a trip that is not Accepted or Confirmed, writing nothing', async () => {
      const confirmed = await buildTrip(t, acme, { status: 'Confirmed' });
      await post(acme.users.staffA, `/trips/${confirmed.id}/subtrips`, { buses: [BUS] }).expect(403);
      const pending = await buildTrip(t, acme, { status: 'Pending' });
      const res = await post(acme.users.admin, `/trips/${pending.id}/subtrips`, { buses: [BUS] }).expect(409);
      expect(res.body.trip).toMatchObject({ id: pending.id, status: 'Pending' });
      const bad = await post(acme.users.busA, `/trips/${confirmed.id}/subtrips`, { buses: [] }).expect(400);
      expect(bad.body.message).toBe('Please add at least one bus.');
      expect(await t.db.getRepository(Subtrip).countBy({ tripId: confirmed.id })).toBe(0);
    });
  });

  describe('passengers', () => {
    it("lets the school's staff add passengers, trimmed to null, and everyone who sees the trip read them", async () => {
      const trip = await buildTrip(t, acme, { status: 'Accepted' });
      const body = {
        passengers: [
          {
            fullName: '  Ada Lovelace ',
            guardianName: 'Byron',
            guardianPhone: ' 555 ',
            pickupPoint: '',
            dropoffPoint: 'Gate 2',
            notes: null,
            checkedIn: true,
          },
          { fullName: 'Alan Turing' },
        ],
      };
      const res = await post(acme.users.staffA, `/trips/${trip.id}/passengers`, body).expect(201);
      expect(res.body).toEqual([
        {
          id: expect.any(Number),
          tripId: trip.id,
          fullName: 'Ada Lovelace',
          guardianName: 'Byron',
          guardianPhone: '555',
          pickupPoint: null,
          dropoffPoint: 'Gate 2',
          notes: null,
          checkedIn: true,
          createdAt: expect.any(String),
        },
        {
          id: expect.any(Number),
          tripId: trip.id,
          fullName: 'Alan Turing',
          guardianName: null,
          guardianPhone: null,
          pickupPoint: null,
          dropoffPoint: null,
          notes: null,
          checkedIn: false,
          createdAt: expect.any(String),
        },
      ]);
      for (const who of ['admin', 'finance', 'busA', 'staffA'] as const) {
        const list = await get(acme.users[who], `/trips/${trip.id}/passengers`).expect(200);
        expect(list.body.map((p: { fullName: string }) => p.fullName)).toEqual(['Ada Lovelace', 'Alan Turing']);
      }
    });

    it.each<[string, unknown, string]>([
      ['a blank full name', { passengers: [{ fullName: '   ' }] }, 'Full name is required.'],
      ['no passengers', { passengers: [] }, M.passengersRequired],
      ['a 100 kB name', { passengers: [{ fullName: 'x'.repeat(100_000) }] }, M.fullNameTooLong],
      ['checkedIn as text', { passengers: [{ fullName: 'A', checkedIn: 'yes' }] }, M.checkedInInvalid],
    ])('answers 400 to %s and adds nobody', async (_name, body, message) => {
      const trip = await buildTrip(t, acme, { status: 'Confirmed' });
      const res = await post(acme.users.staffA, `/trips/${trip.id}/passengers`, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await t.db.getRepository(Passenger).countBy({ tripId: trip.id })).toBe(0);
    });
  });

  describe('domain events', () => {
    it('announces each committed change with the trip as GET shows it, and a delete as trip.deleted', async () => {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      const accepted = await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
      expect(events).toEqual([
        {
          name: 'trip.updated',
          payload: {
            trip: accepted.body,
            status: 'Accepted',
            tenantId: acme.tenant.id,
            by: { id: acme.users.busA.user.id, name: acme.users.busA.user.name },
            previous: { schoolOrgId: acme.orgs.schoolA.id, busCompanyOrgId: null, status: 'Pending' },
            formerDriverIds: [],
            audience: {
              partnerCompanyIds: [acme.orgs.busA.id],
              author: {
                id: acme.users.staffA.user.id,
                role: 'school_staff',
                tenantId: acme.tenant.id,
                activeOrgId: acme.orgs.schoolA.id,
                status: 'approved',
                name: acme.users.staffA.user.name,
                email: acme.users.staffA.user.email,
                emailNotices: null,
              },
            },
          },
        },
      ]);
      expect(accepted.body).toEqual((await get(acme.users.admin, `/trips/${trip.id}`).expect(200)).body);
      events.length = 0;
      await patch(acme.users.admin, trip.id, { status: 'Canceled' }).expect(200);
      const deleted = await patch(acme.users.admin, trip.id, { deleted: true }).expect(200);
      expect(events.map((e) => e.name)).toEqual(['trip.updated', 'trip.deleted']);
      expect(events[1].payload).toEqual({ tripId: trip.id, trip: deleted.body, tenantId: acme.tenant.id });
    });

    it('announces nothing for a refused, invalid or stale change', async () => {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      await patch(acme.users.finance, trip.id, { status: 'Accepted' }).expect(403);
      await patch(acme.users.admin, trip.id, { status: 'Completed' }).expect(409);
      await patch(acme.users.busA, trip.id, { status: 'Accepted', version: 7 }).expect(409);
      await patch(acme.users.staffA, trip.id, { returnDate: '2000-01-01' }).expect(400);
      await patch(acme.users.staffB, trip.id, { notes: 'x' }).expect(404);
      expect(events).toEqual([]);
    });
  });
});
