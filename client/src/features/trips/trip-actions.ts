import type { ApprovalDto } from '@contracts/approvals';
import { localDateTime } from '@contracts/calendar';
import { tripCancellationFee } from '@contracts/pricing';
import type { Role } from '@contracts/roles';
import { allowedTripActions, type TripAction, type TripActor } from '@contracts/trip-rules';
import { type TripPatch } from '@contracts/trip-patch-rules';
import type { TripDto, TripStatus } from '@contracts/trip-wire';
import type { ProfileDto } from '@contracts/wire';
import { cancellationFeeText } from './trip-view';

/**
 * Which buttons a trip shows for the signed-in user. Every button but View and Passengers comes from the
 * shared state machine (contracts/trip-rules.ts), so the console never offers what the server refuses. Approve,
 * Request changes and Deny are not among them: whether the user is an approver of the step is the approval's to say,
 * so they live in the trip's Approval section (features/approvals).
 */
export type TripButton =
  | 'view'
  | 'edit'
  | 'resubmit'
  | 'assignBuses'
  | 'accept'
  | 'reject'
  | 'approveCancel'
  | 'declineCancel'
  | 'complete'
  | 'requestCancel'
  | 'cancel'
  | 'delete'
  | 'passengers';

/** The buttons that change a trip's status (or delete it) with one PATCH. */
export type StatusAction = Extract<
  TripButton,
  'resubmit' | 'accept' | 'reject' | 'approveCancel' | 'declineCancel' | 'complete' | 'requestCancel' | 'cancel' | 'delete'
>;

const ORDER: TripButton[] = [
  'view',
  'edit',
  'resubmit',
  'assignBuses',
  'accept',
  'reject',
  'approveCancel',
  'declineCancel',
  'complete',
  'requestCancel',
  'cancel',
  'delete',
  'passengers',
];

const FROM_RULES: readonly TripAction[] = [
  'edit',
  'resubmit',
  'assignBuses',
  'accept',
  'reject',
  'approveCancel',
  'declineCancel',
  'complete',
  'requestCancel',
  'cancel',
  'delete',
];

export function tripActorOf(profile: Pick<ProfileDto, 'id' | 'role' | 'tenant_id' | 'active_org_id'>): TripActor {
  return { id: profile.id, role: profile.role, tenantId: profile.tenant_id, activeOrgId: profile.active_org_id };
}

/**
 * A bus company sees a trip only when its school is a partner or the trip is assigned to it, so
 * for any trip in its list the "partner" fact holds; an assigned company is a party by assignment anyway.
 */
// `now`: a trip is completed only once it is back, so Complete is offered only then (the server refuses it before).
const ruleContext = (actor: TripActor) => ({ isPartner: actor.role === 'bus_company', now: localDateTime() });

/** The Passengers button: for school_staff and admin, when the trip is Accepted, Confirmed or Completed. */
const PASSENGER_STATUSES: readonly TripStatus[] = ['Accepted', 'Confirmed', 'Completed'];

export function tripButtonsFor(actor: TripActor, trip: TripDto): TripButton[] {
  const allowed = new Set<TripButton>(['view']);
  for (const action of allowedTripActions(actor, trip, ruleContext(actor))) {
    if (FROM_RULES.includes(action)) allowed.add(action as TripButton);
  }
  if ((actor.role === 'school_staff' || actor.role === 'admin') && PASSENGER_STATUSES.includes(trip.status)) allowed.add('passengers');
  return ORDER.filter((button) => allowed.has(button));
}

export function canTrip(actor: TripActor, trip: TripDto, action: TripAction): boolean {
  return allowedTripActions(actor, trip, ruleContext(actor)).includes(action);
}

/** The passenger view is editable for the school's staff only (the rules' addPassengers). */
export const passengersEditable = (actor: TripActor, trip: TripDto) => canTrip(actor, trip, 'addPassengers');

/** "View Passengers" for admin (who only reads the list), "Manage Passengers" otherwise. */
export const passengersLabel = (role: Role) => (role === 'admin' ? 'View Passengers' : 'Manage Passengers');

export const BUTTON_LABELS: Record<Exclude<TripButton, 'passengers'>, string> = {
  view: 'View',
  edit: 'Edit',
  resubmit: 'Resubmit',
  assignBuses: 'Assign Bus',
  accept: 'Accept',
  reject: 'Reject',
  approveCancel: 'Approve Cancel',
  declineCancel: 'Decline Request',
  complete: 'Complete',
  requestCancel: 'Request Cancel',
  cancel: 'Cancel',
  delete: 'Delete',
};

export function buttonLabel(button: TripButton, role: Role): string {
  return button === 'passengers' ? passengersLabel(role) : BUTTON_LABELS[button];
}

export const isStatusAction = (button: TripButton): button is StatusAction =>
  ['resubmit', 'accept', 'reject', 'approveCancel', 'declineCancel', 'complete', 'requestCancel', 'cancel', 'delete'].includes(button);

/** Reject, Cancel and Complete ask first; so do Delete and Request Cancel, which cannot be undone by the asker. */
export interface ConfirmText {
  title: string;
  question: string;
  /** A line under the question: what confirming will cost (cancelFeeNotice). */
  detail?: string | null;
}

/**
 * What cancelling now costs, said under the question before a school asks to cancel or an admin cancels (docs/domain.md,
 * "Cancellation fees"): the fee counts from when the cancellation is asked for, so the asker reads it first. Null when
 * none can apply (no bus company holds the trip yet, or the trip has no quote). The server works out the fee it records.
 */
export function cancelFeeNotice(trip: TripDto, now: Date = new Date()): string | null {
  const fee = tripCancellationFee(trip, localDateTime(now), now.toISOString());
  if (!fee || !trip.estimate) return null;
  if (fee.tier) return `Cancelling now costs ${cancellationFeeText(fee)}.`;
  const furthest = Math.max(0, ...trip.estimate.cancellationTiers.map((t) => t.hoursBefore));
  return furthest > 0 ? `No cancellation fee now: one applies from ${furthest} hours before departure.` : null;
}

export const REQUEST_CANCEL_QUESTION = 'Are you sure you want to request to cancel this trip?';

export function confirmTextFor(action: StatusAction): ConfirmText | null {
  switch (action) {
    case 'reject':
    case 'cancel':
    case 'complete':
    case 'delete': {
      const label = BUTTON_LABELS[action];
      return { title: `${label} Trip`, question: `Are you sure you want to ${label.toLowerCase()} this trip?` };
    }
    case 'requestCancel':
      return { title: 'Request Cancel', question: REQUEST_CANCEL_QUESTION };
    default:
      return null;
  }
}

/** The PATCH body of a status action (trips README "How a PATCH is read"), with the version the user saw. */
export function statusActionBody(action: StatusAction, trip: Pick<TripDto, 'version'>): TripPatch {
  const version = trip.version;
  switch (action) {
    case 'resubmit':
      // the requester made the changes asked for: the request waits at its school again, from the first step
      return { status: 'Awaiting Approval', version };
    case 'accept':
      return { status: 'Accepted', version };
    case 'reject':
      return { status: 'Rejected', version };
    case 'complete':
      return { status: 'Completed', version };
    case 'cancel':
    case 'approveCancel':
      return { status: 'Canceled', version };
    case 'declineCancel':
      return { cancelRequest: false, version };
    case 'requestCancel':
      return { status: 'Cancel Requested', version };
    case 'delete':
      return { deleted: true, version };
  }
}

export interface ActionHint {
  text: string;
  /** true when the signed-in user is the one to act */
  needed: boolean;
}

/**
 * The dashboard's "Action needed" column: what this role should do next, from the rules; else who the trip waits for.
 * `approval`: the trip's approval when it waits for this user's decision (a request, or a change held at the school).
 */
export function actionHint(actor: TripActor, trip: TripDto, approval?: Pick<ApprovalDto, 'kind'>): ActionHint {
  if (approval) return { text: approval.kind === 'change' ? 'Review change' : 'Review request', needed: true };
  const can = new Set(allowedTripActions(actor, trip, ruleContext(actor)));
  if (can.has('accept') || can.has('reject')) return { text: 'Accept or reject', needed: true };
  if (can.has('approveCancel') || can.has('declineCancel')) return { text: 'Review cancel request', needed: true };
  // an accepted trip the user may assign: "Needs a bus" once it departs soon with no bus (the server's needsBus), else "Assign bus"
  if (can.has('assignBuses') && trip.status === 'Accepted') return { text: trip.needsBus ? 'Needs a bus' : 'Assign bus', needed: true };
  // a Confirmed trip whose bus or driver went out of service, or clashes with another trip: the alert's words again
  if (can.has('assignBuses') && trip.needsBus) return { text: 'Needs a bus', needed: true };
  // the school's to put right (an admin may resubmit too, but waits for the requester like everyone else)
  if (can.has('resubmit') && actor.role !== 'admin') return { text: 'Make the changes and resubmit', needed: true };
  switch (trip.status) {
    case 'Pending':
      return { text: trip.editRequest ? 'Edit awaiting approval' : 'Awaiting bus company', needed: false };
    case 'Accepted':
      return { text: 'Awaiting bus assignment', needed: false };
    case 'Cancel Requested':
      return { text: 'Awaiting cancel decision', needed: false };
    case 'Awaiting Approval':
      return { text: 'Awaiting school approval', needed: false };
    case 'Changes Requested':
      return { text: 'Awaiting changes from the requester', needed: false };
    default:
      return { text: 'None', needed: false };
  }
}
