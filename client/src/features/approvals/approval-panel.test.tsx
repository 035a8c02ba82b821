import { type ApprovalDecisionBody, type ApprovalDto, ApprovalMessages } from '@contracts/approvals';
import type { TripDto } from '@contracts/trip-wire';
import type { ProfileDto } from '@contracts/wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { formatDateTime } from '../../components/format';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR, GREENFIELD, makeTrip, tripRoutes } from '../trips/test-trips';
import { TripsPage } from '../trips/trips-page';
import { subscribeTripsLive } from '../trips/trips.live';
import { subscribeApprovalsLive } from './approvals.live';
import { HANA, makeApproval } from './test-approvals';

const hana = makeProfile('school_staff', { ...HANA, active_org_id: GREENFIELD });
const grace = makeProfile('school_staff', { id: 3, name: 'Grace Green', active_org_id: GREENFIELD });
const admin = makeProfile('admin');

const request = makeTrip({ id: 70, destination: 'Science Museum', status: 'Awaiting Approval', createdById: 3 });
const waiting = makeApproval({ id: 9, tripId: 70 }, { destination: 'Science Museum' });

/** The trip's details, opened from All Trips, with its approval as the server (a function: a test may change it) answers it. */
async function openDetails(
  profile: ProfileDto,
  approval: () => ApprovalDto | null,
  routes: Parameters<typeof mockFetch>[0] = {},
  trips = () => [request],
) {
  const mocked = mockFetch({
    ...tripRoutes(trips),
    'GET /api/trips/70': () => ({ body: trips()[0] }),
    'GET /api/trips/70/history': () => ({ body: [] }),
    // null goes as an empty body, as Nest sends it
    'GET /api/trips/70/approval': () => ({ body: approval() ?? undefined }),
    ...routes,
  });
  renderWithApp(<TripsPage />, { route: '/trips', session: makeSession(profile) });
  await userEvent.click(await screen.findByRole('button', { name: 'Science Museum' }));
  const details = await screen.findByRole('dialog', { name: 'View trip details' });
  return { ...mocked, details };
}

const panelOf = (details: HTMLElement) => within(details).findByRole('region', { name: 'Approval' });
const decisionButtons = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('the Approval section of a trip’s details', () => {
  it('says what waits, at which step, for whom and since when, and offers the decisions to that step’s approver', async () => {
    const { details } = await openDetails(hana, () => waiting);
    const panel = await panelOf(details);
    for (const text of ['New request', 'Waiting for approval', 'Step 1 of 2', 'Hana Saleh', formatDateTime(waiting.stepSince)]) {
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }
    expect(decisionButtons(panel)).toEqual(['Approve', 'Request changes', 'Deny']);
    // never among the trip's own buttons
    expect(within(details).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
  });

  it('offers an admin the decisions too', async () => {
    const { details } = await openDetails(admin, () => waiting);
    expect(decisionButtons(await panelOf(details))).toEqual(['Approve', 'Request changes', 'Deny']);
  });

  it('shows other staff of the school where it stands, without the decisions', async () => {
    const { details } = await openDetails(grace, () => waiting);
    const panel = await panelOf(details);
    expect(within(panel).getByText('Waiting for approval')).toBeInTheDocument();
    expect(decisionButtons(panel)).toEqual([]);
  });

  it('shows no decisions once it no longer waits, even to its approver', async () => {
    const { details } = await openDetails(hana, () => ({ ...waiting, state: 'changesRequested', comment: 'Add a second teacher.' }));
    const panel = await panelOf(details);
    expect(within(panel).getByText('Changes requested')).toBeInTheDocument();
    expect(within(panel).getByText('Add a second teacher.')).toBeInTheDocument();
    expect(decisionButtons(panel)).toEqual([]);
  });

  it('shows nothing to a bus company, and does not ask', async () => {
    const pending = makeTrip({ id: 70, destination: 'Science Museum', status: 'Pending' });
    const company = makeProfile('bus_company', { active_org_id: DESERT_STAR });
    const { details, calls } = await openDetails(
      company,
      () => null,
      {},
      () => [pending],
    );
    await within(details).findByText('No changes recorded.');
    expect(within(details).queryByRole('region', { name: 'Approval' })).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/approval'))).toBe(false);
  });

  it('shows nothing for a trip that never needed approval', async () => {
    const { details, calls } = await openDetails(grace, () => null);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/trips/70/approval')).toBe(true));
    await within(details).findByText('No changes recorded.');
    expect(within(details).queryByRole('region', { name: 'Approval' })).toBeNull();
  });

  it('words a change, and what the last approver said', async () => {
    const change = makeApproval(
      {
        id: 10,
        tripId: 70,
        kind: 'change',
        comment: 'Fine by me.',
        step: 2,
        changes: [
          { field: 'students', label: 'Students', from: '40', to: '52' },
          { field: 'departure', label: 'Departure', from: 'Tue 4 Mar 08:00 AM', to: 'Wed 5 Mar 08:00 AM' },
        ],
      },
      { destination: 'Science Museum' },
    );
    const { details } = await openDetails(grace, () => change);
    const panel = await panelOf(details);
    expect(within(panel).getByText('Change')).toBeInTheDocument();
    expect(within(panel).getByText('Step 2 of 2')).toBeInTheDocument();
    expect(within(panel).getByText('Fine by me.')).toBeInTheDocument();
    expect(
      within(within(panel).getByTestId('approval-changes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Students: 40 → 52', 'Departure: Tue 4 Mar 08:00 AM → Wed 5 Mar 08:00 AM']);
  });

  it('denies only with a reason, and then shows the denial', async () => {
    let approval: ApprovalDto = waiting;
    let trips: TripDto[] = [request];
    let sent: ApprovalDecisionBody | undefined;
    const { details, calls } = await openDetails(
      hana,
      () => approval,
      {
        'POST /api/trips/70/approval': (body) => {
          sent = body as ApprovalDecisionBody;
          approval = { ...waiting, state: 'denied', comment: sent.comment ?? null };
          trips = [{ ...request, status: 'Denied', version: 2 }];
          return { body: approval };
        },
      },
      () => trips,
    );
    await userEvent.click(within(await panelOf(details)).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(within(dialog).getByText(ApprovalMessages.commentRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'No budget left this term.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Science Museum denied.')).toBeInTheDocument();
    expect(sent).toEqual({ decision: 'deny', comment: 'No budget left this term.' });

    const back = await screen.findByRole('dialog', { name: 'View trip details' });
    const panel = await panelOf(back);
    expect(within(panel).getByText('Denied')).toBeInTheDocument();
    expect(within(panel).getByText('No budget left this term.')).toBeInTheDocument();
    expect(decisionButtons(panel)).toEqual([]);
    // the trip read again: its badge says Denied
    await waitFor(() => expect(within(back).getAllByText('Denied').length).toBeGreaterThan(1));
  });

  it('reads the approval again when approval:changed names the trip', async () => {
    const off = subscribeApprovalsLive();
    let approval: ApprovalDto = waiting;
    const { details } = await openDetails(hana, () => approval);
    const panel = await panelOf(details);
    expect(decisionButtons(panel)).toEqual(['Approve', 'Request changes', 'Deny']);

    approval = { ...waiting, step: 2, approvers: [{ id: 32, name: 'Omar Khan' }] };
    act(() => emitLiveForTest('approval:changed', { seq: 1, tenantId: 1, tripId: 70 }));
    expect(await within(panel).findByText('Step 2 of 2')).toBeInTheDocument();
    expect(within(panel).getByText('Omar Khan')).toBeInTheDocument();
    // Hana approved step 1; step 2 is Omar's
    expect(decisionButtons(panel)).toEqual([]);
    off();
  });

  it('reads the approval again when a trip event brings a new version of the trip', async () => {
    const off = subscribeTripsLive();
    let approval: ApprovalDto = waiting;
    const { details } = await openDetails(grace, () => approval);
    const panel = await panelOf(details);
    expect(within(panel).getByText('Waiting for approval')).toBeInTheDocument();

    approval = { ...waiting, state: 'changesRequested', comment: 'Which bus company?' };
    const moved = { ...request, status: 'Changes Requested' as const, version: 2 };
    act(() => emitLiveForTest('trip:updated', { seq: 1, tenantId: 1, trip: moved, status: moved.status, by: HANA }));
    expect(await within(panel).findByText('Which bus company?')).toBeInTheDocument();
    off();
  });
});
