import type { Locator, Page } from 'playwright-core';
import type { ApprovalDto, ApprovalPolicyBody, ApprovalPolicyDto } from '../../server/src/contracts/approvals';
import { addDays, localDate } from '../../server/src/contracts/fleet-rules';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import type { ProfileDto } from '../../server/src/contracts/wire';
import { useConsole } from '../support/browser';
import {
  expectNoSidewaysOverflow,
  fillDate,
  lightAndDarkFindings,
  live,
  markDocument,
  sameDocument,
  shot,
  wcagFindings,
} from './page-helpers';

/**
 * Approval at the school (docs/domain.md, "Approval at the school"), walked in the real console: the admin gives
 * Greenfield Primary a two-step policy on the Approvals page (its head of year Tariq, then its principal Priya); Grace
 * files a request through the form; Tariq's badge and list, then Priya's badge, dashboard card and list (on a phone)
 * follow it live; the Desert Star dispatcher sees nothing of it until Priya's approval, then it arrives on the board and
 * in All Trips without a reload, and Grace's list shows it Pending. A request sent back for changes reaches Grace with
 * the comment, and her edit and Resubmit start the steps again. The e-mail's approve link asks before it decides. axe
 * on the Approvals page, the details' approval section, the comment dialog and the policy section, light and dark, at
 * 1280 and 390 px.
 *
 * The browser template takes every school's policy off (global-setup-browser.ts), so the suite sets Greenfield's.
 */
describe('approval at the school', () => {
  const app = useConsole();
  const { api, login } = app;

  const ADMIN = 'admin@demo.test';
  const REQUESTER = 'staff.greenfield@demo.test';
  const TEACHER = 'teacher.greenfield@demo.test';
  const PRINCIPAL = 'principal.greenfield@demo.test';
  const DISPATCHER = 'dispatch.desertstar@demo.test';
  const SEARCH = 'Search destination, notes, or type';

  /** A name no earlier attempt used (a retry runs the test again on the same server). */
  const fresh = () => Date.now().toString(36);
  const day = addDays(localDate(), 30);

  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => tokens.get(email) ?? tokens.set(email, await login(email)).get(email)!;

  /** Greenfield's id and its two approvers', read from the accounts themselves. */
  async function greenfield(): Promise<{ schoolId: number; teacherId: number; principalId: number }> {
    const [requester, teacher, principal] = await Promise.all(
      [REQUESTER, TEACHER, PRINCIPAL].map(async (email) => api<ProfileDto>(await tokenOf(email), 'GET', 'users/me')),
    );
    return { schoolId: requester.active_org_id!, teacherId: teacher.id, principalId: principal.id };
  }

  /** Puts Greenfield's policy as the admin would through the API: the given steps, the default days. */
  async function putPolicy(steps: ApprovalPolicyBody['steps']): Promise<void> {
    const { schoolId } = await greenfield();
    const admin = await tokenOf(ADMIN);
    const { version } = await api<ApprovalPolicyDto>(admin, 'GET', `schools/${schoolId}/approval-policy`);
    const body: ApprovalPolicyBody = { steps, budgetCodeRequired: false, reminderDays: 3, expiryDays: 10, version };
    await api(admin, 'PUT', `schools/${schoolId}/approval-policy`, body);
  }

  /** The policy the first test saves through the console; later tests make sure of it through the API. */
  async function ensurePolicy(): Promise<void> {
    const { teacherId, principalId } = await greenfield();
    await putPolicy([
      { approverIds: [teacherId], aboveFils: null },
      { approverIds: [principalId], aboveFils: null },
    ]);
  }

  /** A request of Grace's, filed through the API (the first test files its own through the form). */
  async function fileRequest(destination: string): Promise<TripDto> {
    return api<TripDto>(await tokenOf(REQUESTER), 'POST', 'trips', {
      tripType: 'Day Trip',
      destination,
      departureDate: day,
      departureTime: '09:00 AM',
      returnDate: day,
      returnTime: '02:00 PM',
      students: 24,
      staff: 2,
    });
  }

  async function decide(email: string, tripId: number, decision: 'approve' | 'requestChanges' | 'deny', comment?: string) {
    return api<ApprovalDto>(await tokenOf(email), 'POST', `trips/${tripId}/approval`, { decision, comment });
  }

  /** The sidebar's Approvals link (in the phone's drawer when it is open). */
  const approvalsLink = (scope: Page | Locator) =>
    scope.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Approvals/ });

  const statusOf = (page: Page, tripId: number) => page.locator(`tr[data-trip-id="${tripId}"] [data-status]`).getAttribute('data-status');

  async function waitForStatus(page: Page, tripId: number, status: string): Promise<void> {
    await page.locator(`tr[data-trip-id="${tripId}"] [data-status="${status}"]`).waitFor({ timeout: 15_000 });
  }

  /**
   * Picks Greenfield Primary in the policy section's School picker, once the tenant's schools have loaded (the picker
   * says "Loading schools..." until then, and a click before opens no list).
   */
  async function pickGreenfield(page: Page, section: Locator): Promise<void> {
    await section.getByRole('combobox', { name: 'School' }).and(section.getByPlaceholder('Choose a school')).click();
    await page.getByRole('option', { name: 'Greenfield Primary', exact: true }).click();
  }

  /** The waiting approval's card on the Approvals page. */
  const cardOf = (page: Page, destination: string) =>
    page.getByRole('list', { name: 'Requests waiting for your approval' }).getByRole('article', { name: destination });

  it('the admin sets the policy; a request goes Tariq → Priya live and only then reaches the bus company, live everywhere', async () => {
    const { schoolId, teacherId, principalId } = await greenfield();
    const adminToken = await tokenOf(ADMIN);

    // Greenfield starts without a policy (as the template has it, and again on a retry), and nothing waits in the
    // tenant (the demo's two waiting requests are denied), so each count below is exact.
    await putPolicy([]);
    for (const waiting of await api<ApprovalDto[]>(adminToken, 'GET', 'approvals')) {
      await decide(ADMIN, waiting.tripId, 'deny', 'Cleared before this walk-through.');
    }

    // 1. The admin sets Greenfield's policy on the Approvals page: two steps, Tariq then Priya.
    const admin = (await app.signIn(ADMIN)).page;
    await admin.goto('/approvals');
    const section = admin.getByRole('region', { name: 'Approval policy' });
    await pickGreenfield(admin, section);
    const form = section.getByRole('form', { name: 'Approval policy' });
    await form.getByRole('radio', { name: 'Two steps' }).check();
    for (const [step, name] of [
      ['Step 1', 'Tariq Haddad'],
      ['Step 2', 'Priya Raman'],
    ] as const) {
      await form.getByRole('group', { name: step }).getByRole('combobox', { name: 'Approvers' }).click();
      await admin.getByRole('option', { name, exact: true }).click();
      await admin.keyboard.press('Escape');
    }
    await form.getByRole('button', { name: 'Save policy' }).click();
    await admin.getByText('Approval policy saved.').first().waitFor();
    await form.getByText(/^Version \d+, saved .* by Dana Admin\.$/).waitFor();
    const saved = await api<ApprovalPolicyDto>(adminToken, 'GET', `schools/${schoolId}/approval-policy`);
    expect(saved.steps).toEqual([
      { approverIds: [teacherId], aboveFils: null },
      { approverIds: [principalId], aboveFils: null },
    ]);
    expect(saved.approvers.map((a) => a.name).sort()).toEqual(['Priya Raman', 'Tariq Haddad']);
    expect(saved.updatedBy?.name).toBe('Dana Admin');
    // What the screen shows after a reload: the saved steps and approvers.
    await admin.reload();
    await pickGreenfield(admin, section);
    await expect(form.getByRole('radio', { name: 'Two steps' }).isChecked()).resolves.toBe(true);
    await form.getByRole('group', { name: 'Step 1' }).getByText('Tariq Haddad').waitFor();
    await form.getByRole('group', { name: 'Step 2' }).getByText('Priya Raman').waitFor();
    await admin.context().close();

    // 2. The consoles, side by side: Tariq on Approvals (1280), Priya on her dashboard on a phone (390), Dev's board and
    // All Trips, Grace's All Trips.
    const teacher = (await app.signIn(TEACHER)).page;
    await teacher.goto('/approvals');
    await teacher.getByText('No requests wait for your approval.').waitFor();
    await expect(approvalsLink(teacher).textContent()).resolves.toBe('Approvals');
    for (const email of [TEACHER, PRINCIPAL]) {
      expect(await api(await tokenOf(email), 'GET', 'approvals/count')).toEqual({ waiting: 0 });
    }

    const principal = (await app.signIn(PRINCIPAL, { width: 390 })).page;
    await principal.getByText('Upcoming Trips').first().waitFor();
    expect(await principal.getByText('Waiting for your approval').count()).toBe(0);

    const { page: board, context: dispatcherContext } = await app.signIn(DISPATCHER);
    await board.goto('/dispatch');
    const lane = board.getByRole('region', { name: 'Requests' });
    await lane.waitFor();
    const dispatcherTrips = await dispatcherContext.newPage();
    await dispatcherTrips.goto('/trips');
    await dispatcherTrips.locator('tr[data-trip-id]').first().waitFor();

    const requester = (await app.signIn(REQUESTER)).page;
    await requester.goto('/trips');
    await requester.locator('tr[data-trip-id]').first().waitFor();

    const pages = [teacher, principal, board, dispatcherTrips, requester];
    for (const page of pages) {
      await live(page);
      await markDocument(page);
    }

    // 3. Grace files the request through the form: Awaiting Approval in her list.
    const destination = `Falcon Hospital ${fresh()}`;
    await requester.getByRole('textbox', { name: /^Destination/ }).fill(destination);
    await fillDate(requester.getByLabel(/^Departure date/), day);
    await requester.getByRole('combobox', { name: /^Departure time/ }).click();
    await requester.getByRole('option', { name: '08:00 AM', exact: true }).click();
    await requester.getByRole('combobox', { name: /^Return time/ }).click();
    await requester.getByRole('option', { name: '03:00 PM', exact: true }).click();
    await requester.getByRole('textbox', { name: /^Students/ }).fill('25');
    await requester.getByRole('textbox', { name: /^Staff/ }).fill('2');
    const [created] = await Promise.all([
      requester.waitForResponse((r) => r.url().endsWith('/api/trips') && r.request().method() === 'POST'),
      requester.getByRole('button', { name: 'Submit Request' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const trip = (await created.json()) as TripDto;
    expect(trip.status).toBe('Awaiting Approval');
    await requester.getByText('Trip submitted successfully!').waitFor();
    await waitForStatus(requester, trip.id, 'Awaiting Approval');
    await requester.getByPlaceholder(SEARCH).fill(destination);
    await requester.locator(`tr[data-trip-id="${trip.id}"]`).getByText('Awaiting Approval').waitFor();

    // 4. Tariq's badge goes to 1 and the card arrives, without a reload; he approves step 1 from the list.
    await approvalsLink(teacher).getByLabel('1 waiting for approval').waitFor();
    const teacherCard = cardOf(teacher, destination);
    await teacherCard.getByText('1 of 2').waitFor();
    await teacherCard.getByText('Grace Green').waitFor();
    await shot(teacher, 'approvals-teacher-list-1280');
    await teacherCard
      .getByRole('group', { name: `Decide on ${destination}` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await teacher.getByText(`${destination} approved. It now waits for step 2 of 2.`).first().waitFor();
    await teacherCard.waitFor({ state: 'detached' });
    await teacher.getByText('No requests wait for your approval.').waitFor();
    expect(
      await approvalsLink(teacher)
        .getByLabel(/waiting for approval/)
        .count(),
    ).toBe(0);

    // Priya's dashboard card and her drawer's badge show it, live.
    const waitingCard = principal.getByRole('region', { name: 'Waiting for your approval' });
    await waitingCard.getByTestId('stat-Waiting for your approval').filter({ hasText: /^1$/ }).waitFor();
    await principal.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = principal.getByRole('dialog').filter({ has: principal.getByRole('navigation', { name: 'Main navigation' }) });
    await approvalsLink(drawer).getByLabel('1 waiting for approval').waitFor();
    await shot(principal, 'approvals-principal-drawer-390');

    // 5. Until Priya approves, the bus company sees nothing of it: not on the board, not in All Trips, not by its id.
    await expect(api(await tokenOf(DISPATCHER), 'GET', `trips/${trip.id}`)).rejects.toThrow(/: 404 /);
    await dispatcherTrips.getByPlaceholder(SEARCH).fill(destination);
    await dispatcherTrips
      .getByText(/No trips/i)
      .first()
      .waitFor();
    expect(await dispatcherTrips.locator(`[data-trip-id="${trip.id}"]`).count()).toBe(0);
    expect(await board.getByText(destination).count()).toBe(0);

    // Priya opens Approvals from the drawer, then the trip (Open), and approves in its details.
    await approvalsLink(drawer).click();
    await principal.waitForURL((u) => u.pathname === '/approvals');
    const principalCard = cardOf(principal, destination);
    await principalCard.getByText('2 of 2').waitFor();
    await expectNoSidewaysOverflow(principal, 'Approvals at 390 px');
    await principalCard.getByRole('button', { name: 'Open' }).click();
    const details = principal.getByRole('dialog', { name: 'View trip details' });
    const panel = details.getByRole('region', { name: 'Approval' });
    await panel.getByText('Step 2 of 2').waitFor();
    await panel.getByText('Priya Raman', { exact: true }).waitFor();
    // the state's badge stays inside the panel on a phone (it stuck out past the panel's edge by 10 px)
    const [badge, box] = await Promise.all([
      panel.locator('.mantine-Badge-root', { hasText: 'Waiting for approval' }).boundingBox(),
      panel.boundingBox(),
    ]);
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await shot(principal, 'approvals-principal-details-390');
    expect(await board.getByText(destination).count()).toBe(0);
    expect(await dispatcherTrips.locator(`[data-trip-id="${trip.id}"]`).count()).toBe(0);
    await panel
      .getByRole('group', { name: `Decide on ${destination}` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await principal.getByText(`${destination} approved.`, { exact: true }).first().waitFor();
    await panel.getByText('Approved', { exact: true }).waitFor();
    await details.getByText('Pending', { exact: true }).first().waitFor();

    // After her approval the bus company sees it, without a reload: a request on the board, Pending in All Trips.
    await lane.getByRole('button', { name: `Accept ${destination}` }).waitFor({ timeout: 15_000 });
    await waitForStatus(dispatcherTrips, trip.id, 'Pending');
    await shot(board, 'approvals-dispatcher-board-1280');

    // 6. Grace's list shows it Pending, without a reload.
    await waitForStatus(requester, trip.id, 'Pending');
    expect(await statusOf(requester, trip.id)).toBe('Pending');
    await principal.keyboard.press('Escape');
    await principal.getByText('No requests wait for your approval.').waitFor();

    const stored = await api<TripDto>(await tokenOf(DISPATCHER), 'GET', `trips/${trip.id}`);
    expect(stored.status).toBe('Pending');
    const approval = await api<ApprovalDto>(adminToken, 'GET', `trips/${trip.id}/approval`);
    expect(approval).toMatchObject({ state: 'approved', step: 2, steps: 2 });

    // 7. A second request: Tariq asks for changes; Grace's open details show it and the comment live; she edits and
    // resubmits, and it waits at step 1 again.
    const second = await fileRequest(`Desert Farm ${fresh()}`);
    await requester.getByPlaceholder(SEARCH).fill(second.destination);
    await requester.locator(`[data-trip-id="${second.id}"]`).getByRole('button', { name: second.destination, exact: true }).click();
    const own = requester.getByRole('dialog', { name: 'View trip details' });
    const ownPanel = own.getByRole('region', { name: 'Approval' });
    await ownPanel.getByText('Waiting for approval').waitFor();

    const secondCard = cardOf(teacher, second.destination);
    await secondCard.getByRole('button', { name: 'Request changes' }).click();
    const ask = teacher.getByRole('dialog', { name: 'Request changes' });
    const comment = 'Please add a second staff member for 24 students.';
    await ask.getByRole('textbox', { name: /^Comment/ }).fill(comment);
    await ask.getByRole('button', { name: 'Request changes' }).click();
    await teacher.getByText(`Changes requested for ${second.destination}.`).first().waitFor();
    await secondCard.waitFor({ state: 'detached' });

    await own.getByText('Changes Requested', { exact: true }).first().waitFor();
    await ownPanel.getByText('Changes requested', { exact: true }).waitFor();
    await ownPanel.getByText(comment).waitFor();
    await shot(requester, 'approvals-requester-changes-requested-1280');

    await own.getByRole('button', { name: 'Edit' }).click();
    const edit = requester.getByRole('dialog', { name: 'Edit Trip' });
    await edit.getByRole('textbox', { name: /^Staff/ }).fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await own.getByText('Changes Requested', { exact: true }).first().waitFor();
    await own.getByRole('button', { name: 'Resubmit' }).click();
    await own.getByText('Awaiting Approval', { exact: true }).first().waitFor();
    await ownPanel.getByText('Waiting for approval').waitFor();
    await ownPanel.getByText('Step 1 of 2').waitFor();
    await waitForStatus(requester, second.id, 'Awaiting Approval');
    // back in Tariq's list, live
    await cardOf(teacher, second.destination).getByText('1 of 2').waitFor();

    const resubmitted = await api<TripDto>(await tokenOf(REQUESTER), 'GET', `trips/${second.id}`);
    expect({ status: resubmitted.status, staff: resubmitted.staff }).toEqual({ status: 'Awaiting Approval', staff: 3 });
    const again = await api<ApprovalDto>(adminToken, 'GET', `trips/${second.id}/approval`);
    expect(again).toMatchObject({ state: 'waiting', step: 1, steps: 2 });

    for (const page of pages) expect(await sameDocument(page)).toBe(true);
    await app.closeContexts();
  }, 300_000);

  it("the e-mail's approve link asks first, and Approve decides", async () => {
    await ensurePolicy();
    const trip = await fileRequest(`Mangrove Walk ${fresh()}`);
    const teacher = (await app.signIn(TEACHER)).page;
    await teacher.goto(`/approvals?trip=${trip.id}&decision=approve`);
    const confirm = teacher.getByRole('dialog', { name: 'Approve this request?' });
    await confirm.getByText(trip.destination).waitFor();
    // opening the link decided nothing
    expect(await api<ApprovalDto>(await tokenOf(ADMIN), 'GET', `trips/${trip.id}/approval`)).toMatchObject({ state: 'waiting', step: 1 });
    const findings = await wcagFindings(teacher, 'the approve-link dialog');
    expect(findings).toEqual([]);
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await teacher.getByText(`${trip.destination} approved.`, { exact: true }).first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(teacher.url()).search).toBe('');
    expect(await api<ApprovalDto>(await tokenOf(ADMIN), 'GET', `trips/${trip.id}/approval`)).toMatchObject({ state: 'waiting', step: 2 });
    await app.closeContexts();
  });

  it("approves a weekly series' waiting weeks at once from a phone, and the next approver's list follows live", async () => {
    await ensurePolicy();
    const destination = `Swim Term ${fresh()}`;
    const weeks = await api<TripDto[]>(await tokenOf(REQUESTER), 'POST', 'trips/series', {
      tripType: 'Day Trip',
      destination,
      departureDate: day,
      departureTime: '09:00 AM',
      returnDate: day,
      returnTime: '11:00 AM',
      students: 20,
      staff: 2,
      repeatUntil: addDays(day, 14),
    });
    expect(weeks).toHaveLength(3);
    const [teacher, principal] = await Promise.all([
      app.signIn(TEACHER, { width: 390 }).then((s) => s.page),
      app.signIn(PRINCIPAL).then((s) => s.page),
    ]);
    for (const page of [teacher, principal]) {
      await page.goto('/approvals');
      await live(page);
      await markDocument(page);
    }
    // the three weeks are one card; each week's own is behind "Show each week"
    const cards = teacher.getByRole('list', { name: 'Requests waiting for your approval' }).getByRole('article', { name: destination });
    await cards.getByText('Weekly request').waitFor();
    expect(await cards.count()).toBe(1);
    await cards.getByText(/^3 trips, every .* from /).waitFor();
    await cards.getByRole('button', { name: 'Show each week' }).click();
    expect(
      await cards
        .getByRole('list', { name: `Each week of ${destination}` })
        .getByRole('article')
        .count(),
    ).toBe(3);
    expect(await lightAndDarkFindings(teacher, "a series' card with its weeks shown, at 390 px")).toEqual([]);
    await cards.getByRole('button', { name: 'Hide each week' }).click();
    await cards.first().getByRole('button', { name: 'Approve all 3 weeks' }).click();
    const ask = teacher.getByRole('dialog', { name: 'Approve all 3 weeks' });
    await ask.getByText(/^Approve the 3 weeks of Swim Term .* that wait for you \(/).waitFor();
    expect(await lightAndDarkFindings(teacher, 'the question before approving a series, at 390 px')).toEqual([]);
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await teacher.getByText(`3 weeks of ${destination} approved.`).waitFor();
    await cards.first().waitFor({ state: 'detached', timeout: 15_000 });
    // the principal's list has each week at step 2 of 2, without a reload
    const next = principal.getByRole('list', { name: 'Requests waiting for your approval' }).getByRole('article', { name: destination });
    await next.getByRole('button', { name: 'Approve all 3 weeks' }).waitFor({ timeout: 15_000 });
    await next.getByText('2 of 2').waitFor();
    for (const week of weeks) {
      expect(await api<ApprovalDto>(await tokenOf(ADMIN), 'GET', `trips/${week.id}/approval`)).toMatchObject({ state: 'waiting', step: 2 });
    }
    for (const page of [teacher, principal]) expect(await sameDocument(page)).toBe(true);
    await app.closeContexts();
  });

  it.each([
    [TEACHER, 1280, 1],
    [PRINCIPAL, 390, 2],
  ] as const)(
    '%s: the Approvals page, the details, the comment dialog and the policy pass axe at %i px, light and dark',
    async (email, width, step) => {
      await ensurePolicy();
      const trip = await fileRequest(`Glass Museum ${fresh()}`);
      if (step === 2) await decide(TEACHER, trip.id, 'approve');
      const { page } = await app.signIn(email, { width });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const findings: string[] = [];
      const check = async (what: string) => findings.push(...(await lightAndDarkFindings(page, `${what} at ${width} px`)));

      await page.goto('/approvals');
      const card = cardOf(page, trip.destination);
      await card.getByText(`${step} of 2`).waitFor();
      // the policy section below the list, with the school's steps loaded
      await page.getByRole('form', { name: 'Approval policy' }).getByRole('group', { name: 'Step 2' }).waitFor();
      await check('the Approvals page with its policy');
      await shot(page, `approvals-page-${width}`, true);

      await card.getByRole('button', { name: 'Request changes' }).click();
      const ask = page.getByRole('dialog', { name: 'Request changes' });
      await ask.getByRole('button', { name: 'Request changes' }).click();
      await ask.getByText('Please say why (comment).').waitFor();
      await check('the comment dialog, with its message');
      await shot(page, `approvals-comment-${width}`);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'detached' });

      await card.getByRole('button', { name: 'Open' }).click();
      const panel = page.getByRole('dialog', { name: 'View trip details' }).getByRole('region', { name: 'Approval' });
      await panel.getByText(`Step ${step} of 2`).waitFor();
      await check('the trip details with its approval');
      await shot(page, `approvals-details-${width}`);
      // the comment dialog over the details
      await panel.getByRole('button', { name: 'Deny' }).click();
      await page
        .getByRole('dialog', { name: 'Deny' })
        .getByRole('textbox', { name: /^Comment/ })
        .waitFor();
      await check('the comment dialog over the details');
      expect(findings).toEqual([]);
      await app.closeContexts();
    },
    240_000,
  );

  it.each([1280, 390])("the admin's policy section passes axe at %i px, light and dark", async (width) => {
    await ensurePolicy();
    const { page } = await app.signIn(ADMIN, { width });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/approvals');
    const section = page.getByRole('region', { name: 'Approval policy' });
    await pickGreenfield(page, section);
    await section.getByRole('group', { name: 'Step 2' }).getByText('Priya Raman').waitFor();
    const findings = await lightAndDarkFindings(page, `the admin's policy section at ${width} px`);
    await shot(page, `approvals-policy-admin-${width}`, true);
    expect(findings).toEqual([]);
    await app.closeContexts();
  });
});
