import { ApprovalClock } from '../../server/src/approvals/approval-clock.service';
import { ApprovalPolicy } from '../../server/src/approvals/approval-policy.entity';
import { TripApproval } from '../../server/src/approvals/trip-approval.entity';
import {
  type ApprovalDto,
  ApprovalMessages as M,
  type ApprovalPolicyBody,
  type ApprovalPolicyDto,
  type HeldChangeBody,
  MAX_BUDGET_CODE_LENGTH,
} from '../../server/src/contracts/approvals';
import { formatDay } from '../../server/src/contracts/calendar';
import type { DispatchBoardDto } from '../../server/src/contracts/fleet-wire';
import type { TripPage, TripStats } from '../../server/src/contracts/trip-list';
import type { TripDto, TripHistoryDto } from '../../server/src/contracts/trip-wire';
import { OutboxDrainer } from '../../server/src/notices/outbox-drainer.service';
import { OutboxMessage } from '../../server/src/notices/outbox-message.entity';
import { Trip } from '../../server/src/trips/trip.entity';
import { closeAllClients, connectLive, type LiveClient, sleep, QUIET_MS } from '../realtime/live-client';
import { useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { mailTurns, startTestSmtp, type TestSmtp } from '../support/smtp';
import { buildTrip, tripRequest, tripRow } from '../support/trip-factory';

const PUBLIC_URL = 'https://console.example';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Approval at the school (docs/domain.md, "Approval at the school"), on the real app and database: who keeps a school's
 * policy, a request's way through its steps (and what the bus company does not see meanwhile), changes asked for,
 * denials, a material change of a trip the company holds kept at the school until approved, the budget code, the
 * reminders and expiry, the e-mails through a real SMTP server, and the live counts. Each scenario builds a tenant of its
 * own, so one school's policy never meets another test's.
 */
describe('approval at the school', () => {
  let smtp: TestSmtp, t: TestApp, acme: TestTenant, other: TestTenant, root: TestUser, drainer: OutboxDrainer;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  useApiWorld({ tenants: ['Approvals', 'Elsewhere'], env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL }) }, (w) => {
    ({ t, root } = w);
    [acme, other] = w.tenants;
    drainer = t.app.get(OutboxDrainer);
  });
  afterAll(async () => {
    closeAllClients();
    await smtp.close();
  });

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const put = (u: TestUser, path: string, body: unknown) =>
    t
      .http()
      .put(`/api${path}`)
      .set('Authorization', u.auth)
      .send(body as object);
  const post = (u: TestUser, path: string, body: unknown) =>
    t
      .http()
      .post(`/api${path}`)
      .set('Authorization', u.auth)
      .send(body as object);
  const patch = (u: TestUser, id: number, body: object) => t.http().patch(`/api/trips/${id}`).set('Authorization', u.auth).send(body);
  const decide = (u: TestUser, id: number, decision: string, comment?: string) =>
    post(u, `/trips/${id}/approval`, comment === undefined ? { decision } : { decision, comment });
  const request = async (u: TestUser, over: Record<string, unknown> = {}) =>
    (await post(u, '/trips', tripRequest({ destination: `Science Museum ${uniq()}`, ...over })).expect(201)).body as TripDto;
  const staffOf = (tn: TestTenant, label: string) =>
    buildUser(t, { tenantId: tn.tenant.id, role: 'school_staff', name: `${label} ${uniq()}`, activeOrgId: tn.orgs.schoolA.id });
  const policyBody = (steps: number[][], over: Partial<ApprovalPolicyBody> = {}): ApprovalPolicyBody => ({
    steps: steps.map((approverIds) => ({ approverIds, aboveFils: null })),
    budgetCodeRequired: false,
    reminderDays: 3,
    expiryDays: 10,
    ...over,
  });
  const approvalRows = (tripId: number) => t.db.getRepository(TripApproval).find({ where: { tripId }, order: { id: 'ASC' } });
  const outboxTo = (u: TestUser) => t.db.getRepository(OutboxMessage).find({ where: { toEmail: u.user.email }, order: { id: 'ASC' } });
  const history = async (u: TestUser, id: number) =>
    ((await get(u, `/trips/${id}/history`).expect(200)).body as TripHistoryDto[]).map((h) => [h.action, h.fromStatus, h.toStatus]);
  const waitingFor = async (u: TestUser) => ((await get(u, '/approvals').expect(200)).body as ApprovalDto[]).map((a) => a.tripId);
  const countFor = async (u: TestUser) => ((await get(u, '/approvals/count').expect(200)).body as { waiting: number }).waiting;

  /**
   * A tenant of its own whose school A has a two-step policy: teacher T approves first, principal P second; S (school A's
   * staff) requests. More approvers of step 1 on request.
   */
  async function approvalSchool(over: Partial<ApprovalPolicyBody> = {}, moreFirstStep = 0) {
    const tn = await buildTenant(t, 'Approvals');
    const T = await staffOf(tn, 'Teacher');
    const P = await staffOf(tn, 'Principal');
    const more: TestUser[] = [];
    for (let i = 0; i < moreFirstStep; i++) more.push(await staffOf(tn, 'Teacher'));
    const body = policyBody([[T.user.id, ...more.map((u) => u.user.id)], [P.user.id]], over);
    await put(tn.users.admin, `/schools/${tn.orgs.schoolA.id}/approval-policy`, body).expect(200);
    return { tn, T, P, S: tn.users.staffA, more };
  }

  describe('the policy: who reads and keeps it', () => {
    let T: TestUser, P: TestUser;
    const policyPath = () => `/schools/${acme.orgs.schoolA.id}/approval-policy`;
    const version = async () => (await t.db.getRepository(ApprovalPolicy).findOneBy({ schoolOrgId: acme.orgs.schoolA.id }))?.version ?? 0;
    beforeAll(async () => {
      T = await staffOf(acme, 'Teacher');
      P = await staffOf(acme, 'Principal');
    });

    it('answers the defaults for a school that never had a policy, and its approved staff to name', async () => {
      const res = await get(acme.users.admin, policyPath()).expect(200);
      expect(res.body).toEqual({
        schoolOrgId: acme.orgs.schoolA.id,
        schoolName: acme.orgs.schoolA.name,
        steps: [],
        budgetCodeRequired: false,
        reminderDays: 3,
        expiryDays: 10,
        approvers: [],
        version: 0,
        updatedAt: null,
        updatedBy: null,
      });
      const staff = (await get(acme.users.admin, `/schools/${acme.orgs.schoolA.id}/staff`).expect(200)).body as { id: number }[];
      // school A's approved staff only: not its pending member, not school B's, not the staff without a school
      expect(staff.map((s) => s.id).sort((a, b) => a - b)).toEqual([acme.users.staffA.user.id, T.user.id, P.user.id].sort((a, b) => a - b));
      expect(staff.find((s) => s.id === T.user.id)).toEqual({ id: T.user.id, name: T.user.name, email: T.user.email });
    });

    it.each<[string, number, () => TestUser]>([
      ['the tenant admin', 200, () => acme.users.admin],
      ['a platform admin', 200, () => root],
      ["the school's staff", 200, () => acme.users.staffA],
      ['a trip manager', 200, () => acme.users.manager],
      ["another school's staff", 403, () => acme.users.staffB],
      ['staff without a school', 403, () => acme.users.staffNoOrg],
      ['the partner bus company', 403, () => acme.users.busA],
      ['finance', 403, () => acme.users.finance],
      ["another tenant's admin", 404, () => other.users.admin],
      ["another tenant's school staff", 404, () => other.users.staffA],
    ])('reads the policy and the staff list: %s → %i', async (_name, status, who) => {
      for (const path of [policyPath(), `/schools/${acme.orgs.schoolA.id}/staff`]) {
        const res = await get(who(), path);
        expect([path, res.status]).toEqual([path, status]);
        if (status === 403) expect(res.body.message).toBe(M.forbiddenRead);
        if (status === 404) expect(res.body.message).toBe(M.schoolNotFound);
      }
    });

    it("answers 404 for another tenant's school, and for an organization that is not a school", async () => {
      await get(acme.users.admin, `/schools/${other.orgs.schoolA.id}/approval-policy`).expect(404);
      await get(acme.users.admin, `/schools/${acme.orgs.busA.id}/approval-policy`).expect(404);
      await put(acme.users.admin, `/schools/${other.orgs.schoolA.id}/approval-policy`, policyBody([])).expect(404);
      expect(await t.db.getRepository(ApprovalPolicy).countBy({ schoolOrgId: other.orgs.schoolA.id })).toBe(0);
    });

    it('lets the tenant admin write it (deduplicated, named), then the named approvers, and nobody else', async () => {
      const before = await version();
      const written = await put(acme.users.admin, policyPath(), {
        ...policyBody([[T.user.id, T.user.id], [P.user.id]], { budgetCodeRequired: true }),
        version: before,
      }).expect(200);
      const policy = written.body as ApprovalPolicyDto;
      expect(policy).toMatchObject({
        steps: [
          { approverIds: [T.user.id], aboveFils: null },
          { approverIds: [P.user.id], aboveFils: null },
        ],
        budgetCodeRequired: true,
        version: before + 1,
        updatedBy: { id: acme.users.admin.user.id, name: acme.users.admin.user.name },
      });
      expect(policy.approvers).toEqual(
        [
          { id: T.user.id, name: T.user.name },
          { id: P.user.id, name: P.user.name },
        ].sort((a, b) => a.id - b.id),
      );
      expect((await get(acme.users.staffA, policyPath()).expect(200)).body).toEqual(policy);

      // school staff not named: 403; named as an approver: may change it
      for (const refused of [acme.users.staffA, acme.users.staffB, acme.users.busA, acme.users.finance, acme.users.manager]) {
        const res = await put(refused, policyPath(), policyBody([[refused.user.id]]));
        expect([refused.user.role, res.status, res.body.message]).toEqual([refused.user.role, 403, M.forbidden]);
      }
      expect(await version()).toBe(before + 1);
      for (const outsider of [other.users.admin, other.users.staffA]) await put(outsider, policyPath(), policyBody([])).expect(404);
      const byApprover = await put(P, policyPath(), policyBody([[T.user.id], [P.user.id]], { reminderDays: 4 })).expect(200);
      expect(byApprover.body).toMatchObject({ version: before + 2, reminderDays: 4, updatedBy: { id: P.user.id } });
      const byRoot = await put(root, policyPath(), policyBody([[T.user.id], [P.user.id]])).expect(200);
      expect(byRoot.body).toMatchObject({ version: before + 3, updatedBy: { id: root.user.id } });
      const stored = await t.db.getRepository(ApprovalPolicy).findOneByOrFail({ schoolOrgId: acme.orgs.schoolA.id });
      expect(stored).toMatchObject({ version: before + 3, reminderDays: 3, budgetCodeRequired: false, tenantId: acme.tenant.id });
    });

    it('answers a stale version with 409 and the policy as it is, writing nothing', async () => {
      await put(acme.users.admin, policyPath(), policyBody([[T.user.id]])).expect(200);
      const current = (await get(acme.users.admin, policyPath()).expect(200)).body as ApprovalPolicyDto;
      const res = await put(acme.users.admin, policyPath(), { ...policyBody([]), version: current.version - 1 }).expect(409);
      expect(res.body).toEqual({ message: M.staleVersion, policy: current });
      expect(await version()).toBe(current.version);
      expect((await get(acme.users.admin, policyPath()).expect(200)).body).toEqual(current);
    });

    describe('a bad policy is a 400 with its message, and nothing is written', () => {
      let pendingStaff: number;
      beforeAll(() => {
        pendingStaff = acme.pending.id;
      });
      it.each<[string, () => unknown, string]>([
        ['more than 2 steps', () => policyBody([[T.user.id], [P.user.id], [T.user.id]]), M.stepsInvalid],
        ['empty approvers', () => policyBody([[]]), M.approversRequired],
        ['aboveFils on step 1', () => ({ ...policyBody([]), steps: [{ approverIds: [T.user.id], aboveFils: 1000 }] }), M.aboveOnlySecond],
        ['reminder days 0', () => policyBody([[T.user.id]], { reminderDays: 0 }), M.daysInvalid],
        ['expiry days 0', () => policyBody([[T.user.id]], { expiryDays: 0 }), M.daysInvalid],
        ['expiry equal to the reminder', () => policyBody([[T.user.id]], { reminderDays: 4, expiryDays: 4 }), M.expiryBeforeReminder],
        ['expiry before the reminder', () => policyBody([[T.user.id]], { reminderDays: 5, expiryDays: 2 }), M.expiryBeforeReminder],
        ['days as text', () => ({ ...policyBody([[T.user.id]]), reminderDays: '3' }), M.daysInvalid],
        ['an approver id as text', () => ({ ...policyBody([]), steps: [{ approverIds: [String(T.user.id)] }] }), M.approverIdsInvalid],
        [
          'an amount as text',
          () => ({ ...policyBody([]), steps: [{ approverIds: [T.user.id] }, { approverIds: [P.user.id], aboveFils: '1000' }] }),
          M.aboveInvalid,
        ],
        ['budgetCodeRequired as text', () => ({ ...policyBody([[T.user.id]]), budgetCodeRequired: 'yes' }), M.budgetCodeRequiredInvalid],
        ['a version as text', () => ({ ...policyBody([[T.user.id]]), version: '1' }), M.versionInvalid],
        ['a list', () => [policyBody([])], M.notObject],
        ["staff of another school (school B's)", () => policyBody([[acme.users.staffB.user.id]]), M.approversNotStaff],
        ['staff whose sign-up is still pending', () => policyBody([[T.user.id], [pendingStaff]]), M.approversNotStaff],
        ['a bus company dispatcher', () => policyBody([[acme.users.busA.user.id]]), M.approversNotStaff],
        ["another tenant's school staff", () => policyBody([[other.users.staffA.user.id]]), M.approversNotStaff],
        ['a user who does not exist', () => policyBody([[2_000_000_000]]), M.approversNotStaff],
        ['the tenant admin', () => policyBody([[acme.users.admin.user.id]]), M.approversNotStaff],
      ])('%s', async (_name, body, message) => {
        const before = await get(acme.users.admin, policyPath()).expect(200);
        const res = await put(acme.users.admin, policyPath(), body());
        expect([res.status, res.body.message]).toEqual([400, message]);
        expect((await get(acme.users.admin, policyPath()).expect(200)).body).toEqual(before.body);
      });

      it('answers 400 to broken JSON', async () => {
        const v = await version();
        const res = await t
          .http()
          .put(`/api${policyPath()}`)
          .set('Authorization', acme.users.admin.auth)
          .set('Content-Type', 'application/json')
          .send('{"steps": [');
        expect(res.status).toBe(400);
        expect(await version()).toBe(v);
      });
    });
  });

  describe('a request through its steps', () => {
    it('files a request Pending where the school has no policy, as before', async () => {
      const tn = await buildTenant(t, 'No policy');
      const trip = await request(tn.users.staffA);
      expect(trip.status).toBe('Pending');
      expect(await approvalRows(trip.id)).toEqual([]);
      await get(tn.users.busA, `/trips/${trip.id}`).expect(200);
      expect((await get(tn.users.admin, `/trips/${trip.id}/approval`).expect(200)).body).toBeNull();
      // a policy with no steps is no policy
      await put(tn.users.admin, `/schools/${tn.orgs.schoolA.id}/approval-policy`, policyBody([])).expect(200);
      expect((await request(tn.users.staffA)).status).toBe('Pending');
    });

    it('keeps the request at the school, out of the bus company’s sight, until both steps approve it', async () => {
      const { tn, T, P, S } = await approvalSchool();
      const trip = await request(S);
      expect(trip).toMatchObject({ status: 'Awaiting Approval', busCompanyOrgId: null, createdById: S.user.id });
      expect(await approvalRows(trip.id)).toEqual([
        expect.objectContaining({ kind: 'request', state: 'waiting', step: 1, steps: 2, requestedById: S.user.id, proposed: null }),
      ]);

      // the partner company: no trip, no list entry, no count, no board
      const bus = tn.users.busA;
      expect((await get(bus, `/trips/${trip.id}`).expect(404)).body.message).toBe('Trip not found.');
      await get(bus, `/trips/${trip.id}/history`).expect(404);
      await get(bus, `/trips/${trip.id}/approval`).expect(404);
      expect(((await get(bus, '/trips').expect(200)).body as TripDto[]).map((x) => x.id)).not.toContain(trip.id);
      const page = (await get(bus, '/trips?pageSize=50').expect(200)).body as TripPage;
      expect([page.total, page.trips.map((x) => x.id)]).toEqual([0, []]);
      expect(((await get(bus, '/trips/stats').expect(200)).body as TripStats).total).toBe(0);
      const board = () => get(bus, '/dispatch/board?from=2031-03-03&to=2031-03-09').expect(200);
      const onBoard = (b: DispatchBoardDto) => [...b.trips, ...b.needsBus].map((x) => x.id);
      expect(onBoard((await board()).body as DispatchBoardDto)).not.toContain(trip.id);
      // the school sees it
      for (const u of [tn.users.admin, S, T, P, tn.users.finance]) await get(u, `/trips/${trip.id}`).expect(200);
      expect(((await get(tn.users.admin, '/trips/stats').expect(200)).body as TripStats).total).toBe(1);
      expect(((await get(S, '/trips?pageSize=50').expect(200)).body as TripPage).trips.map((x) => x.id)).toEqual([trip.id]);

      // it waits for T (step 1 of 2), not for P
      const [listed] = (await get(T, '/approvals').expect(200)).body as ApprovalDto[];
      expect(listed).toMatchObject({
        tripId: trip.id,
        kind: 'request',
        state: 'waiting',
        step: 1,
        steps: 2,
        approvers: [{ id: T.user.id, name: T.user.name }],
        requestedBy: { id: S.user.id, name: S.user.name },
        changes: [],
        trip: { destination: trip.destination, status: 'Awaiting Approval', schoolOrgId: tn.orgs.schoolA.id, students: 30 },
      });
      expect(await waitingFor(P)).toEqual([]);
      expect([await countFor(T), await countFor(P), await countFor(S), await countFor(tn.users.admin)]).toEqual([1, 0, 0, 1]);
      expect(await waitingFor(tn.users.admin)).toEqual([trip.id]);
      expect([await countFor(bus), await waitingFor(bus)]).toEqual([0, []]);

      // P is step 2's: not yet
      const early = await decide(P, trip.id, 'approve');
      expect([early.status, early.body.message]).toEqual([
        403,
        "Only the approvers of this step of the school's approval policy or an admin can decide it.",
      ]);
      expect(await approvalRows(trip.id)).toEqual([expect.objectContaining({ state: 'waiting', step: 1 })]);
      // a bus company cannot even find it
      await decide(bus, trip.id, 'approve').expect(404);

      const first = await decide(T, trip.id, 'approve', 'Fine by me').expect(200);
      expect(first.body).toMatchObject({ state: 'waiting', step: 2, steps: 2, approvers: [{ id: P.user.id }], comment: 'Fine by me' });
      expect((await get(S, `/trips/${trip.id}`).expect(200)).body.status).toBe('Awaiting Approval');
      const afterFirst = (await get(S, `/trips/${trip.id}/history`).expect(200)).body as TripHistoryDto[];
      expect(afterFirst.at(-1)).toMatchObject({
        action: 'approve',
        fromStatus: 'Awaiting Approval',
        toStatus: 'Awaiting Approval',
        note: 'Fine by me',
        by: { id: T.user.id, name: T.user.name },
      });
      await get(bus, `/trips/${trip.id}`).expect(404);
      expect((await decide(T, trip.id, 'approve')).status).toBe(403);
      expect([await countFor(T), await countFor(P)]).toEqual([0, 1]);
      expect(await waitingFor(P)).toEqual([trip.id]);

      const last = await decide(P, trip.id, 'approve').expect(200);
      expect(last.body).toMatchObject({ state: 'approved', step: 2, approvers: [], trip: { status: 'Pending' } });
      expect((await tripRow(t, trip.id)).status).toBe('Pending');
      expect((await get(bus, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ status: 'Pending', busCompanyOrgId: null });
      expect(((await get(bus, '/trips/stats').expect(200)).body as TripStats).total).toBe(1);
      expect(await waitingFor(P)).toEqual([]);
      expect(await history(S, trip.id)).toEqual([
        ['request', null, 'Awaiting Approval'],
        ['approve', 'Awaiting Approval', 'Awaiting Approval'],
        ['approve', 'Awaiting Approval', 'Pending'],
      ]);
      // the company reads the approval as nothing of its business, and the history without the school's steps
      expect((await get(bus, `/trips/${trip.id}/approval`).expect(200)).body).toBeNull();
      // now it is the company's: it accepts, and the trip is on its board
      await patch(bus, trip.id, { status: 'Accepted' }).expect(200);
      expect(onBoard((await board()).body as DispatchBoardDto)).toContain(trip.id);
    });

    it('lists what waits for an approver by departure, the soonest first, whenever each was asked for', async () => {
      const { tn, T } = await approvalSchool();
      const on = (departureDate: string, departureTime: string) =>
        request(tn.users.staffA, { departureDate, departureTime, returnDate: departureDate, returnTime: '11:30 PM' });
      // asked for in this order: next month's first, this week's afternoon, then this week's morning
      const later = await on('2031-04-20', '08:00 AM');
      const afternoon = await on('2031-03-06', '01:30 PM');
      const morning = await on('2031-03-06', '09:15 AM');
      expect(await waitingFor(T)).toEqual([morning.id, afternoon.id, later.id]);
      expect(await waitingFor(tn.users.admin)).toEqual([morning.id, afternoon.id, later.id]);
      // no distance given: no estimate to show
      const [first] = (await get(T, '/approvals').expect(200)).body as ApprovalDto[];
      expect(first.trip.estimate).toBeNull();
    });

    it('lets an admin decide any step, and files an admin’s own request straight to the company', async () => {
      const { tn, S } = await approvalSchool();
      const trip = await request(S);
      await decide(tn.users.admin, trip.id, 'approve').expect(200);
      const res = await decide(tn.users.admin, trip.id, 'approve').expect(200);
      expect(res.body).toMatchObject({ state: 'approved', trip: { status: 'Pending' } });
      const own = await request(tn.users.admin, { schoolOrgId: tn.orgs.schoolA.id });
      expect(own.status).toBe('Pending');
      expect(await approvalRows(own.id)).toEqual([]);
      // another tenant's admin cannot find it
      await decide(other.users.admin, trip.id, 'approve').expect(404);
    });

    it('sends it back for changes (a comment required); the requester edits and resubmits it to step 1', async () => {
      const { tn, T, P, S } = await approvalSchool();
      const trip = await request(S);
      for (const comment of [undefined, '', '   ']) {
        const res = await decide(T, trip.id, 'requestChanges', comment);
        expect([res.status, res.body.message]).toEqual([400, 'Please say why (comment).']);
      }
      expect((await decide(T, trip.id, 'maybe')).body.message).toBe(M.decisionInvalid);
      expect(await approvalRows(trip.id)).toEqual([expect.objectContaining({ state: 'waiting', comment: null })]);

      const sent = await decide(T, trip.id, 'requestChanges', 'Add the staff who come along').expect(200);
      expect(sent.body).toMatchObject({ state: 'changesRequested', comment: 'Add the staff who come along' });
      expect((await tripRow(t, trip.id)).status).toBe('Changes Requested');
      expect(await countFor(T)).toBe(0);
      expect((await decide(T, trip.id, 'approve')).status).toBe(409);
      await get(tn.users.busA, `/trips/${trip.id}`).expect(404);

      const edited = await patch(S, trip.id, { staff: 5, notes: 'Five teachers come along' }).expect(200);
      expect(edited.body).toMatchObject({ status: 'Changes Requested', staff: 5, notes: 'Five teachers come along' });
      const resubmitted = await patch(S, trip.id, { status: 'Awaiting Approval' }).expect(200);
      expect(resubmitted.body).toMatchObject({ status: 'Awaiting Approval', staff: 5 });
      const [approval, ...more] = await approvalRows(trip.id);
      expect(more).toEqual([]);
      expect(approval).toMatchObject({ state: 'waiting', step: 1 });
      expect([await countFor(T), await waitingFor(T)]).toEqual([1, [trip.id]]);

      // an edit while it waits at step 2 starts the steps again
      await decide(T, trip.id, 'approve').expect(200);
      expect(await countFor(P)).toBe(1);
      await patch(S, trip.id, { students: 33 }).expect(200);
      expect((await approvalRows(trip.id))[0]).toMatchObject({ state: 'waiting', step: 1 });
      expect([await countFor(T), await countFor(P)]).toEqual([1, 0]);
      expect(await history(S, trip.id)).toEqual([
        ['request', null, 'Awaiting Approval'],
        ['requestChanges', 'Awaiting Approval', 'Changes Requested'],
        ['edit', 'Changes Requested', 'Changes Requested'],
        ['resubmit', 'Changes Requested', 'Awaiting Approval'],
        ['approve', 'Awaiting Approval', 'Awaiting Approval'],
        ['edit', 'Awaiting Approval', 'Awaiting Approval'],
      ]);
    });

    it('denies it with a reason; nothing more can be decided and the company never sees it', async () => {
      const { tn, T, S } = await approvalSchool();
      const trip = await request(S);
      expect((await decide(T, trip.id, 'deny')).body.message).toBe('Please say why (comment).');
      const denied = await decide(T, trip.id, 'deny', 'Over this term’s budget').expect(200);
      expect(denied.body).toMatchObject({ state: 'denied', comment: 'Over this term’s budget', trip: { status: 'Denied' } });
      expect((await tripRow(t, trip.id)).status).toBe('Denied');
      for (const u of [T, tn.users.admin]) {
        const res = await decide(u, trip.id, 'approve');
        expect([res.status, res.body.message]).toEqual([409, M.nothingWaiting]);
      }
      expect((await patch(S, trip.id, { status: 'Awaiting Approval' })).status).toBe(409);
      expect((await tripRow(t, trip.id)).status).toBe('Denied');
      await get(tn.users.busA, `/trips/${trip.id}`).expect(404);
      expect(((await get(tn.users.busA, '/trips').expect(200)).body as TripDto[]).map((x) => x.id)).not.toContain(trip.id);
      expect(await history(S, trip.id)).toEqual([
        ['request', null, 'Awaiting Approval'],
        ['deny', 'Awaiting Approval', 'Denied'],
      ]);
    });

    it('lets the requester withdraw it while it waits, which closes its approval', async () => {
      const { T, S } = await approvalSchool();
      const trip = await request(S);
      await patch(S, trip.id, { status: 'Canceled' }).expect(200);
      expect((await approvalRows(trip.id))[0]).toMatchObject({ state: 'canceled' });
      expect(await countFor(T)).toBe(0);
      expect((await decide(T, trip.id, 'approve')).status).toBe(409);
    });
  });

  describe('a weekly series', () => {
    it('waits at the school trip by trip, each with its budget code; without a required code nothing is written', async () => {
      const { tn, T, S } = await approvalSchool({ budgetCodeRequired: true });
      const body = tripRequest({ departureDate: '2031-03-04', returnDate: '2031-03-04', repeatUntil: '2031-03-18' });
      const refused = await post(S, '/trips/series', body);
      expect([refused.status, refused.body.message]).toEqual([400, 'Budget code is required.']);
      expect(await t.db.getRepository(Trip).countBy({ tenantId: tn.tenant.id })).toBe(0);

      const res = await post(S, '/trips/series', { ...body, budgetCode: 'SW-31' }).expect(201);
      const trips = res.body as TripDto[];
      expect(trips.map((x) => [x.departureDate, x.status, x.budgetCode])).toEqual([
        ['2031-03-04', 'Awaiting Approval', 'SW-31'],
        ['2031-03-11', 'Awaiting Approval', 'SW-31'],
        ['2031-03-18', 'Awaiting Approval', 'SW-31'],
      ]);
      // each its own approval at step 1, listed for the step's approver by departure
      expect(await waitingFor(T)).toEqual(trips.map((x) => x.id));
      for (const trip of trips) expect((await approvalRows(trip.id)).map((a) => a.step)).toEqual([1]);
      // the company sees none of them yet
      const company = (await get(tn.users.busA, '/trips').expect(200)).body as TripDto[];
      expect(company.filter((x) => trips.some((s) => s.id === x.id))).toEqual([]);
    });

    it("approves every week waiting at the approver's step at once, each through its own steps", async () => {
      const { T, P, S } = await approvalSchool();
      const body = tripRequest({ departureDate: '2031-03-04', returnDate: '2031-03-04', repeatUntil: '2031-03-25' });
      const trips = (await post(S, '/trips/series', body).expect(201)).body as TripDto[];
      const seriesId = trips[0].seriesId!;
      // the principal decides step 2, where nothing of it waits yet: refused, nothing written
      expect((await post(P, `/approvals/series/${seriesId}`, {}).expect(403)).body.message).toMatch(/Only the approvers/);
      expect(await waitingFor(T)).toEqual(trips.map((x) => x.id));
      // one week cancelled by its requester, one already approved by the teacher alone
      await patch(S, trips[3].id, { status: 'Canceled' }).expect(200);
      await decide(T, trips[0].id, 'approve').expect(200);
      // the teacher approves the two weeks still at step 1, with one comment
      const res = await post(T, `/approvals/series/${seriesId}`, { comment: 'Swimming term booked' }).expect(200);
      const approved = res.body as ApprovalDto[];
      expect(approved.map((a) => [a.tripId, a.step, a.state])).toEqual([
        [trips[1].id, 2, 'waiting'],
        [trips[2].id, 2, 'waiting'],
      ]);
      expect(await waitingFor(T)).toEqual([]);
      expect(await waitingFor(P)).toEqual(trips.slice(0, 3).map((x) => x.id));
      expect(await history(S, trips[1].id)).toEqual([
        ['request', null, 'Awaiting Approval'],
        ['approve', 'Awaiting Approval', 'Awaiting Approval'],
      ]);
      // the principal's last step makes each Pending, for the company to accept
      await post(P, `/approvals/series/${seriesId}`, {}).expect(200);
      const stored = await t.db.getRepository(Trip).find({ where: trips.map((x) => ({ id: x.id })), order: { departureDate: 'ASC' } });
      expect(stored.map((x) => x.status)).toEqual(['Pending', 'Pending', 'Pending', 'Canceled']);
      // nothing left: 409; a series nobody here sees: 404; not an id: 400
      expect((await post(P, `/approvals/series/${seriesId}`, {}).expect(409)).body.message).toBe(M.seriesNothingWaiting);
      await post(acme.users.admin, `/approvals/series/${seriesId}`, {}).expect(404);
      await post(T, '/approvals/series/12', {}).expect(400);
      expect(await countFor(P)).toBe(0);
    });
  });

  describe('a weekly series changed at once', () => {
    it('sends each week past approval through it again: the weeks a company holds keep their change at the school', async () => {
      const { tn, T, P, S } = await approvalSchool();
      const body = tripRequest({ departureDate: '2031-05-06', returnDate: '2031-05-06', repeatUntil: '2031-05-20' });
      const weeks = (await post(S, '/trips/series', body).expect(201)).body as TripDto[];
      const seriesId = weeks[0].seriesId!;
      await post(T, `/approvals/series/${seriesId}`, {}).expect(200);
      await post(P, `/approvals/series/${seriesId}`, {}).expect(200);
      await patch(tn.users.busA, weeks[1].id, { status: 'Accepted' }).expect(200);
      // more students on every week: material, so each goes through the school's approval again
      const res = await t
        .http()
        .patch(`/api/trips/series/${seriesId}`)
        .set('Authorization', S.auth)
        .send({ from: weeks[0].id, students: 52 })
        .expect(200);
      expect([res.body.changed, res.body.requested, res.body.held]).toEqual([[weeks[0].id, weeks[2].id], [], [weeks[1].id]]);
      const stored = await t.db.getRepository(Trip).find({ where: weeks.map((x) => ({ id: x.id })), order: { departureDate: 'ASC' } });
      expect(stored.map((x) => [x.status, x.students])).toEqual([
        ['Awaiting Approval', 52],
        ['Accepted', 30],
        ['Awaiting Approval', 52],
      ]);
      // the weeks no company holds wait as requests again, the held one as a change, each at step 1
      expect(await waitingFor(T)).toEqual(weeks.map((x) => x.id));
      expect((await approvalRows(weeks[1].id)).at(-1)).toMatchObject({
        kind: 'change',
        step: 1,
        state: 'waiting',
        proposed: { students: 52 },
      });
    });
  });

  describe('a material change of a trip past approval', () => {
    /** A request approved at both steps and accepted by the company. */
    async function acceptedTrip() {
      const school = await approvalSchool();
      const trip = await request(school.S);
      await decide(school.T, trip.id, 'approve').expect(200);
      await decide(school.P, trip.id, 'approve').expect(200);
      await patch(school.tn.users.busA, trip.id, { status: 'Accepted' }).expect(200);
      return { ...school, trip };
    }

    it('keeps a change of students at the school (202) until approved; the company sees the old trip meanwhile', async () => {
      const { tn, T, P, S, trip } = await acceptedTrip();
      const bus = tn.users.busA;
      const res = await patch(S, trip.id, { students: 52 });
      expect(res.status).toBe(202);
      const held = res.body as HeldChangeBody;
      expect(held.message).toBe(M.changeHeld);
      expect(held.trip).toMatchObject({ id: trip.id, status: 'Accepted', students: 30 });
      expect(held.approval).toMatchObject({
        tripId: trip.id,
        kind: 'change',
        state: 'waiting',
        step: 1,
        steps: 2,
        changes: [{ field: 'students', label: 'Students', from: '30', to: '52' }],
      });
      expect((await tripRow(t, trip.id)).students).toBe(30);
      expect((await get(bus, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ status: 'Accepted', students: 30 });
      expect((await get(bus, `/trips/${trip.id}/approval`).expect(200)).body).toBeNull();
      expect((await history(bus, trip.id)).map(([a]) => a)).not.toContain('submitChange');
      expect((await get(tn.users.admin, `/trips/${trip.id}/approval`).expect(200)).body).toMatchObject({
        kind: 'change',
        state: 'waiting',
      });
      expect(await waitingFor(T)).toEqual([trip.id]);

      await decide(T, trip.id, 'approve').expect(200);
      expect((await get(bus, `/trips/${trip.id}`).expect(200)).body.students).toBe(30);
      const applied = await decide(P, trip.id, 'approve').expect(200);
      expect(applied.body).toMatchObject({ kind: 'change', state: 'approved', trip: { students: 52, status: 'Accepted' } });
      expect((await tripRow(t, trip.id)).students).toBe(52);
      expect((await get(bus, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ status: 'Accepted', students: 52 });
      const companyHistory = (await get(bus, `/trips/${trip.id}/history`).expect(200)).body as TripHistoryDto[];
      expect(companyHistory.at(-1)).toMatchObject({ action: 'approveChange', fields: ['students'], by: { id: P.user.id } });
    });

    it('turns an approved change of a Confirmed trip into the edit request the company decides', async () => {
      const { tn, T, P, S } = await approvalSchool();
      const trip = await buildTrip(t, tn, { status: 'Confirmed', students: 40 });
      const res = await patch(S, trip.id, { students: 45, departureDate: '2031-05-11', returnDate: '2031-05-11' });
      expect(res.status).toBe(202);
      expect((res.body as HeldChangeBody).approval.changes.map((c) => c.field)).toEqual(['departure', 'return', 'students']);
      expect((await get(tn.users.busA, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ status: 'Confirmed', students: 40 });
      await decide(T, trip.id, 'approve').expect(200);
      await decide(P, trip.id, 'approve').expect(200);
      const seen = (await get(tn.users.busA, `/trips/${trip.id}`).expect(200)).body as TripDto;
      expect(seen).toMatchObject({ status: 'Pending', editRequest: true, students: 45, busCompanyOrgId: tn.orgs.busA.id });
      expect(seen.requestedChanges).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'students', label: 'Students', from: '40', to: '45' })]),
      );
      // the company decides the edit request as ever
      await patch(tn.users.busA, trip.id, { status: 'Accepted' }).expect(200);
    });

    it('applies a change of the notes at once (200), with no approval', async () => {
      const { tn, S, trip } = await acceptedTrip();
      const before = await approvalRows(trip.id);
      const res = await patch(S, trip.id, { notes: 'Bring hats' }).expect(200);
      expect(res.body).toMatchObject({ status: 'Accepted', notes: 'Bring hats' });
      expect((await get(tn.users.busA, `/trips/${trip.id}`).expect(200)).body.notes).toBe('Bring hats');
      expect(await approvalRows(trip.id)).toEqual(before);
    });

    it('drops a held change the approvers deny, and tells nothing to the company', async () => {
      const { tn, T, S, trip } = await acceptedTrip();
      expect((await patch(S, trip.id, { students: 60 })).status).toBe(202);
      await decide(T, trip.id, 'deny', 'Not that many').expect(200);
      expect((await get(tn.users.busA, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ status: 'Accepted', students: 30 });
      expect((await history(tn.users.busA, trip.id)).map(([a]) => a)).not.toContain('denyChange');
      expect((await history(S, trip.id)).map(([a]) => a).slice(-2)).toEqual(['submitChange', 'denyChange']);
    });

    it('applies only what the held change changed: an edit made meanwhile stays', async () => {
      const { tn, T, P, S, trip } = await acceptedTrip();
      expect((await patch(S, trip.id, { students: 52 })).status).toBe(202);
      await patch(S, trip.id, { notes: 'Bring hats' }).expect(200);
      await decide(T, trip.id, 'approve').expect(200);
      await decide(P, trip.id, 'approve').expect(200);
      expect((await get(tn.users.busA, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ students: 52, notes: 'Bring hats' });
    });

    it('drops a held change whose trip moved on (a cancellation requested) when its last step approves it', async () => {
      const { tn, T, P, S, trip } = await acceptedTrip();
      expect((await patch(S, trip.id, { students: 52 })).status).toBe(202);
      await patch(S, trip.id, { status: 'Cancel Requested' }).expect(200);
      await decide(T, trip.id, 'approve').expect(200);
      const res = await decide(P, trip.id, 'approve');
      expect([res.status, res.body.message]).toEqual([409, M.changeMovedOn]);
      expect((await tripRow(t, trip.id)).students).toBe(30);
      expect((await approvalRows(trip.id)).map((a) => [a.kind, a.state])).toEqual([
        ['request', 'approved'],
        ['change', 'canceled'],
      ]);
      expect(await countFor(P)).toBe(0);
      expect((await get(tn.users.busA, `/trips/${trip.id}`).expect(200)).body).toMatchObject({ status: 'Cancel Requested', students: 30 });
    });

    it('sends a Pending trip nobody holds back to the school on a material change, out of the company’s sight', async () => {
      const { tn, T, S } = await approvalSchool();
      const trip = await buildTrip(t, tn, { status: 'Pending' });
      await get(tn.users.busA, `/trips/${trip.id}`).expect(200);
      const res = await patch(S, trip.id, { departureDate: '2031-05-12', returnDate: '2031-05-12' }).expect(200);
      expect(res.body).toMatchObject({ status: 'Awaiting Approval', departureDate: '2031-05-12' });
      await get(tn.users.busA, `/trips/${trip.id}`).expect(404);
      expect(await approvalRows(trip.id)).toEqual([expect.objectContaining({ kind: 'request', state: 'waiting', step: 1 })]);
      expect(await waitingFor(T)).toEqual([trip.id]);
    });
  });

  describe('the budget code', () => {
    it('is required by the policy: refused without one (nothing written), stored and shown with one', async () => {
      const { tn, S } = await approvalSchool({ budgetCodeRequired: true });
      const trips = () => t.db.getRepository(Trip).countBy({ tenantId: tn.tenant.id });
      for (const budgetCode of [undefined, '', '   ']) {
        const res = await post(S, '/trips', tripRequest(budgetCode === undefined ? {} : { budgetCode }));
        expect([res.status, res.body.message]).toEqual([400, 'Budget code is required.']);
      }
      const admin = await post(tn.users.admin, '/trips', tripRequest({ schoolOrgId: tn.orgs.schoolA.id }));
      expect([admin.status, admin.body.message]).toEqual([400, 'Budget code is required.']);
      const long = await post(S, '/trips', tripRequest({ budgetCode: 'x'.repeat(MAX_BUDGET_CODE_LENGTH + 1) }));
      expect([long.status, long.body.message]).toEqual([400, M.budgetCodeInvalid]);
      expect(await trips()).toBe(0);

      const trip = await request(S, { budgetCode: ' ED-2031-07 ' });
      expect(trip.budgetCode).toBe('ED-2031-07');
      expect((await tripRow(t, trip.id)).budgetCode).toBe('ED-2031-07');
      expect((await get(tn.users.admin, `/trips/${trip.id}`).expect(200)).body.budgetCode).toBe('ED-2031-07');
      expect((await get(tn.users.admin, `/trips/${trip.id}/approval`).expect(200)).body.trip.budgetCode).toBe('ED-2031-07');
      expect(await trips()).toBe(1);
    });
  });

  describe('reminders and expiry, on a moved clock', () => {
    const clock = () => t.app.get(ApprovalClock);
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS + 60_000);
    const notices = async (u: TestUser) => (await outboxTo(u)).map((m) => m.notice);

    it('reminds each approver of the step once past the reminder days, however many checks run', async () => {
      const { T, P, S, more } = await approvalSchool({ reminderDays: 2, expiryDays: 5 }, 1);
      const [T2] = more;
      const trip = await request(S);
      expect([await notices(T), await notices(T2), await notices(P)]).toEqual([['approvalWaiting'], ['approvalWaiting'], []]);

      await clock().check(inDays(1));
      expect((await outboxTo(T)).length).toBe(1);
      await Promise.all([clock().check(inDays(2)), clock().check(inDays(2))]);
      for (const approver of [T, T2]) {
        const [, reminder, ...extra] = await outboxTo(approver);
        expect(extra).toEqual([]);
        expect(reminder).toMatchObject({ notice: 'approvalWaiting', userId: approver.user.id });
        expect(reminder.subject).toBe(`Reminder: waiting for your approval: ${trip.destination}, ${formatDay(trip.departureDate)}`);
      }
      expect([await notices(P), await notices(S)]).toEqual([[], []]);
      await clock().check(inDays(3));
      expect([(await outboxTo(T)).length, (await outboxTo(T2)).length]).toEqual([2, 2]);
      expect((await tripRow(t, trip.id)).status).toBe('Awaiting Approval');

      // the next step is reminded in its turn, counted from when it began
      await decide(T, trip.id, 'approve').expect(200);
      expect(await notices(P)).toEqual(['approvalWaiting']);
      await clock().check(inDays(1));
      expect(await notices(P)).toEqual(['approvalWaiting']);
      await clock().check(inDays(2));
      expect(await notices(P)).toEqual(['approvalWaiting', 'approvalWaiting']);
    });

    it('withdraws a request past the expiry days, tells its requester, and does it once', async () => {
      const { tn, T, S } = await approvalSchool({ reminderDays: 2, expiryDays: 5 });
      const trip = await request(S);
      await clock().check(inDays(4));
      expect((await tripRow(t, trip.id)).status).toBe('Awaiting Approval');

      await Promise.all([clock().check(inDays(5)), clock().check(inDays(5))]);
      expect((await tripRow(t, trip.id)).status).toBe('Withdrawn');
      const rows = (await get(S, `/trips/${trip.id}/history`).expect(200)).body as TripHistoryDto[];
      expect(rows.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
        ['request', null, 'Awaiting Approval'],
        ['withdraw', 'Awaiting Approval', 'Withdrawn'],
      ]);
      expect(rows[1]).toMatchObject({ by: { id: null, name: 'Approval policy' } });
      expect(await notices(S)).toEqual(['requestWithdrawn']);
      expect((await get(S, `/trips/${trip.id}/approval`).expect(200)).body).toMatchObject({ state: 'withdrawn' });
      expect(await countFor(T)).toBe(0);
      await get(tn.users.busA, `/trips/${trip.id}`).expect(404);
      expect((await decide(T, trip.id, 'approve')).status).toBe(409);

      await clock().check(inDays(6));
      expect(await notices(S)).toEqual(['requestWithdrawn']);
      expect((await get(S, `/trips/${trip.id}/history`).expect(200)).body).toHaveLength(2);
    });

    it('neither reminds nor withdraws a request sent back for changes, and counts the expiry again from its resubmission', async () => {
      const { T, S } = await approvalSchool({ reminderDays: 2, expiryDays: 5 });
      const trip = await request(S);
      await decide(T, trip.id, 'requestChanges', 'Which museum?').expect(200);
      // submitted four days ago, as far as the clock can tell
      await t.db.query(
        `UPDATE trip_approvals SET submitted_at = submitted_at - interval '4 days', step_since = step_since - interval '4 days' WHERE trip_id = $1`,
        [trip.id],
      );
      await clock().check(inDays(6));
      expect((await tripRow(t, trip.id)).status).toBe('Changes Requested');
      expect(await notices(T)).toEqual(['approvalWaiting']);

      await patch(S, trip.id, { status: 'Awaiting Approval' }).expect(200);
      expect(await notices(T)).toEqual(['approvalWaiting', 'approvalWaiting']);
      await clock().check(inDays(4));
      expect((await tripRow(t, trip.id)).status).toBe('Awaiting Approval');
      await clock().check(inDays(5));
      expect((await tripRow(t, trip.id)).status).toBe('Withdrawn');
      expect(await notices(S)).toEqual(['changesRequested', 'requestWithdrawn']);
    });
  });

  describe('e-mail through a real mail server', () => {
    mailTurns();
    const mailsTo = (u: TestUser) => smtp.to(u.user.email);
    const subject = (kind: string, trip: TripDto) => `${kind}: ${trip.destination}, ${formatDay(trip.departureDate)}`;

    it('asks each step’s approvers with the approve and open links, and tells the requester it was approved', async () => {
      const { T, P, S } = await approvalSchool();
      const trip = await request(S);
      await drainer.drain();
      const [ask, ...more] = mailsTo(T);
      expect(more).toEqual([]);
      expect(ask.subject).toBe(subject('Waiting for your approval', trip));
      expect(ask.text).toContain(`Hello ${T.user.name},`);
      expect(ask.text).toContain(`The trip request to ${trip.destination} by ${S.user.name} waits for your approval (step 1 of 2).`);
      expect(ask.text).toContain(`Approve: ${PUBLIC_URL}/approvals?trip=${trip.id}&decision=approve`);
      expect(ask.text).toContain(`Open the trip: ${PUBLIC_URL}/trips?trip=${trip.id}`);
      expect([mailsTo(P), mailsTo(S)]).toEqual([[], []]);

      await decide(T, trip.id, 'approve').expect(200);
      await drainer.drain();
      expect(mailsTo(P).map((m) => m.subject)).toEqual([subject('Waiting for your approval', trip)]);
      expect(mailsTo(P)[0].text).toContain('(step 2 of 2)');
      expect([mailsTo(T).length, mailsTo(S).length]).toEqual([1, 0]);

      await decide(P, trip.id, 'approve').expect(200);
      await drainer.drain();
      const [approved, ...others] = mailsTo(S);
      expect(others).toEqual([]);
      expect(approved.subject).toBe(subject('Approved', trip));
      expect(approved.text).toContain(`${P.user.name} approved your trip to ${trip.destination}; it is now with the bus company.`);
      expect(approved.text).toContain(`${PUBLIC_URL}/trips?trip=${trip.id}`);
      expect(approved.text).not.toContain('/approvals?');
      expect([mailsTo(T).length, mailsTo(P).length]).toEqual([1, 1]);
    });

    it('tells an approver what a held change would change before they follow the link', async () => {
      const { tn, T, P, S } = await approvalSchool();
      const trip = await request(S);
      await decide(T, trip.id, 'approve').expect(200);
      await decide(P, trip.id, 'approve').expect(200);
      await patch(tn.users.busA, trip.id, { status: 'Accepted' }).expect(200);
      await drainer.drain();
      const before = mailsTo(T).length;
      expect((await patch(S, trip.id, { students: 52 })).status).toBe(202);
      await drainer.drain();
      const [ask, ...more] = mailsTo(T).slice(before);
      expect(more).toEqual([]);
      expect(ask.text).toContain(`A change to the trip to ${trip.destination} by ${S.user.name} waits for your approval (step 1 of 2).`);
      expect(ask.text).toContain('The change: Students: 30 → 52.');
    });

    it('tells the requester of changes asked for and of a denial, with the approver’s words', async () => {
      const { T, S } = await approvalSchool();
      const changes = await request(S);
      const denied = await request(S);
      await decide(T, changes.id, 'requestChanges', 'Add the staff').expect(200);
      await decide(T, denied.id, 'deny', 'Over budget').expect(200);
      await drainer.drain();
      const mails = mailsTo(S);
      expect(mails.map((m) => m.subject)).toEqual([subject('Changes requested', changes), subject('Denied', denied)]);
      expect(mails[0].text).toContain(`${T.user.name} asks for changes to your trip to ${changes.destination}: “Add the staff”`);
      expect(mails[1].text).toContain(`${T.user.name} denied your trip to ${denied.destination}: “Over budget”`);
      // the approver hears nothing of their own decisions
      expect(mailsTo(T).map((m) => m.subject)).toEqual([
        subject('Waiting for your approval', changes),
        subject('Waiting for your approval', denied),
      ]);
    });

    it('mails nobody who turned the notice off, nor the approver who filed the request', async () => {
      const { T, S, more } = await approvalSchool({}, 2);
      const [quiet, colleague] = more;
      const off = await t
        .http()
        .patch('/api/users/me')
        .set('Authorization', quiet.auth)
        .send({ emailNotices: { approvalWaiting: false } });
      expect(off.status).toBe(200);
      const fromS = await request(S);
      // T, an approver of step 1, files one too: their colleague is asked, T is not
      const own = await request(T);
      expect(await outboxTo(quiet)).toEqual([]);
      expect((await outboxTo(T)).map((m) => m.subject)).toEqual([subject('Waiting for your approval', fromS)]);
      expect((await outboxTo(colleague)).map((m) => m.subject)).toEqual([
        subject('Waiting for your approval', fromS),
        subject('Waiting for your approval', own),
      ]);
      await drainer.drain();
      expect(mailsTo(quiet)).toEqual([]);
      expect(mailsTo(colleague)).toHaveLength(2);
    });

    it('sends one e-mail per person for the weeks of a series a change moves at once, each week listed', async () => {
      const { T, P, S } = await approvalSchool();
      const body = tripRequest({
        destination: `Hamdan Pool ${uniq()}`,
        departureDate: '2031-03-04',
        returnDate: '2031-03-04',
        repeatUntil: '2031-03-18',
      });
      const weeks = (await post(S, '/trips/series', body).expect(201)).body as TripDto[];
      const seriesId = weeks[0].seriesId!;
      const { destination } = weeks[0];
      const subjectOf = (kind: string) => `${kind}: ${destination}, 3 weeks from Tue 4 Mar`;
      await drainer.drain();
      // filed at once: the step's approver hears of the three weeks in one e-mail, with a link to approve them all
      const [ask, ...more] = mailsTo(T);
      expect(more).toEqual([]);
      expect(ask.subject).toBe(subjectOf('Waiting for your approval'));
      const lines = ask.text.split('\n');
      expect(lines).toContain(
        `The trip request to ${destination} by ${S.user.name}, 3 weeks of a weekly series, waits for your approval (step 1 of 2).`,
      );
      const week = (w: TripDto) =>
        `${formatDay(w.departureDate)}: ${w.departureTime} to ${w.returnTime}, ${w.students} students, ${w.staff ?? 0} staff`;
      expect(lines).toEqual(expect.arrayContaining(weeks.map(week)));
      expect(lines).toContain(`Approve all 3 weeks: ${PUBLIC_URL}/approvals?series=${seriesId}&decision=approve`);
      expect(lines).toContain(`Open the first week: ${PUBLIC_URL}/trips?trip=${weeks[0].id}`);
      expect(await outboxTo(T)).toHaveLength(1);

      // approved at once: the next step's approver, one e-mail; then the requester, one
      await post(T, `/approvals/series/${seriesId}`, {}).expect(200);
      await drainer.drain();
      expect(mailsTo(P).map((m) => m.subject)).toEqual([subjectOf('Waiting for your approval')]);
      expect(mailsTo(P)[0].text).toContain('(step 2 of 2)');
      await post(P, `/approvals/series/${seriesId}`, {}).expect(200);
      await drainer.drain();
      const [approved, ...others] = mailsTo(S);
      expect(others).toEqual([]);
      expect(approved.subject).toBe(subjectOf('Approved'));
      expect(approved.text).toContain(
        `${P.user.name} approved 3 weeks of your weekly trip to ${destination}; they are now with the bus company.`,
      );
      expect(approved.text.split('\n')).toEqual(expect.arrayContaining(weeks.map(week)));
      expect(approved.text).not.toContain('/approvals?');

      // a week decided alone is its own e-mail again
      const next = (
        await post(S, '/trips/series', {
          ...body,
          departureDate: '2031-04-01',
          returnDate: '2031-04-01',
          repeatUntil: '2031-04-08',
        }).expect(201)
      ).body as TripDto[];
      await decide(T, next[0].id, 'approve').expect(200);
      await drainer.drain();
      expect(mailsTo(P).map((m) => m.subject)).toEqual([
        subjectOf('Waiting for your approval'),
        subject('Waiting for your approval', next[0]),
      ]);
      expect([mailsTo(T).length, mailsTo(S).length]).toEqual([2, 1]);
      expect(mailsTo(T)[1].subject).toBe(`Waiting for your approval: ${destination}, 2 weeks from Tue 1 Apr`);
    });

    it('delivers an approval notice the mail server first refused exactly once', async () => {
      const { T, S } = await approvalSchool();
      smtp.refusing = true;
      try {
        await request(S);
        await drainer.drain();
      } finally {
        smtp.refusing = false;
      }
      const [refused] = await outboxTo(T);
      expect(refused).toMatchObject({ notice: 'approvalWaiting', sentAt: null, attempts: 1 });
      expect(mailsTo(T)).toEqual([]);
      await t.db.query('UPDATE outbox_messages SET next_attempt_at = now() WHERE id = $1', [refused.id]);
      await Promise.all([drainer.drain(), drainer.drain()]);
      await drainer.drain();
      expect(mailsTo(T)).toHaveLength(1);
      expect(await outboxTo(T)).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 2, lastError: null })]);
    });
  });

  describe('live counts', () => {
    it('counts for each approver as the request moves, and tells the bus company nothing until it is approved', async () => {
      const { tn, T, P, S } = await approvalSchool();
      const live = (u: TestUser, label: string) => connectLive(t.url, u.token, label);
      const [onT, onP, onBus, onS] = await Promise.all([
        live(T, 'teacher'),
        live(P, 'principal'),
        live(tn.users.busA, 'bus company'),
        live(S, 'requester'),
      ]);
      const count = (c: LiveClient, since: number, waiting: number) => c.nextSince(since, 'approvals:count', (e) => e.waiting === waiting);
      const mark = (c: LiveClient) => c.received.length;

      let at = [mark(onT), mark(onP), mark(onS)];
      const trip = await request(S);
      await count(onT, at[0], 1);
      await onS.nextSince(at[2], 'approval:changed', (e) => e.tripId === trip.id);

      at = [mark(onT), mark(onP)];
      await decide(T, trip.id, 'approve').expect(200);
      await Promise.all([count(onT, at[0], 0), count(onP, at[1], 1)]);
      await sleep(QUIET_MS);
      const aboutTrip = (c: LiveClient) =>
        c.received
          .filter((r) => r.event === 'approval:changed' || r.event === 'approvals:count' || r.event.startsWith('trip:'))
          .map((r) => r.event);
      expect(aboutTrip(onBus)).toEqual([]);

      // once approved it is the company's: the same socket hears of it as a new request, by its requester
      at = [mark(onP), mark(onBus), mark(onS)];
      await decide(P, trip.id, 'approve').expect(200);
      await count(onP, at[0], 0);
      const arrived = await onBus.nextSince(at[1], 'trip:created', (e) => e.trip.id === trip.id);
      expect(arrived.trip).toMatchObject({ id: trip.id, status: 'Pending' });
      expect(arrived.by).toEqual({ id: S.user.id, name: S.user.name });
      // the school hears that its approver moved it on, from where it was
      const approved = await onS.nextSince(at[2], 'trip:updated', (e) => e.trip.id === trip.id);
      expect([approved.status, approved.from, approved.by]).toEqual(['Pending', 'Awaiting Approval', { id: P.user.id, name: P.user.name }]);
      await sleep(QUIET_MS);
      // once only, and nothing of the approval itself, nor where the trip came from
      expect(onBus.received.filter((r) => r.event.startsWith('trip:')).map((r) => r.event)).toEqual(['trip:created']);
      expect(onBus.received.some((r) => r.event === 'approval:changed')).toBe(false);
    });

    it("names the change's requester on the company's trip event once it is approved, not its last approver", async () => {
      const { tn, T, P, S } = await approvalSchool();
      const trip = await buildTrip(t, tn, { status: 'Confirmed', students: 40 });
      const onBus = await connectLive(t.url, tn.users.busA.token, 'bus company');
      await patch(S, trip.id, { students: 45 }).expect(202);
      await decide(T, trip.id, 'approve').expect(200);
      const at = onBus.received.length;
      await decide(P, trip.id, 'approve').expect(200);
      const change = await onBus.nextSince(at, 'trip:updated', (e) => e.trip.id === trip.id);
      // read by the company's bell as "Grace … asked to change …": the change is the school staff member's
      expect(change).toMatchObject({ status: 'Pending', from: 'Confirmed', by: { id: S.user.id, name: S.user.name } });
      expect(change.trip).toMatchObject({ editRequest: true, students: 45 });
      // the trip's history still says who approved it
      const history = (await get(tn.users.busA, `/trips/${trip.id}/history`).expect(200)).body as TripHistoryDto[];
      expect(history.at(-1)).toMatchObject({ action: 'approveChange', by: { id: P.user.id } });
    });
  });
});
