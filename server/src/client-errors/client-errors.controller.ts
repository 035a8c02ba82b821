import { Body, Controller, HttpCode, HttpException, HttpStatus, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SharedThrottlerStorage } from '../auth/redis-throttler.storage';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, DriversToo } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { CLIENT_ERRORS_PER_MINUTE, ClientErrorMessages, type ClientErrorReport } from '../contracts/client-errors';
import { ApiDoc } from '../docs/api-doc';
import { clientErrorSchema } from './client-errors.schemas';

const MINUTE = 60_000;

/**
 * Where the console's error boundaries report a screen that failed to render. Signed-in users only (the global
 * guard), each field length-capped by the schema, and at most CLIENT_ERRORS_PER_MINUTE reports per user per minute
 * counted in the sign-in limits' shared store, so every replica counts together. The report is logged, never stored.
 */
@Controller('client-errors')
export class ClientErrorsController {
  private readonly logger = new Logger('ClientError');

  constructor(private readonly limits: SharedThrottlerStorage) {}

  @Post()
  @DriversToo()
  @HttpCode(204)
  @ApiDoc({
    summary: 'Report an error that broke a console screen, for the server log.',
    response: null,
    errors: { 429: `More than ${CLIENT_ERRORS_PER_MINUTE} reports from one user within a minute (Retry-After says when to try again).` },
  })
  async report(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(clientErrorSchema)) body: ClientErrorReport,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const count = await this.limits.increment(`user:${user.id}`, MINUTE, CLIENT_ERRORS_PER_MINUTE, MINUTE, 'client-errors');
    if (count.isBlocked) {
      res.setHeader('Retry-After', String(Math.max(count.timeToBlockExpire, 1)));
      throw new HttpException(ClientErrorMessages.tooMany, HttpStatus.TOO_MANY_REQUESTS);
    }
    // one JSON line: the report's own newlines cannot forge further log lines
    this.logger.error(
      JSON.stringify({
        user: user.id,
        tenant: user.tenantId,
        path: body.path,
        message: body.message,
        stack: body.stack,
        componentStack: body.componentStack,
      }),
    );
  }
}
