// The list rules live once, as pure functions (server/src/contracts/trip-list.ts), and once more as SQL
// (server/src/trips/repository/trip-list.repository.ts). This suite walks a table of trips (every status, month boundaries, multi-day
// trips, noon and midnight, LIKE's wildcards in the text, paid and unpaid, two schools, an assigned non-partner
// company, deleted trips, another tenant) through a table of filters and orders, as every role, and proves the
// server's answer is exactly what the pure functions say: the same trips, in the same order, with the same totals.
import { canSeeTrip } from '../../server/src/contracts/trip-rules';
import {
  compareTrips,
  parseTripStatus,
  type TripFilter,
  tripMatchesFilter,
  tripMonth,
  type TripOrder,
  type TripPage,
  type TripStats,
  tripStatsOf,
  tripTotalsOf,
} from '../../server/src/contracts/trip-list';
import type { TripDto, TripStatus, TripType } from '../../server/src/contracts/trip-wire';
import { Partnership } from '../../server/src/tenancy/partnership.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { BUS, buildTrip } from '../support/trip-factory';

const STATUSES: TripStatus[] = ['Pending', 'Accepted', 'Confirmed', 'Rejected', 'Completed', 'Canceled', 'Cancel Requested'];
const DAYS = ['2030-12-31', '2031-01-01', '2031-01-15', '2031-01-31', '2031-02-01', '2031-02-28', '2031-03-01', '2031-03-15', '2029-06-10'];
const TIMES = ['12:00 AM', '08:30 AM', '12:00 PM', '12:30 PM', '11:45 PM', '07:05 AM', '08:30 AM'];
const DESTINATIONS = ['Science Museum', 'City Zoo', 'museum of ART', 'Aquarium', '100% Fun Park', 'Under_score Hall', 'Back\\slash Bay'];
const NOTES = [null, 'Bring SUNSCREEN', 'museum shop after', null, 'Gate 5 at 07:45'];
const TYPES: TripType[] = ['Academic Trip', 'Boarding House Trip', 'Day Trip', 'Sports Trip'];

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Query = Record<string, string>;

/** A filter as the query string sends it, and as the pure functions read it. */
const F = (query: Query): { query: Query; filter: TripFilter } => ({
  query,
  filter: {
    search: query.search,
    searchIn: query.searchIn as TripFilter['searchIn'],
    month: query.month,
    status: query.status ? (parseTripStatus(query.status) ?? undefined) : undefined,
    paid: query.paid === undefined ? undefined : query.paid === 'true',
    from: query.from,
    to: query.to,
    createdBy: query.createdBy,
  },
});

const ORDERS: { query: Query; order: TripOrder }[] = [
  { query: {}, order: { sort: 'id', dir: 'desc' } },
  { query: { sort: 'id', dir: 'asc' }, order: { sort: 'id', dir: 'asc' } },
  { query: { sort: 'date' }, order: { sort: 'date', dir: 'asc' } },
  { query: { sort: 'date', dir: 'desc' }, order: { sort: 'date', dir: 'desc' } },
];

describe('the trip list rules: SQL and contracts/trip-list.ts agree', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;
  /** Every live trip of acme (and one of `other`), as GET /trips/{id} answers it. */
  let table: TripDto[];
  let foreign: TripDto;
  let filters: { query: Query; filter: TripFilter }[];

  const get = (u: TestUser, path: string, query: Query = {}) => t.http().get(`/api${path}`).query(query).set('Authorization', u.auth);

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Lists');
    other = await buildTenant(t, 'Elsewhere');
    root = await buildPlatformAdmin(t);
    const { users, orgs } = acme;
    const ids: number[] = [];
    for (let i = 0; i < 42; i++) {
      const status = STATUSES[i % STATUSES.length];
      const assigned = !['Pending', 'Rejected'].includes(status);
      const departureDate = DAYS[i % DAYS.length];
      const creator = [users.staffB, users.staffA, users.manager, users.staffNoOrg][i % 4];
      const other_ = i % 5 === 0;
      const trip = await buildTrip(t, acme, {
        status,
        creator,
        schoolOrgId: creator === users.staffB ? orgs.schoolB.id : orgs.schoolA.id,
        // Every other assigned trip goes to busB, partner of schoolB only: seen by busB through "assigned to it".
        busCompanyOrgId: assigned ? (i % 2 === 0 ? orgs.busA.id : orgs.busB.id) : null,
        tripType: other_ ? 'Other' : TYPES[i % TYPES.length],
        customType: other_ ? ['Robotics Final', 'Choir Tour', 'Chess Open'][i % 3] : i % 11 === 3 ? 'Field Day' : null,
        destination: DESTINATIONS[i % DESTINATIONS.length],
        notes: NOTES[i % NOTES.length],
        departureDate,
        departureTime: TIMES[i % TIMES.length],
        returnDate: i % 4 === 0 ? addDays(departureDate, 2) : departureDate,
        returnTime: '11:50 PM',
        paid: i % 3 === 0,
        price: ((i * 1234) / 100).toFixed(2),
        buses: assigned ? [BUS] : [],
      });
      ids.push(trip.id);
    }
    // Deleted trips are in no list, no count, no month.
    await buildTrip(t, acme, {
      status: 'Canceled',
      deleted: true,
      departureDate: '2028-01-05',
      returnDate: '2028-01-05',
      destination: 'Science Museum',
    });
    await buildTrip(t, acme, {
      status: 'Completed',
      deleted: true,
      paid: true,
      price: '999.00',
      departureDate: '2031-01-15',
      returnDate: '2031-01-15',
    });
    const outsider = await buildTrip(t, other, {
      status: 'Completed',
      paid: true,
      price: '50.00',
      destination: 'Science Museum',
      departureDate: '2031-01-15',
      returnDate: '2031-01-15',
    });
    table = [];
    for (const id of ids) table.push((await get(users.admin, `/trips/${id}`).expect(200)).body);
    foreign = (await get(other.users.admin, `/trips/${outsider.id}`).expect(200)).body;
    const staffA = users.staffA.user;
    filters = [
      F({}),
      F({ search: 'museum' }),
      F({ search: '  MUSEUM ' }),
      F({ search: 'sunscreen' }),
      F({ search: 'trip' }),
      F({ search: 'other' }),
      F({ search: 'ROBOT' }),
      F({ search: 'field day' }),
      F({ search: '%' }),
      F({ search: '0% f' }),
      F({ search: '_' }),
      F({ search: 'e_s' }),
      F({ search: '\\' }),
      F({ search: 'at 07' }),
      F({ search: 'zz-nothing' }),
      F({ search: staffA.name.toUpperCase(), searchIn: 'finance' }),
      F({ search: staffA.email.slice(0, 12), searchIn: 'finance' }),
      F({ search: 'zoo', searchIn: 'finance' }),
      F({ search: 'sunscreen', searchIn: 'finance' }),
      F({ month: '2031-01' }),
      F({ month: '2030-12' }),
      F({ month: '2031-02' }),
      F({ month: '2029-06' }),
      F({ month: '2028-01' }),
      F({ status: 'Pending' }),
      F({ status: 'cancelled' }),
      F({ status: 'CANCELED' }),
      F({ status: 'Cancel Requested' }),
      F({ paid: 'true' }),
      F({ paid: 'false' }),
      F({ from: '2031-01-31', to: '2031-02-01' }),
      F({ from: '2031-01-02', to: '2031-01-02' }),
      F({ from: '2031-03-01' }),
      F({ to: '2030-12-31' }),
      F({ createdBy: staffA.name }),
      F({ search: 'museum', status: 'Completed' }),
      F({ month: '2031-01', paid: 'true', search: 'a' }),
      F({ from: '2031-01-01', to: '2031-01-31', status: 'Confirmed' }),
      F({ search: 'staff', searchIn: 'finance', paid: 'false', month: '2031-03' }),
    ];
  }, 120_000);
  afterAll(() => t.close());

  const partnersOf = async (u: TestUser) =>
    (await t.db.getRepository(Partnership).findBy({ busCompanyOrgId: u.user.activeOrgId ?? -1 })).map((p) => p.schoolOrgId);

  /** What the pure functions say this user's list holds. */
  const expected = async (u: TestUser, filter: TripFilter, order: TripOrder) => {
    const partners = await partnersOf(u);
    return [...table, foreign]
      .filter((trip) => canSeeTrip({ ...u.user }, trip, partners))
      .filter((trip) => tripMatchesFilter(trip, filter))
      .sort((a, b) => compareTrips(a, b, order));
  };

  const ROLES = ['admin', 'finance', 'staffA', 'staffB', 'staffNoOrg', 'busA', 'busB', 'manager'] as const;

  it.each(ROLES)('gives %s, page by page, exactly the trips and totals the pure rules give, for every filter and order', async (who) => {
    const u = acme.users[who];
    for (const { query, filter } of filters) {
      for (const { query: orderQuery, order } of ORDERS) {
        const want = (await expected(u, filter, order)).map((x) => x.id);
        const res = await get(u, '/trips', { ...query, ...orderQuery, page: '1', pageSize: '100' }).expect(200);
        const page = res.body as TripPage;
        expect({ who, query, order, ids: page.trips.map((x) => x.id), total: page.total }).toEqual({
          who,
          query,
          order,
          ids: want,
          total: want.length,
        });
      }
    }
  });

  it('gives a platform admin the same for one tenant (tenant_id), and never a deleted trip', async () => {
    for (const { query, filter } of filters) {
      const want = table.filter((x) => tripMatchesFilter(x, filter)).sort((a, b) => compareTrips(a, b, { sort: 'date', dir: 'desc' }));
      const res = await get(root, '/trips', {
        ...query,
        tenant_id: String(acme.tenant.id),
        sort: 'date',
        dir: 'desc',
        pageSize: '100',
      }).expect(200);
      expect({ query, ids: res.body.trips.map((x: TripDto) => x.id) }).toEqual({ query, ids: want.map((x) => x.id) });
    }
    const all = await get(root, '/trips', { search: 'science museum', pageSize: '100' }).expect(200);
    const ids = all.body.trips.map((x: TripDto) => x.id);
    expect(ids).toEqual(expect.arrayContaining([foreign.id, ...table.filter((x) => x.destination === 'Science Museum').map((x) => x.id)]));
    expect(all.body.trips.every((x: TripDto) => !x.deleted)).toBe(true);
  });

  it('walks the same list in pages of 5, and in cursor slices of 7 following Link, without a gap or a repeat', async () => {
    const u = acme.users.admin;
    for (const { query, filter } of filters.filter((_, i) => i % 3 === 0)) {
      for (const { query: orderQuery, order } of ORDERS) {
        const want = (await expected(u, filter, order)).map((x) => x.id);
        const paged: number[] = [];
        const pageCount = Math.ceil(want.length / 5);
        for (let page = 1; page <= pageCount + 1; page++) {
          const res = await get(u, '/trips', { ...query, ...orderQuery, page: String(page), pageSize: '5' }).expect(200);
          expect({ query, order, page, pageCount: res.body.pageCount, total: res.body.total }).toEqual({
            query,
            order,
            page,
            pageCount,
            total: want.length,
          });
          paged.push(...res.body.trips.map((x: TripDto) => x.id));
        }
        expect({ query, order, ids: paged }).toEqual({ query, order, ids: want });

        const sliced: number[] = [];
        let next: string | undefined = `/api/trips?${new URLSearchParams({ ...query, ...orderQuery, limit: '7' })}`;
        for (let n = 0; next && n < 20; n++) {
          const res: { body: TripDto[]; headers: Record<string, string> } = await t
            .http()
            .get(next)
            .set('Authorization', u.auth)
            .expect(200);
          expect(res.headers['x-total-count']).toBe(String(want.length));
          sliced.push(...res.body.map((x) => x.id));
          next = /<([^>]+)>; rel="next"/.exec(res.headers.link ?? '')?.[1];
        }
        expect({ query, order, ids: sliced }).toEqual({ query, order, ids: want });
      }
    }
  });

  it.each(['admin', 'finance', 'busB', 'staffA'] as const)("gives %s Finance's totals as the pure rules add them up", async (who) => {
    const u = acme.users[who];
    for (const { query, filter } of filters) {
      const want = tripTotalsOf(await expected(u, filter, { sort: 'id', dir: 'desc' }));
      const res = await get(u, '/trips/totals', query).expect(200);
      expect({ query, totals: res.body }).toEqual({ query, totals: want });
    }
  });

  it.each(['admin', 'staffB', 'busA', 'manager'] as const)(
    'gives %s the dashboard figures and upcoming list the pure rules give',
    async (who) => {
      const u = acme.users[who];
      for (const today of ['2029-01-01', '2031-01-01', '2031-02-01', '2031-03-16']) {
        for (const { query, filter } of [F({}), F({ search: 'museum' }), F({ paid: 'false' })]) {
          const want = tripStatsOf(await expected(u, filter, { sort: 'id', dir: 'desc' }), today);
          const res = await get(u, '/trips/stats', { ...query, today }).expect(200);
          const body = res.body as TripStats;
          expect({ today, query, ...body, upcomingTrips: body.upcomingTrips.map((x) => x.id) }).toEqual({
            today,
            query,
            ...want,
            upcomingTrips: want.upcomingTrips.map((x) => x.id),
          });
        }
      }
    },
  );

  it.each(ROLES)('gives %s the Month options of their own trips, newest first', async (who) => {
    const u = acme.users[who];
    const visible = await expected(u, {}, { sort: 'id', dir: 'desc' });
    const want = [...new Set(visible.map((x) => tripMonth(x)!))].sort().reverse();
    expect((await get(u, '/trips/months').expect(200)).body).toEqual(want);
  });
});
