// GET /trips with the All Trips page's own controls, its cap and next slice, deep pages, the aggregates, the streamed
// CSV export, tenant isolation, and the 400s for parameters that do not read.
import Papa from 'papaparse';
import { TRIP_CSV_COLUMNS, tripCsvRow } from '../../server/src/contracts/trip-csv';
import {
  compareTrips,
  MAX_TRIP_SLICE,
  type TripListSubject,
  TripListMessages as M,
  type TripOrder,
  type TripPage,
} from '../../server/src/contracts/trip-list';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { buildTrip } from '../support/trip-factory';

const MANY = 6_010;

interface Response {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, string>;
}

describe('GET /trips at scale: pages, slices, aggregates, export', () => {
  let t: TestApp;
  let acme: TestTenant;
  let many: TestTenant;
  let root: TestUser;
  /** The trips of `many`, as the database holds them (for orders computed without the server). */
  let manyRows: TripListSubject[];
  /** Each of those trips' school. */
  let schoolOf: Map<number, number>;

  const get = (u: TestUser, path: string, query: Record<string, string> = {}): Promise<Response> =>
    t.http().get(`/api${path}`).query(query).set('Authorization', u.auth) as unknown as Promise<Response>;
  const order = (rows: TripListSubject[], o: TripOrder) => [...rows].sort((a, b) => compareTrips(a, b, o)).map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Paging');
    many = await buildTenant(t, 'Many');
    root = await buildPlatformAdmin(t);
    // Six thousand trips written with one statement: dates over 13 months, times around the clock, every status.
    const { orgs, users } = many;
    await t.db.query(
      `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, destination,
          departure_date, departure_time, return_date, return_time, students, notes, status, paid, price)
       SELECT $1, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, NULL, $4, $5, $6, 'Day Trip', 'Destination ' || g,
          DATE '2031-01-01' + (g * 7919) % 400, lpad((1 + g % 12)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + g % 4] || CASE WHEN g % 3 = 0 THEN ' PM' ELSE ' AM' END,
          DATE '2031-01-01' + (g * 7919) % 400, '11:59 PM', 20, CASE WHEN g % 10 = 0 THEN 'Bring hats' END,
          (ARRAY['Pending','Accepted','Confirmed','Completed','Canceled','Rejected','Cancel Requested'])[1 + g % 7], g % 4 = 0, (g % 50) * 10
       FROM generate_series(1, $7::int) g`,
      [many.tenant.id, orgs.schoolA.id, orgs.schoolB.id, users.staffA.user.id, users.staffA.user.name, users.staffA.user.email, MANY],
    );
    const rows: { id: number; departure_date: string; departure_time: string; school_org_id: number }[] = await t.db.query(
      `SELECT id, to_char(departure_date, 'YYYY-MM-DD') AS departure_date, departure_time, school_org_id FROM trips WHERE tenant_id = $1`,
      [many.tenant.id],
    );
    manyRows = rows.map((r) => ({ id: r.id, departureDate: r.departure_date, departureTime: r.departure_time }) as TripListSubject);
    schoolOf = new Map(rows.map((r) => [r.id, r.school_org_id]));
  }, 120_000);
  afterAll(() => t.close());

  describe("without page parameters: the spec's array, capped, with the next slice", () => {
    it(`answers at most ${MAX_TRIP_SLICE} trips newest first, the total in X-Total-Count and the next slice in Link; following Link yields every trip once`, async () => {
      const want = order(manyRows, { sort: 'id', dir: 'desc' });
      const seen: number[] = [];
      let next: string | undefined = '/api/trips';
      let slices = 0;
      while (next) {
        const res: Response = (await t.http().get(next).set('Authorization', many.users.admin.auth)) as unknown as Response;
        expect(res.status).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
        expect(res.headers['x-total-count']).toBe(String(MANY));
        const ids = (res.body as TripDto[]).map((x) => x.id);
        expect(ids.length).toBe(Math.min(MAX_TRIP_SLICE, MANY - seen.length));
        seen.push(...ids);
        next = /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];
        slices += 1;
      }
      expect(slices).toBe(Math.ceil(MANY / MAX_TRIP_SLICE));
      expect(seen).toEqual(want);
    });

    it('keeps the filters and the sort in the next link, and answers fewer with limit', async () => {
      const res = await get(many.users.admin, '/trips', { status: 'pending', sort: 'date', dir: 'desc', limit: '50' });
      expect(res.status).toBe(200);
      expect((res.body as TripDto[]).length).toBe(50);
      expect((res.body as TripDto[]).every((x) => x.status === 'Pending')).toBe(true);
      const link = /^<([^>]+)>; rel="next"$/.exec(res.headers.link)![1];
      const url = new URL(link, 'http://x');
      expect(url.pathname).toBe('/api/trips');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        status: 'pending',
        sort: 'date',
        dir: 'desc',
        limit: '50',
        cursor: expect.stringMatching(/^\d{4}-\d{2}-\d{2}\.\d+\.\d+$/),
      });
      const last = (res.body as TripDto[])[49];
      const nextRes = (await t.http().get(link).set('Authorization', many.users.admin.auth)) as unknown as Response;
      const first = (nextRes.body as TripDto[])[0];
      expect(compareTrips(last, first, { sort: 'date', dir: 'desc' })).toBeLessThan(0);
    });

    it('lets a console on another configured origin read the total and the next link', async () => {
      const other = await startTestApp({ CLIENT_ORIGIN: 'https://console.example' });
      try {
        const res = await other
          .http()
          .get('/api/trips')
          .set('Origin', 'https://console.example')
          .set('Authorization', acme.users.admin.auth);
        // and a 429's Retry-After, so such a console can wait exactly as long as it must
        expect(res.headers['access-control-expose-headers']).toBe('X-Total-Count,Link,Retry-After');
      } finally {
        await other.close();
      }
    });

    it('sends no Link for a list that fits, and the total still', async () => {
      const mine = await buildTrip(t, acme, { status: 'Pending' });
      const res = await get(acme.users.admin, '/trips');
      expect(res.status).toBe(200);
      expect(res.headers.link).toBeUndefined();
      expect(res.headers['x-total-count']).toBe(String((res.body as TripDto[]).length));
      expect((res.body as TripDto[]).map((x) => x.id)).toContain(mine.id);
    });
  });

  describe('with page parameters: one page and the total', () => {
    it('answers {trips, total, page, pageSize, pageCount}, 12 a page by default', async () => {
      const res = await get(many.users.admin, '/trips', { page: '2' });
      expect(res.status).toBe(200);
      const body = res.body as TripPage;
      expect({ ...body, trips: body.trips.map((x) => x.id) }).toEqual({
        trips: order(manyRows, { sort: 'id', dir: 'desc' }).slice(12, 24),
        total: MANY,
        page: 2,
        pageSize: 12,
        pageCount: Math.ceil(MANY / 12),
      });
      expect(res.headers['x-total-count']).toBeUndefined();
      const sized = (await get(many.users.admin, '/trips', { pageSize: '25' })).body as TripPage;
      expect([sized.page, sized.pageSize, sized.trips.length]).toEqual([1, 25, 25]);
    });

    it.each([
      [{ sort: 'id', dir: 'desc' }, {}],
      [
        { sort: 'id', dir: 'asc' },
        { sort: 'id', dir: 'asc' },
      ],
      [{ sort: 'date', dir: 'asc' }, { sort: 'date' }],
      [
        { sort: 'date', dir: 'desc' },
        { sort: 'date', dir: 'desc' },
      ],
    ] as [TripOrder, Record<string, string>][])(
      'finds every page of a long list in its place, the last ones included (%j)',
      async (o, query) => {
        const want = order(manyRows, o);
        const pageCount = Math.ceil(MANY / 12);
        for (const page of [1, 2, 250, 400, 417, 418, 450, 500, pageCount - 1, pageCount, pageCount + 1, 100_000]) {
          const body = (await get(many.users.admin, '/trips', { ...query, page: String(page), pageSize: '12' })).body as TripPage;
          expect({ page, total: body.total, ids: body.trips.map((x) => x.id) }).toEqual({
            page,
            total: MANY,
            ids: want.slice((page - 1) * 12, page * 12),
          });
        }
      },
    );

    it('filters by search, month, status and paid, alone and together, and counts what matches', async () => {
      const { users } = acme;
      const museum = await buildTrip(t, acme, {
        status: 'Completed',
        destination: 'Science MUSEUM',
        departureDate: '2032-03-31',
        returnDate: '2032-04-02',
        paid: true,
        price: '120.50',
      });
      const zoo = await buildTrip(t, acme, {
        status: 'Completed',
        destination: 'City Zoo',
        notes: 'near the museum',
        departureDate: '2032-04-01',
        returnDate: '2032-04-01',
      });
      const other = await buildTrip(t, acme, {
        status: 'Pending',
        tripType: 'Other',
        customType: 'Museum Night',
        departureDate: '2032-03-05',
        returnDate: '2032-03-05',
      });
      const canceled = await buildTrip(t, acme, {
        status: 'Canceled',
        destination: 'Aquarium',
        departureDate: '2032-03-06',
        returnDate: '2032-03-06',
      });
      const ids = async (query: Record<string, string>) => {
        const body = (await get(users.admin, '/trips', { ...query, pageSize: '50', tenant_id: '999999' })).body as TripPage;
        expect(body.total).toBe(body.trips.length);
        return body.trips.map((x) => x.id);
      };
      expect(await ids({ search: 'museum' })).toEqual([other.id, zoo.id, museum.id]);
      expect(await ids({ month: '2032-03' })).toEqual([canceled.id, other.id, museum.id]);
      expect(await ids({ status: 'Cancelled' })).toEqual(expect.arrayContaining([canceled.id]));
      expect(await ids({ status: 'Completed', search: 'museum' })).toEqual([zoo.id, museum.id]);
      expect(await ids({ status: 'Completed', search: 'museum', month: '2032-03', paid: 'true' })).toEqual([museum.id]);
      expect(await ids({ from: '2032-04-02', to: '2032-04-30' })).toEqual([museum.id]);
      expect(await ids({ search: 'museum', sort: 'date' })).toEqual([other.id, museum.id, zoo.id]);
      // An empty value is no filter, as a cleared box sends it.
      const all = (await get(users.admin, '/trips', { pageSize: '1' })).body as TripPage;
      const cleared = (await get(users.admin, '/trips', { pageSize: '1', search: '', status: '', month: '', paid: '' })).body as TripPage;
      expect(cleared.total).toBe(all.total);
    });
  });

  describe('aggregates', () => {
    it('names the months of the trips, newest first (the options of the Month filter)', async () => {
      const res = await get(many.users.staffB, '/trips/months');
      expect(res.status).toBe(200);
      const mine = manyRows.filter((r) => schoolOf.get(r.id) === many.orgs.schoolB.id);
      const want = [...new Set(mine.map((r) => r.departureDate.slice(0, 7)))].sort().reverse();
      expect(want.length).toBeGreaterThan(10);
      expect(res.body).toEqual(want);
    });

    it("answers the dashboard's figures and Finance's totals from the database, not a list", async () => {
      const stats = (await get(many.users.admin, '/trips/stats', { today: '2031-07-01' })).body as Record<string, unknown>;
      const [row] = await t.db.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'Pending')::int AS pending, count(*) FILTER (WHERE status = 'Canceled')::int AS cancelled,
                count(*) FILTER (WHERE departure_date >= '2031-07-01' AND status NOT IN ('Canceled', 'Rejected'))::int AS upcoming,
                count(*) FILTER (WHERE paid)::int AS paid, sum(price) FILTER (WHERE paid)::text AS revenue,
                coalesce(sum(price) FILTER (WHERE NOT paid AND status IN ('Accepted', 'Confirmed', 'Completed', 'Cancel Requested')), 0)::text AS awaiting
           FROM trips WHERE tenant_id = $1 AND NOT deleted`,
        [many.tenant.id],
      );
      expect({ total: stats.total, pending: stats.pending, cancelled: stats.cancelled, upcoming: stats.upcoming }).toEqual({
        total: row.total,
        pending: row.pending,
        cancelled: row.cancelled,
        upcoming: row.upcoming,
      });
      const upcoming = stats.upcomingTrips as TripDto[];
      expect(upcoming).toHaveLength(10);
      expect(upcoming.every((x) => x.departureDate >= '2031-07-01' && !['Canceled', 'Rejected'].includes(x.status))).toBe(true);
      const totals = (await get(many.users.finance, '/trips/totals')).body;
      expect(totals).toEqual({
        count: MANY,
        paidCount: row.paid,
        paidRevenue: Number(row.revenue),
        awaitingPayment: Number(row.awaiting),
      });
    });
  });

  describe('CSV export', () => {
    const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

    it('streams every matching trip, not only a page, in the columns of the export, in the view order', async () => {
      const res = await get(many.users.admin, '/trips/export', { sort: 'date', dir: 'desc' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="trips.csv"');
      expect(res.text.startsWith('\ufefftripType,destination,date,')).toBe(true);
      const [header, ...rows] = parse(res.text);
      expect(header).toEqual([...TRIP_CSV_COLUMNS]);
      expect(rows.map((r) => Number(r[header.indexOf('id')]))).toEqual(order(manyRows, { sort: 'date', dir: 'desc' }));
    });

    it("writes each cell as the console's own export does, names the file, adds Finance's paid column, and defuses formulas", async () => {
      const risky = await buildTrip(t, acme, {
        status: 'Completed',
        destination: '=HYPERLINK("http://x")',
        notes: 'line one\nline "two"',
        departureDate: '2033-01-02',
        returnDate: '2033-01-02',
        paid: true,
      });
      const dto = (await get(acme.users.admin, `/trips/${risky.id}`)).body as TripDto;
      const res = await get(acme.users.finance, '/trips/export', { month: '2033-01', fileName: 'finance-trips', withPaid: 'true' });
      expect(res.headers['content-disposition']).toBe('attachment; filename="finance-trips.csv"');
      const [header, row, ...more] = parse(res.text);
      expect(more).toEqual([]);
      expect(header).toEqual([...TRIP_CSV_COLUMNS, 'paid']);
      const cells = tripCsvRow(dto, [...TRIP_CSV_COLUMNS, 'paid']).map(String);
      expect(row).toEqual(cells.map((c) => (c.startsWith('=') ? `'${c}` : c)));
      expect(row[1]).toBe(`'=HYPERLINK("http://x")`);
    });

    it('exports nothing but the header when nothing matches', async () => {
      const res = await get(acme.users.admin, '/trips/export', { search: 'no such trip anywhere' });
      expect(parse(res.text)).toEqual([[...TRIP_CSV_COLUMNS]]);
    });
  });

  describe('who sees what', () => {
    it("never gives another tenant's users these trips, in any list, count, month, figure or export, whatever tenant_id they send", async () => {
      const outsider = acme.users.admin;
      const q = { tenant_id: String(many.tenant.id) };
      const page = (await get(outsider, '/trips', { ...q, search: 'destination 1', pageSize: '50' })).body as TripPage;
      expect(page.total).toBe(0);
      const slice = await get(outsider, '/trips', { ...q, search: 'destination 1' });
      expect([slice.body, slice.headers['x-total-count']]).toEqual([[], '0']);
      expect(((await get(outsider, '/trips/totals', { ...q, search: 'destination 1' })).body as { count: number }).count).toBe(0);
      expect(((await get(outsider, '/trips/stats', { ...q, search: 'destination 1' })).body as { total: number }).total).toBe(0);
      expect((await get(outsider, '/trips/months', q)).body).toEqual((await get(outsider, '/trips/months')).body);
      expect(parse2((await get(outsider, '/trips/export', { ...q, search: 'destination 1' })).text)).toBe(1);
    });

    it("pages a school's staff through their own school's trips only, and a platform admin through any tenant's", async () => {
      const staff = (await get(many.users.staffA, '/trips', { pageSize: '100', page: '3' })).body as TripPage;
      expect(staff.total).toBe(MANY / 2);
      expect(staff.trips.every((x) => x.schoolOrgId === many.orgs.schoolA.id)).toBe(true);
      const mine = manyRows.filter((r) => schoolOf.get(r.id) === many.orgs.schoolA.id);
      expect(staff.trips.map((x) => x.id)).toEqual(order(mine, { sort: 'id', dir: 'desc' }).slice(200, 300));
      const rootPage = (await get(root, '/trips', { tenant_id: String(many.tenant.id), pageSize: '12' })).body as TripPage;
      expect(rootPage.total).toBe(MANY);
      expect(rootPage.trips.map((x) => x.id)).toEqual(order(manyRows, { sort: 'id', dir: 'desc' }).slice(0, 12));
    });
  });

  describe('parameters that do not read', () => {
    const long = 'x'.repeat(201);
    it.each([
      ['/trips', { search: long }, M.searchInvalid],
      ['/trips', { search: 'a\u0001b' }, M.searchInvalid],
      ['/trips', { searchIn: 'notes' }, M.searchInInvalid],
      ['/trips', { month: '2031-13' }, M.monthInvalid],
      ['/trips', { month: 'May 2031' }, M.monthInvalid],
      ['/trips', { status: 'Approved' }, M.statusInvalid],
      ['/trips', { status: ['Pending', 'Accepted'] }, M.statusInvalid],
      ['/trips', { paid: 'yes' }, M.paidInvalid],
      ['/trips', { from: '2031-02-30' }, M.fromInvalid],
      ['/trips', { to: 'tomorrow' }, M.toInvalid],
      ['/trips', { from: '2031-03-02', to: '2031-03-01' }, M.rangeReversed],
      ['/trips', { sort: 'destination' }, M.sortInvalid],
      ['/trips', { dir: 'up' }, M.dirInvalid],
      ['/trips', { page: '0' }, M.pageInvalid],
      ['/trips', { page: '-1' }, M.pageInvalid],
      ['/trips', { page: '1.5' }, M.pageInvalid],
      ['/trips', { pageSize: '0' }, M.pageSizeInvalid],
      ['/trips', { pageSize: '101' }, M.pageSizeInvalid],
      ['/trips', { limit: '0' }, M.limitInvalid],
      ['/trips', { limit: '1001' }, M.limitInvalid],
      ['/trips', { cursor: 'yesterday' }, M.cursorInvalid],
      ['/trips', { cursor: '42', sort: 'date' }, M.cursorInvalid],
      ['/trips', { cursor: '2031-01-01.60.42' }, M.cursorInvalid],
      ['/trips', { page: '2', cursor: '42' }, M.pageAndCursor],
      ['/trips', { pageSize: '12', limit: '10' }, M.pageAndCursor],
      ['/trips/stats', { today: '2031-1-1' }, M.todayInvalid],
      ['/trips/totals', { paid: '1' }, M.paidInvalid],
      ['/trips/export', { fileName: '../passwords' }, M.fileNameInvalid],
      ['/trips/export', { withPaid: 'maybe' }, M.withPaidInvalid],
      ['/trips/export', { month: '2031-1' }, M.monthInvalid],
    ] as [string, Record<string, string | string[]>, string][])('%s %j answers 400 with its message', async (path, query, message) => {
      const res = (await t.http().get(`/api${path}`).query(query).set('Authorization', acme.users.admin.auth)) as unknown as Response;
      expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({ status: 400, message });
    });

    it.each(['/trips', '/trips/months', '/trips/stats', '/trips/totals', '/trips/export'])('%s needs a sign-in', async (path) => {
      const res = (await t.http().get(`/api${path}`)) as unknown as Response;
      expect(res.status).toBe(401);
    });

    it('still reads /trips/{id} as a trip, next to the list routes', async () => {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      expect((await get(acme.users.admin, `/trips/${trip.id}`)).status).toBe(200);
      expect((await get(acme.users.admin, '/trips/months')).status).toBe(200);
      expect((await get(acme.users.admin, '/trips/not-a-route')).status).toBe(400);
    });
  });
});

/** Rows in a CSV text (header included). */
function parse2(text: string): number {
  return Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data.length;
}
