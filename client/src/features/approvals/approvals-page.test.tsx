import { ApprovalMessages, type ApprovalDecisionBody, type ApprovalDto } from '@contracts/approvals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { formatDateTime } from '../../components/format';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { GREENFIELD } from '../trips/test-trips';
import { ApprovalsPage } from './approvals-page';
import { subscribeApprovalsLive } from './approvals.live';
import { GREENFIELD_STAFF, HANA, makeApproval, makePolicy, OMAR } from './test-approvals';

const greenfield = { id: GREENFIELD, name: 'Greenfield Primary', type: 'school' as const };
const hana = makeProfile('school_staff', { ...HANA, active_org_id: GREENFIELD, active_org: greenfield });
const grace = makeProfile('school_staff', { id: 3, name: 'Grace Green', active_org_id: GREENFIELD, active_org: greenfield });

const museum = makeApproval(
  { id: 1 },
  { destination: 'Science Museum', budgetCode: 'EDU-42', students: 40, staff: 4, estimate: { total: 113_400, currency: 'AED' } },
);
const zoo = makeApproval(
  {
    id: 2,
    kind: 'change',
    step: 2,
    approvers: [HANA, OMAR],
    stepSince: '2031-02-03T10:30:00.000Z',
    changes: [{ field: 'students', label: 'Students', from: '40', to: '52' }],
  },
  { destination: 'City Zoo', status: 'Confirmed', departureDate: '2031-03-10', returnDate: '2031-03-11', staff: null },
);

/** The server's side of the page: the waiting list (a function, so a test can change it) and Greenfield's policy. */
function serve(list: () => ApprovalDto[], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/approvals': () => ({ body: list() }),
    [`GET /api/schools/${GREENFIELD}/approval-policy`]: () => ({ body: makePolicy() }),
    [`GET /api/schools/${GREENFIELD}/staff`]: () => ({ body: GREENFIELD_STAFF }),
    ...extra,
  });
}

const card = (destination: string) => screen.findByRole('article', { name: destination });

describe('Approvals page: the requests waiting for me', () => {
  it('lists each request with what an approver needs to decide it (its estimate too), in the order the server gives', async () => {
    serve(() => [museum, zoo]);
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    expect(screen.getByRole('heading', { name: 'Approvals', level: 2 })).toBeInTheDocument();

    const first = await card('Science Museum');
    expect(
      screen
        .getAllByRole('article')
        .slice(0, 2)
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Science Museum', 'City Zoo']);
    for (const text of [
      'New request',
      'Greenfield Primary',
      'Tue 4 Mar 2031, 08:00 AM → Tue 4 Mar 2031, 03:00 PM',
      '40 + 4',
      'EDU-42',
      'AED 1,134.00',
      'Grace Green',
      '1 of 2',
      formatDateTime(museum.stepSince),
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    for (const button of ['Open', 'Approve', 'Request changes', 'Deny']) {
      expect(within(first).getByRole('button', { name: button })).toBeInTheDocument();
    }

    const second = await card('City Zoo');
    expect(within(second).getByText('Change')).toBeInTheDocument();
    expect(within(second).getByText('2 of 2')).toBeInTheDocument();
    expect(within(second).getByText('40 + 0')).toBeInTheDocument();
    // a trip requested without a distance has no estimate
    expect(within(within(second).getByText('Estimate').parentElement!).getByText('None')).toBeInTheDocument();
    expect(within(within(second).getByRole('list', { name: 'The change' })).getByRole('listitem')).toHaveTextContent('Students: 40 → 52');
  });

  it('says "No requests wait for your approval." when none do', async () => {
    serve(() => []);
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    expect(await screen.findByText('No requests wait for your approval.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('approves a request with {decision: "approve"}, says where it goes next, and reads the list again', async () => {
    let waiting = [museum];
    const { calls } = serve(() => waiting, {
      [`POST /api/trips/${museum.tripId}/approval`]: () => {
        waiting = [];
        return { body: { ...museum, step: 2, approvers: [OMAR] } };
      },
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    await userEvent.click(within(await card('Science Museum')).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Science Museum approved. It now waits for step 2 of 2.')).toBeInTheDocument();
    expect(await screen.findByText('No requests wait for your approval.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/trips/${museum.tripId}/approval`, body: { decision: 'approve' } },
    ]);
  });

  it('shows the waiting weeks of a weekly series as one card, and approves them all at once, after asking', async () => {
    const series = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
    const week = (id: number, day: string, students = 20) =>
      makeApproval(
        { id, tripId: id, stepSince: id === 23 ? '2031-02-01T08:00:00.000Z' : '2031-02-02T09:00:00.000Z' },
        {
          destination: 'Weekly Pool',
          departureDate: day,
          returnDate: day,
          students,
          seriesId: series,
          estimate: { total: 50_000, currency: 'AED' },
        },
      );
    let waiting = [week(21, '2031-03-11'), museum, week(22, '2031-03-04'), week(23, '2031-03-18', 24)];
    const { calls } = serve(() => waiting, {
      [`POST /api/approvals/series/${series}`]: () => {
        const approved = waiting.filter((a) => a.trip.seriesId === series).map((a) => ({ ...a, step: 2, approvers: [OMAR] }));
        waiting = [museum];
        return { body: approved };
      },
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    // one card for the three weeks, at the place of the first of them the server listed
    const pool = await card('Weekly Pool');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Weekly Pool', 'Science Museum']);
    const field = (label: string) => within(pool).getByText(label).parentElement!;
    expect(within(pool).getByText('Weekly request')).toBeInTheDocument();
    expect(field('Weeks')).toHaveTextContent('3 trips, every Tue from Tue 4 Mar 2031 to Tue 18 Mar 2031.');
    expect(field('First week')).toHaveTextContent('Tue 4 Mar 2031, 08:00 AM → Tue 4 Mar 2031, 03:00 PM');
    expect(field('Estimate, 3 weeks')).toHaveTextContent('AED 1,500.00');
    // the third week has more students than the others
    expect(field('Students + staff')).toHaveTextContent('Varies by week');
    expect(field('Step')).toHaveTextContent('1 of 2');
    expect(field('Waiting since')).toHaveTextContent(formatDateTime('2031-02-01T08:00:00.000Z'));
    // its weeks' own decisions are behind "Show each week"
    expect(within(pool).queryByRole('button', { name: 'Deny' })).not.toBeInTheDocument();
    const each = within(pool).getByRole('button', { name: 'Show each week' });
    expect(each).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(each);
    expect(within(pool).getByRole('button', { name: 'Hide each week' })).toHaveAttribute('aria-expanded', 'true');
    const weeks = within(within(pool).getByRole('list', { name: 'Each week of Weekly Pool' })).getAllByRole('article');
    expect(weeks.map((w) => w.getAttribute('aria-label'))).toEqual([
      'Weekly Pool, Tue 4 Mar 2031',
      'Weekly Pool, Tue 11 Mar 2031',
      'Weekly Pool, Tue 18 Mar 2031',
    ]);
    expect(within(weeks[2]).getByText('24 + 4')).toBeInTheDocument();
    for (const button of ['Approve', 'Request changes', 'Deny']) {
      expect(within(weeks[0]).getByRole('button', { name: button })).toBeInTheDocument();
    }
    // a request alone has no Approve all
    expect(within(await card('Science Museum')).queryByRole('button', { name: /Approve all/ })).not.toBeInTheDocument();

    await userEvent.click(within(pool).getByRole('button', { name: 'Approve all 3 weeks' }));
    const ask = await screen.findByRole('dialog', { name: 'Approve all 3 weeks' });
    expect(
      within(ask).getByText('Approve the 3 weeks of Weekly Pool that wait for you (Tue 4 Mar 2031 to Tue 18 Mar 2031)?'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('3 weeks of Weekly Pool approved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/approvals/series/${series}`, body: {} }]);
    await waitFor(() => expect(screen.queryAllByRole('article', { name: /^Weekly Pool/ })).toHaveLength(0));
  });

  it("denies one week of a series from its own card; the series' card follows, and the last week left is a card of its own", async () => {
    const series = '6f1c2d3e-4a5b-4c6d-8e7f-901234567892';
    const week = (id: number, day: string) =>
      makeApproval({ id, tripId: id }, { destination: 'Weekly Pool', departureDate: day, returnDate: day, seriesId: series });
    let waiting = [week(41, '2031-03-04'), week(42, '2031-03-11'), week(43, '2031-03-18')];
    const { calls } = serve(() => waiting, {
      'POST /api/trips/42/approval': (sent) => {
        waiting = waiting.filter((a) => a.tripId !== 42);
        return { body: { ...week(42, '2031-03-11'), state: 'denied', comment: (sent as ApprovalDecisionBody).comment ?? null } };
      },
      'POST /api/trips/41/approval': () => {
        waiting = waiting.filter((a) => a.tripId !== 41);
        return { body: { ...week(41, '2031-03-04'), step: 2, approvers: [OMAR] } };
      },
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    const pool = await card('Weekly Pool');
    await userEvent.click(within(pool).getByRole('button', { name: 'Show each week' }));
    await userEvent.click(
      within(within(pool).getByRole('article', { name: 'Weekly Pool, Tue 11 Mar 2031' })).getByRole('button', { name: 'Deny' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deny' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'The pool is closed that week.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Weekly Pool denied.')).toBeInTheDocument();
    // two weeks still wait: one card, its weeks still shown
    await waitFor(() => expect(within(pool).getByRole('button', { name: 'Approve all 2 weeks' })).toBeInTheDocument());
    expect(
      within(within(pool).getByRole('list', { name: 'Each week of Weekly Pool' }))
        .getAllByRole('article')
        .map((w) => w.getAttribute('aria-label')),
    ).toEqual(['Weekly Pool, Tue 4 Mar 2031', 'Weekly Pool, Tue 18 Mar 2031']);

    await userEvent.click(
      within(within(pool).getByRole('article', { name: 'Weekly Pool, Tue 4 Mar 2031' })).getByRole('button', { name: 'Approve' }),
    );
    expect(await screen.findByText('Weekly Pool approved. It now waits for step 2 of 2.')).toBeInTheDocument();
    // one week left: a card of its own, as any request
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Weekly Pool']));
    const last = await card('Weekly Pool');
    expect(within(last).getByText('New request')).toBeInTheDocument();
    expect(within(last).queryByRole('button', { name: 'Show each week' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/trips/42/approval', '/api/trips/41/approval']);
  });

  it('shows a change held for the weeks of a series once, when every week would change alike', async () => {
    const series = '6f1c2d3e-4a5b-4c6d-8e7f-901234567893';
    const changes = [
      { field: 'students', label: 'Students', from: '40', to: '52' },
      { field: 'estimate', label: 'Estimate', from: 'AED 472.50', to: 'AED 567.00' },
    ];
    const week = (id: number, day: string, moved = changes) =>
      makeApproval(
        { id, tripId: id, kind: 'change', changes: moved },
        { destination: 'Weekly Pool', departureDate: day, returnDate: day, seriesId: series },
      );
    serve(() => [week(51, '2031-03-04'), week(52, '2031-03-11')]);
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    const pool = await card('Weekly Pool');
    expect(within(pool).getByText('Weekly change')).toBeInTheDocument();
    expect(
      within(within(pool).getByRole('list', { name: 'The change, each week' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Students: 40 → 52', 'Estimate: AED 472.50 → AED 567.00']);
  });

  it("asks about a series' waiting weeks from its e-mail's link, and says when none waits any more", async () => {
    const series = '6f1c2d3e-4a5b-4c6d-8e7f-901234567891';
    const week = (id: number, day: string) =>
      makeApproval({ id, tripId: id }, { destination: 'Weekly Pool', departureDate: day, returnDate: day, seriesId: series });
    let waiting = [museum, week(31, '2031-03-04'), week(32, '2031-03-11'), week(33, '2031-03-18')];
    const { calls } = serve(() => waiting, {
      [`POST /api/approvals/series/${series}`]: () => {
        const approved = waiting.filter((a) => a.trip.seriesId === series);
        waiting = [museum];
        return { body: approved };
      },
    });
    const link = `/approvals?series=${series}&decision=approve`;
    const { unmount } = renderWithApp(<ApprovalsPage />, { route: link, session: makeSession(hana) });
    const ask = await screen.findByRole('dialog', { name: 'Approve all 3 weeks' });
    expect(
      within(ask).getByText('Approve the 3 weeks of Weekly Pool that wait for you (Tue 4 Mar 2031 to Tue 18 Mar 2031)?'),
    ).toBeInTheDocument();
    // the link alone decided nothing
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('3 weeks of Weekly Pool approved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/approvals/series/${series}`, body: {} }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    unmount();

    // the same link again: nothing of it waits
    renderWithApp(<ApprovalsPage />, { route: link, session: makeSession(hana) });
    expect(await screen.findByText('These weeks no longer wait for your approval.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks why before requesting changes: no comment, no request', async () => {
    let body: ApprovalDecisionBody | undefined;
    const { calls } = serve(() => [museum], {
      [`POST /api/trips/${museum.tripId}/approval`]: (sent) => {
        body = sent as ApprovalDecisionBody;
        return { body: { ...museum, state: 'changesRequested', comment: body.comment ?? null } };
      },
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    await userEvent.click(within(await card('Science Museum')).getByRole('button', { name: 'Request changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(within(dialog).getByText(ApprovalMessages.commentRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'Please add the second teacher.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Changes requested for Science Museum.')).toBeInTheDocument();
    expect(body).toEqual({ decision: 'requestChanges', comment: 'Please add the second teacher.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal when someone else decided first', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => [museum], {
      [`POST /api/trips/${museum.tripId}/approval`]: () => ({ status: 409, body: { message: ApprovalMessages.nothingWaiting } }),
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    await userEvent.click(within(await card('Science Museum')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(ApprovalMessages.nothingWaiting)).toBeInTheDocument();
    expect(screen.getByText('Could not approve this request.')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('reads the list again when approvals:count or approval:changed arrives', async () => {
    const off = subscribeApprovalsLive();
    let waiting = [museum];
    serve(() => waiting);
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    await card('Science Museum');

    waiting = [museum, zoo];
    act(() => emitLiveForTest('approvals:count', { seq: 1, tenantId: 1, waiting: 2 }));
    expect(await card('City Zoo')).toBeInTheDocument();

    waiting = [zoo];
    act(() => emitLiveForTest('approval:changed', { seq: 2, tenantId: 1, tripId: museum.tripId }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Science Museum' })).toBeNull());
    off();
  });
});

describe('Approvals page: the approval policy', () => {
  const section = () => screen.findByRole('form', { name: 'Approval policy' });
  /** The approvers a step names, as its pills show them. */
  const chosen = (step: HTMLElement) => Array.from(step.querySelectorAll('.mantine-Pill-label')).map((pill) => pill.textContent);

  it('shows an approver their school’s policy and saves it whole, in fils, with the version they saw', async () => {
    const { calls } = serve(() => [], {
      [`PUT /api/schools/${GREENFIELD}/approval-policy`]: (body) => ({
        body: makePolicy({ ...(body as object), version: 3 }),
      }),
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    const form = await section();
    expect(within(form).getByRole('radio', { name: 'Two steps' })).toBeChecked();
    const [step1, step2] = [within(form).getByRole('group', { name: 'Step 1' }), within(form).getByRole('group', { name: 'Step 2' })];
    expect(chosen(step1)).toEqual(['Hana Saleh']);
    expect(chosen(step2)).toEqual(['Omar Khan']);
    expect(within(step2).getByRole('textbox', { name: 'Only above (AED)' })).toHaveValue('5,000.00');
    expect(within(form).getByRole('switch', { name: 'Budget code required' })).toBeChecked();

    const above = within(step2).getByRole('textbox', { name: 'Only above (AED)' });
    await userEvent.clear(above);
    await userEvent.type(above, '7500.50');
    const reminder = within(form).getByRole('textbox', { name: 'Reminder after (days)' });
    await userEvent.clear(reminder);
    await userEvent.type(reminder, '2');
    await userEvent.click(within(form).getByRole('switch', { name: 'Budget code required' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));

    expect(await screen.findByText('Approval policy saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      steps: [
        { approverIds: [HANA.id], aboveFils: null },
        { approverIds: [OMAR.id], aboveFils: 750_050 },
      ],
      budgetCodeRequired: false,
      reminderDays: 2,
      expiryDays: 10,
      version: 2,
    });
  });

  it('sends no steps for None, and says why it will not save a step without approvers', async () => {
    const { calls } = serve(() => [], {
      [`PUT /api/schools/${GREENFIELD}/approval-policy`]: (body) => ({ body: makePolicy({ ...(body as object), version: 3 }) }),
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    const form = await section();
    await userEvent.click(within(form).getByRole('radio', { name: 'One step' }));
    expect(within(form).queryByRole('group', { name: 'Step 2' })).toBeNull();
    // Hana takes herself off the only step: the form says what the server would
    await userEvent.click(within(within(form).getByRole('group', { name: 'Step 1' })).getByRole('combobox', { name: /^Approvers/ }));
    await userEvent.keyboard('{Backspace}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(ApprovalMessages.approversRequired);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(form).getByRole('radio', { name: 'None' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    await screen.findByText('Approval policy saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ steps: [], version: 2 });
  });

  it('on a stale version, says so and shows the policy as it now is', async () => {
    serve(() => [], {
      [`PUT /api/schools/${GREENFIELD}/approval-policy`]: () => ({
        status: 409,
        body: { message: ApprovalMessages.staleVersion, policy: makePolicy({ version: 3, expiryDays: 14 }) },
      }),
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(hana) });
    const form = await section();
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText(ApprovalMessages.staleVersion)).toBeInTheDocument();
    expect(within(await section()).getByRole('textbox', { name: 'Withdraw after (days)' })).toHaveValue('14');
  });

  it('shows staff who approve nothing the policy, read-only', async () => {
    serve(() => []);
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(grace) });
    const form = await section();
    expect(within(form).getByText(ApprovalMessages.forbidden)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Two steps' })).toBeDisabled();
    expect(within(form).getByRole('switch', { name: 'Budget code required' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Reminder after (days)' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Save policy' })).toBeDisabled();
  });

  it('lets an admin choose the school first', async () => {
    const admin = makeProfile('admin');
    serve(() => [], {
      'GET /api/global/orgs': () => ({
        body: [
          { id: GREENFIELD, tenant_id: 1, type: 'school', name: 'Greenfield Primary' },
          { id: 21, tenant_id: 1, type: 'bus_company', name: 'Desert Star Buses' },
        ],
      }),
    });
    renderWithApp(<ApprovalsPage />, { route: '/approvals', session: makeSession(admin) });
    expect(await screen.findByText('No requests wait for your approval.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Approval policy' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: /^School/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Greenfield Primary' }));
    const form = await section();
    expect(within(form).getByRole('button', { name: 'Save policy' })).toBeEnabled();
  });
});
