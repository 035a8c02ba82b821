import dayjs from 'dayjs';
import type { EntityManager } from 'typeorm';
import { approvalStepCount, DEFAULT_EXPIRY_DAYS, DEFAULT_REMINDER_DAYS } from '../contracts/approvals';
import { estimateFor } from '../rates/estimate.repository';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import { Trip } from '../trips/trip.entity';
import { TripHistory } from '../trips/trip-history.entity';
import { ApprovalPolicy } from './approval-policy.entity';
import { TripApproval } from './trip-approval.entity';

/** AED 5,000 in fils: Greenfield's principal approves what is estimated above it (and whatever has no estimate yet). */
const PRINCIPAL_ABOVE_FILS = 500_000;

/**
 * Demo data for approval at the school (docs/running.md, "Demo data"): Greenfield Primary has a two-step policy (its
 * head of year, then its principal above AED 5,000) with one request waiting at each step; Riverside Academy has none,
 * so its requests go straight to Falcon Transport as before.
 */
export const seedDemoApprovals: DemoSeeder = async (tx: EntityManager, refs: DemoRefs) => {
  const school = refs.orgs.greenfield;
  const requester = refs.users['staff.greenfield@demo.test'];
  const teacher = refs.users['teacher.greenfield@demo.test'];
  const principal = refs.users['principal.greenfield@demo.test'];
  const policy = {
    steps: [
      { approverIds: [teacher.id], aboveFils: null },
      { approverIds: [principal.id], aboveFils: PRINCIPAL_ABOVE_FILS },
    ],
  };
  await tx.insert(ApprovalPolicy, {
    schoolOrgId: school.id,
    tenantId: school.tenantId,
    steps: policy.steps,
    budgetCodeRequired: false,
    reminderDays: DEFAULT_REMINDER_DAYS,
    expiryDays: DEFAULT_EXPIRY_DAYS,
    version: 1,
    updatedById: refs.users['admin@demo.test'].id,
    updatedBy: refs.users['admin@demo.test'].name,
  });
  const today = dayjs().startOf('day');
  // The Planetarium day trip is estimated below AED 5,000 (one step: Tariq's); the two-day Heritage Village trip above it
  // (two steps: Tariq approved, it waits for Priya).
  const waiting = [
    {
      destination: 'Planetarium',
      inDays: 18,
      nights: 0,
      km: 25,
      students: 42,
      staff: 4,
      budgetCode: 'SCI-2026-14',
      step: 1,
      askedDaysAgo: 1,
    },
    {
      destination: 'Heritage Village',
      inDays: 24,
      nights: 1,
      km: 120,
      students: 75,
      staff: 6,
      budgetCode: 'HUM-2026-03',
      step: 2,
      askedDaysAgo: 2,
    },
  ];
  for (const w of waiting) {
    const departure = today.add(w.inDays, 'day').format('YYYY-MM-DD');
    const back = today.add(w.inDays + w.nights, 'day').format('YYYY-MM-DD');
    const asked = dayjs().subtract(w.askedDaysAgo, 'day').toDate();
    const times = { departureDate: departure, departureTime: '09:00 AM', returnDate: back, returnTime: '02:30 PM' };
    const estimate = await estimateFor(tx, school.id, { ...times, passengers: w.students + w.staff, distanceKm: w.km });
    const steps = approvalStepCount(policy, estimate?.quote.total ?? null);
    const trip = await tx.save(
      tx.create(Trip, {
        tenantId: school.tenantId,
        schoolOrgId: school.id,
        busCompanyOrgId: null,
        createdById: requester.id,
        createdBy: requester.name,
        createdByEmail: requester.email,
        budgetCode: w.budgetCode,
        tripType: 'Academic Trip',
        customType: null,
        origin: 'School',
        destination: w.destination,
        ...times,
        distanceKm: w.km,
        estimate,
        students: w.students,
        staff: w.staff,
        notes: null,
        boosterSeatsRequested: false,
        boosterSeatCount: 0,
        status: 'Awaiting Approval',
        statusBeforeCancelRequest: null,
        cancelRequest: false,
        editRequest: false,
        buses: [],
        busInfo: null,
        driverInfo: null,
        price: '0.00',
        paid: false,
        deleted: false,
        version: 1,
      }),
    );
    const history = [{ action: 'request', actorId: requester.id, actorName: requester.name, note: null as string | null }];
    if (w.step === 2) history.push({ action: 'approve', actorId: teacher.id, actorName: teacher.name, note: 'Fits the term plan.' });
    await tx.insert(
      TripHistory,
      history.map((h) => ({
        tripId: trip.id,
        action: h.action as TripHistory['action'],
        fromStatus: h.action === 'request' ? null : ('Awaiting Approval' as const),
        toStatus: 'Awaiting Approval' as const,
        fields: [],
        actorId: h.actorId,
        actorName: h.actorName,
        note: h.note,
      })),
    );
    await tx.insert(TripApproval, {
      tenantId: school.tenantId,
      tripId: trip.id,
      schoolOrgId: school.id,
      kind: 'request',
      state: 'waiting',
      step: Math.min(w.step, steps),
      steps,
      proposed: null,
      requestedById: requester.id,
      requestedBy: requester.name,
      submittedAt: asked,
      stepSince: w.step === 2 ? dayjs(asked).add(1, 'day').toDate() : asked,
      remindedStep: null,
      comment: w.step === 2 ? 'Fits the term plan.' : null,
    });
  }
};
