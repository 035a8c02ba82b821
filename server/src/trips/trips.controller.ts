import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/decorators';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import type { PassengerDto, SubtripDto, TripDto, TripHistoryDto } from '../contracts/trip-wire';
import {
  type AddPassengersBody,
  addPassengersSchema,
  type CreateSubtripBody,
  createSubtripSchema,
  type CreateTripBody,
  createTripSchema,
  type UpdateTripBody,
  updateTripSchema,
} from './trips.schemas';
import { TripsService } from './trips.service';

/**
 * spec §7 Trips, plus GET /trips/{id} and GET /trips/{id}/history (DESIGN §5). Who may do what is the service's business.
 * The list (GET /trips) and its aggregates are TripListController's.
 */
@Controller('trips')
export class TripsController {
  constructor(private readonly trips: TripsService) {}

  @Post()
  create(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createTripSchema)) body: CreateTripBody): Promise<TripDto> {
    return this.trips.create(caller, body);
  }

  @Get(':id')
  get(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<TripDto> {
    return this.trips.get(caller, id);
  }

  @Patch(':id')
  update(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateTripSchema)) body: UpdateTripBody,
  ): Promise<TripDto> {
    return this.trips.update(caller, id, body);
  }

  @Get(':id/history')
  history(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<TripHistoryDto[]> {
    return this.trips.history(caller, id);
  }

  @Get(':id/subtrips')
  subtrips(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<SubtripDto[]> {
    return this.trips.subtrips(caller, id);
  }

  @Post(':id/subtrips')
  addSubtrip(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(createSubtripSchema)) body: CreateSubtripBody,
  ): Promise<SubtripDto> {
    return this.trips.addSubtrip(caller, id, body);
  }

  @Get(':id/passengers')
  passengers(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<PassengerDto[]> {
    return this.trips.passengers(caller, id);
  }

  @Post(':id/passengers')
  addPassengers(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(addPassengersSchema)) body: AddPassengersBody,
  ): Promise<PassengerDto[]> {
    return this.trips.addPassengers(caller, id, body);
  }
}
