import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** Shapes every error as `{message}`; never leaks a stack or SQL. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toResponse(exception);
    // 503 is a known, explained state (a dependency is down or not configured), not a fault of ours
    if (status >= 500 && status !== 503) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    res.status(status).json(body);
  }

  private toResponse(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return { status, body: { message: raw } };
      const obj = raw as Record<string, unknown>;
      const message = Array.isArray(obj.message) ? obj.message.join(' ') : (obj.message ?? exception.message);
      return { status, body: { ...obj, message, error: undefined, statusCode: undefined } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Something went wrong on our side. Please try again.' } };
  }
}
