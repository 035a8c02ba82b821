import { addDays, formatDay, weekStart } from '../../server/src/contracts/calendar';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { UnitOfWork } from '../../server/src/database/unit-of-work';
import { BusAlerts } from '../../server/src/fleet/bus-alerts.service';
import { TripFleet } from '../../server/src/fleet/trip-fleet.service';
import { OutboxDrainer } from '../../server/src/notices/outbox-drainer.service';
import { OutboxMessage } from '../../server/src/notices/outbox-message.entity';
import { Trip } from '../../server/src/trips/trip.entity';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { emailNoticesInvalid } from '../../server/src/users/users.schemas';
import { useApiWorld } from '../support/api-world';
import { startTestApp, type TestApp } from '../support/app';
import { buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildDriver } from '../support/fleet-factory';
import { mailTurns, startTestSmtp, type TestSmtp } from '../support/smtp';
import { testDriver } from '../support/test-env';
import { buildTrip } from '../support/trip-factory';

const PUBLIC_URL = 'https://console.example';

/**
 * E-mail for people away from the console, on the real app, database and a real SMTP server on loopback: the outbox
 * row is written with the change, a drain sends it once. The app drains only when told (MAIL_DRAIN_SECONDS=0), so each
 * test drains itself; on PostgreSQL other files' rows may be sent too, so every check names its own recipients.
 */
describe('E-mail: trip notices through the outbox', () => {
  let smtp: TestSmtp, t: TestApp, acme: TestTenant, other: TestTenant, drainer: OutboxDrainer;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  useApiWorld({ tenants: ['Mail', 'Elsewhere'], env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL }) }, (w) => {
    ({ t } = w);
    [acme, other] = w.tenants;
    drainer = t.app.get(OutboxDrainer);
  });
  // The outbox is shared by every test file of the run (one schema) and no test app drains it on its own, so other
  // files' notices pile up there; drain() sends whatever is due. Clear the pile once, with time for it, so each test's
  // drain sends little more than its own mail; in turns with the other files that drain and read their mail.
  const turns = mailTurns();
  beforeAll(() => turns.during(() => drainer.drain()), 180_000);
  afterAll(() => smtp.close());

  const patch = (who: TestUser, id: number, body: object) => t.http().patch(`/api/trips/${id}`).set('Authorization', who.auth).send(body);
  const outboxTo = (email: string) => t.db.getRepository(OutboxMessage).find({ where: { toEmail: email }, order: { id: 'ASC' } });
  /** A school staff member of school A of their own, so each test's mail is told apart. */
  const requester = (name = `Layla ${uniq()}`) =>
    buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', name, activeOrgId: acme.orgs.schoolA.id });

  it("mails the requester when a bus company accepts their trip: their name, the trip's facts, a link to it", async () => {
    const layla = await requester();
    const trip = await buildTrip(t, acme, { status: 'Pending', creator: layla, destination: `Science Discovery Centre ${uniq()}` });
    await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
    expect(await outboxTo(layla.user.email)).toEqual([
      expect.objectContaining({ notice: 'tripAccepted', userId: layla.user.id, tenantId: acme.tenant.id, sentAt: null, attempts: 0 }),
    ]);
    expect(smtp.to(layla.user.email)).toEqual([]);

    await drainer.drain();
    const [mail, ...more] = smtp.to(layla.user.email);
    expect(more).toEqual([]);
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.subject).toBe(`Trip accepted: ${trip.destination}, ${formatDay(trip.departureDate)}`);
    expect(mail.text).toContain(`Hello ${layla.user.name},`);
    expect(mail.text).toContain(`${acme.orgs.busA.name} accepted your trip to ${trip.destination}.`);
    expect(mail.text).toContain(`School: ${acme.orgs.schoolA.name}`);
    expect(mail.text).toContain(`Departure: ${formatDay(trip.departureDate)} ${trip.departureTime}`);
    expect(mail.text).toContain('Passengers: 25 students, 2 staff');
    expect(mail.text).toContain(`${PUBLIC_URL}/trips?trip=${trip.id}`);
    expect(mail.raw).toContain('text/html');
    for (const foreign of [other.tenant.name, other.orgs.schoolA.name, other.orgs.busA.name]) expect(mail.raw).not.toContain(foreign);
    expect(await outboxTo(layla.user.email)).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 1, lastError: null })]);
  });

  it('queues nothing for a requester who turned the notice off, and keeps their other notices on', async () => {
    const layla = await requester();
    const me = () => t.http().get('/api/users/me').set('Authorization', layla.auth);
    expect((await me().expect(200)).body.emailNotices).toEqual({
      approvalWaiting: true,
      requestApproved: true,
      changesRequested: true,
      requestDenied: true,
      requestWithdrawn: true,
      tripAccepted: true,
      tripRejected: true,
      tripConfirmed: true,
      cancellationApproved: true,
      needsBus: true,
    });
    const chosen = await t
      .http()
      .patch('/api/users/me')
      .set('Authorization', layla.auth)
      .send({ emailNotices: { tripAccepted: false } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.emailNotices).toMatchObject({ tripAccepted: false, tripRejected: true });
    expect((await me().expect(200)).body.emailNotices).toMatchObject({ tripAccepted: false, tripConfirmed: true });

    const accepted = await buildTrip(t, acme, { status: 'Pending', creator: layla });
    await patch(acme.users.busA, accepted.id, { status: 'Accepted' }).expect(200);
    expect(await outboxTo(layla.user.email)).toEqual([]);
    const rejected = await buildTrip(t, acme, { status: 'Pending', creator: layla });
    await patch(acme.users.busA, rejected.id, { status: 'Rejected' }).expect(200);
    expect((await outboxTo(layla.user.email)).map((m) => m.notice)).toEqual(['tripRejected']);
  });

  it.each([
    ['an unknown notice', { emailNotices: { everything: true } }],
    ['a notice that is not true or false', { emailNotices: { tripAccepted: 'yes' } }],
    ['a list instead of a choice', { emailNotices: ['tripAccepted'] }],
  ])('answers 400 to %s and keeps the choice', async (_name, body) => {
    const layla = await requester();
    const res = await t.http().patch('/api/users/me').set('Authorization', layla.auth).send(body);
    expect([res.status, res.body.message]).toEqual([400, emailNoticesInvalid]);
    expect(emailNoticesInvalid).toBe(
      'Choose e-mail notices by name: approvalWaiting, requestApproved, changesRequested, requestDenied, requestWithdrawn, tripAccepted, tripRejected, tripConfirmed, cancellationApproved, needsBus; each true or false.',
    );
    const stored = await t.db.query('SELECT email_notices FROM users WHERE id = $1', [layla.user.id]);
    expect(stored).toEqual([{ email_notices: null }]);
  });

  it('mails a rejection, a confirmation with its buses and drivers, and an approved cancellation', async () => {
    const layla = await requester();
    const rejected = await buildTrip(t, acme, { status: 'Pending', creator: layla, destination: `Aquarium ${uniq()}` });
    await patch(acme.users.busA, rejected.id, { status: 'Rejected' }).expect(200);
    const confirmed = await buildTrip(t, acme, { status: 'Accepted', buses: [], creator: layla, destination: `Zoo ${uniq()}` });
    const bus = { busType: 'White Bus', busSeats: 40, busName: 'Bus 7', driverName: 'Omar Haddad', driverPhone: '+971 50 111 2222' };
    await patch(acme.users.busA, confirmed.id, { status: 'Confirmed', buses: [bus] }).expect(200);
    const canceled = await buildTrip(t, acme, { status: 'Cancel Requested', creator: layla, destination: `Museum ${uniq()}` });
    await patch(acme.users.busA, canceled.id, { status: 'Canceled' }).expect(200);

    await drainer.drain();
    const mails = smtp.to(layla.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Trip rejected: ${rejected.destination}, ${formatDay(rejected.departureDate)}`,
      `Trip confirmed: ${confirmed.destination}, ${formatDay(confirmed.departureDate)}`,
      `Cancellation approved: ${canceled.destination}, ${formatDay(canceled.departureDate)}`,
    ]);
    expect(mails[1].text).toContain('Bus 1: Bus 7, 40 seats, driver Omar Haddad (+971 50 111 2222)');
    expect(mails[1].text).toContain(`${PUBLIC_URL}/trips?trip=${confirmed.id}`);
    expect(mails[2].text).toContain(`${PUBLIC_URL}/trips?trip=${canceled.id}`);
  });

  it('sends nothing to the requester for their own change, nor for a cancellation that was declined', async () => {
    const layla = await requester();
    const own = await buildTrip(t, acme, { status: 'Confirmed', creator: layla });
    await patch(layla, own.id, { status: 'Cancel Requested' }).expect(200);
    await patch(acme.users.busA, own.id, { status: 'Confirmed' }).expect(200);
    expect(await outboxTo(layla.user.email)).toEqual([]);
  });

  it("mails the company's dispatchers when its trip needs a bus, with a link to that week's board", async () => {
    const second = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
    const quiet = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
    // A sign-up still waiting for approval hears nothing of the company's trips.
    const waiting = await buildUser(t, {
      tenantId: acme.tenant.id,
      role: 'bus_company',
      activeOrgId: acme.orgs.busA.id,
      status: 'pending',
    });
    await t
      .http()
      .patch('/api/users/me')
      .set('Authorization', quiet.auth)
      .send({ emailNotices: { needsBus: false } })
      .expect(200);
    const day = addDays(t.app.get(TripFleet).today(), 1);
    const trip = await buildTrip(t, acme, {
      status: 'Accepted',
      buses: [],
      destination: `Space Museum ${uniq()}`,
      departureDate: day,
      returnDate: day,
      departureTime: '10:00 AM',
    });
    await t.app.get(BusAlerts).check({ tripIds: [trip.id] });
    expect(await outboxTo(quiet.user.email)).toEqual([]);
    expect(await outboxTo(waiting.user.email)).toEqual([]);
    expect(await outboxTo(acme.users.busB.user.email)).toEqual([]);

    await drainer.drain();
    for (const dispatcher of [acme.users.busA, second]) {
      const [mail, ...more] = smtp.to(dispatcher.user.email).filter((m) => m.subject.includes(trip.destination));
      expect(more).toEqual([]);
      expect(mail.subject).toBe(`Needs a bus: ${trip.destination} departs ${formatDay(day)} 10:00 AM`);
      expect(mail.text).toContain(`Hello ${dispatcher.user.name},`);
      expect(mail.text).toContain(`${PUBLIC_URL}/dispatch?week=${weekStart(day)}`);
    }
  });

  it('does not mail "Needs a bus" to the dispatcher whose accept raised it: the others hear of it', async () => {
    const second = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
    const day = addDays(t.app.get(TripFleet).today(), 1);
    const trip = await buildTrip(t, acme, { status: 'Pending', destination: `Opera House ${uniq()}`, departureDate: day, returnDate: day });
    await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
    // the check runs right after the change, in the background
    const deadline = Date.now() + 10_000;
    while ((await outboxTo(second.user.email)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await outboxTo(second.user.email)).toEqual([expect.objectContaining({ notice: 'needsBus' })]);
    const accepter = await outboxTo(acme.users.busA.user.email);
    expect(accepter.filter((m) => m.notice === 'needsBus' && m.subject.includes(trip.destination))).toEqual([]);
    // the bell's alert is the dispatcher's to-do all the same
    const alerts = (await t.http().get('/api/notifications').set('Authorization', acme.users.busA.auth).expect(200)).body as {
      tripId: number;
    }[];
    expect(alerts.map((a) => a.tripId)).toContain(trip.id);
  });

  it("mails a driver's invitation to the address the dispatcher gave, and says so", async () => {
    const driver = await buildDriver(t, acme.orgs.busA, { name: `Omar ${uniq()}` });
    const address = `omar.${uniq()}@example.test`;
    const res = await t
      .http()
      .post(`/api/fleet/drivers/${driver.id}/invite`)
      .set('Authorization', acme.users.busA.auth)
      .send({ email: address });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: address, emailed: true });
    const none = await buildDriver(t, acme.orgs.busA, { name: `Sara ${uniq()}` });
    const unmailed = await t.http().post(`/api/fleet/drivers/${none.id}/invite`).set('Authorization', acme.users.busA.auth).send({});
    expect(unmailed.body).toMatchObject({ email: null, emailed: false });

    await drainer.drain();
    const [mail, ...more] = smtp.to(address);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Your driver account with ${acme.orgs.busA.name}`);
    expect(mail.text).toContain(`Hello ${driver.name},`);
    expect(mail.text).toContain(res.body.url as string);
    expect(await outboxTo(address)).toEqual([expect.objectContaining({ notice: 'driverInvite', userId: null, attempts: 1 })]);
  });

  it('queues nothing when the change rolls back, though the notice was written inside its transaction', async () => {
    const layla = await requester();
    const trip = await buildTrip(t, acme, { status: 'Pending', creator: layla });
    const dto = (await t.http().get(`/api/trips/${trip.id}`).set('Authorization', acme.users.admin.auth).expect(200)).body as TripDto;
    const unitOfWork = t.app.get(UnitOfWork);
    let insideTransaction = -1;
    // Runs after the notices' hook (registered on start), then fails the change.
    const remove = unitOfWork.beforeCommit(async (tx) => {
      insideTransaction = await tx.getRepository(OutboxMessage).countBy({ toEmail: layla.user.email });
      throw new Error('changed my mind');
    });
    try {
      const work = unitOfWork.run(async ({ tx, publish }) => {
        await tx.update(Trip, { id: trip.id }, { status: 'Accepted', busCompanyOrgId: acme.orgs.busA.id });
        await tx.query(
          `INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_name) VALUES ($1, 'accept', 'Pending', 'Accepted', '[]', 'Test')`,
          [trip.id],
        );
        publish('trip.updated', { trip: { ...dto, status: 'Accepted' }, status: 'Accepted', tenantId: acme.tenant.id });
      });
      await expect(work).rejects.toThrow('changed my mind');
    } finally {
      remove();
    }
    expect(insideTransaction).toBe(1);
    expect(await outboxTo(layla.user.email)).toEqual([]);
    expect((await t.db.getRepository(Trip).findOneByOrFail({ id: trip.id })).status).toBe('Pending');
  });

  it('keeps a message the mail server refuses, and delivers it exactly once when the server takes it again', async () => {
    const layla = await requester();
    const trip = await buildTrip(t, acme, { status: 'Pending', creator: layla });
    smtp.refusing = true;
    try {
      await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
      await drainer.drain();
    } finally {
      smtp.refusing = false;
    }
    const [refused] = await outboxTo(layla.user.email);
    expect(refused).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining('451') });
    expect(refused.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(smtp.to(layla.user.email)).toEqual([]);

    // Not due yet: a drain now leaves it alone.
    await drainer.drain();
    expect(smtp.to(layla.user.email)).toEqual([]);
    await t.db.query('UPDATE outbox_messages SET next_attempt_at = now() WHERE id = $1', [refused.id]);
    await drainer.drain();
    await drainer.drain();
    expect(smtp.to(layla.user.email)).toHaveLength(1);
    expect(await outboxTo(layla.user.email)).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 2, lastError: null })]);
  });

  it('sends right after the change that queued mail, on a replica that drains by itself', async () => {
    const own = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_DRAIN_SECONDS: '3600' });
    try {
      const tenant = await buildTenant(own, 'Drains');
      const trip = await buildTrip(own, tenant, { status: 'Pending' });
      await own.http().patch(`/api/trips/${trip.id}`).set('Authorization', tenant.users.busA.auth).send({ status: 'Accepted' }).expect(200);
      // No drain called: the after-commit step sends it (the hourly timer is far off).
      while (smtp.to(tenant.users.staffA.user.email).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(smtp.to(tenant.users.staffA.user.email).map((m) => m.subject)).toEqual([
        `Trip accepted: ${trip.destination}, ${formatDay(trip.departureDate)}`,
      ]);
    } finally {
      await own.close();
    }
  });

  it('sends each message once when drains run at the same time', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => requester()));
    for (const person of people) {
      const trip = await buildTrip(t, acme, { status: 'Pending', creator: person });
      await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
    }
    // A second replica on the same database (PostgreSQL; an embedded database is one process's own).
    const replica = testDriver() === 'pg' ? await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }) : null;
    try {
      const drains = [drainer, drainer, ...(replica ? [replica.app.get(OutboxDrainer), replica.app.get(OutboxDrainer)] : [])];
      await Promise.all(drains.map((d) => d.drain()));
    } finally {
      await replica?.close();
    }
    expect(people.map((p) => smtp.to(p.user.email).length)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('marks the sent messages of a batch in one statement, not one per message, sent with the COMMIT', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => requester()));
    for (const person of people) {
      const trip = await buildTrip(t, acme, { status: 'Pending', creator: person });
      await patch(acme.users.busA, trip.id, { status: 'Accepted' }).expect(200);
    }
    // What the drain sends: statements through the ORM, and writes held for the COMMIT on the transaction's connection
    // (PostgreSQL's client or the embedded pool's, whichever this run's database has).
    const runner = t.db.createQueryRunner();
    await runner.startTransaction();
    const connection = Object.getPrototypeOf(await runner.connect()) as { later: (sql: string, params: unknown[]) => void };
    await runner.rollbackTransaction();
    await runner.release();
    const statements: string[] = [];
    const held: string[] = [];
    const query = PostgresQueryRunner.prototype.query;
    const later = connection.later;
    const spies = [
      jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (this: PostgresQueryRunner, ...args) {
        statements.push(String(args[0]));
        return query.apply(this, args);
      }),
      jest.spyOn(connection, 'later').mockImplementation(function (this: typeof connection, sql, params) {
        held.push(sql);
        return later.call(this, sql, params);
      }),
    ];
    try {
      await drainer.drain();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(people.map((p) => smtp.to(p.user.email).length)).toEqual([1, 1, 1, 1, 1]);
    for (const p of people) {
      expect(await outboxTo(p.user.email)).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 1 })]);
    }
    const claims = statements.filter((sql) => sql.includes('FOR UPDATE SKIP LOCKED'));
    const isMark = (sql: string) => sql.startsWith('UPDATE outbox_messages SET sent_at');
    // One mark per batch that sent anything (five messages fit one batch of 20, with what other files left due), each
    // held for its COMMIT.
    expect(held.filter(isMark).length).toBeGreaterThanOrEqual(1);
    expect(held.filter(isMark).length).toBeLessThanOrEqual(claims.length);
    expect(statements.filter(isMark)).toEqual([]);
  });
});
