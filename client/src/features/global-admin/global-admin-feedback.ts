import { ApiError, errorText } from '../../api/http';
import { toast } from '../../shared/toast';

/** Global Admin toasts stay 5 seconds. */
const AUTO_CLOSE = 5000;

export const notifyDone = (message: string) => toast.success(message, { autoClose: AUTO_CLOSE });

/**
 * "{what}: {reason}". A 401, a 403 or a network error is only debug-logged (likely a pending or insufficient
 * role) — except for actions the person just took, which always answer.
 */
export function notifyFailure(what: string, error: unknown, { quietWhenDenied = false } = {}): void {
  const denied = !(error instanceof ApiError) || error.status === 401 || error.status === 403;
  if (quietWhenDenied && denied) {
    console.debug(`${what}:`, error);
    return;
  }
  toast.error(`${what}: ${errorText(error)}`, { autoClose: AUTO_CLOSE });
}
