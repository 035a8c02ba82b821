import { Body, Controller, Get, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { DriverInviteDto } from '../contracts/driver-wire';
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
import { consoleOrigin } from './driver-invite.origin';
import { type DriverInviteInput, driverInviteSchema } from './driver-invite.schemas';
import { ApiDoc } from '../docs/api-doc';
import {
  busSchema,
  busStaleSchema,
  driverInviteSchema as driverInviteDoc,
  driverSchema,
  driverStaleSchema,
  errorSchema,
} from '../docs/wire.schemas';

/** The fleet registry: dispatchers and admins only; which company's rows is the service's business. No DELETE: nothing is deleted. */
@Controller('fleet')
@Roles('bus_company', 'admin')
export class FleetController {
  constructor(
    private readonly fleet: FleetService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('buses')
  @ApiDoc({ summary: "A company's buses (a dispatcher's own; admins name one or see all).", response: z.array(busSchema) })
  listBuses(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(fleetListQuery)) query: FleetListQuery): Promise<BusDto[]> {
    return this.fleet.listBuses(caller, query);
  }

  @Post('buses')
  @ApiDoc({
    summary: 'Add a bus to a fleet.',
    response: busSchema,
    errors: {
      403: "Not this company's dispatcher.",
      404: 'No such bus company in the tenant.',
      409: 'A bus with this name or plate already exists in the company.',
    },
  })
  createBus(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createBusSchema)) body: CreateBusInput): Promise<BusDto> {
    return this.fleet.createBus(caller, body);
  }

  @Patch('buses/:id')
  @ApiDoc({
    summary: 'Change a bus (`active: false` deactivates it).',
    response: busSchema,
    errors: {
      403: "Not this company's dispatcher.",
      409: {
        description: 'A name or plate already in use, or a stale `version` (then the bus as it now is).',
        schema: z.union([busStaleSchema, errorSchema]),
      },
    },
  })
  updateBus(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateBusSchema)) body: UpdateBusInput,
  ): Promise<BusDto> {
    return this.fleet.updateBus(caller, id, body);
  }

  @Get('drivers')
  @ApiDoc({ summary: "A company's drivers, with their licence status.", response: z.array(driverSchema) })
  listDrivers(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(fleetListQuery)) query: FleetListQuery): Promise<DriverDto[]> {
    return this.fleet.listDrivers(caller, query);
  }

  @Post('drivers')
  @ApiDoc({
    summary: 'Add a driver to a fleet.',
    response: driverSchema,
    errors: { 403: "Not this company's dispatcher.", 404: 'No such bus company in the tenant.' },
  })
  createDriver(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createDriverSchema)) body: CreateDriverInput): Promise<DriverDto> {
    return this.fleet.createDriver(caller, body);
  }

  @Patch('drivers/:id')
  @ApiDoc({
    summary: "Change a driver (`active: false` takes them out of service and ends their account's sessions).",
    response: driverSchema,
    errors: {
      403: "Not this company's dispatcher.",
      409: { description: 'A stale `version`: the driver as it now is.', schema: driverStaleSchema },
    },
  })
  updateDriver(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateDriverSchema)) body: UpdateDriverInput,
  ): Promise<DriverDto> {
    return this.fleet.updateDriver(caller, id, body);
  }

  @Post('drivers/:id/invite')
  @ApiDoc({
    summary: "A new one-time sign-up link for a driver (72 hours); the driver's earlier open link stops working.",
    description: 'The link is `<console origin>/join/<token>`: only its hash is stored, so it is shown this once. No e-mail is sent yet.',
    response: driverInviteDoc,
    errors: {
      403: "Not this company's dispatcher.",
      409: 'The driver is out of service, or already has an account.',
    },
  })
  inviteDriver(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(driverInviteSchema)) body: DriverInviteInput,
    @Req() req: Request,
  ): Promise<DriverInviteDto> {
    return this.fleet.inviteDriver(caller, id, body, consoleOrigin(req, this.config.clientOrigins));
  }
}
