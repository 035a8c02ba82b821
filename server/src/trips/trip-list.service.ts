import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Papa from 'papaparse';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { tripCsvColumns, tripCsvRow } from '../contracts/trip-csv';
import {
  compareTrips,
  DASHBOARD_UPCOMING_LIMIT,
  DEFAULT_TRIP_PAGE_SIZE,
  encodeTripCursor,
  MAX_TRIP_SLICE,
  PAYABLE_STATUSES,
  searchNeedle,
  statusesInBucket,
  type TripFilter,
  type TripOrder,
  type TripPage,
  type TripSortKey,
  tripSortKey,
  type TripStats,
  type TripTotals,
} from '../contracts/trip-list';
import type { TripDto } from '../contracts/trip-wire';
import { Trip } from './trip.entity';
import { applyTripCursor, applyTripFilter, applyTripOrder, sortsAfterFilter } from './repository/trip-list.repository';
import {
  filterOf,
  orderOf,
  type TripExportQuery,
  type TripFilterQuery,
  type TripListQuery,
  type TripStatsQuery,
} from './trip-list.schemas';
import { TripFleet } from '../fleet/trip-fleet.service';
import { readTrips, visibleTrips } from './repository/trip-read.repository';
import { type CounterFilter, countedStats, countedTotals, countedTrips } from './repository/trip-counters.repository';
import type { ListTripsQuery } from './trips.schemas';

/** One slice of the plain (unpaged) array: the trips, how many match in all, and the cursor of the next slice (null at the end). */
export interface TripSlice {
  trips: TripDto[];
  total: number;
  next: string | null;
}

/** Pages deeper than this read the total first, then the shorter way: from the start or back from the end. */
const NEAR_START = 5_000;

/**
 * The filter as the counters can answer it (trip-counters.repository.ts: a counter's key holds the status and the paid
 * flag), or null when it asks for more. Then the matching trips are counted: a search, a month, a date range or a
 * requester's name is no counter's key, and the total under a list ("N trips") and the figures must stay exact, not
 * estimated. Any filter field not named here counts as asking for more, so a new one is counted until it is a key.
 */
function counterFilterOf(filter: TripFilter): CounterFilter | null {
  const { status, paid, search, searchIn: _searchIn, ...rest } = filter;
  if (searchNeedle(search)) return null;
  if (Object.values(rest).some((v) => v !== undefined && v !== '')) return null;
  return { status, paid };
}

/**
 * The read side of trips at scale (docs/architecture.md, "Reads at scale"): pages, slices, month options, the
 * dashboard's and Finance's figures and the CSV export, each from one or two aggregate or index-ordered queries that
 * start from the visibility rule (repository/trip-read.repository.ts `visibleTrips`) and apply contracts/trip-list.ts
 * through repository/trip-list.repository.ts. A page is one statement (its ids from an index where one covers the
 * filter, joined to their rows); the total is counted at the same time on another connection (PostgreSQL) or right
 * after (the embedded database has one session).
 */
@Injectable()
export class TripListService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fleet: TripFleet,
  ) {}

  /** GET /trips?page=&pageSize=: one page of the filtered, ordered trips, and the total. */
  async page(caller: AuthUser, q: TripListQuery): Promise<TripPage> {
    const em = this.db.manager;
    const filter = filterOf(q);
    const order = orderOf(q);
    const pageSize = q.pageSize ?? DEFAULT_TRIP_PAGE_SIZE;
    const page = q.page ?? 1;
    const offset = (page - 1) * pageSize;
    let total: number;
    let trips: TripDto[];
    if (offset < NEAR_START) {
      [total, trips] = await Promise.all([this.count(em, caller, q), this.read(em, caller, q, filter, order, { limit: pageSize, offset })]);
    } else {
      total = await this.count(em, caller, q);
      const fromEnd = total - offset - pageSize;
      if (offset >= total) trips = [];
      else if (offset <= total / 2) trips = await this.read(em, caller, q, filter, order, { limit: pageSize, offset });
      else {
        // The last pages: read backwards from the end, so OFFSET stays small (the "last page" button at 1,000,000 trips).
        trips = await this.read(em, caller, q, filter, order, {
          limit: pageSize + Math.min(0, fromEnd),
          offset: Math.max(0, fromEnd),
          reverse: true,
        });
      }
    }
    return { trips, total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
  }

  /** GET /trips without page parameters: a plain array, at most `limit` (default and most 1,000) trips after `cursor`. */
  async slice(caller: AuthUser, q: TripListQuery): Promise<TripSlice> {
    const em = this.db.manager;
    const limit = q.limit ?? MAX_TRIP_SLICE;
    const order = orderOf(q);
    const [total, read] = await Promise.all([
      this.count(em, caller, q),
      this.read(em, caller, q, filterOf(q), order, { limit: limit + 1, offset: 0, cursor: q.cursorKey }),
    ]);
    const trips = read.slice(0, limit);
    const next = read.length > limit ? encodeTripCursor(tripSortKey(trips[trips.length - 1], order.sort)) : null;
    return { trips, total, next };
  }

  /** GET /trips/months: the Month filter's options, YYYY-MM, newest first: one index probe per month (a loose index scan). */
  async months(caller: AuthUser, q: ListTripsQuery): Promise<string[]> {
    const em = this.db.manager;
    const scope = () => {
      const qb = visibleTrips(em, caller, { tenantId: q.tenant_id }).select('MAX(trip.departure_date)');
      return q.createdBy ? qb.andWhere('trip.created_by = :listCreatedBy', { listCreatedBy: q.createdBy }) : qb;
    };
    const first = scope();
    // The latest departure before the first day of the month just found.
    const step = scope().andWhere('trip.departure_date < m.d - (EXTRACT(DAY FROM m.d)::int - 1)');
    const sql =
      `WITH RECURSIVE m(d) AS ((${first.getQuery()}) UNION ALL SELECT (${step.getQuery()}) FROM m WHERE m.d IS NOT NULL) ` +
      `SELECT to_char(d, 'YYYY-MM') AS month FROM m WHERE d IS NOT NULL ORDER BY d DESC`;
    const [text, params] = this.db.driver.escapeQueryWithParameters(sql, { ...first.getParameters(), ...step.getParameters() });
    const rows: { month: string }[] = await em.query(text, params);
    return rows.map((r) => r.month);
  }

  /**
   * GET /trips/stats: the dashboard's four cards (by status bucket) and its upcoming list. Unfiltered or by status, the
   * cards come from the counters (a few hundred rows whatever the history); otherwise from one aggregate over the trips.
   */
  async stats(caller: AuthUser, q: TripStatsQuery): Promise<TripStats> {
    const em = this.db.manager;
    const today = q.today ?? new Date().toISOString().slice(0, 10);
    const gone = [...statusesInBucket('cancelled'), ...statusesInBucket('rejected')];
    const upcoming = (qb: SelectQueryBuilder<Trip>) =>
      qb.andWhere('trip.departure_date >= :statsToday AND trip.status NOT IN (:...statsGone)', { statsToday: today, statsGone: gone });
    const list = () =>
      this.read(em, caller, q, filterOf(q), { sort: 'date', dir: 'asc' }, { limit: DASHBOARD_UPCOMING_LIMIT, offset: 0, narrow: upcoming });
    const counted = counterFilterOf(filterOf(q));
    // The day counters have no paid flag: a paid filter is counted.
    if (counted && counted.paid === undefined) {
      const [cards, upcomingTrips] = await Promise.all([countedStats(em, caller, { tenantId: q.tenant_id }, counted, today), list()]);
      return { ...cards, upcomingTrips };
    }
    const counts = this.filtered(em, caller, q)
      .select('COUNT(*)', 'total')
      .addSelect('COUNT(*) FILTER (WHERE trip.status IN (:...statsPending))', 'pending')
      .addSelect('COUNT(*) FILTER (WHERE trip.status IN (:...statsCancelled))', 'cancelled')
      .addSelect('COUNT(*) FILTER (WHERE trip.departure_date >= :statsToday AND trip.status NOT IN (:...statsGone))', 'upcoming')
      .setParameters({
        statsPending: statusesInBucket('pending'),
        statsCancelled: statusesInBucket('cancelled'),
        statsToday: today,
        statsGone: gone,
      })
      .getRawOne<Record<'total' | 'pending' | 'cancelled' | 'upcoming', string>>();
    const [row, upcomingTrips] = await Promise.all([counts, list()]);
    return {
      total: Number(row?.total ?? 0),
      upcoming: Number(row?.upcoming ?? 0),
      pending: Number(row?.pending ?? 0),
      cancelled: Number(row?.cancelled ?? 0),
      upcomingTrips,
    };
  }

  /** GET /trips/totals: Finance's figures (how many, how many paid, the paid revenue) under the filters: from the counters when they can. */
  async totals(caller: AuthUser, q: TripFilterQuery): Promise<TripTotals> {
    const counted = counterFilterOf(filterOf(q));
    if (counted) return countedTotals(this.db.manager, caller, { tenantId: q.tenant_id }, counted);
    const row = await this.filtered(this.db.manager, caller, q)
      .select('COUNT(*)', 'count')
      .addSelect('COUNT(*) FILTER (WHERE trip.paid)', 'paid')
      .addSelect('COALESCE(SUM(trip.price) FILTER (WHERE trip.paid), 0)', 'revenue')
      .addSelect('COALESCE(SUM(trip.price) FILTER (WHERE NOT trip.paid AND trip.status IN (:...payable)), 0)', 'awaiting')
      .setParameter('payable', PAYABLE_STATUSES)
      .getRawOne<Record<'count' | 'paid' | 'revenue' | 'awaiting', string>>();
    return {
      count: Number(row?.count ?? 0),
      paidCount: Number(row?.paid ?? 0),
      paidRevenue: Number(row?.revenue ?? 0),
      awaitingPayment: Number(row?.awaiting ?? 0),
    };
  }

  /**
   * GET /trips/export: every trip the filters keep, in the view's order, as CSV (contracts/trip-csv.ts), read in batches of 1,000 along
   * the order's key (keyset), so memory holds one batch whatever the total. On PostgreSQL the batches read one snapshot
   * (a read-only REPEATABLE READ transaction), so a trip changed meanwhile is written once, as it was when the export began.
   */
  exportCsv(caller: AuthUser, q: TripExportQuery): Readable {
    return Readable.from(this.csvChunks(caller, q), { objectMode: false });
  }

  private async *csvChunks(caller: AuthUser, q: TripExportQuery): AsyncGenerator<string> {
    const columns = tripCsvColumns(q.withPaid);
    const csv = (rows: unknown[][]) => Papa.unparse(rows, { newline: '\r\n', escapeFormulae: true });
    // The byte-order mark lets spreadsheet programs read UTF-8 (as the console's own export does).
    yield `\ufeff${csv([columns])}\r\n`;
    const runner = this.config.databaseUrl ? this.db.createQueryRunner() : null;
    try {
      if (runner) {
        await runner.connect();
        await runner.startTransaction('REPEATABLE READ');
        await runner.query('SET TRANSACTION READ ONLY');
      }
      const em = runner?.manager ?? this.db.manager;
      const filter = filterOf(q);
      const order = orderOf(q);
      let cursor: TripSortKey | undefined;
      for (;;) {
        const trips = await this.read(em, caller, q, filter, order, { limit: MAX_TRIP_SLICE, offset: 0, cursor, bare: true });
        if (trips.length === 0) break;
        yield `${csv(trips.map((t) => tripCsvRow(t, columns)))}\r\n`;
        if (trips.length < MAX_TRIP_SLICE) break;
        cursor = tripSortKey(trips[trips.length - 1], order.sort);
      }
    } finally {
      if (runner) {
        if (runner.isTransactionActive) await runner.commitTransaction().catch(() => undefined);
        await runner.release();
      }
    }
  }

  // -------------------------------------------------------------------------------------------

  /** The trips this caller may see (docs/domain.md, "Who sees what"), narrowed by the filters. */
  private filtered(em: EntityManager, caller: AuthUser, q: TripFilterQuery): SelectQueryBuilder<Trip> {
    return applyTripFilter(visibleTrips(em, caller, { tenantId: q.tenant_id }), filterOf(q));
  }

  /** How many trips match: from the counters unfiltered or by status and paid, else counted (see counterFilterOf). */
  private async count(em: EntityManager, caller: AuthUser, q: TripFilterQuery): Promise<number> {
    const counted = counterFilterOf(filterOf(q));
    if (counted) return countedTrips(em, caller, { tenantId: q.tenant_id }, counted);
    const row = await this.filtered(em, caller, q).select('COUNT(*)', 'n').getRawOne<{ n: string }>();
    return Number(row?.n ?? 0);
  }

  /**
   * One page or slice in one statement: the ids of the page, chosen in a subquery that names only indexed columns (so
   * PostgreSQL can pick them from an index alone, however deep the OFFSET), joined to their rows and organizations.
   * Rows come back in the order's key, worked out again here by contracts/trip-list.ts (the same order, proven equal).
   */
  private async read(
    em: EntityManager,
    caller: AuthUser,
    q: TripFilterQuery,
    filter: TripFilter,
    order: TripOrder,
    opts: {
      limit: number;
      offset: number;
      cursor?: TripSortKey;
      reverse?: boolean;
      narrow?: (qb: SelectQueryBuilder<Trip>) => SelectQueryBuilder<Trip>;
      /** Without the computed fleet flags (clashes, needsBus): the CSV export has no column for them. */
      bare?: boolean;
    },
  ): Promise<TripDto[]> {
    let ids = this.filtered(em, caller, q).select('trip.id', 'id');
    if (opts.narrow) ids = opts.narrow(ids);
    if (opts.cursor) applyTripCursor(ids, order, opts.cursor);
    applyTripOrder(ids, order, { sortAfterFilter: sortsAfterFilter(filter, order), reverse: opts.reverse });
    ids.limit(opts.limit).offset(opts.offset);
    const rows = em
      .createQueryBuilder(Trip, 'trip')
      .innerJoin(`(${ids.getQuery()})`, 'page', 'page.id = trip.id')
      .setParameters(ids.getParameters());
    const trips = await readTrips(rows);
    if (!opts.bare) await this.fleet.decorate(em, trips);
    return trips.sort((a, b) => compareTrips(a, b, order));
  }
}
