import { Controller, Get, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { TripPage, TripStats, TripTotals } from '../contracts/trip-list';
import type { TripDto } from '../contracts/trip-wire';
import {
  isPageQuery,
  tripExportQuery,
  type TripExportQuery,
  tripFilterQuery,
  type TripFilterQuery,
  tripListQuery,
  type TripListQuery,
  tripStatsQuery,
  type TripStatsQuery,
} from './trip-list.schemas';
import { TripListService } from './trip-list.service';
import { type ListTripsQuery, listTripsQuery } from './trips.schemas';
import { ApiDoc } from '../docs/api-doc';
import { tripPageSchema, tripSchema, tripStatsSchema, tripTotalsSchema } from '../docs/wire.schemas';

/**
 * The trip lists (GET /trips, and the aggregates the dashboard, Month dropdown and Finance read). Registered
 * before TripsController so `/trips/stats` and its siblings are not read as `/trips/{id}`.
 */
@Controller('trips')
export class TripListController {
  constructor(private readonly lists: TripListService) {}

  /**
   * With `page` or `pageSize`: `{trips, total, page, pageSize, pageCount}`. Without: a plain array, as the API first answered (at most
   * `limit`, default and most 1,000 trips), the total of matching trips in `X-Total-Count`, and while more remain a
   * `Link: <…&cursor=…>; rel="next"` header naming the next slice.
   */
  @Get()
  @ApiDoc({
    summary: 'The trips the caller may see, filtered and sorted.',
    description:
      'With `page` or `pageSize`: one page, `{trips, total, page, pageSize, pageCount}`. Without: an array of at most `limit` trips (default and most 1,000), the total in `X-Total-Count` and, while more remain, the next slice in `Link`.',
    response: z.union([z.array(tripSchema), tripPageSchema]),
    headers: {
      'X-Total-Count': 'Without `page`: how many trips match.',
      Link: 'Without `page`, while more remain: `<…&cursor=…>; rel="next"`.',
    },
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  async list(
    @CurrentUser() caller: AuthUser,
    @Query(new ZodPipe(tripListQuery)) query: TripListQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TripDto[] | TripPage> {
    if (isPageQuery(query)) return this.lists.page(caller, query);
    const slice = await this.lists.slice(caller, query);
    res.setHeader('X-Total-Count', String(slice.total));
    if (slice.next) res.setHeader('Link', `<${withCursor(req.originalUrl, slice.next)}>; rel="next"`);
    return slice.trips;
  }

  @Get('months')
  @ApiDoc({
    summary: 'The months (YYYY-MM) that have trips, for the Month filter.',
    response: z.array(z.string()),
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  months(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(listTripsQuery)) query: ListTripsQuery): Promise<string[]> {
    return this.lists.months(caller, query);
  }

  @Get('stats')
  @ApiDoc({
    summary: "The dashboard's counts and its next upcoming trips.",
    response: tripStatsSchema,
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  stats(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tripStatsQuery)) query: TripStatsQuery): Promise<TripStats> {
    return this.lists.stats(caller, query);
  }

  @Get('totals')
  @ApiDoc({
    summary: 'Count, paid count and paid revenue of the matching trips (Finance).',
    response: tripTotalsSchema,
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  totals(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tripFilterQuery)) query: TripFilterQuery): Promise<TripTotals> {
    return this.lists.totals(caller, query);
  }

  @Get('export')
  @ApiDoc({
    summary: 'The matching trips as a CSV file.',
    response: { mediaType: 'text/csv', description: 'The CSV file, as an attachment.' },
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  export(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tripExportQuery)) query: TripExportQuery): StreamableFile {
    const name = (query.fileName ?? 'trips').replace(/\.csv$/i, '');
    return new StreamableFile(this.lists.exportCsv(caller, query), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${name}.csv"`,
    });
  }
}

/** The same request with `cursor` set: the next slice's address, relative to this server. */
function withCursor(originalUrl: string, cursor: string): string {
  const url = new URL(originalUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
