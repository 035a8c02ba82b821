// The trip counters (migration TripCounters, server/src/trips/README.md "Counters"): the database keeps how many
// trips each scope has, and their prices, in the transaction of every write, and the dashboard's cards, Finance's
// totals and the unfiltered total of a list read them instead of counting. This suite runs a seeded-random sequence
// of writes through the API (create, edit, accept, reject, assign buses with prices, mark paid and unpaid, cancel,
// request, approve and decline a cancellation, complete, delete) and straight in SQL (dates moved, rows deleted, a
// requester removed, a status set), then 20 PATCHes at once, and proves after each stretch that:
//   - every counter equals what GROUP BY over the rows says (counts and price sums, to the fils);
//   - every role gets from the counters exactly what counting the trips answers (the same call with a filter that
//     keeps every trip, `from=1900-01-01`, takes the counting path), for the cards, the totals and a list's total.
import { SCHOOL_ONLY_STATUSES, type TripStatus } from '../../server/src/contracts/trip-wire';
import { TripCounters1795686490116 } from '../../server/src/database/migrations/1795686490116-TripCounters';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { testDriver } from '../support/test-env';
import { BUS, buildTrip, tripRequest } from '../support/trip-factory';

jest.setTimeout(300_000);

const SEED = 20261126;
const OPERATIONS = 300;
/** A filter every trip passes (its days overlap 1900-01-01 onwards): the counting path, with the same answer. */
const COUNTING = { from: '1900-01-01' };

/** mulberry32: the same sequence on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Row {
  id: number;
  status: TripStatus;
  school_org_id: number;
  bus_company_org_id: number | null;
  paid: boolean;
  departure_date: string;
  status_before_cancel_request: TripStatus | null;
}

interface Response {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

describe('trip counters: kept by the database under every write, read for the unfiltered figures', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;
  const today = new Date().toISOString().slice(0, 10);
  const rand = random(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  /** How many writes of each kind went through (answered 200, or a SQL statement that changed a row). */
  const done = new Map<string, number>();
  const tally = (kind: string) => done.set(kind, (done.get(kind) ?? 0) + 1);

  const get = (u: TestUser, path: string, query: Record<string, string> = {}): Promise<Response> =>
    t.http().get(`/api${path}`).query(query).set('Authorization', u.auth) as unknown as Promise<Response>;
  const patch = (u: TestUser, id: number, body: Record<string, unknown>): Promise<Response> =>
    t.http().patch(`/api/trips/${id}`).set('Authorization', u.auth).send(body) as unknown as Promise<Response>;

  const tenantIds = () => `${acme.tenant.id}, ${other.tenant.id}`;
  const rows = (tenant: TestTenant, where = 'true'): Promise<Row[]> =>
    t.db.query(
      `SELECT id, status, school_org_id, bus_company_org_id, paid, to_char(departure_date, 'YYYY-MM-DD') AS departure_date,
              status_before_cancel_request
         FROM trips WHERE tenant_id = ${tenant.tenant.id} AND deleted = false AND (${where}) ORDER BY id`,
    );
  const companyUser = (tenant: TestTenant, org: number | null) =>
    org === tenant.orgs.busA.id ? tenant.users.busA : org === tenant.orgs.busB.id ? tenant.users.busB : tenant.users.admin;
  const staffOf = (tenant: TestTenant, school: number) => (school === tenant.orgs.schoolA.id ? tenant.users.staffA : tenant.users.staffB);

  /** Counters that differ from GROUP BY over the rows (of these tenants, or of the whole database), and impossible ones. */
  async function counterMismatches(scope: 'tenants' | 'all'): Promise<unknown[]> {
    const mine = scope === 'all' ? 'true' : `tenant_id IN (${tenantIds()})`;
    const counters: unknown[] = await t.db.query(`
      WITH want AS (
        SELECT tenant_id, school_org_id, COALESCE(bus_company_org_id, 0) AS company_org_id, COALESCE(created_by_id, 0) AS created_by_id,
               status, paid, (id % 8)::smallint AS slot, count(*)::bigint AS n, sum(price)::numeric(18,2) AS price
          FROM trips WHERE deleted = false AND ${mine} GROUP BY 1, 2, 3, 4, 5, 6, 7
      ), have AS (
        SELECT tenant_id, school_org_id, company_org_id, created_by_id, status, paid, slot, n, price FROM trip_counters WHERE n <> 0 AND ${mine}
      )
      SELECT 'missing' AS side, * FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) a
      UNION ALL SELECT 'extra' AS side, * FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) b`);
    const days: unknown[] = await t.db.query(`
      WITH want AS (
        SELECT tenant_id, departure_date, school_org_id, COALESCE(bus_company_org_id, 0) AS company_org_id,
               COALESCE(created_by_id, 0) AS created_by_id, status, count(*)::bigint AS n
          FROM trips WHERE deleted = false AND ${mine} GROUP BY 1, 2, 3, 4, 5, 6
      ), have AS (
        SELECT tenant_id, departure_date, school_org_id, company_org_id, created_by_id, status, n FROM trip_day_counters WHERE n <> 0 AND ${mine}
      )
      SELECT 'missing day' AS side, * FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) a
      UNION ALL SELECT 'extra day' AS side, * FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) b`);
    const impossible: unknown[] = await t.db.query(`
      SELECT 'impossible' AS side, * FROM trip_counters WHERE (n < 0 OR (n = 0 AND price <> 0)) AND ${mine}
      UNION ALL SELECT 'impossible day', tenant_id, school_org_id, company_org_id, created_by_id, status, NULL, NULL, n, NULL
        FROM trip_day_counters WHERE n < 0 AND ${mine}`);
    return [...counters, ...days, ...impossible];
  }

  /** The dashboard's cards as a user sees them on `day`, and the ids of its upcoming list. */
  async function cards(u: TestUser, extra: Record<string, string>, day: string) {
    const stats = await get(u, '/trips/stats', { ...extra, today: day });
    expect(stats.status).toBe(200);
    const { upcomingTrips, ...figures } = stats.body as Record<'total' | 'upcoming' | 'pending' | 'cancelled', number> & {
      upcomingTrips: { id: number }[];
    };
    return { ...figures, upcomingIds: upcomingTrips.map((x) => x.id) };
  }

  /** What a user sees: the cards, the totals and a list's total (a page's and the plain array's X-Total-Count). */
  async function figures(u: TestUser, extra: Record<string, string>, day: string) {
    const totals = await get(u, '/trips/totals', extra);
    const page = await get(u, '/trips', { ...extra, page: '1', pageSize: '5' });
    const slice = await get(u, '/trips', { ...extra, limit: '3' });
    for (const res of [totals, page, slice]) expect(res.status).toBe(200);
    return {
      cards: await cards(u, extra, day),
      totals: totals.body as Record<string, number>,
      pageTotal: (page.body as { total: number }).total,
      sliceTotal: Number(slice.headers['x-total-count']),
    };
  }

  /** Every role (and filters the counters answer) gets from the counters what counting the rows answers. */
  async function expectFiguresAsCounted(): Promise<void> {
    const { users } = acme;
    const people: [string, TestUser, Record<string, string>][] = [
      ['admin', users.admin, {}],
      ['finance', users.finance, {}],
      ['school staff A', users.staffA, {}],
      ['school staff B', users.staffB, {}],
      ['school staff without a school', users.staffNoOrg, {}],
      ['bus company A', users.busA, {}],
      ['bus company B', users.busB, {}],
      ['trip manager', users.manager, {}],
      ['platform admin, one tenant', root, { tenant_id: String(acme.tenant.id) }],
      // Another tenant's tenant_id is ignored for anyone but a platform admin.
      ['admin naming another tenant', users.admin, { tenant_id: String(other.tenant.id) }],
    ];
    // Across every tenant only where no other suite writes meanwhile (the embedded database is this file's own).
    if (testDriver() === 'pglite') people.push(['platform admin, every tenant', root, {}]);
    // None, and the filters a counter's key holds; a paid filter's dashboard is counted (no paid flag on the days).
    const filters: Record<string, string>[] = [
      {},
      { status: 'Pending' },
      { status: 'Canceled' },
      { status: 'Awaiting Approval' },
      { paid: 'true' },
      { paid: 'false' },
      { status: 'Confirmed', paid: 'false' },
    ];
    for (const [who, user, scope] of people) {
      for (const filter of filters) {
        const q = { ...scope, ...filter };
        const fromCounters = await figures(user, q, today);
        const counted = await figures(user, { ...q, ...COUNTING }, today);
        expect({ who, filter, ...fromCounters }).toEqual({ who, filter, ...counted });
      }
      // "Upcoming" from other days than today (the caller's today is theirs to give).
      for (const day of [addDays(today, -45), addDays(today, 60), '2000-01-01']) {
        expect({ who, day, ...(await cards(user, scope, day)) }).toEqual({
          who,
          day,
          ...(await cards(user, { ...scope, ...COUNTING }, day)),
        });
      }
    }
  }

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Counters');
    other = await buildTenant(t, 'Elsewhere');
    root = await buildPlatformAdmin(t);
    // A few trips in the other tenant, and two requested by school staff without a school (they see their own).
    for (const status of ['Pending', 'Confirmed', 'Completed'] as const) {
      await buildTrip(t, other, { status, paid: status === 'Completed', price: '120.50', departureDate: addDays(today, 3) });
    }
    for (const status of ['Pending', 'Accepted'] as const) {
      await buildTrip(t, acme, {
        status,
        creator: acme.users.staffNoOrg,
        departureDate: addDays(today, 10),
        returnDate: addDays(today, 10),
      });
    }
    // A trip of school B (busA's partner is school A only) that an admin gives to busA: busA sees it as assigned to it.
    const res = await t
      .http()
      .post('/api/trips')
      .set('Authorization', acme.users.staffB.auth)
      .send(tripRequest({ departureDate: addDays(today, 20), returnDate: addDays(today, 20) }));
    expect(res.status).toBe(201);
    const accepted = await patch(acme.users.admin, res.body.id, { status: 'Accepted', busCompanyOrgId: acme.orgs.busA.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ busCompanyOrgId: acme.orgs.busA.id, schoolOrgId: acme.orgs.schoolB.id });
  });
  afterAll(() => t?.close());

  /** One random write through the API or SQL; answers what it tried. */
  async function step(): Promise<string> {
    const { users, orgs } = acme;
    const live = await rows(acme);
    const some = (pred: (r: Row) => boolean) => {
      const xs = live.filter(pred);
      return xs.length > 0 ? pick(xs) : null;
    };
    const expectOk = (kind: string, res: Response, ok = [200]) => {
      // A refusal (a rule, a stale version) is fine and writes nothing; a 5xx never is.
      expect(res.status).toBeLessThan(500);
      if (ok.includes(res.status)) tally(kind);
    };
    const r = rand();
    if (r < 0.16) {
      const who = pick([users.staffA, users.staffB, users.admin, users.manager]);
      const day = addDays(today, Math.floor(rand() * 800) - 400);
      const body = tripRequest({
        departureDate: day,
        returnDate: rand() < 0.2 ? addDays(day, 2) : day,
        destination: `Place ${Math.floor(rand() * 1e6)}`,
      });
      const school = pick([orgs.schoolA.id, orgs.schoolB.id]);
      const res = await t
        .http()
        .post('/api/trips')
        .set('Authorization', who.auth)
        .send(who === users.staffA || who === users.staffB ? body : { ...body, schoolOrgId: school });
      expectOk('create', res as unknown as Response, [201]);
      return 'create';
    }
    if (r < 0.26) {
      const trip = some((x) => x.status === 'Pending');
      if (!trip) return 'none';
      if (rand() < 0.75) {
        // The partner company, or an admin naming any company of the tenant (a non-partner one too).
        const admin = rand() < 0.35;
        const partner = trip.school_org_id === orgs.schoolA.id ? users.busA : users.busB;
        const res = await patch(
          admin ? users.admin : partner,
          trip.id,
          admin ? { status: 'Accepted', busCompanyOrgId: pick([orgs.busA.id, orgs.busB.id]) } : { status: 'Accepted' },
        );
        expectOk('accept', res);
        return 'accept';
      }
      const res = await patch(users.admin, trip.id, { status: 'Rejected' });
      expectOk('reject', res);
      return 'reject';
    }
    if (r < 0.38) {
      const trip = some((x) => x.status === 'Accepted' || x.status === 'Confirmed');
      if (!trip) return 'none';
      const price = Math.floor(rand() * 90_000) + 1; // fils
      const buses = [{ ...BUS, busSeats: 60, tripPrice: price / 100 }];
      if (rand() < 0.5) buses.push({ ...BUS, busSeats: 20, tripPrice: Math.floor(rand() * 5_000) / 100 });
      const res = await patch(companyUser(acme, trip.bus_company_org_id), trip.id, { status: 'Confirmed', buses });
      expectOk('assign buses', res);
      return 'assign buses';
    }
    if (r < 0.5) {
      const trip = some(() => true);
      if (!trip) return 'none';
      const res = await patch(rand() < 0.8 ? users.finance : users.admin, trip.id, { paid: !trip.paid });
      expectOk(trip.paid ? 'mark unpaid' : 'mark paid', res);
      return 'mark paid';
    }
    if (r < 0.58) {
      const trip = some((x) => x.status !== 'Canceled' && x.status !== 'Completed');
      if (!trip) return 'none';
      const day = addDays(trip.departure_date, Math.floor(rand() * 60) - 30);
      // School staff's edit of a Confirmed trip makes it Pending (an edit request); an admin's keeps the status.
      const who = rand() < 0.5 ? users.admin : staffOf(acme, trip.school_org_id);
      const res = await patch(who, trip.id, rand() < 0.3 ? { notes: `Note ${rand()}` } : { departureDate: day, returnDate: day });
      expectOk('edit', res);
      return 'edit';
    }
    if (r < 0.64) {
      const trip = some((x) => ['Pending', 'Accepted', 'Confirmed', 'Awaiting Approval'].includes(x.status));
      if (!trip) return 'none';
      const res = await patch(users.admin, trip.id, { status: 'Canceled' });
      expectOk('cancel', res);
      return 'cancel';
    }
    if (r < 0.7) {
      const trip = some((x) => x.status === 'Accepted' || x.status === 'Confirmed');
      if (!trip) return 'none';
      const res = await patch(staffOf(acme, trip.school_org_id), trip.id, { status: 'Cancel Requested' });
      expectOk('request cancel', res);
      return 'request cancel';
    }
    if (r < 0.75) {
      const trip = some((x) => x.status === 'Cancel Requested');
      if (!trip) return 'none';
      const approve = rand() < 0.6;
      const res = await patch(
        companyUser(acme, trip.bus_company_org_id),
        trip.id,
        approve ? { status: 'Canceled' } : { status: trip.status_before_cancel_request },
      );
      expectOk(approve ? 'approve cancel' : 'decline cancel', res);
      return 'answer cancel';
    }
    if (r < 0.8) {
      // Completing needs a Confirmed trip that is back: move one into the past first if none is.
      let trip = some((x) => x.status === 'Confirmed' && x.departure_date < addDays(today, -1));
      if (!trip) {
        const confirmed = some((x) => x.status === 'Confirmed');
        if (!confirmed) return 'none';
        const day = addDays(today, -2 - Math.floor(rand() * 300));
        await t.db.query(`UPDATE trips SET departure_date = $2, return_date = $2 WHERE id = $1`, [confirmed.id, day]);
        tally('sql: date');
        trip = confirmed;
      }
      const res = await patch(companyUser(acme, trip.bus_company_org_id), trip.id, { status: 'Completed' });
      expectOk('complete', res);
      return 'complete';
    }
    if (r < 0.84) {
      const trip = some((x) => x.status === 'Canceled');
      if (!trip) return 'none';
      const res = await patch(users.admin, trip.id, { deleted: true });
      expectOk('delete', res);
      return 'delete';
    }
    // Straight in SQL, as an operator or a migration would.
    const trip = some(() => true);
    if (!trip) return 'none';
    const s = rand();
    if (s < 0.3) {
      const day = addDays(today, Math.floor(rand() * 400) - 200);
      await t.db.query(`UPDATE trips SET departure_date = $2, return_date = $2 WHERE id = $1`, [trip.id, day]);
      tally('sql: date');
    } else if (s < 0.4) {
      await t.db.query(`DELETE FROM trips WHERE id = $1`, [trip.id]);
      tally('sql: delete');
    } else if (s < 0.45) {
      // Several rows in one statement, a soft-deleted one among them (it was never counted).
      const [{ n }] = await t.db.query(
        `WITH gone AS (DELETE FROM trips WHERE id IN (
            (SELECT id FROM trips WHERE tenant_id = $1 AND deleted ORDER BY id LIMIT 1)
            UNION ALL (SELECT id FROM trips WHERE tenant_id = $1 AND NOT deleted ORDER BY id DESC LIMIT 3)) RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [acme.tenant.id],
      );
      if (n > 0) tally('sql: delete many');
    } else if (s < 0.5) {
      // Several trips in one statement, across schools, companies, statuses, paid and deleted.
      await t.db.query(
        `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, destination,
            departure_date, departure_time, return_date, return_time, students, status, paid, price, deleted)
         SELECT $1, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, CASE WHEN g % 3 = 0 THEN NULL ELSE $4::int END,
                CASE WHEN g % 4 = 0 THEN NULL ELSE $5::int END, 'Bulk', 'bulk@example.test', 'Day Trip', 'Bulk ' || g,
                $6::date + g * 17 - 40, '08:00 AM', $6::date + g * 17 - 40, '05:00 PM', 20,
                (ARRAY['Pending','Accepted','Confirmed','Completed','Canceled','Rejected','Cancel Requested','Awaiting Approval'])[1 + g % 8],
                g % 2 = 1, g * 12.34, g = 5
           FROM generate_series(1, 6) g`,
        [acme.tenant.id, orgs.schoolA.id, orgs.schoolB.id, pick([orgs.busA.id, orgs.busB.id]), users.staffA.user.id, today],
      );
      tally('sql: insert many');
    } else if (s < 0.65) {
      // The requester's account gone (the foreign key's SET NULL does the same).
      await t.db.query(`UPDATE trips SET created_by_id = NULL WHERE id = $1`, [trip.id]);
      tally('sql: requester removed');
    } else if (s < 0.8) {
      // A request still at its school: no bus company sees it.
      await t.db.query(`UPDATE trips SET status = $2, bus_company_org_id = NULL WHERE id = $1`, [trip.id, pick(SCHOOL_ONLY_STATUSES)]);
      tally('sql: at school');
    } else if (s < 0.9) {
      await t.db.query(`UPDATE trips SET price = $2 WHERE id = $1`, [trip.id, (Math.floor(rand() * 100_000) / 100).toFixed(2)]);
      tally('sql: price');
    } else {
      // Several rows in one statement, across keys (every fifth of the tenant's trips, by rank: the same ones on every run).
      await t.db.query(
        `UPDATE trips SET paid = NOT paid, price = price + 1.25
          WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM trips WHERE tenant_id = $1) x WHERE r % 5 = $2)`,
        [acme.tenant.id, Math.floor(rand() * 5)],
      );
      tally('sql: many rows');
    }
    return 'sql';
  }

  it(`keeps every counter equal to the rows through ${OPERATIONS} random writes`, async () => {
    for (let i = 1; i <= OPERATIONS; i++) {
      await step();
      if (i % 50 === 0) expect({ after: i, mismatches: await counterMismatches('tenants') }).toEqual({ after: i, mismatches: [] });
    }
    // Every kind of write went through at least once, so the comparison above saw each of them.
    for (const kind of [
      'create',
      'accept',
      'reject',
      'assign buses',
      'mark paid',
      'mark unpaid',
      'edit',
      'cancel',
      'request cancel',
      'complete',
      'delete',
    ]) {
      expect({ kind, done: (done.get(kind) ?? 0) > 0 }).toEqual({ kind, done: true });
    }
    for (const kind of [
      'sql: date',
      'sql: delete',
      'sql: delete many',
      'sql: insert many',
      'sql: requester removed',
      'sql: at school',
      'sql: price',
      'sql: many rows',
    ]) {
      expect({ kind, done: (done.get(kind) ?? 0) > 0 }).toEqual({ kind, done: true });
    }
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM trip_counters WHERE tenant_id = $1 AND n > 0`, [acme.tenant.id]);
    expect(n).toBeGreaterThan(20);
  });

  it('keeps them through 20 PATCHes at once on trips that share counter rows', async () => {
    const { users } = acme;
    const day = addDays(today, 30);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t
        .http()
        .post('/api/trips')
        .set('Authorization', users.staffA.auth)
        .send(tripRequest({ departureDate: day, returnDate: day }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const all = (reqs: Promise<Response>[]) => Promise.all(reqs).then((rs) => rs.map((x) => x.status));
    // One key and one day for all twenty: the same eight counter rows and one day row.
    expect(await all(ids.map((id) => patch(users.busA, id, { status: 'Accepted' })))).toEqual(ids.map(() => 200));
    // Half paid, then every one flipped at once: paid → unpaid and unpaid → paid meet on the same rows in both orders.
    for (const id of ids.slice(0, 10)) expect((await patch(users.finance, id, { paid: true })).status).toBe(200);
    expect(await all(ids.map((id, i) => patch(users.finance, id, { paid: i >= 10 })))).toEqual(ids.map(() => 200));
    // Buses with prices, and edits that move the day, together.
    expect(
      await all(
        ids.map((id, i) =>
          i % 2 === 0
            ? patch(users.busA, id, { status: 'Confirmed', buses: [{ ...BUS, busSeats: 50, tripPrice: 100 + i + 0.25 }] })
            : patch(users.admin, id, { departureDate: addDays(day, i), returnDate: addDays(day, i) }),
        ),
      ),
    ).toEqual(ids.map(() => 200));
    expect(await counterMismatches('tenants')).toEqual([]);
    const totals = (await get(users.busA, '/trips/totals')).body;
    expect(totals).toEqual((await get(users.busA, '/trips/totals', COUNTING)).body);
  });

  it('answers every role, unfiltered and by status or paid, exactly what counting the trips answers', async () => {
    // One more trip of school B given to busA (not its partner), whatever the random writes did to the first.
    const res = await t
      .http()
      .post('/api/trips')
      .set('Authorization', acme.users.staffB.auth)
      .send(tripRequest({ departureDate: addDays(today, 5), returnDate: addDays(today, 5) }));
    expect(res.status).toBe(201);
    expect((await patch(acme.users.admin, res.body.id, { status: 'Accepted', busCompanyOrgId: acme.orgs.busA.id })).status).toBe(200);
    // The figures are not trivially zero: the sequence left trips in many statuses, paid and unpaid, past and future.
    const admin = await figures(acme.users.admin, {}, today);
    expect(admin.pageTotal).toBeGreaterThan(40);
    expect(admin.cards.upcoming).toBeGreaterThan(5);
    expect(admin.totals.paidRevenue).toBeGreaterThan(0);
    // busA sees school B's trip it was given (not a partner's), and not school B's others.
    const busA = await figures(acme.users.busA, {}, today);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM trips WHERE tenant_id = $1 AND deleted = false AND status <> ALL($2::varchar[])
          AND (bus_company_org_id = $3 OR school_org_id = $4)`,
      [acme.tenant.id, `{${SCHOOL_ONLY_STATUSES.map((s) => `"${s}"`).join(',')}}`, acme.orgs.busA.id, acme.orgs.schoolA.id],
    );
    expect(busA.pageTotal).toBe(n);
    await expectFiguresAsCounted();
  });

  it('does not touch a counter when a write changes nothing it counts (notes, times)', async () => {
    const [trip] = await rows(acme, `status = 'Pending'`);
    const before = await t.db.query(`SELECT xmin::text AS x, * FROM trip_counters WHERE tenant_id = $1 ORDER BY 2, 3, 4, 5, 6, 7, 8`, [
      acme.tenant.id,
    ]);
    const beforeDays = await t.db.query(`SELECT xmin::text AS x FROM trip_day_counters WHERE tenant_id = $1 ORDER BY 1`, [acme.tenant.id]);
    const res = await patch(acme.users.admin, trip.id, { notes: 'Only the notes change', departureTime: '10:15 AM' });
    expect(res.status).toBe(200);
    expect(
      await t.db.query(`SELECT xmin::text AS x, * FROM trip_counters WHERE tenant_id = $1 ORDER BY 2, 3, 4, 5, 6, 7, 8`, [acme.tenant.id]),
    ).toEqual(before);
    expect(await t.db.query(`SELECT xmin::text AS x FROM trip_day_counters WHERE tenant_id = $1 ORDER BY 1`, [acme.tenant.id])).toEqual(
      beforeDays,
    );
    // A price alone moves the counters but no day.
    await t.db.query(`UPDATE trips SET price = price + 10 WHERE id = $1`, [trip.id]);
    expect(await t.db.query(`SELECT xmin::text AS x FROM trip_day_counters WHERE tenant_id = $1 ORDER BY 1`, [acme.tenant.id])).toEqual(
      beforeDays,
    );
    expect(await counterMismatches('tenants')).toEqual([]);
  });

  // The embedded database is this file's own: it can drop and rebuild the counters, and truncate the trips.
  const ownDatabase = testDriver() === 'pglite' ? it : it.skip;

  ownDatabase(
    'agrees across the whole database, rebuilds the counters from the rows (the migration), and empties them on TRUNCATE',
    async () => {
      expect(await counterMismatches('all')).toEqual([]);
      const migration = new TripCounters1795686490116();
      const runner = t.db.createQueryRunner();
      try {
        await migration.down(runner);
        await migration.up(runner);
      } finally {
        await runner.release();
      }
      expect(await counterMismatches('all')).toEqual([]);
      await expectFiguresAsCounted();
      await t.db.query(`TRUNCATE trips CASCADE`);
      expect(
        await t.db.query(`SELECT (SELECT count(*)::int FROM trip_counters) AS a, (SELECT count(*)::int FROM trip_day_counters) AS b`),
      ).toEqual([{ a: 0, b: 0 }]);
    },
  );
});
