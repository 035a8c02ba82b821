import type { Response } from 'supertest';
import { SCHOOL_ONLY_STATUSES, TRIP_STATUSES, type TripStatus } from '../../server/src/contracts/trip-wire';
import { Organization } from '../../server/src/tenancy/organization.entity';
import type { Trip } from '../../server/src/trips/trip.entity';
import { buildPartnerCompany, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import type { TestTenant, TestUser } from '../support/factories';
import { BUS, buildTrip, historyCount, tripRow } from '../support/trip-factory';

/**
 * The trip state rules (docs/domain.md, States and who moves them) walked over HTTP: every action, from every
 * status, by every kind of caller. The trips belong to school A, were requested by the trip manager (who therefore
 * sees them), and from Accepted on are assigned to bus company A. Bus company C is a second partner of school A.
 */

type Party = 'admin' | 'schoolStaff' | 'partnerBus' | 'assignedBus' | 'finance' | 'requester';
type Action =
  | 'accept'
  | 'reject'
  | 'cancel'
  | 'assignBuses'
  | 'requestCancel'
  | 'approveCancel'
  | 'declineCancel'
  | 'complete'
  | 'edit'
  | 'delete'
  | 'addPassengers'
  | 'markPaid';

/** A request still at its school, waiting for its approvers or for its requester's changes. */
const AT_SCHOOL: readonly TripStatus[] = ['Awaiting Approval', 'Changes Requested'];

// The state rules, as docs/domain.md words them: [action, from, to, who].
// 'same' keeps the status; 'before' is the one held before the cancel request.
const STATE_RULES: [Action, readonly TripStatus[], TripStatus | 'same' | 'before', Party[]][] = [
  ['accept', ['Pending'], 'Accepted', ['partnerBus', 'admin']],
  ['reject', ['Pending'], 'Rejected', ['partnerBus', 'admin']],
  ['cancel', ['Pending'], 'Canceled', ['schoolStaff', 'admin']],
  ['assignBuses', ['Accepted'], 'Confirmed', ['assignedBus', 'admin']],
  // our addition: the assigned company may change the buses of a Confirmed trip
  ['assignBuses', ['Confirmed'], 'Confirmed', ['assignedBus', 'admin']],
  ['requestCancel', ['Accepted', 'Confirmed'], 'Cancel Requested', ['schoolStaff']],
  ['cancel', ['Accepted', 'Confirmed'], 'Canceled', ['admin']],
  ['complete', ['Confirmed'], 'Completed', ['assignedBus', 'admin']],
  ['approveCancel', ['Cancel Requested'], 'Canceled', ['assignedBus', 'admin']],
  ['declineCancel', ['Cancel Requested'], 'before', ['assignedBus', 'admin']],
  ['delete', ['Canceled'], 'same', ['admin']],
  ['edit', TRIP_STATUSES, 'same', ['admin']],
  ['edit', ['Pending', 'Accepted'], 'same', ['schoolStaff']],
  ['edit', ['Confirmed'], 'Pending', ['schoolStaff']],
  ['addPassengers', ['Accepted', 'Confirmed', 'Completed'], 'same', ['schoolStaff']],
  ['markPaid', TRIP_STATUSES, 'same', ['finance', 'admin']],
  // A request still at its school (an approval policy's): its staff or its requester edit or withdraw it.
  ['edit', AT_SCHOOL, 'same', ['schoolStaff', 'requester']],
  ['cancel', AT_SCHOOL, 'Canceled', ['schoolStaff', 'requester', 'admin']],
];

const ACTORS = ['admin', 'platformAdmin', 'staffA', 'staffB', 'staffNoOrg', 'busA', 'busC', 'busB', 'finance', 'manager'] as const;
type ActorKey = (typeof ACTORS)[number];

const assignedIn = (s: TripStatus) => !['Pending', 'Rejected', ...SCHOOL_ONLY_STATUSES].includes(s);

/** Who can see a school A trip requested by the manager; the rest get 404. */
function parties(actor: ActorKey, status: TripStatus): Party[] | 'hidden' {
  switch (actor) {
    case 'admin':
    case 'platformAdmin':
      return ['admin'];
    case 'staffA':
      return ['schoolStaff'];
    case 'busA':
      if (SCHOOL_ONLY_STATUSES.includes(status)) return 'hidden';
      return assignedIn(status) ? ['assignedBus', 'partnerBus'] : ['partnerBus'];
    case 'busC':
      return SCHOOL_ONLY_STATUSES.includes(status) ? 'hidden' : ['partnerBus'];
    case 'finance':
      return ['finance'];
    case 'manager':
      // The trips' requester: a party only while the request is at its school.
      return AT_SCHOOL.includes(status) ? ['requester'] : [];
    default:
      return 'hidden';
  }
}

type Outcome = TripStatus | 403 | 404 | 409;

function expected(action: Action, actor: ActorKey, status: TripStatus): Outcome {
  const mine = parties(actor, status);
  if (mine === 'hidden') return 404;
  const rows = STATE_RULES.filter(([a, , , who]) => a === action && who.some((p) => mine.includes(p)));
  if (rows.length === 0) return 403;
  const row = rows.find(([, from]) => from.includes(status));
  if (!row) return 409;
  return row[2] === 'same' ? status : row[2] === 'before' ? 'Confirmed' : row[2];
}

interface Call {
  t: TestApp;
  trip: Trip;
  auth: string;
  actor: ActorKey;
  busAId: number;
}

interface Op {
  name: string;
  /** Which state-rule action this request means for a trip in this status (null: not walked from there). */
  means: (s: TripStatus) => Action | null;
  send: (call: Call) => Promise<Response>;
  /** How the trips it is walked on differ from the factory's (which are years ahead). */
  trip?: Partial<Trip>;
}

const patch =
  (body: Record<string, unknown> | ((call: Call) => Record<string, unknown>)) =>
  (call: Call): Promise<Response> =>
    call.t
      .http()
      .patch(`/api/trips/${call.trip.id}`)
      .set('Authorization', call.auth)
      .send(typeof body === 'function' ? body(call) : body);

const CR: TripStatus = 'Cancel Requested';
const PAST = `${new Date().getFullYear() - 1}-05-10`;
const OPS: Op[] = [
  // An admin names the company: school A has two partners here.
  {
    name: 'accept ({status: Accepted})',
    means: (s) => (s === CR ? null : 'accept'),
    send: patch(({ actor, busAId }) => ({
      status: 'Accepted',
      ...(actor === 'admin' || actor === 'platformAdmin' ? { busCompanyOrgId: busAId } : {}),
    })),
  },
  { name: 'reject ({status: Rejected})', means: () => 'reject', send: patch({ status: 'Rejected' }) },
  {
    name: 'cancel ({status: Canceled}; approves a cancel request)',
    means: (s) => (s === CR ? 'approveCancel' : 'cancel'),
    send: patch({ status: 'Canceled' }),
  },
  {
    name: 'assign buses ({status: Confirmed, buses})',
    means: (s) => (s === CR ? null : 'assignBuses'),
    send: patch({ status: 'Confirmed', buses: [{ ...BUS, busType: 'Internal Yellow Bus', busSeats: 52 }] }),
  },
  { name: 'request cancel ({status: Cancel Requested})', means: () => 'requestCancel', send: patch({ status: 'Cancel Requested' }) },
  {
    name: 'request cancel ({status: Pending, cancelRequest: true})',
    means: () => 'requestCancel',
    send: patch({ status: 'Pending', cancelRequest: true }),
  },
  {
    name: 'decline cancel ({status: Confirmed, cancelRequest: false})',
    means: (s) => (s === CR ? 'declineCancel' : null),
    send: patch({ status: 'Confirmed', cancelRequest: false }),
  },
  // A trip is completed once it is back: these ran last year (the case of one that has not is below).
  {
    name: 'complete ({status: Completed})',
    means: () => 'complete',
    send: patch({ status: 'Completed' }),
    trip: { departureDate: PAST, returnDate: PAST },
  },
  { name: 'edit ({notes})', means: () => 'edit', send: patch({ notes: 'Changed by the walk' }) },
  { name: 'delete ({deleted: true})', means: () => 'delete', send: patch({ deleted: true }) },
  { name: 'mark paid ({paid: true})', means: () => 'markPaid', send: patch({ paid: true }) },
  {
    name: 'add passengers (POST /passengers)',
    means: () => 'addPassengers',
    send: ({ t, trip, auth }) =>
      t
        .http()
        .post(`/api/trips/${trip.id}/passengers`)
        .set('Authorization', auth)
        .send({ passengers: [{ fullName: 'Ada Lovelace' }] }),
  },
];

describe('trip rules over HTTP (every action, every role)', () => {
  let t: TestApp, acme: TestTenant;
  let users: Record<ActorKey, TestUser>;
  let busC: Organization;
  useApiWorld({ tenants: ['Rules'] }, async (w) => {
    ({ t } = w);
    [acme] = w.tenants;
    const partner = await buildPartnerCompany(t, acme);
    busC = partner.org;
    users = { ...acme.users, platformAdmin: w.root, busC: partner.dispatcher };
  });

  const build = (status: TripStatus, over: Partial<Trip> = {}) => buildTrip(t, acme, { ...over, status, creator: users.manager });

  describe.each(OPS)('$name', (op) => {
    const walked = TRIP_STATUSES.filter((s) => op.means(s) !== null);

    it.each(walked)(
      'from %s: exactly the parties the state rules name succeed; the others get 403, 404 or 409 and nothing is written',
      async (status) => {
        const action = op.means(status) as Action;
        const want: Record<string, Outcome> = {};
        const got: Record<string, Outcome> = {};
        const shared = await build(status, op.trip);
        const sharedHistory = await historyCount(t, shared.id);
        for (const actor of ACTORS) {
          want[actor] = expected(action, actor, status);
          const allowed = typeof want[actor] === 'string';
          const trip = allowed ? await build(status, op.trip) : shared;
          const res = await op.send({ t, trip, auth: users[actor].auth, actor, busAId: acme.orgs.busA.id });
          got[actor] = allowed && res.status < 300 ? (await tripRow(t, trip.id)).status : (res.status as Outcome);
          if (res.status >= 400) {
            expect(typeof res.body.message).toBe('string');
            if (res.status === 409 && action !== 'addPassengers') expect(res.body.trip).toMatchObject({ id: trip.id, status });
            if (res.status === 404) expect(res.body).toEqual({ message: 'Trip not found.' });
          } else {
            await checkSideEffects(action, actor, status, trip, res);
          }
        }
        expect(got).toEqual(want);
        // Every refusal left the shared trip as it was.
        const after = await tripRow(t, shared.id);
        expect({ status: after.status, version: after.version, history: await historyCount(t, shared.id) }).toEqual({
          status,
          version: shared.version,
          history: sharedHistory,
        });
      },
    );
  });

  // A rule beyond the table above: a Confirmed trip is completed only once it is back (its return date and time
  // have passed on the server's clock), else 409 with the time it is due back; nothing is written.
  it.each(['assignedBus', 'admin'] as const)('complete before the trip is back: 409 for the %s, nothing written', async (who) => {
    const today = new Date();
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const later = iso(new Date(today.getTime() + 3 * 86_400_000));
    const trip = await build('Confirmed', { departureDate: iso(today), returnDate: later, returnTime: '02:00 PM' });
    const history = await historyCount(t, trip.id);
    const res = await patch({ status: 'Completed' })({
      t,
      trip,
      auth: (who === 'admin' ? users.admin : users.busA).auth,
      actor: who === 'admin' ? 'admin' : 'busA',
      busAId: acme.orgs.busA.id,
    });
    expect(res.status).toBe(409);
    const day = new Date(`${later}T00:00:00Z`).toUTCString().slice(0, 11).replace(',', '');
    const [weekday, date, month] = day.split(' ');
    expect(res.body.message).toBe(`This trip cannot be completed before it is back (${weekday} ${Number(date)} ${month} 02:00 PM).`);
    expect(res.body.trip).toMatchObject({ id: trip.id, status: 'Confirmed' });
    const row = await tripRow(t, trip.id);
    expect({ status: row.status, version: row.version, history: await historyCount(t, trip.id) }).toEqual({
      status: 'Confirmed',
      version: trip.version,
      history,
    });
  });

  async function checkSideEffects(action: Action, actor: ActorKey, from: TripStatus, trip: Trip, res: Response): Promise<void> {
    const row = await tripRow(t, trip.id);
    // Passengers live in their own table: the trip row is untouched.
    expect(row.version).toBe(action === 'addPassengers' ? trip.version : trip.version + 1);
    if (action !== 'addPassengers') expect(res.body).toMatchObject({ id: trip.id, status: row.status, version: row.version });
    switch (action) {
      case 'accept':
        expect(row.busCompanyOrgId).toBe(actor === 'busC' ? busC.id : acme.orgs.busA.id);
        break;
      case 'requestCancel':
        expect(row).toMatchObject({ cancelRequest: true, statusBeforeCancelRequest: from });
        break;
      case 'declineCancel':
      case 'approveCancel':
        expect(row).toMatchObject({ cancelRequest: false, statusBeforeCancelRequest: null });
        break;
      case 'assignBuses':
        expect(row.buses).toEqual([{ ...BUS, busType: 'Internal Yellow Bus', busSeats: 52 }]);
        break;
      case 'edit':
        expect(row.notes).toBe('Changed by the walk');
        expect(row.editRequest).toBe(actor === 'staffA' && from === 'Confirmed');
        break;
      case 'delete': {
        expect(row.deleted).toBe(true);
        const list = await t.http().get('/api/trips').set('Authorization', users.admin.auth).expect(200);
        expect(list.body.map((x: { id: number }) => x.id)).not.toContain(trip.id);
        await t.http().get(`/api/trips/${trip.id}`).set('Authorization', users.admin.auth).expect(404);
        break;
      }
      case 'markPaid':
        expect(row.paid).toBe(true);
        break;
      case 'addPassengers':
        expect(res.status).toBe(201);
        expect(res.body).toEqual([expect.objectContaining({ tripId: trip.id, fullName: 'Ada Lovelace', checkedIn: false })]);
        break;
      default:
        break;
    }
  }
});
