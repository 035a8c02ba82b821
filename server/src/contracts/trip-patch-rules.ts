/**
 * Reading a PATCH /trips/{id} body: which actions it asks for (an edit, an assignment, a status change, a payment,
 * a cancel request, a delete), or why it cannot be read. The decisions themselves are trip-rules.ts's.
 */
import { TripMessages } from './trip-messages';
import type { TripSubject } from './trip-rules';
import {
  type BusAssignment,
  type BusInfo,
  type DriverInfo,
  TRIP_FORM_FIELDS,
  type TripAction,
  type TripFormFields,
  type TripStatus,
} from './trip-wire';

/** PATCH /trips/{id}: any of these; send `version` to be told when the trip changed meanwhile. */
export interface TripPatch extends Partial<TripFormFields> {
  date?: string;
  status?: TripStatus;
  buses?: BusAssignment[];
  busInfo?: BusInfo | null;
  driverInfo?: DriverInfo | null;
  price?: number;
  cancelRequest?: boolean;
  deleted?: boolean;
  paid?: boolean;
  version?: number;
  /** Only with an admin's accept: the bus company that takes the trip. */
  busCompanyOrgId?: number;
  /** With buses: why their prices move more than 10 % from the trip's quote (required then; kept in history). */
  priceReason?: string | null;
}

/** Fields that belong to the Assign Bus form. */
const TRIP_ASSIGNMENT_FIELDS = ['buses', 'busInfo', 'driverInfo', 'price'] as const;

/** The trip as the classifier compares against (a TripDto fits). */
export type TripPatchBase = TripSubject &
  TripFormFields & {
    buses: BusAssignment[];
    busInfo: BusInfo | null;
    driverInfo: DriverInfo | null;
    price: number;
    paid: boolean;
    cancelRequest: boolean;
  };

export type TripPatchReading = { actions: TripAction[]; error?: undefined } | { actions?: undefined; error: string };

const ECHOABLE: readonly (keyof TripPatch)[] = [...TRIP_FORM_FIELDS, 'date', ...TRIP_ASSIGNMENT_FIELDS, 'paid', 'deleted', 'cancelRequest'];

/** Deep equality that ignores object key order (jsonb reorders keys) and treats undefined as null. */
export function sameTripValue(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameTripValue(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  return [...keys].every((k) => sameTripValue(ra[k], rb[k]));
}

function targetAction(target: TripStatus, patch: TripPatch, current: TripPatchBase): TripAction | null {
  const requested = current.status === 'Cancel Requested';
  switch (target) {
    // The edit modal's cancel-request path sends Pending with cancelRequest true;
    // otherwise Pending marks the edit form's request mode.
    case 'Pending':
      return patch.cancelRequest === true ? 'requestCancel' : 'edit';
    case 'Accepted':
      return requested ? 'declineCancel' : 'accept';
    case 'Confirmed':
      return requested ? 'declineCancel' : 'assignBuses';
    case 'Rejected':
      return 'reject';
    case 'Completed':
      return 'complete';
    case 'Canceled':
      return requested ? 'approveCancel' : 'cancel';
    case 'Cancel Requested':
      return 'requestCancel';
    // A request sent back for changes goes to its approvers again; the approvers' own decisions have their call.
    case 'Awaiting Approval':
      return 'resubmit';
    case 'Changes Requested':
    case 'Denied':
    case 'Withdrawn':
      return null;
  }
}

/**
 * Names what a PATCH body asks for, compared with the trip as it is. Values equal to the current ones
 * are echoes, not changes; a status equal to the current one is an echo only when other fields come with
 * it (so a second "accept" of an accepted trip is refused, not ignored, while a form echoing the whole trip is
 * fine). Several of details, buses, status and delete in one body is an error; `paid` may accompany any of them.
 * No actions: nothing to do.
 */
export function classifyTripPatch(patch: TripPatch, current: TripPatchBase): TripPatchReading {
  const form = { ...patch, departureDate: patch.departureDate ?? patch.date };
  const formChanged = TRIP_FORM_FIELDS.filter((f) => form[f] !== undefined && !sameTripValue(form[f], current[f]));
  const assignmentChanged = TRIP_ASSIGNMENT_FIELDS.filter((f) => patch[f] !== undefined && !sameTripValue(patch[f], current[f]));
  const paidChanged = patch.paid !== undefined && patch.paid !== current.paid;
  const deleting = patch.deleted === true;
  // A status sent alone is an action even when it is the current one; sent beside other fields it may be an echo.
  const statusAlone = ECHOABLE.every((k) => patch[k] === undefined);

  let transition: TripAction | undefined;
  if (patch.status !== undefined && (patch.status !== current.status || statusAlone)) {
    const target = targetAction(patch.status, patch, current);
    if (target === null) return { error: TripMessages.decideApprovalElsewhere };
    transition = target;
  } else if (patch.cancelRequest === true && current.status !== 'Cancel Requested') transition = 'requestCancel';
  else if (patch.cancelRequest === false && current.status === 'Cancel Requested') transition = 'declineCancel';

  const actions: TripAction[] = [];
  if (transition) actions.push(transition);
  if (assignmentChanged.length > 0 && transition !== 'assignBuses') {
    if (transition) return { error: TripMessages.oneChangeAtATime };
    actions.push('assignBuses');
  }
  if (formChanged.length > 0 && transition !== 'edit') {
    if (actions.length > 0) return { error: TripMessages.oneChangeAtATime };
    actions.push('edit');
  }
  if (deleting) {
    if (actions.length > 0) return { error: TripMessages.oneChangeAtATime };
    actions.push('delete');
  }
  if (patch.busCompanyOrgId !== undefined && patch.busCompanyOrgId !== current.busCompanyOrgId && !actions.includes('accept')) {
    return { error: TripMessages.busCompanyOnlyOnAccept };
  }
  if (paidChanged) actions.push('markPaid');
  return { actions };
}
