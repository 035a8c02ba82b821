import type { ApprovalDto, ApprovalPolicyDto } from '@contracts/approvals';
import { GREENFIELD } from '../trips/test-trips';

/** Test data: Greenfield's approvers Hana Saleh (id 31) and Omar Khan (32); Grace Green (id 3) requests. */
export const HANA = { id: 31, name: 'Hana Saleh' };
export const OMAR = { id: 32, name: 'Omar Khan' };

let nextId = 500;

/** A new request of Greenfield waiting at step 1 of 2, for Hana. */
export function makeApproval(overrides: Partial<ApprovalDto> = {}, trip: Partial<ApprovalDto['trip']> = {}): ApprovalDto {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    tripId: 1000 + id,
    kind: 'request',
    state: 'waiting',
    step: 1,
    steps: 2,
    approvers: [HANA],
    requestedBy: { id: 3, name: 'Grace Green' },
    submittedAt: '2031-02-01T08:00:00.000Z',
    stepSince: '2031-02-01T08:00:00.000Z',
    comment: null,
    changes: [],
    ...overrides,
    trip: {
      destination: `Destination ${id}`,
      schoolOrgId: GREENFIELD,
      schoolName: 'Greenfield Primary',
      status: 'Awaiting Approval',
      departureDate: '2031-03-04',
      departureTime: '08:00 AM',
      returnDate: '2031-03-04',
      returnTime: '03:00 PM',
      students: 40,
      staff: 4,
      budgetCode: null,
      estimate: null,
      seriesId: null,
      version: 1,
      ...trip,
    },
  };
}

/** Greenfield's policy: Hana approves step 1, Omar step 2 above AED 5,000.00; a budget code is required. */
export function makePolicy(overrides: Partial<ApprovalPolicyDto> = {}): ApprovalPolicyDto {
  return {
    schoolOrgId: GREENFIELD,
    schoolName: 'Greenfield Primary',
    steps: [
      { approverIds: [HANA.id], aboveFils: null },
      { approverIds: [OMAR.id], aboveFils: 500_000 },
    ],
    budgetCodeRequired: true,
    reminderDays: 3,
    expiryDays: 10,
    approvers: [HANA, OMAR],
    version: 2,
    updatedAt: '2031-01-10T09:00:00.000Z',
    updatedBy: { id: 1, name: 'Dana Admin' },
    ...overrides,
  };
}

/** Greenfield's approved staff, as GET /schools/{id}/staff lists them. */
export const GREENFIELD_STAFF = [
  { ...HANA, email: 'hana@greenfield.test' },
  { ...OMAR, email: 'omar@greenfield.test' },
  { id: 3, name: 'Grace Green', email: 'staff.greenfield@demo.test' },
];
