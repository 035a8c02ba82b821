import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import { formatDay } from '../../server/src/contracts/calendar';
import type { DriverAssignmentDto, DriverDayDto } from '../../server/src/contracts/driver-wire';
import type { NotificationDto } from '../../server/src/contracts/fleet-wire';
import type { ProgressStep } from '../../server/src/contracts/progress-wire';
import type { TripDto, TripHistoryDto } from '../../server/src/contracts/trip-wire';
import type { FleetBus } from '../../server/src/fleet/bus.entity';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import { syncFleetAssignments } from '../../server/src/fleet/repository/fleet-assignment.repository';
import { LateAlerts } from '../../server/src/progress/late-alerts.service';
import { readTrip } from '../../server/src/trips/repository/trip-read.repository';
import type { Trip } from '../../server/src/trips/trip.entity';
import { closeAllClients, connectLive, QUIET_MS, sleep } from '../realtime/live-client';
import { type ApiWorld, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import type { TestTenant, TestUser } from '../support/factories';
import { buildBus, buildDriver, buildDriverAccount } from '../support/fleet-factory';
import { buildTrip, tripRow } from '../support/trip-factory';

type DriverUser = TestUser & { driver: FleetDriver };

/** The server's wall clock `minutes` from now, as a trip's date and time. */
const wall = (minutes: number) => {
  const at = dayjs().add(minutes, 'minute');
  return { date: at.format('YYYY-MM-DD'), time: at.format('hh:mm A') };
};

/** A trip planned to depart `departsIn` minutes from now (negative: ago) and be back four hours later. */
const plannedAt = (departsIn: number) => {
  const out = wall(departsIn);
  const back = wall(departsIn + 240);
  return { departureDate: out.date, departureTime: out.time, returnDate: back.date, returnTime: back.time };
};

/** Waits out the last seconds of a minute, so times computed now still hold when the server reads them (no assertion on speed). */
async function clearOfMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3_000) await new Promise((r) => setTimeout(r, left + 50));
}

/** The day of travel (docs/domain.md, "The day of travel") over HTTP: the driver's day, steps, undo, completion, late alerts. */
describe('the day of travel', () => {
  let w: ApiWorld;
  let t: TestApp;
  let acme: TestTenant;
  let omar: DriverUser;
  let sara: DriverUser;
  let other: DriverUser;
  let bus7: FleetBus;
  let bus8: FleetBus;
  useApiWorld({ tenants: ['Progress'] }, async (world) => {
    w = world;
    t = world.t;
    [acme] = world.tenants;
    other = await buildDriverAccount(t, acme.orgs.busB, { name: 'Karim Other' });
  });
  afterAll(() => closeAllClients());
  // Each test its own buses and drivers: trips at the same hour would otherwise clash over them.
  beforeEach(async () => {
    omar = await buildDriverAccount(t, acme.orgs.busA, { name: 'Omar Haddad' });
    sara = await buildDriverAccount(t, acme.orgs.busA, { name: 'Sara Nasser' });
    bus7 = await buildBus(t, acme.orgs.busA, { name: `Bus 7 ${randomUUID().slice(0, 12)}`, plate: `DXB ${randomUUID().slice(0, 5)}` });
    bus8 = await buildBus(t, acme.orgs.busA, { name: `Bus 8 ${randomUUID().slice(0, 12)}` });
  });

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const post = (u: TestUser, path: string, body: object = {}) => t.http().post(`/api${path}`).set('Authorization', u.auth).send(body);
  const tap = (tripId: number, step: ProgressStep, over: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    tripId,
    step,
    at: new Date().toISOString(),
    ...over,
  });
  const send = (d: TestUser, body: object) => post(d, '/driver/steps', body);
  const stepRows = async (tripId: number): Promise<number> => {
    const [{ n }] = await t.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM trip_progress_steps WHERE trip_id = $1', [tripId]);
    return Number(n);
  };

  /** A trip of school A assigned by bus company A's dispatcher (through the API) to these buses and drivers. */
  async function assigned(crews: [FleetBus, FleetDriver][], over: Partial<Omit<Trip, 'creator'>> = {}): Promise<TripDto> {
    const trip = await buildTrip(t, acme, { status: 'Accepted', buses: [], ...plannedAt(0), ...over });
    const buses = crews.map(([bus, driver]) => ({ busType: 'White Bus', busSeats: 50, busId: bus.id, driverId: driver.id }));
    const res = await t
      .http()
      .patch(`/api/trips/${trip.id}`)
      .set('Authorization', acme.users.busA.auth)
      .send({ status: 'Confirmed', buses });
    expect(res.status).toBe(200);
    return res.body as TripDto;
  }

  /** Taps a bus from Left depot through `until`, as its driver. */
  async function drive(d: DriverUser, tripId: number, until: ProgressStep, passengers = 25): Promise<void> {
    const order: ProgressStep[] = ['leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination', 'returned'];
    for (const step of order.slice(0, order.indexOf(until) + 1)) {
      const res = await send(d, tap(tripId, step, step === 'departed' ? { passengers } : {}));
      expect([res.status, res.body]).toEqual([201, expect.anything()]);
    }
  }

  it('gives a driver their own assignments for the week, with the bus, the school’s contact, the list and the next step', async () => {
    const mine = await assigned([[bus7, omar.driver]], { destination: 'Science Discovery Centre', students: 30, staff: 2 });
    await t.db.query(
      `INSERT INTO trip_passengers (trip_id, full_name, pickup_point, dropoff_point, guardian_phone) VALUES ($1, 'Lina Saleh', 'Gate 2', 'Main hall', '+971 50 999 0000')`,
      [mine.id],
    );
    const notMine = await assigned([[bus8, sara.driver]]);
    const later = await assigned([[bus7, omar.driver]], plannedAt(3 * 24 * 60));
    const tooFar = await assigned([[bus7, omar.driver]], plannedAt(10 * 24 * 60));

    const res = await get(omar, '/driver/today').expect(200);
    const day = res.body as DriverDayDto;
    expect(day.driver).toEqual({ id: omar.driver.id, name: 'Omar Haddad', companyName: acme.orgs.busA.name });
    expect(day.undoSeconds).toBe(60);
    const ids = day.assignments.map((a) => a.tripId);
    expect(ids).toEqual(expect.arrayContaining([mine.id, later.id]));
    expect(ids).not.toContain(notMine.id);
    expect(ids).not.toContain(tooFar.id);
    expect(ids.indexOf(mine.id)).toBeLessThan(ids.indexOf(later.id));
    const first = day.assignments.find((a) => a.tripId === mine.id)!;
    expect(first).toMatchObject({
      status: 'Confirmed',
      destination: 'Science Discovery Centre',
      schoolName: acme.orgs.schoolA.name,
      schoolContact: { name: acme.users.staffA.user.name, email: acme.users.staffA.user.email },
      students: 30,
      staff: 2,
      busName: bus7.name,
      busPlate: bus7.plate,
      busType: 'White Bus',
      busSeats: 50,
      passengers: [{ fullName: 'Lina Saleh', pickupPoint: 'Gate 2', dropoffPoint: 'Main hall', notes: null }],
      progress: { driverId: omar.driver.id, driverName: 'Omar Haddad', busId: bus7.id, steps: [], current: null },
      // Acknowledge comes first, on the day too (Left depot would be taken at once as well: stepProblem).
      next: 'acknowledged',
    });
    expect(day.assignments.find((a) => a.tripId === later.id)!.next).toBe('acknowledged');
  });

  it('records a step sent five times once: one row, five equal answers (201, then 200)', async () => {
    const trip = await assigned([[bus7, omar.driver]]);
    const body = tap(trip.id, 'leftDepot', { note: '  Traffic on the ring road  ' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(omar, body));
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200, 200, 200]);
    for (const a of answers.slice(1)) expect(a.body).toEqual(answers[0].body);
    expect(await stepRows(trip.id)).toBe(1);
    const assignment = answers[0].body as DriverAssignmentDto;
    expect(assignment.progress.steps).toEqual([
      {
        id: body.id,
        step: 'leftDepot',
        at: body.at,
        receivedAt: expect.any(String),
        passengers: null,
        note: 'Traffic on the ring road',
        by: { id: omar.user.id, name: 'Omar Haddad' },
        undoneAt: null,
      },
    ]);
    expect(assignment).toMatchObject({ next: 'atPickup', progress: { current: 'leftDepot' } });
    // Everyone who sees the trip sees the step on it, announced once, by the driver.
    const seen = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    expect(seen.progress).toEqual([assignment.progress]);
    const announced = w
      .named('trip.updated')
      .filter((e) => (e.trip as TripDto).id === trip.id && (e.by as { id: number } | null)?.id === omar.user.id);
    expect(announced).toHaveLength(1);
  });

  it('refuses a step out of order with 409 in the rules’ words, and writes nothing', async () => {
    const trip = await assigned([[bus7, omar.driver]]);
    const skip = await send(omar, tap(trip.id, 'departed', { passengers: 20 })).expect(409);
    expect(skip.body).toEqual({ message: 'Tap Left depot first.' });
    await send(omar, tap(trip.id, 'leftDepot')).expect(201);
    const back = await send(omar, tap(trip.id, 'acknowledged')).expect(409);
    expect(back.body).toEqual({ message: 'Left depot is already recorded: no need to acknowledge.' });
    const uncounted = await send(omar, tap(trip.id, 'atPickup')).expect(201);
    expect(uncounted.body).toMatchObject({ next: 'departed' });
    const noCount = await send(omar, tap(trip.id, 'departed')).expect(409);
    expect(noCount.body).toEqual({ message: 'Enter how many passengers are on board.' });
    expect(await stepRows(trip.id)).toBe(2);
  });

  it('refuses Departed more than an hour before the planned departure, in words, and writes nothing (no trip completed before it ran)', async () => {
    await clearOfMinuteEdge();
    const trip = await assigned([[bus7, omar.driver]], plannedAt(90));
    if (trip.departureDate !== wall(0).date) {
      // late at night, 90 minutes ahead is tomorrow: the day's own rule answers first
      const tomorrow = await send(omar, tap(trip.id, 'leftDepot')).expect(409);
      expect(tomorrow.body).toEqual({ message: `This trip runs on ${formatDay(trip.departureDate)}: tap Left depot on that day.` });
      return;
    }
    await send(omar, tap(trip.id, 'leftDepot')).expect(201);
    await send(omar, tap(trip.id, 'atPickup')).expect(201);
    const early = await send(omar, tap(trip.id, 'departed', { passengers: 20 })).expect(409);
    expect(early.body).toEqual({ message: `This trip departs at ${trip.departureTime}: tap Departed from ${wall(30).time}.` });
    expect(await stepRows(trip.id)).toBe(2);
    const seen = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    expect([seen.status, seen.progress[0].current]).toEqual(['Confirmed', 'atPickup']);
  });

  it('refuses Returned before the planned departure, in words, so a bus that left within the early hour does not complete the trip before it ran', async () => {
    await clearOfMinuteEdge();
    const trip = await assigned([[bus7, omar.driver]], plannedAt(30));
    if (trip.departureDate !== wall(0).date) {
      // late at night, 30 minutes ahead is tomorrow: the day's own rule answers first
      const tomorrow = await send(omar, tap(trip.id, 'leftDepot')).expect(409);
      expect(tomorrow.body).toEqual({ message: `This trip runs on ${formatDay(trip.departureDate)}: tap Left depot on that day.` });
      return;
    }
    await drive(omar, trip.id, 'leftDestination');
    const early = await send(omar, tap(trip.id, 'returned')).expect(409);
    expect(early.body).toEqual({ message: `This trip departs at ${trip.departureTime}: tap Returned from ${trip.departureTime}.` });
    expect(await stepRows(trip.id)).toBe(5);
    const seen = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    expect([seen.status, seen.progress[0].current]).toEqual(['Confirmed', 'leftDestination']);
    expect((await tripRow(t, trip.id)).status).toBe('Confirmed');
  });

  it('answers 404 for another driver’s trip and a missing one, and 403 to a dispatcher, school staff and an admin', async () => {
    const trip = await assigned([[bus7, omar.driver]]);
    const res = await send(sara, tap(trip.id, 'leftDepot')).expect(404);
    expect(res.body).toEqual({ message: 'Trip not found.' });
    await send(other, tap(trip.id, 'leftDepot')).expect(404);
    await send(omar, tap(2_000_000_000, 'leftDepot')).expect(404);
    expect(await stepRows(trip.id)).toBe(0);
    const mine = (await send(omar, tap(trip.id, 'leftDepot')).expect(201)).body as DriverAssignmentDto;
    await post(sara, `/driver/steps/${mine.progress.steps[0].id}/undo`).expect(404);
    for (const u of [acme.users.busA, acme.users.staffA, acme.users.admin]) {
      await get(u, '/driver/today').expect(403);
      await send(u, tap(trip.id, 'atPickup')).expect(403);
      await post(u, `/driver/steps/${mine.progress.steps[0].id}/undo`).expect(403);
    }
    expect(await stepRows(trip.id)).toBe(1);
  });

  it.each([
    ['a step id that is not a UUID', { id: 'tap-1' }, 'The step id must be a UUID made by the device.'],
    ['a time too far ahead', { at: dayjs().add(10, 'minute').toISOString() }, 'ahead of the server'],
    ['a time more than 7 days old', { at: dayjs().subtract(8, 'day').toISOString() }, 'more than 7 days old'],
    ['a time without its offset', { at: '2026-12-02T09:15:00' }, 'with its offset'],
    ['a step that does not exist', { step: 'boarding' }, 'The step must be one of'],
    ['a negative count', { step: 'departed', passengers: -1 }, 'whole number from 0 to 999'],
    ['a note too long', { note: 'x'.repeat(501) }, 'at most 500 characters'],
  ])('refuses %s with 400 and writes nothing', async (_, over, message) => {
    const trip = await assigned([[bus7, omar.driver]]);
    const res = await send(omar, tap(trip.id, 'leftDepot', over)).expect(400);
    expect((res.body as { message: string }).message).toContain(message);
    expect(await stepRows(trip.id)).toBe(0);
  });

  it('undoes the latest step within the minute, and refuses it after', async () => {
    const trip = await assigned([[bus7, omar.driver]]);
    await send(omar, tap(trip.id, 'leftDepot')).expect(201);
    const pickup = (await send(omar, tap(trip.id, 'atPickup')).expect(201)).body as DriverAssignmentDto;
    const pickupId = pickup.progress.steps[1].id;
    const undone = (await post(omar, `/driver/steps/${pickupId}/undo`).expect(200)).body as DriverAssignmentDto;
    expect(undone).toMatchObject({ next: 'atPickup', progress: { current: 'leftDepot' } });
    expect(undone.progress.steps[1]).toMatchObject({ id: pickupId, undoneAt: expect.any(String) });
    expect((await post(omar, `/driver/steps/${pickupId}/undo`).expect(409)).body).toEqual({ message: 'This step is already undone.' });

    const again = (await send(omar, tap(trip.id, 'atPickup')).expect(201)).body as DriverAssignmentDto;
    const againId = again.progress.steps[2].id;
    // Two minutes pass.
    await t.db.query(`UPDATE trip_progress_steps SET received_at = received_at - interval '2 minutes' WHERE trip_id = $1`, [trip.id]);
    const late = await post(omar, `/driver/steps/${againId}/undo`).expect(409);
    expect(late.body).toEqual({ message: 'A step can be undone within a minute only: call your dispatcher.' });
    const [row] = await t.db.query<{ undone_at: Date | null }[]>('SELECT undone_at FROM trip_progress_steps WHERE id = $1', [againId]);
    expect(row.undone_at).toBeNull();
    await post(omar, `/driver/steps/not-a-uuid/undo`).expect(400);
  });

  it('completes a trip by itself once both of its buses have returned, with a history row saying why', async () => {
    const trip = await assigned([
      [bus7, omar.driver],
      [bus8, sara.driver],
    ]);
    await drive(omar, trip.id, 'returned');
    expect((await tripRow(t, trip.id)).status).toBe('Confirmed');
    await drive(sara, trip.id, 'leftDestination');
    const school = await connectLive(t.url, acme.users.admin.token, 'the admin');
    const last = await send(sara, tap(trip.id, 'returned')).expect(201);
    // the completion is a move of status, said with where it came from (the bell reads "completed"), and no driver's step
    const completed = await school.next('trip:updated', (e) => e.trip.id === trip.id && e.status === 'Completed');
    expect([completed.from, completed.driverStep, completed.by]).toEqual([
      'Confirmed',
      undefined,
      { id: sara.user.id, name: 'Sara Nasser' },
    ]);
    expect(last.body).toMatchObject({ status: 'Completed', next: null, progress: { current: 'returned' } });
    const row = await tripRow(t, trip.id);
    expect([row.status, row.version]).toEqual(['Completed', trip.version + 1]);
    const history = (await get(acme.users.admin, `/trips/${trip.id}/history`).expect(200)).body as TripHistoryDto[];
    expect(history.at(-1)).toMatchObject({
      action: 'complete',
      fromStatus: 'Confirmed',
      toStatus: 'Completed',
      by: { id: sara.user.id, name: 'Sara Nasser' },
      note: 'Every bus has returned.',
    });
    // A finished trip takes no more taps, nor undoes its last.
    expect((await send(omar, tap(trip.id, 'returned')).expect(409)).body).toEqual({
      message: 'This trip is completed: nothing more to tap.',
    });
    const lastId = (last.body as DriverAssignmentDto).progress.steps.at(-1)!.id;
    expect((await post(sara, `/driver/steps/${lastId}/undo`).expect(409)).body).toEqual({
      message: 'This trip is completed: its steps can no longer be undone.',
    });
    // It stays on the driver's day (completed today with their steps), with nothing left to tap.
    const day = (await get(sara, '/driver/today').expect(200)).body as DriverDayDto;
    expect(day.assignments.find((a) => a.tripId === trip.id)).toMatchObject({ status: 'Completed', next: null });
  });

  it('flags a departure count that differs from the passenger list, and tells the school', async () => {
    const trip = await assigned([[bus7, omar.driver]], { destination: 'Aquarium of the Gulf' });
    await t.db.query(`INSERT INTO trip_passengers (trip_id, full_name) VALUES ($1, 'Ali'), ($1, 'Mona'), ($1, 'Yara')`, [trip.id]);
    await drive(omar, trip.id, 'departed', 2);
    const seen = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    expect(seen.departureCount).toEqual({ counted: 2, listed: 3 });
    // The alert is raised right after the change, in the replica's background work: wait for it a little.
    const countAlerts = () =>
      w
        .named('notification.created')
        .filter(
          (e) => (e.notification as NotificationDto).tripId === trip.id && (e.notification as NotificationDto).kind === 'departureCount',
        );
    for (let waited = 0; countAlerts().length === 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const sent = countAlerts();
    expect(sent).toEqual([
      {
        notification: expect.objectContaining({
          kind: 'departureCount',
          title: 'Departure count differs',
          message: 'Aquarium of the Gulf departed with 2 passengers; the list has 3.',
        }),
        tenantId: acme.tenant.id,
        companyOrgId: acme.orgs.busA.id,
        schoolOrgId: acme.orgs.schoolA.id,
      },
    ]);
    const bell = (await get(acme.users.staffA, '/notifications').expect(200)).body as NotificationDto[];
    expect(bell.filter((n) => n.tripId === trip.id).map((n) => n.kind)).toEqual(['departureCount']);
    expect(((await get(acme.users.staffB, '/notifications').expect(200)).body as NotificationDto[]).some((n) => n.tripId === trip.id)).toBe(
      false,
    );
  });

  it('shows a bus late for departure 11 minutes after the plan, and on time 9 minutes after (10 minutes of grace)', async () => {
    await clearOfMinuteEdge();
    const late = await assigned([[bus7, omar.driver]], plannedAt(-11));
    const onTime = await assigned([[bus8, sara.driver]], plannedAt(-9));
    await send(omar, tap(late.id, 'acknowledged')).expect(201);
    await send(sara, tap(onTime.id, 'acknowledged')).expect(201);
    const read = async (id: number) => ((await get(acme.users.busA, `/trips/${id}`).expect(200)).body as TripDto).progress[0].late;
    expect(await read(late.id)).toBe('departure');
    expect(await read(onTime.id)).toBeNull();
    // Late clears itself on read once the step comes.
    await send(omar, tap(late.id, 'leftDepot')).expect(201);
    await send(omar, tap(late.id, 'atPickup')).expect(201);
    await send(omar, tap(late.id, 'departed', { passengers: 25 })).expect(201);
    expect(await read(late.id)).toBeNull();
  });

  it('shows no progress, no lateness and no alert for a bus whose driver has no account to tap with, until they have one', async () => {
    await clearOfMinuteEdge();
    const hassan = await buildDriver(t, acme.orgs.busA, { name: 'Hassan Qureshi' });
    // Two buses: the driver with an account reports, the one without does not (a hired bus is the same).
    const trip = await assigned(
      [
        [bus7, omar.driver],
        [bus8, hassan],
      ],
      plannedAt(-15),
    );
    expect(trip.progress.map((p) => [p.driverName, p.late])).toEqual([['Omar Haddad', 'departure']]);
    // The change's own check raised what was due; one more makes sure it has (alerts are raised once, whoever checks).
    await t.app.get(LateAlerts).check({ tripIds: [trip.id] });
    const bell = (await get(acme.users.staffA, '/notifications').expect(200)).body as NotificationDto[];
    expect(bell.filter((n) => n.tripId === trip.id).map((n) => n.message)).toEqual([
      `${bus7.name} (Omar Haddad) has not departed for ${trip.destination}: planned ${trip.departureTime}.`,
    ]);
    // Omar's bus returns; Hassan's reports nothing, so the trip waits for its company to complete it.
    await drive(omar, trip.id, 'returned');
    expect(((await get(acme.users.busA, `/trips/${trip.id}`).expect(200)).body as TripDto).status).toBe('Confirmed');

    // Once Hassan signs up through his invitation, his bus reports, and is late like any other: every console that
    // shows the trip is sent it again at once (its version unchanged: nothing about the trip itself changed).
    const admin = await connectLive(t.url, acme.users.admin.token, 'the admin');
    const since = admin.received.length;
    const invite = await post(acme.users.busA, `/fleet/drivers/${hassan.id}/invite`, { email: 'hassan@example.test' }).expect(201);
    const token = (invite.body as { url: string }).url.split('/join/')[1];
    await t.http().post(`/api/driver-invites/${token}`).send({ email: 'hassan@example.test', password: 'driving-pass-1' }).expect(201);
    const pushed = await admin.nextSince(since, 'trip:updated', (e) => e.trip.id === trip.id && e.trip.progress.length === 2);
    const read = (await get(acme.users.busA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    for (const seen of [pushed.trip, read]) {
      expect(seen.progress.map((p) => [p.driverName, p.current, p.late])).toEqual([
        ['Omar Haddad', 'returned', null],
        ['Hassan Qureshi', null, 'departure'],
      ]);
    }
    expect([pushed.trip.version, pushed.by]).toEqual([read.version, null]);
    // and his late bus is alerted like Omar's was (one more check makes sure the event's own has run)
    await t.app.get(LateAlerts).check({ tripIds: [trip.id] });
    const rung = (await get(acme.users.staffA, '/notifications').expect(200)).body as NotificationDto[];
    expect(rung.filter((n) => n.tripId === trip.id).map((n) => n.message)).toContain(
      `${bus8.name} (Hassan Qureshi) has not departed for ${trip.destination}: planned ${trip.departureTime}.`,
    );
  });

  it('sends the trip again when a driver’s account is set back to pending: the bus stops reporting, and is no longer late', async () => {
    await clearOfMinuteEdge();
    const trip = await assigned([[bus7, omar.driver]], plannedAt(-15));
    expect(trip.progress.map((p) => [p.driverName, p.late])).toEqual([['Omar Haddad', 'departure']]);
    const school = await connectLive(t.url, acme.users.staffA.token, 'school staff');
    const since = school.received.length;
    await t.http().put(`/api/users/${omar.user.id}`).set('Authorization', acme.users.admin.auth).send({ status: 'pending' }).expect(200);
    const pushed = await school.nextSince(since, 'trip:updated', (e) => e.trip.id === trip.id);
    expect([pushed.trip.progress, pushed.trip.version]).toEqual([[], trip.version]);
  });

  it('sends nothing again when a driver changes their own name or password: what a bus reports is the same', async () => {
    await clearOfMinuteEdge();
    const trip = await assigned([[bus7, omar.driver]], plannedAt(-15));
    const school = await connectLive(t.url, acme.users.staffA.token, 'school staff');
    const since = school.received.length;
    await t.http().patch('/api/users/me').set('Authorization', omar.auth).send({ name: 'Omar H.' }).expect(200);
    // the admin's edit of the name alone, too
    await t.http().put(`/api/users/${omar.user.id}`).set('Authorization', acme.users.admin.auth).send({ name: 'Omar Haddad' }).expect(200);
    await sleep(QUIET_MS);
    expect(school.eventsSince(since).filter((r) => r.event === 'trip:updated' && (r.payload.trip as TripDto).id === trip.id)).toEqual([]);
  });

  it('raises a late alert once when two checks race, to the company, the tenant’s admins and the school', async () => {
    await clearOfMinuteEdge();
    // Written straight to the database, so no change's event raises it first.
    const row = await buildTrip(t, acme, {
      status: 'Confirmed',
      destination: `Zoo ${randomUUID().slice(0, 6)}`,
      ...plannedAt(-15),
      buses: [
        { busType: 'White Bus', busSeats: 50, busId: bus7.id, busName: bus7.name, driverId: omar.driver.id, driverName: 'Omar Haddad' },
      ],
    });
    const trip = (await readTrip(t.db.manager, row.id))!;
    await syncFleetAssignments(t.db.manager, trip);
    w.events.length = 0;
    const alerts = t.app.get(LateAlerts);
    const raised = (await Promise.all([alerts.check({ tripIds: [trip.id] }), alerts.check({ tripIds: [trip.id] })])).flat();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      kind: 'late',
      lateKind: 'departure',
      driverId: omar.driver.id,
      title: 'Late departure',
      message: `${bus7.name} (Omar Haddad) has not departed for ${trip.destination}: planned ${trip.departureTime}.`,
    });
    const [{ n }] = await t.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM progress_alerts WHERE trip_id = $1', [trip.id]);
    expect(Number(n)).toBe(1);
    expect(w.named('notification.created').filter((e) => (e.notification as NotificationDto).tripId === trip.id)).toEqual([
      { notification: raised[0], tenantId: acme.tenant.id, companyOrgId: acme.orgs.busA.id, schoolOrgId: acme.orgs.schoolA.id },
    ]);
    for (const u of [acme.users.busA, acme.users.admin, acme.users.staffA]) {
      const bell = (await get(u, '/notifications').expect(200)).body as NotificationDto[];
      expect(bell.filter((n) => n.tripId === trip.id)).toEqual([raised[0]]);
    }
    for (const u of [acme.users.busB, acme.users.finance]) {
      const bell = (await get(u, '/notifications').expect(200)).body as NotificationDto[];
      expect(bell.some((n) => n.tripId === trip.id)).toBe(false);
    }
    // Once the bus has left, the alert is over.
    await send(omar, tap(trip.id, 'leftDepot')).expect(201);
    await send(omar, tap(trip.id, 'atPickup')).expect(201);
    await send(omar, tap(trip.id, 'departed', { passengers: 20 })).expect(201);
    const after = (await get(acme.users.busA, '/notifications').expect(200)).body as NotificationDto[];
    expect(after.filter((n) => n.tripId === trip.id)).toEqual([]);
  });
});
