import { EventEmitter2 } from '@nestjs/event-emitter';
import dayjs from 'dayjs';
import type { DomainEventMap } from '../../server/src/common/domain-events';
import type { DispatchBoardDto, NotificationDto } from '../../server/src/contracts/fleet-wire';
import { Messages } from '../../server/src/contracts/messages';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import type { FleetBus } from '../../server/src/fleet/bus.entity';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import type { Trip } from '../../server/src/trips/trip.entity';

type TripFields = Partial<Omit<Trip, 'creator'>>;
import { User } from '../../server/src/users/user.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, buildUser, type TestTenant, type TestUser } from '../support/factories';
import { buildBus } from '../support/fleet-factory';
import { buildTrip, tripRow } from '../support/trip-factory';

/** Resolves once `check` holds, polling; rejects after `ms`. (Waits for an effect that follows a commit; asserts no speed.) */
async function until(check: () => Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A dispatcher's day without traps, over HTTP: what an edit request changes and the clash it makes, a trip whose bus
 * clashes or went out of service needing a bus again, the bus's name and plate reaching the school, the request
 * lane, who acted on each live event, and approvals that need an organization.
 */
describe("a dispatcher's day", () => {
  let t: TestApp;
  let acme: TestTenant;
  const updated: DomainEventMap['trip.updated'][] = [];
  const created: DomainEventMap['trip.created'][] = [];

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Day');
    const events = t.app.get(EventEmitter2);
    events.on('trip.updated', (e: DomainEventMap['trip.updated']) => updated.push(e));
    events.on('trip.created', (e: DomainEventMap['trip.created']) => created.push(e));
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const patch = (u: TestUser, path: string, body: object) => t.http().patch(`/api${path}`).set('Authorization', u.auth).send(body);
  const post = (u: TestUser, path: string, body: object = {}) => t.http().post(`/api${path}`).set('Authorization', u.auth).send(body);
  const item = (bus: FleetBus, driver?: FleetDriver) => ({
    busType: 'White Bus',
    busSeats: 50,
    busId: bus.id,
    ...(driver ? { driverId: driver.id } : {}),
  });
  const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
  const on = (date: string, from: string, to: string): TripFields => ({
    departureDate: date,
    departureTime: from,
    returnDate: date,
    returnTime: to,
  });
  /** A confirmed trip of school A on `bus`, assigned through the API (so the fleet index holds it). */
  async function confirmedOn(bus: FleetBus, when: TripFields, over: TripFields = {}): Promise<TripDto> {
    const trip = await buildTrip(t, acme, { status: 'Accepted', buses: [], ...when, ...over });
    const res = await patch(acme.users.busA, `/trips/${trip.id}`, { status: 'Confirmed', buses: [item(bus)] }).expect(200);
    return res.body as TripDto;
  }
  const board = async (from: string, to = from) =>
    (await get(acme.users.busA, `/dispatch/board?from=${from}&to=${to}`).expect(200)).body as DispatchBoardDto;

  it('refuses to complete a trip before it is back (409, nothing written), and completes it once it is', async () => {
    const bus = await buildBus(t, acme.orgs.busA);
    const upcoming = await confirmedOn(bus, on(day(3), '08:00 AM', '02:00 PM'), { destination: 'Swimming Gala' });
    const res = await patch(acme.users.busA, `/trips/${upcoming.id}`, { status: 'Completed' }).expect(409);
    expect(res.body.message).toBe(`This trip cannot be completed before it is back (${dayjs(day(3)).format('ddd D MMM')} 02:00 PM).`);
    expect((await tripRow(t, upcoming.id)).status).toBe('Confirmed');
    const past = await buildTrip(t, acme, { status: 'Confirmed', ...on(day(-2), '08:00 AM', '02:00 PM') });
    await patch(acme.users.busA, `/trips/${past.id}`, { status: 'Completed' }).expect(200);
  });

  it('names the fleet bus and its plate on the trip the school reads, and in the trips list', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 12', plate: 'DXB 41212' });
    const trip = await confirmedOn(bus, on(day(20), '08:00 AM', '02:00 PM'));
    const seen = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    expect(seen.buses).toEqual([expect.objectContaining({ busId: bus.id, busName: 'Bus 12', busPlate: 'DXB 41212' })]);
    const list = (await get(acme.users.staffA, '/trips').expect(200)).body as TripDto[];
    expect(list.find((x) => x.id === trip.id)?.buses[0]).toMatchObject({ busName: 'Bus 12', busPlate: 'DXB 41212' });
  });

  it('an edit request says what changed in words, and a clash it makes marks both trips and needs a bus once accepted', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 22' });
    const aquarium = await confirmedOn(bus, on(day(10), '08:00 AM', '02:00 PM'), { destination: 'Aquarium of the Gulf' });
    const science = await confirmedOn(bus, on(day(11), '09:15 AM', '02:00 PM'), { destination: 'Science Discovery Centre', students: 30 });

    // The school moves Science onto the Aquarium's day and adds students: an edit request.
    const edit = await patch(acme.users.staffA, `/trips/${science.id}`, {
      departureDate: day(10),
      returnDate: day(10),
      students: 35,
    }).expect(200);
    const request = edit.body as TripDto;
    expect(request).toMatchObject({ status: 'Pending', editRequest: true });
    const when = (d: string, time: string) => `${dayjs(d).format('ddd D MMM')} ${time}`;
    expect(request.requestedChanges).toEqual([
      { field: 'departure', label: 'Departure', from: when(day(11), '09:15 AM'), to: when(day(10), '09:15 AM') },
      { field: 'return', label: 'Return', from: when(day(11), '02:00 PM'), to: when(day(10), '02:00 PM') },
      { field: 'students', label: 'Students', from: '30', to: '35' },
    ]);
    // A second change keeps the first "before": the changes still read from the trip as it was confirmed.
    const again = await patch(acme.users.staffA, `/trips/${science.id}`, { notes: 'Packed lunches' }).expect(200);
    expect((again.body as TripDto).requestedChanges.map((c) => c.label)).toEqual(['Departure', 'Return', 'Students', 'Notes']);

    // Both trips carry the clash: the moved one and the Aquarium trip it now overlaps.
    const clash = { resource: 'bus', resourceId: bus.id, resourceName: 'Bus 22' };
    expect((again.body as TripDto).clashes).toEqual([{ tripId: aquarium.id, ...clash }]);
    expect(((await get(acme.users.busA, `/trips/${aquarium.id}`).expect(200)).body as TripDto).clashes).toEqual([
      { tripId: science.id, ...clash },
    ]);

    // The request lane lists it (newest first) with its changes.
    const lane = await board(day(10));
    expect(lane.requests.map((x) => x.id)).toContain(science.id);
    expect(lane.requests.find((x) => x.id === science.id)?.requestedChanges).toHaveLength(4);

    // Accepted, it has a bus that clashes: it needs a bus, in the lane, and so does the Aquarium trip.
    const accepted = (await patch(acme.users.busA, `/trips/${science.id}`, { status: 'Accepted' }).expect(200)).body as TripDto;
    expect(accepted).toMatchObject({ status: 'Accepted', editRequest: false, requestedChanges: [], needsBus: true });
    expect((await tripRow(t, science.id)).editRequestBefore).toBeNull();
    const after = await board(day(10));
    expect(after.needsBus.map((x) => x.id)).toEqual(expect.arrayContaining([science.id, aquarium.id]));
    expect(after.requests.map((x) => x.id)).not.toContain(science.id);
    expect(after.trips.filter((x) => [science.id, aquarium.id].includes(x.id)).map((x) => [x.id, x.clashes.map((c) => c.tripId)])).toEqual([
      [aquarium.id, [science.id]],
      [science.id, [aquarium.id]],
    ]);
  });

  it('keeps an accepted change in the waiting lane with its buses, once, until they are confirmed again', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 44' });
    const trip = await confirmedOn(bus, on(day(12), '08:00 AM', '02:00 PM'), { destination: 'Heritage Village' });
    expect((await board(day(12))).needsBus.map((x) => x.id)).not.toContain(trip.id);
    await patch(acme.users.staffA, `/trips/${trip.id}`, { notes: 'Two wheelchairs' }).expect(200);
    const accepted = (await patch(acme.users.busA, `/trips/${trip.id}`, { status: 'Accepted' }).expect(200)).body as TripDto;
    expect([accepted.status, accepted.buses.map((b) => b.busId), accepted.needsBus]).toEqual(['Accepted', [bus.id], false]);
    // Accepted with the buses it kept: in the lane to be confirmed, once
    const waiting = (await board(day(12))).needsBus.filter((x) => x.id === trip.id);
    expect(waiting.map((x) => [x.status, x.buses.length])).toEqual([['Accepted', 1]]);
    // its own Assign Bus with the same buses confirms it: it leaves the lane
    await patch(acme.users.busA, `/trips/${trip.id}`, { status: 'Confirmed', buses: accepted.buses }).expect(200);
    expect((await board(day(12))).needsBus.map((x) => x.id)).not.toContain(trip.id);
  });

  it('lists pending requests of partner schools, not those another company holds or of other schools', async () => {
    const mine = await buildTrip(t, acme, { status: 'Pending', ...on(day(5), '08:00 AM', '01:00 PM') });
    const otherSchool = await buildTrip(t, acme, {
      status: 'Pending',
      schoolOrgId: acme.orgs.schoolB.id,
      ...on(day(5), '08:00 AM', '01:00 PM'),
    });
    const over = await buildTrip(t, acme, { status: 'Pending', ...on(day(-3), '08:00 AM', '01:00 PM') });
    const shown = await board(day(5));
    const lane = shown.requests.map((x) => x.id);
    // the partner schools come with the board, so a console can keep another school's pushed request out of the lane
    expect(shown.partnerSchoolIds).toEqual([mine.schoolOrgId]);
    expect(shown.partnerSchoolIds).not.toContain(otherSchool.schoolOrgId);
    expect(lane).toContain(mine.id);
    expect(lane).not.toContain(otherSchool.id);
    expect(lane).not.toContain(over.id);
    expect(
      (await get(acme.users.busB, `/dispatch/board?from=${day(5)}&to=${day(5)}`).expect(200)).body.requests.map((x: TripDto) => x.id),
    ).not.toContain(mine.id);
  });

  it('lists its own trips whose school asked to cancel, until the company decides, and not another company’s', async () => {
    const asked = await buildTrip(t, acme, {
      status: 'Cancel Requested',
      statusBeforeCancelRequest: 'Confirmed',
      ...on(day(1), '08:30 AM', '01:00 PM'),
    });
    const theirs = await buildTrip(t, acme, {
      status: 'Cancel Requested',
      statusBeforeCancelRequest: 'Confirmed',
      busCompanyOrgId: acme.orgs.busB.id,
      ...on(day(1), '08:30 AM', '01:00 PM'),
    });
    const lane = async () => (await board(day(1))).requests.map((x) => x.id);
    expect(await lane()).toContain(asked.id);
    expect(await lane()).not.toContain(theirs.id);
    // declined: the trip is Confirmed again, and the lane lets it go
    await patch(acme.users.busA, `/trips/${asked.id}`, { cancelRequest: false }).expect(200);
    expect(await lane()).not.toContain(asked.id);
  });

  it('a bus taken out of service makes its upcoming trips need a bus, on the board, in the lane and in the bell', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 31' });
    const trip = await confirmedOn(bus, on(day(2), '07:30 AM', '12:00 PM'), { destination: 'Opera House' });
    expect(trip.needsBus).toBe(false);
    updated.length = 0;
    const res = await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { active: false }).expect(200);
    expect(res.body.active).toBe(false);
    // Its trip is announced again, by nobody (only its flags changed), needing a bus.
    const announced = updated.find((e) => e.trip.id === trip.id);
    expect(announced?.by ?? null).toBeNull();
    expect(announced).toMatchObject({
      trip: { needsBus: true, outOfService: [{ resource: 'bus', resourceId: bus.id, resourceName: 'Bus 31' }] },
    });
    const b = await board(day(2));
    expect(b.needsBus.find((x) => x.id === trip.id)).toMatchObject({ needsBus: true });
    // The bell: one alert, raised after the announcement, worded with the reason.
    let bell: NotificationDto[] = [];
    await until(async () => {
      bell = (await get(acme.users.busA, '/notifications').expect(200)).body as NotificationDto[];
      return bell.some((n) => n.tripId === trip.id);
    }, 'the bus-unavailable alert');
    expect(bell.find((n) => n.tripId === trip.id)?.message).toBe(
      `Opera House departs ${dayjs(day(2)).format('ddd D MMM')} 07:30 AM: Bus 31 is out of service.`,
    );
    // Back in service: it no longer needs a bus, and the bell lets the alert go.
    await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { active: true }).expect(200);
    expect(((await get(acme.users.busA, `/trips/${trip.id}`).expect(200)).body as TripDto).needsBus).toBe(false);
    expect(((await get(acme.users.busA, '/notifications').expect(200)).body as NotificationDto[]).map((n) => n.tripId)).not.toContain(
      trip.id,
    );
  });

  it('each live event names who acted, and a flag-only change names nobody', async () => {
    created.length = 0;
    updated.length = 0;
    const res = await post(acme.users.staffA, '/trips', {
      tripType: 'Day Trip',
      destination: 'Camel Racing Museum',
      departureDate: day(30),
      departureTime: '08:00 AM',
      returnDate: day(30),
      returnTime: '01:00 PM',
      students: 20,
    }).expect(201);
    expect(created.find((e) => e.trip.id === res.body.id)?.by).toEqual({
      id: acme.users.staffA.user.id,
      name: acme.users.staffA.user.name,
    });
    await patch(acme.users.busA, `/trips/${res.body.id}`, { status: 'Accepted' }).expect(200);
    expect(updated.find((e) => e.trip.id === res.body.id)?.by).toEqual({ id: acme.users.busA.user.id, name: acme.users.busA.user.name });
  });

  describe('approvals', () => {
    it('refuses to approve a dispatcher or school staff without their organization, and approves with one', async () => {
      const dispatcher = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', status: 'pending' });
      const teacher = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', status: 'pending' });
      const refused = await post(acme.users.admin, `/admin/users/${dispatcher.user.id}/approve`).expect(400);
      expect(refused.body.message).toBe(Messages.approveNeedsCompany);
      expect((await post(acme.users.admin, `/admin/users/${teacher.user.id}/approve`).expect(400)).body.message).toBe(
        Messages.approveNeedsSchool,
      );
      // Through PUT /users/{id} as well.
      await t
        .http()
        .put(`/api/users/${teacher.user.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ status: 'approved' })
        .expect(400);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: dispatcher.user.id })).status).toBe('pending');

      const ok = await post(acme.users.admin, `/admin/users/${dispatcher.user.id}/approve`, { active_org_id: acme.orgs.busA.id }).expect(
        200,
      );
      expect(ok.body).toMatchObject({ status: 'approved', active_org_id: acme.orgs.busA.id });
      // A finance user needs none.
      const finance = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance', status: 'pending' });
      await post(acme.users.admin, `/admin/users/${finance.user.id}/approve`).expect(200);
    });

    it('declines a pending registration (gone from the queue), not an approved account', async () => {
      const stranger = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', status: 'pending' });
      await post(acme.users.staffA, `/admin/users/${stranger.user.id}/decline`).expect(403);
      await post(acme.users.admin, `/admin/users/${stranger.user.id}/decline`).expect(204);
      expect(await t.db.getRepository(User).findOneBy({ id: stranger.user.id })).toBeNull();
      const pending = (await get(acme.users.admin, '/admin/users/pending').expect(200)).body as { id: number }[];
      expect(pending.map((u) => u.id)).not.toContain(stranger.user.id);
      const res = await post(acme.users.admin, `/admin/users/${acme.users.staffA.user.id}/decline`).expect(409);
      expect(res.body.message).toBe(Messages.declineOnlyPending);
      const far = await buildTenant(t, 'Far');
      await post(far.users.admin, `/admin/users/${acme.pending.id}/decline`).expect(404);
    });
  });
});
