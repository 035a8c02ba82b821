import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { DriverAssignmentDto, DriverDayDto } from '../contracts/driver-wire';
import { ApiDoc } from '../docs/api-doc';
import { driverAssignmentSchema, driverDaySchema } from '../docs/progress.schemas';
import { DriverDay } from './driver-day.service';
import { ProgressService } from './progress.service';
import { type StepInput, StepIdPipe, stepSchema } from './progress.schemas';

const NOT_A_DRIVER = 'Not a driver, or a driver account no longer tied to a driver of the fleet.';

/** The driver's phone: their day, and the steps they tap (docs/domain.md, "The day of travel"). Drivers only. */
@Controller('driver')
@Roles('driver')
export class DriverController {
  constructor(
    private readonly day: DriverDay,
    private readonly progress: ProgressService,
  ) {}

  @Get('today')
  @ApiDoc({
    summary: "The driver's trips from today through the next 7 days, by departure, each with their bus's progress.",
    response: driverDaySchema,
    errors: { 403: NOT_A_DRIVER },
  })
  today(@CurrentUser() caller: AuthUser): Promise<DriverDayDto> {
    return this.day.today(caller);
  }

  @Post('steps')
  @ApiDoc({
    summary: "Record a step of the driver's bus (a tap); answers the assignment as it now is.",
    description:
      'The id is made by the device: sending the same step again records nothing and answers 200 with the assignment as ' +
      'it now is (201 the first time). The Returned of the last bus completes the trip.',
    response: driverAssignmentSchema,
    errors: {
      403: NOT_A_DRIVER,
      404: "No such trip among the driver's assignments.",
      409: 'The step cannot be recorded now (out of order, before the trip’s day, the trip no longer runs), or its id was used for another step.',
    },
  })
  async step(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodPipe(stepSchema)) body: StepInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DriverAssignmentDto> {
    const { assignment, created } = await this.progress.record(caller, body);
    if (!created) res.status(200);
    return assignment;
  }

  @Post('steps/:id/undo')
  @HttpCode(200)
  @ApiDoc({
    summary: "Take back the driver's latest step, within a minute of sending it.",
    response: driverAssignmentSchema,
    errors: {
      400: 'The step id is not a UUID.',
      403: NOT_A_DRIVER,
      404: 'No such step among the driver’s.',
      409: 'Not the latest step, already undone, more than a minute old, or the trip no longer runs.',
    },
  })
  undo(@CurrentUser() caller: AuthUser, @Param('id', StepIdPipe) id: string): Promise<DriverAssignmentDto> {
    return this.progress.undo(caller, id);
  }
}
