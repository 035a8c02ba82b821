import type { Role } from '@contracts/roles';
import type { TripActor } from '@contracts/trip-rules';
import { SCHOOL_ONLY_STATUSES, TRIP_STATUSES, type TripStatus } from '@contracts/trip-wire';
import {
  actionHint,
  buttonLabel,
  confirmTextFor,
  passengersEditable,
  statusActionBody,
  type TripButton,
  tripButtonsFor,
} from './trip-actions';
import { DESERT_STAR, GREENFIELD, makeTrip } from './test-trips';

const FALCON = 22;
const actors: Record<string, TripActor> = {
  admin: { id: 1, role: 'admin', tenantId: 1, activeOrgId: null },
  school_staff: { id: 3, role: 'school_staff', tenantId: 1, activeOrgId: GREENFIELD },
  bus_company: { id: 5, role: 'bus_company', tenantId: 1, activeOrgId: DESERT_STAR },
  finance: { id: 7, role: 'finance', tenantId: 1, activeOrgId: null },
  trip_manager: { id: 8, role: 'trip_manager', tenantId: 1, activeOrgId: null },
};

/**
 * A trip of Greenfield in each status, back since 2020 (so it may be completed), requested by the trip manager; from
 * Accepted on it is Desert Star's (a request still at its school is no company's).
 */
const tripIn = (status: TripStatus) =>
  makeTrip({
    status,
    departureDate: '2020-03-04',
    busCompanyOrgId: status === 'Pending' || status === 'Rejected' || SCHOOL_ONLY_STATUSES.includes(status) ? null : DESERT_STAR,
    statusBeforeCancelRequest: status === 'Cancel Requested' ? 'Confirmed' : null,
    cancelRequest: status === 'Cancel Requested',
    createdById: 8,
  });

// Every role and status pair: what the trip table allows (docs/domain.md, "States and who moves them"), plus the
// Passengers button for school_staff and admin on Accepted, Confirmed and Completed trips. View is always first.
const EXPECTED: Record<string, Record<TripStatus, TripButton[]>> = {
  admin: {
    Pending: ['edit', 'accept', 'reject', 'cancel'],
    Accepted: ['edit', 'assignBuses', 'cancel', 'passengers'],
    Confirmed: ['edit', 'assignBuses', 'complete', 'cancel', 'passengers'],
    'Cancel Requested': ['edit', 'approveCancel', 'declineCancel'],
    Completed: ['edit', 'passengers'],
    Canceled: ['edit', 'delete'],
    Rejected: ['edit'],
    // approving is the Approval section's (features/approvals), never a trip button
    'Awaiting Approval': ['edit', 'cancel'],
    'Changes Requested': ['edit', 'resubmit', 'cancel'],
    Denied: ['edit'],
    Withdrawn: ['edit'],
  },
  school_staff: {
    Pending: ['edit', 'cancel'],
    Accepted: ['edit', 'requestCancel', 'passengers'],
    Confirmed: ['edit', 'requestCancel', 'passengers'],
    'Cancel Requested': [],
    Completed: ['passengers'],
    Canceled: [],
    Rejected: [],
    'Awaiting Approval': ['edit', 'cancel'],
    'Changes Requested': ['edit', 'resubmit', 'cancel'],
    Denied: [],
    Withdrawn: [],
  },
  bus_company: {
    Pending: ['accept', 'reject'],
    Accepted: ['assignBuses'],
    Confirmed: ['assignBuses', 'complete'],
    'Cancel Requested': ['approveCancel', 'declineCancel'],
    Completed: [],
    Canceled: [],
    Rejected: [],
    // a request still at its school is no bus company's business
    'Awaiting Approval': [],
    'Changes Requested': [],
    Denied: [],
    Withdrawn: [],
  },
  finance: Object.fromEntries(TRIP_STATUSES.map((s) => [s, []])) as unknown as Record<TripStatus, TripButton[]>,
  // the requester of these trips: theirs to edit, resubmit or withdraw while the request is at the school, no more
  trip_manager: {
    ...(Object.fromEntries(TRIP_STATUSES.map((s) => [s, []])) as unknown as Record<TripStatus, TripButton[]>),
    'Awaiting Approval': ['edit', 'cancel'],
    'Changes Requested': ['edit', 'resubmit', 'cancel'],
  },
};

describe('Complete waits until the trip is back', () => {
  it.each(['admin', 'bus_company'])('offers the %s no Complete on a Confirmed trip that has not returned yet', (role) => {
    const upcoming = { ...tripIn('Confirmed'), departureDate: '2031-03-04', date: '2031-03-04', returnDate: '2031-03-04' };
    expect(tripButtonsFor(actors[role], upcoming)).not.toContain('complete');
    expect(tripButtonsFor(actors[role], tripIn('Confirmed'))).toContain('complete');
  });
});

describe('trip buttons by role and status (from contracts/trip-rules.ts)', () => {
  const pairs = Object.keys(EXPECTED).flatMap((role) => TRIP_STATUSES.map((status) => [role, status] as const));
  it.each(pairs)('%s on a %s trip', (role, status) => {
    expect(tripButtonsFor(actors[role], tripIn(status))).toEqual(['view', ...EXPECTED[role][status]]);
  });

  it('gives a platform admin (no tenant) the admin buttons', () => {
    const platform: TripActor = { id: 9, role: 'admin', tenantId: null, activeOrgId: null };
    expect(tripButtonsFor(platform, tripIn('Canceled'))).toEqual(['view', 'edit', 'delete']);
  });

  it('shows another school nothing but View', () => {
    const other: TripActor = { ...actors.school_staff, activeOrgId: 99 };
    expect(tripButtonsFor(other, tripIn('Pending'))).toEqual(['view']);
  });

  it('does not offer Accept to a partner on a Pending edit request another company holds', () => {
    const falcon: TripActor = { ...actors.bus_company, activeOrgId: FALCON };
    expect(tripButtonsFor(falcon, makeTrip({ status: 'Pending', busCompanyOrgId: DESERT_STAR, editRequest: true }))).toEqual(['view']);
  });

  it('names the Passengers button by role and lets only the school edit the list', () => {
    expect(buttonLabel('passengers', 'admin')).toBe('View Passengers');
    for (const role of ['school_staff', 'bus_company', 'finance', 'trip_manager'] as Role[]) {
      expect(buttonLabel('passengers', role)).toBe('Manage Passengers');
    }
    expect(passengersEditable(actors.school_staff, tripIn('Confirmed'))).toBe(true);
    expect(passengersEditable(actors.admin, tripIn('Confirmed'))).toBe(false);
  });

  it('asks "{label} Trip" / "Are you sure you want to {label} this trip?" for Reject, Cancel and Complete', () => {
    expect(confirmTextFor('reject')).toEqual({ title: 'Reject Trip', question: 'Are you sure you want to reject this trip?' });
    expect(confirmTextFor('cancel')).toEqual({ title: 'Cancel Trip', question: 'Are you sure you want to cancel this trip?' });
    expect(confirmTextFor('complete')).toEqual({ title: 'Complete Trip', question: 'Are you sure you want to complete this trip?' });
    expect(confirmTextFor('requestCancel')?.question).toBe('Are you sure you want to request to cancel this trip?');
    expect(confirmTextFor('accept')).toBeNull();
    expect(confirmTextFor('approveCancel')).toBeNull();
  });

  it('sends each status action with the version the user saw', () => {
    const trip = makeTrip({ version: 4 });
    expect(statusActionBody('accept', trip)).toEqual({ status: 'Accepted', version: 4 });
    expect(statusActionBody('approveCancel', trip)).toEqual({ status: 'Canceled', version: 4 });
    expect(statusActionBody('declineCancel', trip)).toEqual({ cancelRequest: false, version: 4 });
    expect(statusActionBody('delete', trip)).toEqual({ deleted: true, version: 4 });
    expect(statusActionBody('resubmit', trip)).toEqual({ status: 'Awaiting Approval', version: 4 });
  });

  it('tells each role what the dashboard trip needs from them', () => {
    expect(actionHint(actors.bus_company, tripIn('Pending'))).toEqual({ text: 'Accept or reject', needed: true });
    expect(actionHint(actors.bus_company, tripIn('Accepted'))).toEqual({ text: 'Assign bus', needed: true });
    expect(actionHint(actors.bus_company, tripIn('Cancel Requested'))).toEqual({ text: 'Review cancel request', needed: true });
    expect(actionHint(actors.school_staff, tripIn('Pending'))).toEqual({ text: 'Awaiting bus company', needed: false });
    expect(actionHint(actors.school_staff, tripIn('Accepted'))).toEqual({ text: 'Awaiting bus assignment', needed: false });
    expect(actionHint(actors.school_staff, tripIn('Confirmed'))).toEqual({ text: 'None', needed: false });
    expect(actionHint(actors.school_staff, tripIn('Awaiting Approval'))).toEqual({ text: 'Awaiting school approval', needed: false });
    expect(actionHint(actors.trip_manager, tripIn('Changes Requested'))).toEqual({ text: 'Make the changes and resubmit', needed: true });
    expect(actionHint(actors.admin, tripIn('Changes Requested'))).toEqual({ text: 'Awaiting changes from the requester', needed: false });
  });
});
