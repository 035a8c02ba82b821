import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { DispatchBoardDto, NotificationDto } from '../contracts/fleet-wire';
import { type BoardQuery, boardQuery } from './fleet.schemas';
import { DispatchService } from './dispatch.service';
import { ApiDoc } from '../docs/api-doc';
import { dispatchBoardSchema, notificationSchema } from '../docs/wire.schemas';

/** The dispatch board's read and the bell's open "Needs a bus" alerts. */
@Controller()
export class DispatchController {
  constructor(private readonly dispatch: DispatchService) {}

  @Get('dispatch/board')
  @Roles('bus_company', 'admin', 'trip_manager')
  @ApiDoc({
    summary: "A company's fleet and the trips on it over a window of days, and the trips still needing a bus.",
    response: dispatchBoardSchema,
    errors: { 404: 'No such bus company in the tenant.' },
  })
  board(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(boardQuery)) query: BoardQuery): Promise<DispatchBoardDto> {
    return this.dispatch.board(caller, query);
  }

  /** Every signed-in user has the bell; roles that are sent no alerts get an empty list. */
  @Get('notifications')
  @ApiDoc({ summary: "The bell's open alerts.", response: z.array(notificationSchema) })
  notifications(@CurrentUser() caller: AuthUser): Promise<NotificationDto[]> {
    return this.dispatch.notifications(caller);
  }
}
