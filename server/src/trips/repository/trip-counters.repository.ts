import type { EntityManager } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../../common/auth-user';
import { PAYABLE_STATUSES, statusesInBucket, type TripStats, type TripTotals } from '../../contracts/trip-list';
import { SCHOOL_ONLY_STATUSES, type TripStatus } from '../../contracts/trip-wire';

/**
 * The trip figures from the counters the database keeps with every write to `trips` (migration TripCounters, and
 * trips/README.md "Counters"): a few hundred rows per tenant whatever its history, instead of a count of its trips.
 *
 * `trip_counters` holds, per tenant, school, company (0: none), requester (0: none), status, paid and slot, how many
 * live trips there are and the sum of their prices; `trip_day_counters` how many per departure day (for "upcoming").
 * Each key names every column the visibility rule reads, so `counterScope` below is repository/trip-read.repository.ts
 * `visibleTrips` over those columns: keep the two in step (test/api/trip-counters.e2e.ts compares them, every role).
 */

/** The filters a counter row can answer: its status and paid flag are part of its key. */
export interface CounterFilter {
  status?: TripStatus;
  paid?: boolean;
}

type Params = Record<string, unknown>;

/**
 * `visibleTrips` as conditions on a counter table's alias `c`, with their parameters; null when the caller sees no
 * trip at all. Company and requester are 0 in a counter's key when the trip has none, which no organization or user is.
 */
function counterScope(user: AuthUser, opts: { tenantId?: number }, c: string): { where: string[]; params: Params } | null {
  if (isPlatformAdmin(user)) {
    return opts.tenantId !== undefined
      ? { where: [`${c}.tenant_id = :cTenant`], params: { cTenant: opts.tenantId } }
      : { where: [], params: {} };
  }
  // The tenant is always the caller's own; a tenant_id in the request is ignored, as visibleTrips does.
  const where = [`${c}.tenant_id = :cTenant`];
  const params: Params = { cTenant: user.tenantId ?? -1 };
  const org = user.activeOrgId;
  switch (user.role) {
    case 'admin':
    case 'finance':
      return { where, params };
    case 'school_staff':
      return org !== null
        ? { where: [...where, `${c}.school_org_id = :cOrg`], params: { ...params, cOrg: org } }
        : { where: [...where, `${c}.created_by_id = :cUser`], params: { ...params, cUser: user.id } };
    case 'bus_company':
      if (org === null) return null;
      // Assigned to it or of a partner school, never a request still at its school. A row's key holds both its
      // company and its school, so a trip that is both is one row, counted once.
      return {
        where: [
          ...where,
          `${c}.status NOT IN (:...cSchoolOnly)`,
          `(${c}.company_org_id = :cOrg OR ${c}.school_org_id = ANY(ARRAY(SELECT p.school_org_id FROM partnerships p WHERE p.bus_company_org_id = :cOrg)))`,
        ],
        params: { ...params, cOrg: org, cSchoolOnly: [...SCHOOL_ONLY_STATUSES] },
      };
    case 'trip_manager':
      return { where: [...where, `${c}.created_by_id = :cUser`], params: { ...params, cUser: user.id } };
    default:
      return null;
  }
}

/** The filter as conditions on alias `c` (`paid` only where the table has it). */
function counterFilter(filter: CounterFilter, c: string, withPaid: boolean): { where: string[]; params: Params } {
  const where: string[] = [];
  const params: Params = {};
  if (filter.status !== undefined) {
    where.push(`${c}.status = :cStatus`);
    params.cStatus = filter.status;
  }
  if (withPaid && filter.paid !== undefined) {
    where.push(`${c}.paid = :cPaid`);
    params.cPaid = filter.paid;
  }
  return { where, params };
}

async function run<T>(em: EntityManager, sql: string, params: Params): Promise<T> {
  const [text, values] = em.connection.driver.escapeQueryWithParameters(sql, params);
  const [row] = (await em.query(text, values)) as T[];
  return row;
}

const whereOf = (...parts: string[][]) => {
  const all = parts.flat();
  return all.length > 0 ? `WHERE ${all.join(' AND ')}` : '';
};

/** How many trips the caller sees under the filter (a list's total). */
export async function countedTrips(em: EntityManager, user: AuthUser, opts: { tenantId?: number }, filter: CounterFilter): Promise<number> {
  const scope = counterScope(user, opts, 'c');
  if (!scope) return 0;
  const f = counterFilter(filter, 'c', true);
  const row = await run<{ n: string }>(em, `SELECT COALESCE(SUM(c.n), 0) AS n FROM trip_counters c ${whereOf(scope.where, f.where)}`, {
    ...scope.params,
    ...f.params,
  });
  return Number(row.n);
}

/** Finance's figures (`GET /trips/totals`) under the filter. */
export async function countedTotals(
  em: EntityManager,
  user: AuthUser,
  opts: { tenantId?: number },
  filter: CounterFilter,
): Promise<TripTotals> {
  const scope = counterScope(user, opts, 'c');
  if (!scope) return { count: 0, paidCount: 0, paidRevenue: 0, awaitingPayment: 0 };
  const f = counterFilter(filter, 'c', true);
  const row = await run<Record<'count' | 'paid' | 'revenue' | 'awaiting', string>>(
    em,
    `SELECT COALESCE(SUM(c.n), 0) AS count, COALESCE(SUM(c.n) FILTER (WHERE c.paid), 0) AS paid,
            COALESCE(SUM(c.price) FILTER (WHERE c.paid), 0) AS revenue,
            COALESCE(SUM(c.price) FILTER (WHERE NOT c.paid AND c.status IN (:...cPayable)), 0) AS awaiting
       FROM trip_counters c ${whereOf(scope.where, f.where)}`,
    { ...scope.params, ...f.params, cPayable: [...PAYABLE_STATUSES] },
  );
  return { count: Number(row.count), paidCount: Number(row.paid), paidRevenue: Number(row.revenue), awaitingPayment: Number(row.awaiting) };
}

/**
 * The dashboard's four cards (`GET /trips/stats` without its upcoming list) under a status filter or none, in one
 * statement: the status buckets from `trip_counters`, upcoming (departing `today` or later, not cancelled or rejected)
 * from the days to come in `trip_day_counters`. The day counters have no paid flag, so a paid filter is not theirs.
 */
export async function countedStats(
  em: EntityManager,
  user: AuthUser,
  opts: { tenantId?: number },
  filter: Pick<CounterFilter, 'status'>,
  today: string,
): Promise<Omit<TripStats, 'upcomingTrips'>> {
  const scope = counterScope(user, opts, 'c');
  const dayScope = counterScope(user, opts, 'd');
  if (!scope || !dayScope) return { total: 0, upcoming: 0, pending: 0, cancelled: 0 };
  const f = counterFilter(filter, 'c', false);
  const df = counterFilter(filter, 'd', false);
  const row = await run<Record<'total' | 'pending' | 'cancelled' | 'upcoming', string>>(
    em,
    `SELECT cards.total, cards.pending, cards.cancelled, days.upcoming FROM
       (SELECT COALESCE(SUM(c.n), 0) AS total, COALESCE(SUM(c.n) FILTER (WHERE c.status IN (:...cPending)), 0) AS pending,
               COALESCE(SUM(c.n) FILTER (WHERE c.status IN (:...cCancelled)), 0) AS cancelled
          FROM trip_counters c ${whereOf(scope.where, f.where)}) cards,
       (SELECT COALESCE(SUM(d.n), 0) AS upcoming
          FROM trip_day_counters d ${whereOf(dayScope.where, df.where, ['d.departure_date >= CAST(:cToday AS date)', 'd.status NOT IN (:...cGone)'])}) days`,
    {
      ...scope.params,
      ...f.params,
      cPending: statusesInBucket('pending'),
      cCancelled: statusesInBucket('cancelled'),
      cToday: today,
      cGone: [...statusesInBucket('cancelled'), ...statusesInBucket('rejected')],
    },
  );
  return { total: Number(row.total), upcoming: Number(row.upcoming), pending: Number(row.pending), cancelled: Number(row.cancelled) };
}
