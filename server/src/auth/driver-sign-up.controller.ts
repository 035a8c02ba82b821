import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { Public } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { DriverInviteInfoDto } from '../contracts/driver-wire';
import type { LoginResponse } from '../contracts/wire';
import { ApiDoc } from '../docs/api-doc';
import { driverInviteInfoSchema, loginResponseSchema } from '../docs/wire.schemas';
import { SignInLimit } from './auth-throttler.guard';
import { type DriverSignUpInput, driverSignUpSchema } from './auth.schemas';
import { DriverSignUpService } from './driver-sign-up.service';

const refusals = {
  400: 'This invitation has expired: ask your dispatcher for a new link.',
  404: 'No such invitation, or one a newer link replaced.',
} as const;

/**
 * A driver's invitation link, `/join/<token>` in the console (docs/domain.md, "Drivers"): no sign-in, counted like a
 * sign-in (per address, and per e-mail when one is sent), so tokens cannot be guessed at speed.
 */
@Controller('driver-invites')
export class DriverSignUpController {
  constructor(private readonly signUps: DriverSignUpService) {}

  @Public()
  @SignInLimit()
  @Get(':token')
  @ApiDoc({
    summary: 'Whose invitation a link is: the driver, their company, the e-mail offered and when it expires.',
    response: driverInviteInfoSchema,
    errors: { ...refusals, 409: 'The invitation was already used, or the driver is out of service.' },
  })
  info(@Param('token') token: string): Promise<DriverInviteInfoDto> {
    return this.signUps.info(token);
  }

  @Public()
  @SignInLimit()
  @Post(':token')
  @ApiDoc({
    summary: "Make the driver's account with an e-mail and password, and sign in (answers like POST /auth/login).",
    response: loginResponseSchema,
    errors: {
      ...refusals,
      409: 'The invitation was already used, the e-mail belongs to another account, or the driver is out of service.',
    },
  })
  signUp(@Param('token') token: string, @Body(new ZodPipe(driverSignUpSchema)) body: DriverSignUpInput): Promise<LoginResponse> {
    return this.signUps.signUp(token, body);
  }
}
