import { Brackets, type SelectQueryBuilder } from 'typeorm';
import {
  monthBounds,
  NO_DEPARTURE_TIME,
  searchNeedle,
  type TripFilter,
  type TripOrder,
  type TripSortKey,
  tripTypesMatching,
} from '../../contracts/trip-list';
import type { Trip } from '../trip.entity';

/**
 * contracts/trip-list.ts in SQL: the filter, the order and the keyset cursor of the list calls, applied to a trips
 * builder (alias `trip`) that visibleTrips (trip-read.repository.ts) started. Each function here mirrors one pure
 * function there; test/api/trips-list-rules.e2e.ts proves they agree. The indexes that make each an index scan are in trip.entity.ts.
 */

/**
 * The departure time as minutes after midnight (All Trips' Date column orders by day, then time), as
 * contracts/trip-list.ts `departureMinute` reads it: `hh:mm AM|PM`, trimmed, any case; else after every time.
 * The same text is an index expression (migration TripListIndexes), so keep the two alike.
 */
export function departureMinuteSql(column: string): string {
  const t = `btrim(${column})`;
  return (
    `COALESCE(CASE WHEN ${t} ~ '^(0[1-9]|1[0-2]):[0-5][0-9] ?[AaPp][Mm]$' THEN ` +
    `(substr(${t}, 1, 2)::int % 12 + CASE WHEN upper(right(${t}, 2)) = 'PM' THEN 12 ELSE 0 END) * 60 + substr(${t}, 4, 2)::int ` +
    `END, ${NO_DEPARTURE_TIME})`
  );
}

const MINUTE = departureMinuteSql('trip.departure_time');

/** LIKE's wildcards and escape taken literally (PostgreSQL's default escape is the backslash). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** contracts/trip-list.ts `tripMatchesFilter` as WHERE conditions. */
export function applyTripFilter(qb: SelectQueryBuilder<Trip>, filter: TripFilter): SelectQueryBuilder<Trip> {
  const needle = searchNeedle(filter.search);
  if (needle) {
    const pattern = `%${likeLiteral(needle)}%`;
    const columns =
      filter.searchIn === 'finance' ? ['created_by', 'created_by_email', 'destination'] : ['destination', 'notes', 'custom_type'];
    const types = filter.searchIn === 'finance' ? [] : tripTypesMatching(needle);
    qb.andWhere(
      new Brackets((w) => {
        for (const c of columns) w.orWhere(`trip.${c} ILIKE :listPattern`, { listPattern: pattern });
        if (types.length > 0) w.orWhere('trip.trip_type IN (:...listTypes)', { listTypes: types });
      }),
    );
  }
  if (filter.month) {
    const [first, next] = monthBounds(filter.month);
    // departure_date is never null, so "else the return date" never applies in SQL.
    qb.andWhere('trip.departure_date >= :listMonthFirst AND trip.departure_date < :listMonthNext', {
      listMonthFirst: first,
      listMonthNext: next,
    });
  }
  if (filter.status) qb.andWhere('trip.status = :listStatus', { listStatus: filter.status });
  if (filter.paid !== undefined) qb.andWhere('trip.paid = :listPaid', { listPaid: filter.paid });
  if (filter.from || filter.to) {
    // Overlap of the trip's days with [from, to]: answered by the GiST index on the same range.
    qb.andWhere(
      `daterange(trip.departure_date, GREATEST(trip.departure_date, trip.return_date), '[]') && daterange(CAST(:listFrom AS date), CAST(:listTo AS date), '[]')`,
      { listFrom: filter.from ?? null, listTo: filter.to ?? null },
    );
  }
  if (filter.createdBy) qb.andWhere('trip.created_by = :listCreatedBy', { listCreatedBy: filter.createdBy });
  return qb;
}

/**
 * Should the rows be filtered first and sorted after? Yes for a window of dates in another order than by date (a month
 * newest first: 1/80 of six years, read from the date index then sorted), and for a calendar range in any order (its
 * GiST index gives no order, and walking a date index from the start of history to meet the range reads everything
 * before it). A month in date order is one range of the date index, already in order.
 */
export const sortsAfterFilter = (filter: TripFilter, order: TripOrder): boolean =>
  Boolean(filter.from || filter.to || (filter.month && order.sort !== 'date'));

/**
 * The SQL expressions of an order's key, in key order. With `sortAfterFilter` (see `sortsAfterFilter`), each is
 * written so no index can hand the rows over already in that order (`+ 0`): the planner then reads the filtered rows
 * and sorts them, instead of walking the whole history in order hoping to meet them.
 */
export function tripOrderSql(order: TripOrder, sortAfterFilter = false): string[] {
  const keys = order.sort === 'date' ? ['trip.departure_date', MINUTE, 'trip.id'] : ['trip.id'];
  return sortAfterFilter ? keys.map((k) => `(${k}) + 0`) : keys;
}

/** ORDER BY the order's key; `reverse` reads it backwards (for pages nearer the end than the start). */
export function applyTripOrder(
  qb: SelectQueryBuilder<Trip>,
  order: TripOrder,
  opts: { sortAfterFilter?: boolean; reverse?: boolean } = {},
): SelectQueryBuilder<Trip> {
  const up = (order.dir === 'asc') !== Boolean(opts.reverse);
  tripOrderSql(order, opts.sortAfterFilter).forEach((expr, i) =>
    i === 0 ? qb.orderBy(expr, up ? 'ASC' : 'DESC') : qb.addOrderBy(expr, up ? 'ASC' : 'DESC'),
  );
  return qb;
}

/** contracts/trip-list.ts `isAfterCursor`: the rows after the cursor's trip, as one row comparison (an index range). */
export function applyTripCursor(qb: SelectQueryBuilder<Trip>, order: TripOrder, cursor: TripSortKey): SelectQueryBuilder<Trip> {
  const op = order.dir === 'asc' ? '>' : '<';
  if (order.sort === 'id') return qb.andWhere(`trip.id ${op} :listCursorId`, { listCursorId: cursor[0] });
  const [day, minute, id] = cursor as [string, number, number];
  return qb.andWhere(`(trip.departure_date, ${MINUTE}, trip.id) ${op} (CAST(:listCursorDay AS date), :listCursorMinute, :listCursorId)`, {
    listCursorDay: day,
    listCursorMinute: minute,
    listCursorId: id,
  });
}
