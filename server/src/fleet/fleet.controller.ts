import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import type { BusDto, DriverDto } from '../contracts/fleet-wire';
import {
  type CreateBusInput,
  createBusSchema,
  type CreateDriverInput,
  createDriverSchema,
  type FleetListQuery,
  fleetListQuery,
  type UpdateBusInput,
  updateBusSchema,
  type UpdateDriverInput,
  updateDriverSchema,
} from './fleet.schemas';
import { FleetService } from './fleet.service';

/** The fleet registry (DESIGN §9): dispatchers and admins only; which company's rows is the service's business. No DELETE: nothing is deleted. */
@Controller('fleet')
@Roles('bus_company', 'admin')
export class FleetController {
  constructor(private readonly fleet: FleetService) {}

  @Get('buses')
  listBuses(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(fleetListQuery)) query: FleetListQuery): Promise<BusDto[]> {
    return this.fleet.listBuses(caller, query);
  }

  @Post('buses')
  createBus(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createBusSchema)) body: CreateBusInput): Promise<BusDto> {
    return this.fleet.createBus(caller, body);
  }

  @Patch('buses/:id')
  updateBus(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateBusSchema)) body: UpdateBusInput,
  ): Promise<BusDto> {
    return this.fleet.updateBus(caller, id, body);
  }

  @Get('drivers')
  listDrivers(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(fleetListQuery)) query: FleetListQuery): Promise<DriverDto[]> {
    return this.fleet.listDrivers(caller, query);
  }

  @Post('drivers')
  createDriver(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createDriverSchema)) body: CreateDriverInput): Promise<DriverDto> {
    return this.fleet.createDriver(caller, body);
  }

  @Patch('drivers/:id')
  updateDriver(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateDriverSchema)) body: UpdateDriverInput,
  ): Promise<DriverDto> {
    return this.fleet.updateDriver(caller, id, body);
  }
}
