import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

export const ErrorMessages = {
  unexpected: 'Something went wrong on our side. Please try again.',
  unstorable: 'A value in the request is too long, out of range or contains characters that cannot be stored.',
} as const;

/** PostgreSQL's SQLSTATE of an error as TypeORM surfaces it from pg and from PGlite. */
function sqlState(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const err = e as { code?: unknown; driverError?: { code?: unknown } };
  const code = err.code ?? err.driverError?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

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
    // Class 22 (data exception: too long 22001, out of range 22003, NUL 22P05/22021, bad format 22P02...) is the
    // caller's value, not our fault. The input schemas (common/input.ts) should have refused it; say which one did not.
    if (sqlState(exception)?.startsWith('22')) {
      this.logger.warn(`A value reached the database that the input schema should have refused: ${(exception as Error).message}`);
      return { status: HttpStatus.BAD_REQUEST, body: { message: ErrorMessages.unstorable } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: ErrorMessages.unexpected } };
  }
}
