import { Body, Controller, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { HeldChangeBody } from '../contracts/approvals';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/decorators';
import { IdPipe, UuidPipe, ZodPipe } from '../common/zod.pipe';
import type { SeriesAcceptDto, SeriesAssignDto, SeriesCancelDto, SeriesEditDto, SeriesRejectDto } from '../contracts/trip-series';
import type { PassengerDto, SubtripDto, TripDto, TripHistoryDto } from '../contracts/trip-wire';
import {
  type AcceptSeriesBody,
  acceptSeriesSchema,
  type AssignSeriesBody,
  assignSeriesSchema,
  type AddPassengersBody,
  addPassengersSchema,
  type CancelSeriesBody,
  cancelSeriesSchema,
  type CreateSubtripBody,
  createSubtripSchema,
  type CreateTripBody,
  createTripSchema,
  type CreateTripSeriesBody,
  createTripSeriesSchema,
  type EditSeriesBody,
  editSeriesSchema,
  type RejectSeriesBody,
  rejectSeriesSchema,
  type UpdateTripBody,
  updateTripSchema,
} from './trips.schemas';
import { TripsService } from './trips.service';
import { ApiDoc } from '../docs/api-doc';
import {
  errorSchema,
  fleetConflictSchema,
  passengerSchema,
  seriesAcceptSchema,
  seriesAssignSchema,
  seriesCancelSchema,
  seriesEditSchema,
  seriesRejectSchema,
  subtripSchema,
  tripConflictSchema,
  tripHistorySchema,
  tripSchema,
} from '../docs/wire.schemas';

/**
 * The calls on one trip: POST /trips, GET and PATCH /trips/{id}, its history, subtrips and passengers. Who may do what is the service's business.
 * The list (GET /trips) and its aggregates are TripListController's.
 */
@Controller('trips')
export class TripsController {
  constructor(private readonly trips: TripsService) {}

  @Post()
  @ApiDoc({
    summary: 'Request a trip (status Pending).',
    response: tripSchema,
    errors: { 403: 'The role may not request trips.' },
  })
  create(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createTripSchema)) body: CreateTripBody): Promise<TripDto> {
    return this.trips.create(caller, body);
  }

  @Post('series')
  @ApiDoc({
    summary: 'Request the same trip every week up to `repeatUntil` (at most 26 trips): each week a trip of its own, all made or none.',
    response: z.array(tripSchema),
    errors: { 403: 'The role may not request trips.' },
  })
  createSeries(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createTripSeriesSchema)) body: CreateTripSeriesBody): Promise<TripDto[]> {
    return this.trips.createSeries(caller, body);
  }

  @Get('series/:seriesId')
  @ApiDoc({ summary: 'The weeks of a weekly series the caller may see, first departure first.', response: z.array(tripSchema) })
  series(@CurrentUser() caller: AuthUser, @Param('seriesId', UuidPipe) seriesId: string): Promise<TripDto[]> {
    return this.trips.series(caller, seriesId);
  }

  @Patch('series/:seriesId')
  @ApiDoc({
    summary:
      'Set the same origin, destination, times, passengers or notes on a week of a series and every later one, and with weekday (1 Monday to 7 Sunday) move each to that day of its own week: each changed as its own PATCH would change it (an edit request for a Confirmed trip, a change held for the school’s approval), or left where it already reads so or cannot be edited.',
    response: seriesEditSchema,
    errors: { 409: 'Not one of those weeks can take this change now.' },
  })
  editSeries(
    @CurrentUser() caller: AuthUser,
    @Param('seriesId', UuidPipe) seriesId: string,
    @Body(new ZodPipe(editSeriesSchema)) body: EditSeriesBody,
  ): Promise<SeriesEditDto> {
    return this.trips.editSeries(caller, seriesId, body);
  }

  @Post('series/:seriesId/accept')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Accept a week of a series and every later one still Pending that the caller may accept (a bus company; an admin names the company); the others are left.',
    response: seriesAcceptSchema,
    errors: { 409: 'Not one of those weeks can be accepted now.' },
  })
  acceptSeries(
    @CurrentUser() caller: AuthUser,
    @Param('seriesId', UuidPipe) seriesId: string,
    @Body(new ZodPipe(acceptSeriesSchema)) body: AcceptSeriesBody,
  ): Promise<SeriesAcceptDto> {
    return this.trips.acceptSeries(caller, seriesId, body);
  }

  @Post('series/:seriesId/reject')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Reject a week of a series and every later one still Pending that the caller may reject (its partner bus company, or an admin); the others are left.',
    response: seriesRejectSchema,
    errors: { 409: 'Not one of those weeks can be rejected now.' },
  })
  rejectSeries(
    @CurrentUser() caller: AuthUser,
    @Param('seriesId', UuidPipe) seriesId: string,
    @Body(new ZodPipe(rejectSeriesSchema)) body: RejectSeriesBody,
  ): Promise<SeriesRejectDto> {
    return this.trips.rejectSeries(caller, seriesId, body);
  }

  @Post('series/:seriesId/assign')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Give a week of a series and every later one without buses (and, with withBuses, every later one with other buses, in place of theirs) the same buses and drivers, each checked and confirmed as its own Assign Bus would be; a week refused them (a bus already out that day) is left and answered with why.',
    response: seriesAssignSchema,
    errors: { 409: 'Not one of those weeks can take these buses now (the first refusal, when one was refused).' },
  })
  assignSeries(
    @CurrentUser() caller: AuthUser,
    @Param('seriesId', UuidPipe) seriesId: string,
    @Body(new ZodPipe(assignSeriesSchema)) body: AssignSeriesBody,
  ): Promise<SeriesAssignDto> {
    return this.trips.assignSeries(caller, seriesId, body);
  }

  @Post('series/:seriesId/cancel')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Cancel a week of a series and every later one: each is cancelled where the caller may cancel it, or its cancellation is requested of its bus company, or left as it is.',
    response: seriesCancelSchema,
    errors: { 409: 'Not one of those weeks can be cancelled or have a cancellation requested now.' },
  })
  cancelSeries(
    @CurrentUser() caller: AuthUser,
    @Param('seriesId', UuidPipe) seriesId: string,
    @Body(new ZodPipe(cancelSeriesSchema)) body: CancelSeriesBody,
  ): Promise<SeriesCancelDto> {
    return this.trips.cancelSeries(caller, seriesId, body);
  }

  @Get(':id')
  @ApiDoc({ summary: 'One trip.', response: tripSchema })
  get(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<TripDto> {
    return this.trips.get(caller, id);
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Change a trip: its fields, its status (an action), its buses, paid.',
    description: 'Send `version` to be told (409, with the trip as it now is) when someone else changed the trip first.',
    response: tripSchema,
    errors: {
      403: 'The caller may not do this to this trip.',
      409: {
        description:
          "Not allowed from the trip's status, or a stale `version` (with the trip as it now is), or a fleet bus or driver already on an overlapping trip (every clash listed).",
        schema: z.union([tripConflictSchema, fleetConflictSchema, errorSchema]),
      },
    },
  })
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateTripSchema)) body: UpdateTripBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TripDto | HeldChangeBody> {
    const answer = await this.trips.update(caller, id, body);
    // A change held at the school for its approvers (docs/domain.md, "Approval at the school") is accepted, not done.
    if ('approval' in answer) res.status(202);
    return answer;
  }

  @Get(':id/history')
  @ApiDoc({ summary: "The trip's history: every change, who, when, from and to.", response: z.array(tripHistorySchema) })
  history(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<TripHistoryDto[]> {
    return this.trips.history(caller, id);
  }

  @Get(':id/subtrips')
  @ApiDoc({ summary: "The trip's subtrips (extra buses recorded later).", response: z.array(subtripSchema) })
  subtrips(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<SubtripDto[]> {
    return this.trips.subtrips(caller, id);
  }

  @Post(':id/subtrips')
  @ApiDoc({
    summary: 'Record a subtrip.',
    response: subtripSchema,
    errors: { 403: 'The caller may not change this trip.', 409: "Not allowed from the trip's status." },
  })
  addSubtrip(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(createSubtripSchema)) body: CreateSubtripBody,
  ): Promise<SubtripDto> {
    return this.trips.addSubtrip(caller, id, body);
  }

  @Get(':id/passengers')
  @ApiDoc({ summary: "The trip's passengers.", response: z.array(passengerSchema) })
  passengers(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<PassengerDto[]> {
    return this.trips.passengers(caller, id);
  }

  @Post(':id/passengers')
  @ApiDoc({
    summary: 'Add passengers to a trip.',
    response: z.array(passengerSchema),
    errors: { 403: 'The caller may not change this trip.', 409: "Not allowed from the trip's status." },
  })
  addPassengers(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(addPassengersSchema)) body: AddPassengersBody,
  ): Promise<PassengerDto[]> {
    return this.trips.addPassengers(caller, id, body);
  }
}
