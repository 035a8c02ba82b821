import { z } from 'zod';
import { text } from '../common/input';
import { CLIENT_ERROR_LIMITS, ClientErrorMessages } from '../contracts/client-errors';

const capped = (field: keyof typeof CLIENT_ERROR_LIMITS) =>
  text({ max: CLIENT_ERROR_LIMITS[field], tooLong: ClientErrorMessages.tooLong(field) });

/** `POST /client-errors`: each field within its cap; anything else in the body is dropped. */
export const clientErrorSchema = z.object({
  message: capped('message').trim().min(1, ClientErrorMessages.messageRequired),
  stack: capped('stack').optional(),
  componentStack: capped('componentStack').optional(),
  path: capped('path').trim().min(1, ClientErrorMessages.pathRequired),
});
