import type { Role } from './roles';
import { TripMessages } from './trip-messages';
import {
  allowedTripActions,
  canSeeTrip,
  decideTripAction,
  decideTripRequest,
  TRIP_ACTIONS,
  type TripAction,
  type TripActor,
  type TripParty,
  tripPartiesOf,
  type TripRuleContext,
  type TripSubject,
} from './trip-rules';
import { isTripDate, normalizeTripTime, parseTripTime, returnIsAfterDeparture, tripFormProblem } from './trip-form-rules';
import { classifyTripPatch, sameTripValue, type TripPatchBase } from './trip-patch-rules';
import { SCHOOL_ONLY_STATUSES, TRIP_STATUSES, type TripStatus } from './trip-wire';

const TENANT = 7;
const SCHOOL = 20;
const OTHER_SCHOOL = 21;
const BUS = 30;
const OTHER_BUS = 31;

const actor = (role: Role, activeOrgId: number | null = null, tenantId: number | null = TENANT, id = 100): TripActor => ({
  id,
  role,
  tenantId,
  activeOrgId,
});

const ACTORS = {
  admin: actor('admin'),
  platformAdmin: actor('admin', null, null),
  staffOwn: actor('school_staff', SCHOOL),
  staffOther: actor('school_staff', OTHER_SCHOOL),
  staffNoOrg: actor('school_staff', null),
  busAssigned: actor('bus_company', BUS),
  busPartner: actor('bus_company', OTHER_BUS),
  finance: actor('finance'),
  manager: actor('trip_manager', null, TENANT, 1),
  foreignAdmin: actor('admin', null, 99),
  /** School staff of SCHOOL named by its approval policy for the step the trip waits at (ctx isApprover). */
  approver: actor('school_staff', SCHOOL, TENANT, 101),
};
type ActorKey = keyof typeof ACTORS;

/**
 * Accepted and later trips are assigned to BUS; OTHER_BUS is a partner of the school that did not take it. A request
 * still at its school (or denied or withdrawn there) never reached a company. The trip manager (id 1) requested it.
 */
function trip(status: TripStatus, over: Partial<TripSubject> = {}): TripSubject {
  const assigned = status !== 'Pending' && status !== 'Rejected' && !SCHOOL_ONLY_STATUSES.includes(status);
  return {
    tenantId: TENANT,
    status,
    schoolOrgId: SCHOOL,
    busCompanyOrgId: assigned ? BUS : null,
    createdById: 1,
    statusBeforeCancelRequest: status === 'Cancel Requested' ? 'Confirmed' : null,
    ...over,
  };
}
const partnerCtx = (key: ActorKey, lastStep?: boolean): TripRuleContext => ({
  isPartner: key === 'busAssigned' || key === 'busPartner',
  isApprover: key === 'approver',
  ...(lastStep === undefined ? {} : { lastStep }),
});

type Party = TripParty;
/** The statuses of a request waiting at its school: for an approver, or for its requester's changes. */
const AT_SCHOOL: TripStatus[] = ['Awaiting Approval', 'Changes Requested'];

// The trip rules table of docs/domain.md ("States and who moves them"), written out again here so the module is
// checked against the documented rules, not against itself.
// The fifth column: 'held' only while a bus company is assigned, 'free' only while none is (school staff may not
// cancel outright a trip a company holds, such as a Confirmed trip their edit made Pending). 'next': an approval goes
// to the next step (Awaiting Approval) or, at the policy's last step, to Pending.
const RULES: [
  action: TripAction,
  from: TripStatus[],
  to: TripStatus | 'same' | 'before' | 'next',
  who: Party[],
  company?: 'held' | 'free',
][] = [
  ['accept', ['Pending'], 'Accepted', ['partnerBus', 'admin']],
  ['reject', ['Pending'], 'Rejected', ['partnerBus', 'admin']],
  ['cancel', ['Pending'], 'Canceled', ['admin']],
  ['cancel', ['Pending'], 'Canceled', ['schoolStaff'], 'free'],
  ['assignBuses', ['Accepted', 'Confirmed'], 'Confirmed', ['assignedBus', 'admin']],
  ['requestCancel', ['Accepted', 'Confirmed'], 'Cancel Requested', ['schoolStaff']],
  ['requestCancel', ['Pending'], 'Cancel Requested', ['schoolStaff'], 'held'],
  ['cancel', ['Accepted', 'Confirmed'], 'Canceled', ['admin']],
  ['complete', ['Confirmed'], 'Completed', ['assignedBus', 'admin']],
  ['approveCancel', ['Cancel Requested'], 'Canceled', ['assignedBus', 'admin']],
  ['declineCancel', ['Cancel Requested'], 'before', ['assignedBus', 'admin']],
  ['delete', ['Canceled'], 'same', ['admin']],
  ['edit', [...TRIP_STATUSES], 'same', ['admin']],
  ['edit', ['Pending', 'Accepted'], 'same', ['schoolStaff']],
  ['edit', ['Confirmed'], 'Pending', ['schoolStaff']],
  ['addPassengers', ['Accepted', 'Confirmed', 'Completed'], 'same', ['schoolStaff']],
  ['markPaid', [...TRIP_STATUSES], 'same', ['finance', 'admin']],
  // Approval at the school: the step's approvers or an admin decide; the requester (or the school's staff) edits,
  // resubmits after changes were asked for, or withdraws the request.
  ['approve', ['Awaiting Approval'], 'next', ['approver', 'admin']],
  ['requestChanges', ['Awaiting Approval'], 'Changes Requested', ['approver', 'admin']],
  ['deny', ['Awaiting Approval'], 'Denied', ['approver', 'admin']],
  ['edit', AT_SCHOOL, 'same', ['schoolStaff', 'requester']],
  ['resubmit', ['Changes Requested'], 'Awaiting Approval', ['schoolStaff', 'requester', 'admin']],
  ['cancel', AT_SCHOOL, 'Canceled', ['schoolStaff', 'requester', 'admin']],
];

/** The trips walked: every status as `trip(status)` makes it, plus a Pending trip BUS holds (an edit request). */
const WALKED_TRIPS: [label: string, subject: TripSubject][] = [
  ...TRIP_STATUSES.map((s): [string, TripSubject] => [s, trip(s)]),
  ['Pending, held by a bus company', trip('Pending', { busCompanyOrgId: BUS })],
];

/** The parties each test actor is for the trip. */
function partiesOf(key: ActorKey, subject: TripSubject): Party[] {
  // Whoever requested it, while it waits at its school (the trip manager, for these trips).
  const requester: Party[] = subject.createdById === ACTORS[key].id && AT_SCHOOL.includes(subject.status) ? ['requester'] : [];
  return [...partyOfRole(key, subject), ...requester];
}

function partyOfRole(key: ActorKey, subject: TripSubject): Party[] {
  const assigned = subject.busCompanyOrgId === BUS;
  // Another partner does not act on a Pending trip a company holds (tripPartiesOf's heldByAnother).
  const heldByAnother = assigned && subject.status === 'Pending';
  // A request at its school is no bus company's business, even one that somehow names the company.
  const atSchool = SCHOOL_ONLY_STATUSES.includes(subject.status);
  switch (key) {
    case 'admin':
    case 'platformAdmin':
      return ['admin'];
    case 'staffOwn':
      return ['schoolStaff'];
    case 'approver':
      return ['approver', 'schoolStaff'];
    case 'busAssigned':
      if (atSchool) return [];
      return assigned ? ['assignedBus', 'partnerBus'] : ['partnerBus'];
    case 'busPartner':
      return heldByAnother || atSchool ? [] : ['partnerBus'];
    case 'finance':
      return ['finance'];
    default:
      return [];
  }
}

function expected(action: TripAction, key: ActorKey, subject: TripSubject, lastStep: boolean): TripStatus | 403 | 409 {
  const { status } = subject;
  const parties = partiesOf(key, subject);
  const company = subject.busCompanyOrgId === null ? 'free' : 'held';
  const rows = RULES.filter(([a, , , who]) => a === action && who.some((p) => parties.includes(p)));
  if (rows.length === 0) return 403;
  const row = rows.find(([, from, , , only]) => from.includes(status) && (only === undefined || only === company));
  if (!row) return 409;
  const to = row[2];
  if (to === 'next') return lastStep ? 'Pending' : 'Awaiting Approval';
  return to === 'same' ? status : to === 'before' ? 'Confirmed' : to;
}

const WALKED = TRIP_ACTIONS.filter((a) => a !== 'request');

describe('trip rules: who may do what, from which status', () => {
  // lastStep unset means the last step (approving sends the request to Pending); false: a step remains.
  describe.each<[string, boolean | undefined]>([
    ['at the last approval step', undefined],
    ['with an approval step to go', false],
  ])('%s', (_step, lastStep) => {
    describe.each(WALKED)('%s', (action) => {
      it.each(WALKED_TRIPS)('from %s: allows exactly the parties of the table and says 403 or 409 to the others', (_label, subject) => {
        for (const key of Object.keys(ACTORS) as ActorKey[]) {
          const decision = decideTripAction(ACTORS[key], subject, action, partnerCtx(key, lastStep));
          const got = decision.allowed ? decision.to : decision.code;
          expect({ actor: key, outcome: got }).toEqual({ actor: key, outcome: expected(action, key, subject, lastStep ?? true) });
          if (!decision.allowed) expect(decision.message).toMatch(/^(Only .+|A bus company is assigned to .+|No bus company holds .+)\.$/);
        }
      });
    });
  });

  describe('a request at its school', () => {
    it.each(SCHOOL_ONLY_STATUSES)('is no bus company’s business when %s, partner or named on it', (status) => {
      for (const busCompanyOrgId of [null, BUS]) {
        const subject = trip(status, { busCompanyOrgId });
        for (const key of ['busAssigned', 'busPartner'] as const) {
          expect(tripPartiesOf(ACTORS[key], subject, { isPartner: true })).toEqual(new Set());
          expect(allowedTripActions(ACTORS[key], subject, { isPartner: true })).toEqual([]);
          expect(canSeeTrip(ACTORS[key], { ...subject, status }, [SCHOOL])).toBe(false);
        }
        expect(canSeeTrip(ACTORS.staffOwn, subject, [])).toBe(true);
        expect(canSeeTrip(ACTORS.admin, subject, [])).toBe(true);
        expect(canSeeTrip(ACTORS.finance, subject, [])).toBe(true);
      }
    });

    it('goes to the next step or, at the last one, to Pending, and is never an edit request', () => {
      const waiting = trip('Awaiting Approval');
      const next = decideTripAction(ACTORS.approver, waiting, 'approve', { isPartner: false, isApprover: true, lastStep: false });
      expect(next).toEqual({ allowed: true, action: 'approve', to: 'Awaiting Approval', editRequest: false });
      const last = decideTripAction(ACTORS.approver, waiting, 'approve', { isPartner: false, isApprover: true, lastStep: true });
      expect(last).toEqual({ allowed: true, action: 'approve', to: 'Pending', editRequest: false });
      expect(decideTripAction(ACTORS.admin, waiting, 'approve', { isPartner: false, lastStep: false })).toMatchObject({
        to: 'Awaiting Approval',
      });
    });

    it('refuses staff of the school who are not named for the step, with who may decide', () => {
      const waiting = trip('Awaiting Approval');
      expect(decideTripAction(ACTORS.staffOwn, waiting, 'approve', { isPartner: false })).toEqual({
        allowed: false,
        action: 'approve',
        code: 403,
        message: "Only the approvers of this step of the school's approval policy or an admin can approve this request.",
      });
      expect(decideTripAction(ACTORS.staffOwn, waiting, 'deny', { isPartner: false })).toMatchObject({ code: 403 });
      expect(decideTripAction(ACTORS.approver, trip('Changes Requested'), 'approve', { isPartner: false, isApprover: true })).toEqual({
        allowed: false,
        action: 'approve',
        code: 409,
        message: 'Only Awaiting Approval trips can be approved; this trip is Changes Requested.',
      });
    });

    it('lets its requester act on it even from another school, only while it is at the school', () => {
      const moved = actor('school_staff', OTHER_SCHOOL, TENANT, 1);
      expect(allowedTripActions(moved, trip('Changes Requested'), { isPartner: false })).toEqual(['cancel', 'edit', 'resubmit']);
      expect(allowedTripActions(moved, trip('Awaiting Approval'), { isPartner: false })).toEqual(['cancel', 'edit']);
      expect(allowedTripActions(moved, trip('Pending'), { isPartner: false })).toEqual([]);
      expect(allowedTripActions(moved, trip('Denied'), { isPartner: false })).toEqual([]);
      expect(allowedTripActions(ACTORS.approver, trip('Awaiting Approval'), { isPartner: false, isApprover: true })).toEqual([
        'cancel',
        'edit',
        'approve',
        'requestChanges',
        'deny',
      ]);
    });
  });

  it('lets school staff only request the cancellation of a trip a bus company holds, even one their edit made Pending', () => {
    const held = trip('Pending', { busCompanyOrgId: BUS });
    expect(decideTripAction(ACTORS.staffOwn, held, 'cancel', { isPartner: false })).toEqual({
      allowed: false,
      action: 'cancel',
      code: 409,
      message: 'A bus company is assigned to this trip: request a cancellation instead, for the company to approve.',
    });
    expect(decideTripAction(ACTORS.staffOwn, held, 'requestCancel', { isPartner: false })).toMatchObject({
      allowed: true,
      to: 'Cancel Requested',
    });
    expect(allowedTripActions(ACTORS.staffOwn, held, { isPartner: false })).toEqual(['requestCancel', 'edit']);
    // nobody holds it: cancel outright, as before; the admin may cancel either way
    expect(decideTripAction(ACTORS.staffOwn, trip('Pending'), 'requestCancel', { isPartner: false })).toMatchObject({
      code: 409,
      message: 'No bus company holds this trip yet: cancel it instead.',
    });
    expect(decideTripAction(ACTORS.staffOwn, trip('Pending'), 'cancel', { isPartner: false }).allowed).toBe(true);
    expect(decideTripAction(ACTORS.admin, held, 'cancel', { isPartner: false }).allowed).toBe(true);
    // the company decides: approving cancels, declining returns the trip to Pending, its edit request still open
    const requested = trip('Cancel Requested', { statusBeforeCancelRequest: 'Pending' });
    expect(decideTripAction(ACTORS.busAssigned, requested, 'approveCancel', { isPartner: true })).toMatchObject({ to: 'Canceled' });
    expect(decideTripAction(ACTORS.busAssigned, requested, 'declineCancel', { isPartner: true })).toMatchObject({ to: 'Pending' });
  });

  it('explains a wrong status with the statuses that would do', () => {
    const d = decideTripAction(ACTORS.busAssigned, trip('Accepted'), 'accept', { isPartner: true });
    expect(d).toEqual({
      allowed: false,
      action: 'accept',
      code: 409,
      message: 'Only Pending trips can be accepted; this trip is Accepted.',
    });
    const staff = decideTripAction(ACTORS.staffOwn, trip('Confirmed'), 'cancel', { isPartner: false });
    expect(staff).toMatchObject({
      code: 409,
      message: 'Only Pending, Awaiting Approval or Changes Requested trips can be canceled; this trip is Confirmed.',
    });
  });

  it('explains a wrong role with who may act', () => {
    expect(decideTripAction(ACTORS.finance, trip('Pending'), 'accept', { isPartner: false })).toMatchObject({
      code: 403,
      message: "Only the school's partner bus company or an admin can accept this trip.",
    });
    expect(decideTripAction(ACTORS.busAssigned, trip('Confirmed'), 'markPaid', { isPartner: true })).toMatchObject({ code: 403 });
  });

  it('lets a partner bus company accept an unassigned Pending trip, but not one another company holds', () => {
    expect(decideTripAction(ACTORS.busPartner, trip('Pending'), 'accept', { isPartner: true }).allowed).toBe(true);
    const held = trip('Pending', { busCompanyOrgId: BUS });
    expect(decideTripAction(ACTORS.busPartner, held, 'accept', { isPartner: true })).toMatchObject({ code: 403 });
    expect(decideTripAction(ACTORS.busAssigned, held, 'accept', { isPartner: true }).allowed).toBe(true);
  });

  it('answers 409, not 403, to a partner that lost the race to accept', () => {
    expect(decideTripAction(ACTORS.busPartner, trip('Accepted'), 'accept', { isPartner: true })).toMatchObject({ code: 409 });
  });

  it('refuses a bus company that is neither partner nor assigned', () => {
    expect(decideTripAction(ACTORS.busPartner, trip('Pending'), 'accept', { isPartner: false })).toMatchObject({ code: 403 });
  });

  it('lets the assigned company act even after its partnership ended', () => {
    expect(decideTripAction(ACTORS.busAssigned, trip('Confirmed'), 'complete', { isPartner: false }).allowed).toBe(true);
  });

  it('returns a declined cancel request to the status held before', () => {
    const fromAccepted = trip('Cancel Requested', { statusBeforeCancelRequest: 'Accepted' });
    expect(decideTripAction(ACTORS.admin, fromAccepted, 'declineCancel', { isPartner: false })).toMatchObject({
      allowed: true,
      to: 'Accepted',
    });
    const unknown = trip('Cancel Requested', { statusBeforeCancelRequest: null });
    expect(decideTripAction(ACTORS.admin, unknown, 'declineCancel', { isPartner: false })).toMatchObject({
      allowed: true,
      to: 'Confirmed',
    });
  });

  it("turns school staff's edit of a Confirmed trip into an edit request, and nobody else's", () => {
    expect(decideTripAction(ACTORS.staffOwn, trip('Confirmed'), 'edit', { isPartner: false })).toEqual({
      allowed: true,
      action: 'edit',
      to: 'Pending',
      editRequest: true,
    });
    expect(decideTripAction(ACTORS.admin, trip('Confirmed'), 'edit', { isPartner: false })).toEqual({
      allowed: true,
      action: 'edit',
      to: 'Confirmed',
      editRequest: false,
    });
    expect(decideTripAction(ACTORS.staffOwn, trip('Accepted'), 'edit', { isPartner: false })).toMatchObject({
      to: 'Accepted',
      editRequest: false,
    });
  });

  it("refuses everything on another tenant's trip and on a deleted trip", () => {
    for (const a of WALKED) {
      expect(decideTripAction(ACTORS.foreignAdmin, trip('Canceled'), a, { isPartner: false })).toMatchObject({ code: 403 });
      expect(decideTripAction(ACTORS.admin, trip('Canceled', { deleted: true }), a, { isPartner: false })).toMatchObject({ code: 403 });
    }
  });

  it.each<[ActorKey, boolean]>([
    ['admin', true],
    ['platformAdmin', true],
    ['staffOwn', true],
    ['staffNoOrg', true],
    ['manager', true],
    ['busAssigned', false],
    ['finance', false],
  ])('decides who may request a trip: %s %s', (key, allowed) => {
    const d = decideTripRequest(ACTORS[key]);
    expect(d.allowed).toBe(allowed);
    if (!d.allowed) expect(d).toMatchObject({ code: 403, message: 'Only school staff, trip managers and admins can request trips.' });
  });

  it('lists the actions for the buttons', () => {
    expect(allowedTripActions(ACTORS.busAssigned, trip('Pending', { busCompanyOrgId: null }), { isPartner: true })).toEqual([
      'accept',
      'reject',
    ]);
    expect(allowedTripActions(ACTORS.staffOwn, trip('Confirmed'), { isPartner: false })).toEqual([
      'requestCancel',
      'edit',
      'addPassengers',
    ]);
    expect(allowedTripActions(ACTORS.admin, trip('Canceled'), { isPartner: false })).toEqual(['edit', 'delete', 'markPaid']);
    expect(allowedTripActions(ACTORS.finance, trip('Completed'), { isPartner: false })).toEqual(['markPaid']);
    expect(allowedTripActions(ACTORS.manager, trip('Pending'), { isPartner: false })).toEqual([]);
  });
});

describe('canSeeTrip: who sees a trip', () => {
  const t = { tenantId: TENANT, schoolOrgId: SCHOOL, busCompanyOrgId: null as number | null, createdById: 1 };

  it.each<[string, TripActor, typeof t, number[], boolean]>([
    ['a platform admin sees every tenant', actor('admin', null, null), { ...t, tenantId: 99 }, [], true],
    ['an admin sees the tenant', actor('admin'), t, [], true],
    ["an admin does not see another tenant's trip", actor('admin', null, 99), t, [], false],
    ['finance sees the tenant', actor('finance'), t, [], true],
    ['school staff see their school', actor('school_staff', SCHOOL), t, [], true],
    ['school staff do not see another school', actor('school_staff', OTHER_SCHOOL), t, [], false],
    ['school staff without a school see what they created', actor('school_staff', null, TENANT, 1), t, [], true],
    ['school staff without a school see nothing else', actor('school_staff', null, TENANT, 2), t, [], false],
    ['a bus company sees its partner schools', actor('bus_company', BUS), t, [SCHOOL], true],
    ['a bus company sees what is assigned to it', actor('bus_company', BUS), { ...t, busCompanyOrgId: BUS }, [], true],
    ['a bus company sees nothing else', actor('bus_company', BUS), t, [OTHER_SCHOOL], false],
    ['a bus company without an organization sees nothing', actor('bus_company', null), t, [SCHOOL], false],
    ['a trip manager sees what they created', actor('trip_manager', null, TENANT, 1), t, [], true],
    ['a trip manager sees nothing else', actor('trip_manager', null, TENANT, 2), t, [], false],
    ["a bus company's partner list does not cross tenants", actor('bus_company', BUS, 99), t, [SCHOOL], false],
  ])('%s', (_name, user, subject, partners, visible) => {
    expect(canSeeTrip(user, subject, partners)).toBe(visible);
  });

  it('hides a deleted trip from everyone', () => {
    expect(canSeeTrip(actor('admin', null, null), { ...t, deleted: true }, [])).toBe(false);
  });
});

describe('classifyTripPatch', () => {
  const base: TripPatchBase = {
    ...trip('Confirmed'),
    tripType: 'Day Trip',
    customType: null,
    distanceKm: null,
    origin: 'School',
    destination: 'Museum',
    departureDate: '2030-03-04',
    departureTime: '08:00 AM',
    returnDate: '2030-03-04',
    returnTime: '03:00 PM',
    students: 30,
    staff: 2,
    notes: null,
    boosterSeatsRequested: false,
    boosterSeatCount: 0,
    buses: [{ busType: 'White Bus', busSeats: 40, tripPrice: null, driverName: null, driverPhone: null, status: null }],
    busInfo: null,
    driverInfo: null,
    price: 0,
    paid: false,
    cancelRequest: false,
  };
  const on = (status: TripStatus, over: Partial<TripPatchBase> = {}): TripPatchBase => ({ ...base, status, ...over });

  it.each<[string, Parameters<typeof classifyTripPatch>[0], TripPatchBase, TripAction[]]>([
    ['a status of Accepted is an accept', { status: 'Accepted' }, on('Pending'), ['accept']],
    ['a second accept of an accepted trip is still an accept (and will be refused)', { status: 'Accepted' }, on('Accepted'), ['accept']],
    ['Rejected is a reject', { status: 'Rejected' }, on('Pending'), ['reject']],
    ['Canceled is a cancel', { status: 'Canceled' }, on('Pending'), ['cancel']],
    ['Canceled on a cancel request approves it', { status: 'Canceled' }, on('Cancel Requested'), ['approveCancel']],
    [
      'Confirmed with buses assigns buses',
      { status: 'Confirmed', buses: [{ ...base.buses[0], busSeats: 50 }] },
      on('Accepted'),
      ['assignBuses'],
    ],
    ['Confirmed on a cancel request declines it', { status: 'Confirmed' }, on('Cancel Requested'), ['declineCancel']],
    ['Accepted on a cancel request declines it', { status: 'Accepted' }, on('Cancel Requested'), ['declineCancel']],
    ['cancelRequest false on a cancel request declines it', { cancelRequest: false }, on('Cancel Requested'), ['declineCancel']],
    ['Completed is a complete', { status: 'Completed' }, on('Confirmed'), ['complete']],
    ['Cancel Requested is a cancel request', { status: 'Cancel Requested' }, on('Confirmed'), ['requestCancel']],
    [
      "Pending with cancelRequest true is a cancel request (the edit modal's cancel path)",
      { status: 'Pending', cancelRequest: true },
      on('Accepted'),
      ['requestCancel'],
    ],
    ['cancelRequest true alone is a cancel request', { cancelRequest: true }, on('Confirmed'), ['requestCancel']],
    ['Pending with fields is a request-mode edit', { status: 'Pending', destination: 'Zoo' }, on('Confirmed'), ['edit']],
    ['changed fields are an edit', { destination: 'Zoo' }, on('Accepted'), ['edit']],
    ['date stands for departureDate', { date: '2030-03-05' }, on('Pending'), ['edit']],
    ['changed buses alone are an assignment', { buses: [{ ...base.buses[0], busSeats: 50 }] }, on('Confirmed'), ['assignBuses']],
    ['deleted true is a delete', { deleted: true }, on('Canceled'), ['delete']],
    ['paid is marking paid', { paid: true }, on('Completed'), ['markPaid']],
    ['paid may go with an edit', { paid: true, notes: 'x' }, on('Completed'), ['edit', 'markPaid']],
    [
      'echoed values are nothing',
      { destination: 'Museum', students: 30, status: 'Confirmed', paid: false, deleted: false },
      on('Confirmed'),
      [],
    ],
    [
      'echoed buses in another key order are nothing',
      { buses: [{ status: null, driverPhone: null, driverName: null, tripPrice: null, busSeats: 40, busType: 'White Bus' }] },
      on('Confirmed'),
      [],
    ],
    ['a status echoed beside a change is not a transition', { status: 'Accepted', notes: 'bring hats' }, on('Accepted'), ['edit']],
    ['Pending on a Pending trip is an (empty) edit', { status: 'Pending' }, on('Pending'), ['edit']],
    ['a status alone, even the current one, is an action', { status: 'Confirmed' }, on('Confirmed'), ['assignBuses']],
    [
      'a duplicate cancel request is a cancel request (and will be refused)',
      { status: 'Cancel Requested' },
      on('Cancel Requested'),
      ['requestCancel'],
    ],
    ['an accept naming the company is still an accept', { status: 'Accepted', busCompanyOrgId: BUS }, on('Accepted'), ['accept']],
  ])('%s', (_name, patch, current, actions) => {
    expect(classifyTripPatch(patch, current)).toEqual({ actions });
  });

  it.each<[string, Parameters<typeof classifyTripPatch>[0], TripPatchBase]>([
    ['a status change with field changes', { status: 'Completed', destination: 'Zoo' }, on('Confirmed')],
    ['an accept with buses', { status: 'Accepted', buses: [{ ...base.buses[0], busSeats: 9 }] }, on('Pending')],
    ['an edit with buses', { destination: 'Zoo', buses: [{ ...base.buses[0], busSeats: 9 }] }, on('Confirmed')],
    ['a delete with a status', { deleted: true, status: 'Canceled' }, on('Pending')],
  ])('refuses %s in one request', (_name, patch, current) => {
    expect(classifyTripPatch(patch, current)).toEqual({ error: TripMessages.oneChangeAtATime });
  });

  it('accepts busCompanyOrgId only with an accept', () => {
    expect(classifyTripPatch({ status: 'Accepted', busCompanyOrgId: OTHER_BUS }, on('Pending', { busCompanyOrgId: null }))).toEqual({
      actions: ['accept'],
    });
    expect(classifyTripPatch({ busCompanyOrgId: OTHER_BUS }, on('Confirmed'))).toEqual({ error: TripMessages.busCompanyOnlyOnAccept });
    expect(classifyTripPatch({ busCompanyOrgId: BUS, notes: 'x' }, on('Confirmed'))).toEqual({ actions: ['edit'] });
  });
});

describe('trip request form rules', () => {
  it.each([
    ['12:00 AM', 0],
    ['12:30 PM', 750],
    ['01:05 AM', 65],
    ['11:59 PM', 1439],
    ['08:45 am', 525],
  ])('reads %s as %i minutes after midnight', (time, minutes) => {
    expect(parseTripTime(time)).toBe(minutes);
  });

  it.each(['8:30 AM', '13:00 PM', '00:10 AM', '10:60 AM', '10:30', '10:30 XM', '', '10:3 AM'])('refuses the time %j', (time) => {
    expect(parseTripTime(time)).toBeNull();
  });

  it('writes times the one way', () => {
    expect(normalizeTripTime('08:45 am')).toBe('08:45 AM');
    expect(normalizeTripTime('08:45PM')).toBe('08:45 PM');
  });

  it.each([
    ['2030-02-28', true],
    ['2028-02-29', true],
    ['2030-02-29', false],
    ['2030-13-01', false],
    ['2030-1-01', false],
    ['01/02/2030', false],
    ['2030-04-31', false],
    ['0000-01-01', false],
  ])('knows whether %s is a real date', (date, real) => {
    expect(isTripDate(date)).toBe(real);
  });

  it('wants the return strictly after the departure', () => {
    const dep = { departureDate: '2030-03-04', departureTime: '08:00 AM' };
    expect(returnIsAfterDeparture({ ...dep, returnDate: '2030-03-04', returnTime: '08:15 AM' })).toBe(true);
    expect(returnIsAfterDeparture({ ...dep, returnDate: '2030-03-04', returnTime: '08:00 AM' })).toBe(false);
    expect(returnIsAfterDeparture({ ...dep, returnDate: '2030-03-04', returnTime: '07:00 AM' })).toBe(false);
    expect(returnIsAfterDeparture({ ...dep, returnDate: '2030-03-05', returnTime: '07:00 AM' })).toBe(true);
    expect(returnIsAfterDeparture({ ...dep, returnDate: '2030-03-03', returnTime: '11:00 PM' })).toBe(false);
  });

  const form = {
    tripType: 'Day Trip' as const,
    customType: null,
    departureDate: '2030-03-04',
    departureTime: '08:00 AM',
    returnDate: '2030-03-04',
    returnTime: '03:00 PM',
    boosterSeatsRequested: false,
    boosterSeatCount: 0,
  };

  it('passes a good form', () => {
    expect(tripFormProblem(form)).toBeNull();
  });

  it("names the first broken rule in the form's words", () => {
    expect(tripFormProblem({ ...form, tripType: 'Other', customType: '  ' })).toBe(TripMessages.customTypeRequired);
    expect(tripFormProblem({ ...form, tripType: 'Other', customType: 'Choir tour' })).toBeNull();
    expect(tripFormProblem({ ...form, returnTime: '07:00 AM' })).toBe('Return time must be later than departure time.');
    expect(tripFormProblem({ ...form, boosterSeatsRequested: true, boosterSeatCount: 0 })).toBe(
      'Please enter a valid number of booster seats (> 0).',
    );
    expect(tripFormProblem({ ...form, boosterSeatsRequested: true, boosterSeatCount: 3 })).toBeNull();
  });

  it('compares stored and sent values by content', () => {
    expect(sameTripValue({ a: 1, b: [1, { c: null }] }, { b: [1, { c: undefined }], a: 1 })).toBe(true);
    expect(sameTripValue([1, 2], [2, 1])).toBe(false);
    expect(sameTripValue(null, undefined)).toBe(true);
    expect(sameTripValue({ a: 1 }, [1])).toBe(false);
  });
});
