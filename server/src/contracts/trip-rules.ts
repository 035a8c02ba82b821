/**
 * The trip rules (docs/domain.md: "Who sees what" and "States and who moves them"), in one
 * place: the server enforces them and the client's action buttons ask them. Plain TypeScript, no
 * framework imports, no I/O.
 */
import { formatDay } from './calendar';
import { parseTripTime } from './trip-form-rules';
import type { Role } from './roles';
import { TripMessages } from './trip-messages';
import { SCHOOL_ONLY_STATUSES, TRIP_ACTIONS, TRIP_STATUSES, type TripAction, type TripStatus } from './trip-wire';

// The action names travel on the wire (trip history), so they live in trip-wire.ts, below the rules.
export { TRIP_ACTIONS, type TripAction } from './trip-wire';

/** The caller, as the rules need it (an AuthUser or a ProfileDto mapped to these names). */
export interface TripActor {
  id: number;
  role: Role;
  /** null for a platform admin. */
  tenantId: number | null;
  activeOrgId: number | null;
}

/** The trip, as the rules need it (a TripDto fits). */
export interface TripSubject {
  tenantId: number;
  status: TripStatus;
  schoolOrgId: number;
  busCompanyOrgId: number | null;
  createdById: number | null;
  statusBeforeCancelRequest?: TripStatus | null;
  deleted?: boolean;
  /** When the trip is back: a trip cannot be completed before then. */
  returnDate?: string;
  returnTime?: string;
}

export interface TripRuleContext {
  /** The actor is a bus company in partnership with the trip's school. */
  isPartner: boolean;
  /**
   * The actor is named by the school's approval policy for the step the trip waits at (contracts/approvals.ts
   * `isStepApprover`). Unset: not an approver.
   */
  isApprover?: boolean;
  /**
   * The school's wall-clock time now, `YYYY-MM-DDTHH:mm` (calendar.ts `localDateTime`). Given, a trip that has not
   * returned yet cannot be completed; the server always gives it, the console too so it offers no such button.
   */
  now?: string;
  /** For an approval: is the step the trip waits at the policy's last (approving sends it to Pending)? Unset: yes. */
  lastStep?: boolean;
}

/**
 * The parties a trip rule allows (the "who" column of docs/domain.md, "States and who moves them"). `approver`: named
 * by the school's approval policy for the step the trip waits at; `requester`: whoever requested the trip.
 */
export type TripParty = 'admin' | 'schoolStaff' | 'partnerBus' | 'assignedBus' | 'finance' | 'approver' | 'requester';

export interface TripRule {
  action: Exclude<TripAction, 'request'>;
  from: readonly TripStatus[];
  /**
   * The status afterwards: a status, the current one, the one held before a cancel request, or (an approval) the next
   * step's: Awaiting Approval while a step remains, else Pending (TripRuleContext's `lastStep`).
   */
  to: TripStatus | 'unchanged' | 'statusBeforeCancelRequest' | 'nextApprovalStep';
  who: readonly TripParty[];
  /** Only while a bus company is assigned to the trip (true), or only while none is (false); unset: either way. */
  assigned?: boolean;
}

const ANY: readonly TripStatus[] = TRIP_STATUSES;
const AT_SCHOOL: readonly TripStatus[] = ['Awaiting Approval', 'Changes Requested'];

/**
 * The trip rules table (docs/domain.md, "States and who moves them"), row by row. A request is checked by `decideTripRequest` (there is no trip yet).
 * Additions: the assigned company (or an admin) may change the buses of a Confirmed trip; it stays Confirmed.
 * And while a bus company is assigned, school staff may only request a cancellation, which the
 * company approves: a Confirmed trip whose edit request made it Pending keeps its company, so school staff's
 * cancel of a Pending trip is only theirs while no company holds it.
 */
const TRIP_RULES: readonly TripRule[] = [
  { action: 'accept', from: ['Pending'], to: 'Accepted', who: ['partnerBus', 'admin'] },
  { action: 'reject', from: ['Pending'], to: 'Rejected', who: ['partnerBus', 'admin'] },
  { action: 'cancel', from: ['Pending'], to: 'Canceled', who: ['admin'] },
  { action: 'cancel', from: ['Pending'], to: 'Canceled', who: ['schoolStaff'], assigned: false },
  { action: 'assignBuses', from: ['Accepted', 'Confirmed'], to: 'Confirmed', who: ['assignedBus', 'admin'] },
  { action: 'requestCancel', from: ['Accepted', 'Confirmed'], to: 'Cancel Requested', who: ['schoolStaff'] },
  { action: 'requestCancel', from: ['Pending'], to: 'Cancel Requested', who: ['schoolStaff'], assigned: true },
  { action: 'cancel', from: ['Accepted', 'Confirmed'], to: 'Canceled', who: ['admin'] },
  { action: 'complete', from: ['Confirmed'], to: 'Completed', who: ['assignedBus', 'admin'] },
  { action: 'approveCancel', from: ['Cancel Requested'], to: 'Canceled', who: ['assignedBus', 'admin'] },
  { action: 'declineCancel', from: ['Cancel Requested'], to: 'statusBeforeCancelRequest', who: ['assignedBus', 'admin'] },
  { action: 'delete', from: ['Canceled'], to: 'unchanged', who: ['admin'] },
  // Edit: admin in any status; school staff in Pending and Accepted; on a Confirmed trip school staff's edit is an edit request.
  { action: 'edit', from: ANY, to: 'unchanged', who: ['admin'] },
  { action: 'edit', from: ['Pending', 'Accepted'], to: 'unchanged', who: ['schoolStaff'] },
  { action: 'edit', from: ['Confirmed'], to: 'Pending', who: ['schoolStaff'] },
  { action: 'addPassengers', from: ['Accepted', 'Confirmed', 'Completed'], to: 'unchanged', who: ['schoolStaff'] },
  { action: 'markPaid', from: ANY, to: 'unchanged', who: ['finance', 'admin'] },
  // A request waiting at its school (an approval policy, contracts/approvals.ts): the step's approvers (or an admin)
  // approve it to the next step or to Pending, send it back for changes, or deny it; its requester (or the school's
  // staff) edits it, resubmits it (the steps start again) or withdraws it.
  { action: 'approve', from: ['Awaiting Approval'], to: 'nextApprovalStep', who: ['approver', 'admin'] },
  { action: 'requestChanges', from: ['Awaiting Approval'], to: 'Changes Requested', who: ['approver', 'admin'] },
  { action: 'deny', from: ['Awaiting Approval'], to: 'Denied', who: ['approver', 'admin'] },
  { action: 'edit', from: AT_SCHOOL, to: 'unchanged', who: ['schoolStaff', 'requester'] },
  { action: 'resubmit', from: ['Changes Requested'], to: 'Awaiting Approval', who: ['schoolStaff', 'requester', 'admin'] },
  { action: 'cancel', from: AT_SCHOOL, to: 'Canceled', who: ['schoolStaff', 'requester', 'admin'] },
];

/** The roles that may request a trip: school staff, trip managers, admins. */
export const TRIP_REQUESTER_ROLES: readonly Role[] = ['school_staff', 'trip_manager', 'admin'];

export type TripDecision =
  | { allowed: true; action: TripAction; to: TripStatus; editRequest: boolean }
  | { allowed: false; action: TripAction; code: 403 | 409; message: string };

const FORBIDDEN: Record<TripAction, string> = {
  request: 'Only school staff, trip managers and admins can request trips.',
  accept: "Only the school's partner bus company or an admin can accept this trip.",
  reject: "Only the school's partner bus company or an admin can reject this trip.",
  cancel: "Only staff of the trip's school or an admin can cancel this trip.",
  assignBuses: 'Only the bus company the trip is assigned to or an admin can assign buses.',
  requestCancel: "Only staff of the trip's school can request a cancellation.",
  approveCancel: 'Only the bus company the trip is assigned to or an admin can approve a cancellation.',
  declineCancel: 'Only the bus company the trip is assigned to or an admin can decline a cancellation request.',
  complete: 'Only the bus company the trip is assigned to or an admin can complete this trip.',
  edit: "Only staff of the trip's school or an admin can edit this trip.",
  delete: 'Only an admin can delete a trip.',
  addPassengers: "Only staff of the trip's school can add passengers.",
  markPaid: 'Only finance or an admin can mark a trip paid or unpaid.',
  approve: "Only the approvers of this step of the school's approval policy or an admin can approve this request.",
  requestChanges: "Only the approvers of this step of the school's approval policy or an admin can request changes.",
  deny: "Only the approvers of this step of the school's approval policy or an admin can deny this request.",
  resubmit: "Only staff of the trip's school or an admin can resubmit this request.",
};

const CAN: Record<TripAction, string> = {
  request: 'be requested',
  accept: 'be accepted',
  reject: 'be rejected',
  cancel: 'be canceled',
  assignBuses: 'have buses assigned',
  requestCancel: 'have a cancellation requested',
  approveCancel: 'have a cancellation approved',
  declineCancel: 'have a cancellation request declined',
  complete: 'be completed',
  edit: 'be edited',
  delete: 'be deleted',
  addPassengers: 'have passengers added',
  markPaid: 'be marked paid',
  approve: 'be approved',
  requestChanges: 'have changes requested',
  deny: 'be denied',
  resubmit: 'be resubmitted',
};

/** A party's rule that fits the status but not whether a bus company holds the trip. */
const ASSIGNMENT_REFUSAL: Partial<Record<TripAction, { assigned: string; unassigned: string }>> = {
  cancel: {
    assigned: 'A bus company is assigned to this trip: request a cancellation instead, for the company to approve.',
    unassigned: 'No bus company holds this trip yet: cancel it instead.',
  },
  requestCancel: {
    assigned: 'A bus company is assigned to this trip: request a cancellation instead, for the company to approve.',
    unassigned: 'No bus company holds this trip yet: cancel it instead.',
  },
};

const orList = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

function sameTenant(actor: TripActor, trip: Pick<TripSubject, 'tenantId'>): boolean {
  return actor.tenantId === null ? actor.role === 'admin' : actor.tenantId === trip.tenantId;
}

/** Which of the trip rules' parties the actor is, for this trip. */
export function tripPartiesOf(actor: TripActor, trip: TripSubject, ctx: TripRuleContext): Set<TripParty> {
  const parties = new Set<TripParty>();
  if (!sameTenant(actor, trip) || trip.deleted) return parties;
  const org = actor.activeOrgId;
  if (actor.role === 'admin') parties.add('admin');
  if (actor.role === 'finance') parties.add('finance');
  if (ctx.isApprover) parties.add('approver');
  // The requester acts as such only while the request is at its school (a trip manager edits nothing after that).
  if (trip.createdById !== null && trip.createdById === actor.id && AT_SCHOOL.includes(trip.status)) parties.add('requester');
  if (actor.role === 'school_staff' && org !== null && org === trip.schoolOrgId) parties.add('schoolStaff');
  // A request still at its school is no bus company's business (it sees none of it, as another school's trip).
  if (actor.role === 'bus_company' && org !== null && !SCHOOL_ONLY_STATUSES.includes(trip.status)) {
    const assigned = trip.busCompanyOrgId === org;
    if (assigned) parties.add('assignedBus');
    // Once a company has accepted, only that company acts on the trip: a Pending trip another
    // company holds (an edit request) is not this partner's to accept. Once it has left Pending the partner
    // stays a party, so losing a race to accept answers 409 (wrong status) with the trip, not 403.
    const heldByAnother = trip.busCompanyOrgId !== null && !assigned && trip.status === 'Pending';
    if ((ctx.isPartner || assigned) && !heldByAnother) parties.add('partnerBus');
  }
  return parties;
}

/** May this actor do this to this trip now? Wrong role or organization: 403; right party, wrong status: 409. */
export function decideTripAction(actor: TripActor, trip: TripSubject, action: TripAction, ctx: TripRuleContext): TripDecision {
  if (action === 'request') return decideTripRequest(actor);
  const parties = tripPartiesOf(actor, trip, ctx);
  const mine = TRIP_RULES.filter((r) => r.action === action && r.who.some((p) => parties.has(p)));
  if (mine.length === 0) return { allowed: false, action, code: 403, message: FORBIDDEN[action] };
  const assigned = trip.busCompanyOrgId !== null;
  const rule = mine.find((r) => r.from.includes(trip.status) && (r.assigned === undefined || r.assigned === assigned));
  if (!rule && mine.some((r) => r.from.includes(trip.status))) {
    const says = ASSIGNMENT_REFUSAL[action];
    const message = says ? (assigned ? says.assigned : says.unassigned) : `This trip cannot ${CAN[action]} now.`;
    return { allowed: false, action, code: 409, message };
  }
  if (!rule) {
    const from = ANY.filter((s) => mine.some((r) => r.from.includes(s)));
    return { allowed: false, action, code: 409, message: `Only ${orList(from)} trips can ${CAN[action]}; this trip is ${trip.status}.` };
  }
  if (action === 'complete' && ctx.now !== undefined && !hasReturned(trip, ctx.now)) {
    return {
      allowed: false,
      action,
      code: 409,
      message: TripMessages.completeBeforeReturn(`${formatDay(trip.returnDate!)} ${trip.returnTime}`),
    };
  }
  const to =
    rule.to === 'unchanged'
      ? trip.status
      : rule.to === 'statusBeforeCancelRequest'
        ? (trip.statusBeforeCancelRequest ?? 'Confirmed')
        : rule.to === 'nextApprovalStep'
          ? ctx.lastStep === false
            ? 'Awaiting Approval'
            : 'Pending'
          : rule.to;
  return { allowed: true, action, to, editRequest: action === 'edit' && to !== trip.status };
}

/** Is the trip back by `now` (`YYYY-MM-DDTHH:mm`)? A trip without its return time is taken as back. */
function hasReturned(trip: TripSubject, now: string): boolean {
  if (!trip.returnDate || !trip.returnTime) return true;
  const minutes = parseTripTime(trip.returnTime) ?? 0;
  const back = `${trip.returnDate}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return back <= now;
}

/**
 * Who may request a new trip (the rules' first row), and where it starts: Pending, or Awaiting Approval when the
 * school's approval policy has steps and the requester is not an admin (contracts/approvals.ts `requestAwaitsApproval`).
 */
export function decideTripRequest(actor: TripActor, opts: { awaitsApproval?: boolean } = {}): TripDecision {
  if (!TRIP_REQUESTER_ROLES.includes(actor.role)) return { allowed: false, action: 'request', code: 403, message: FORBIDDEN.request };
  return { allowed: true, action: 'request', to: opts.awaitsApproval ? 'Awaiting Approval' : 'Pending', editRequest: false };
}

/** The actions the actor may take on this trip now (for the console's buttons). `request` is never listed. */
export function allowedTripActions(actor: TripActor, trip: TripSubject, ctx: TripRuleContext): TripAction[] {
  return TRIP_ACTIONS.filter((a) => a !== 'request' && decideTripAction(actor, trip, a, ctx).allowed);
}

// ---------------------------------------------------------------------------------------------
// Visibility (docs/domain.md, "Who sees what")

export interface TripVisibilitySubject {
  tenantId: number;
  /** Unset: a status every party may see (a caller that leaves it out does not know it). */
  status?: TripStatus;
  schoolOrgId: number;
  busCompanyOrgId: number | null;
  createdById: number | null;
  deleted?: boolean;
}

/**
 * May this user see (GET) this trip? `partnerSchoolIds` are the schools in partnership with
 * the user's bus company (ignored for other roles). The server's list query applies the same rule in SQL.
 */
export function canSeeTrip(user: TripActor, trip: TripVisibilitySubject, partnerSchoolIds: readonly number[]): boolean {
  if (trip.deleted) return false;
  if (user.role === 'admin' && user.tenantId === null) return true;
  if (user.tenantId === null || user.tenantId !== trip.tenantId) return false;
  switch (user.role) {
    case 'admin':
    case 'finance':
      return true;
    case 'school_staff':
      return user.activeOrgId !== null ? trip.schoolOrgId === user.activeOrgId : trip.createdById === user.id;
    case 'bus_company':
      // A request still at its school (an approval policy's statuses) reaches no bus company.
      if (trip.status !== undefined && SCHOOL_ONLY_STATUSES.includes(trip.status)) return false;
      return user.activeOrgId !== null && (trip.busCompanyOrgId === user.activeOrgId || partnerSchoolIds.includes(trip.schoolOrgId));
    case 'trip_manager':
      return trip.createdById === user.id;
    default:
      return false;
  }
}
