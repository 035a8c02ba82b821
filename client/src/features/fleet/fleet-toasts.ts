import { errorText } from '../../api/http';
import { toast } from '../../shared/toast';

/** The fleet screen answers every change with a toast; a failure reads "{what}: {reason}". */
export const fleetFailed = (what: string, error: unknown) => toast.error(`${what}: ${errorText(error)}`, { autoClose: 5000 });
export const fleetDone = (message: string) => toast.success(message, { autoClose: 5000 });
