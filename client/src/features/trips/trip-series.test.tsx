import { SeriesMessages } from '@contracts/trip-series';
import type { TripDto } from '@contracts/trip-wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { tripActorOf } from './trip-actions';
import {
  seriesCancelDetail,
  seriesCancelDone,
  seriesCancelPlan,
  seriesCancelQuestion,
  seriesEditDone,
  seriesEditPlan,
  seriesEditScope,
  seriesAssignDone,
  seriesAssignOffer,
  seriesAssignRefusedTitle,
  seriesLaterAssignable,
  seriesLaterConfirmable,
  seriesConfirmOffer,
  seriesLaterReassignable,
  seriesMoveLine,
  seriesReassignOffer,
} from './trip-series';
import { DESERT_STAR, GREENFIELD, makeTrip, tripRoutes } from './test-trips';
import { TripsPage } from './trips-page';

const staff = makeProfile('school_staff', { active_org_id: GREENFIELD });
const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const SERIES = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

/** Four Thursdays of swimming: the third accepted by the partner company, the fourth already cancelled. */
function fourWeeks(): TripDto[] {
  const week = (id: number, day: string, over: Partial<TripDto> = {}) =>
    makeTrip({ id, destination: 'Aquatic Centre', departureDate: day, returnDate: day, seriesId: SERIES, ...over });
  return [
    week(101, '2031-03-06'),
    week(102, '2031-03-13'),
    week(103, '2031-03-20', { status: 'Accepted', busCompanyOrgId: DESERT_STAR, busCompanyName: 'Desert Star' }),
    week(104, '2031-03-27', { status: 'Canceled' }),
  ];
}

/** A week as the server answers it after a change: `body` over it, its version one on. */
const changed = (w: TripDto, body: object) => ({ ...w, ...body, version: w.version + 1 });

/**
 * The server of a series' Assign Bus from its first week (101): the weeks, the first week's own PATCH and subtrip, and
 * the series call, answered by `assign` from the body it was sent.
 */
function serveAssign(weeks: TripDto[], assign: (body: { buses: unknown }) => unknown) {
  return mockFetch({
    ...tripRoutes(weeks),
    'GET /api/trips/101/history': () => ({ body: [] }),
    [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
    'PATCH /api/trips/101': (body) => ({ body: changed(weeks[0], body as object) }),
    'POST /api/trips/101/subtrips': (body) => ({ status: 201, body: { id: 1, tripId: 101, ...(body as object) } }),
    [`POST /api/trips/series/${SERIES}/assign`]: (body) => ({ body: assign(body as { buses: unknown }) }),
  });
}

/** The dispatcher's Assign Bus on the week `id`, opened from its details once the series has loaded. */
async function openAssignBus(id: number): Promise<HTMLElement> {
  renderWithApp(<TripsPage />, { route: `/trips?trip=${id}`, session: makeSession(dispatcher) });
  const details = await screen.findByRole('dialog', { name: 'View trip details' });
  await within(details).findByRole('region', { name: 'Weekly series' });
  await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
  return screen.findByRole('dialog', { name: 'Assign Bus' });
}

describe('the rest of a weekly series', () => {
  it('plans what cancelling from a week does to it and every later one, in words', () => {
    const weeks = fourWeeks();
    const plan = seriesCancelPlan(tripActorOf(staff), weeks, 102)!;
    expect(plan.weeks.map((w) => [w.trip.id, w.action])).toEqual([
      [102, 'cancel'],
      [103, 'requestCancel'],
      [104, null],
    ]);
    expect(seriesCancelQuestion(plan)).toBe('Cancel this week and the 2 after it (Thu 13 Mar 2031 to Thu 27 Mar 2031)?');
    expect(seriesCancelDetail(plan)).toBe(
      '1 week will be cancelled. 1 week is held by a bus company: its cancellation will be requested. 1 week stays as it is.',
    );
    expect(seriesCancelDone('Aquatic Centre', { canceled: [102], requested: [103] })).toBe(
      'Aquatic Centre: 1 week cancelled; cancellation requested for 1.',
    );
    // a bus company cancels none of them; a week not in the series plans nothing
    const company = seriesCancelPlan(tripActorOf(dispatcher), weeks, 102)!;
    expect(company.cancel + company.request).toBe(0);
    expect(seriesCancelPlan(tripActorOf(staff), weeks, 999)).toBeNull();
  });

  it('shows the weeks in the details and cancels this and later weeks after asking', async () => {
    const weeks = fourWeeks();
    const after = [
      weeks[0],
      { ...weeks[1], status: 'Canceled', version: 2 },
      { ...weeks[2], status: 'Cancel Requested', version: 2 },
      weeks[3],
    ] as TripDto[];
    const { calls } = mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/102/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      [`POST /api/trips/series/${SERIES}/cancel`]: () => ({ body: { trips: after.slice(1), canceled: [102], requested: [103] } }),
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=102', session: makeSession(staff) });
    // each week of the list says it is one of a weekly series
    await waitFor(() => expect(document.querySelector('tr[data-trip-id="101"]')).not.toBeNull());
    expect(within(document.querySelector('tr[data-trip-id="101"]') as HTMLElement).getByText('Weekly')).toBeInTheDocument();
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    const series = await within(details).findByRole('region', { name: 'Weekly series' });
    expect(within(series).getByText('Week 2 of 4: 4 trips, every Thu from Thu 6 Mar 2031 to Thu 27 Mar 2031.')).toBeInTheDocument();
    expect(within(series).getByText('Thu 13 Mar 2031 (this trip)')).toBeInTheDocument();
    // the other weeks open their own details
    expect(within(series).getByRole('button', { name: 'Thu 20 Mar 2031' })).toBeInTheDocument();

    await userEvent.click(within(series).getByRole('button', { name: 'Cancel this and later weeks' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel this and later weeks' });
    expect(within(ask).getByText('Cancel this week and the 2 after it (Thu 13 Mar 2031 to Thu 27 Mar 2031)?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Aquatic Centre: 1 week cancelled; cancellation requested for 1.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`/api/trips/series/${SERIES}/cancel`, { from: 102 }],
    ]);
    // the weeks as the answer left them; nothing left to cancel from here
    await waitFor(() => expect(within(series).getAllByText('Cancel Requested')).toHaveLength(1));
    expect(within(series).queryByRole('button', { name: 'Cancel this and later weeks' })).not.toBeInTheDocument();
  });

  it('says why, when the weeks moved on before the call', async () => {
    const weeks = fourWeeks();
    mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/102/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      [`POST /api/trips/series/${SERIES}/cancel`]: () => ({ status: 409, body: { message: SeriesMessages.nothingToCancel } }),
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=102', session: makeSession(staff) });
    const series = await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByRole('region', {
      name: 'Weekly series',
    });
    await userEvent.click(within(series).getByRole('button', { name: 'Cancel this and later weeks' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this and later weeks' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText(SeriesMessages.nothingToCancel)).toBeInTheDocument();
    expect(screen.getByText('Could not cancel these weeks.')).toBeInTheDocument();
  });

  it('plans which later weeks a change reaches, in words', () => {
    const weeks = fourWeeks();
    const plan = seriesEditPlan(tripActorOf(staff), weeks, 102)!;
    // the cancelled fourth week takes no change
    expect([plan.weeks.map((w) => w.id), plan.editable]).toEqual([[102, 103, 104], 2]);
    expect(seriesEditScope(plan)).toBe('This week and the 2 after it (Thu 13 Mar 2031 to Thu 27 Mar 2031).');
    expect(seriesEditScope(seriesEditPlan(tripActorOf(staff), weeks, 104)!)).toBe('This week (Thu 27 Mar 2031), the last of the series.');
    const answered = [weeks[1], { ...weeks[2], status: 'Awaiting Approval' as const }, weeks[3]];
    expect(seriesEditDone('Aquatic Centre', { trips: answered, changed: [102, 103], requested: [104], held: [105] })).toBe(
      'Aquatic Centre: 1 week changed; 1 week sent back for your school’s approval; edit requested for 1; 1 change waits for your school’s approval.',
    );
    expect(seriesEditDone('Aquatic Centre', { trips: weeks, changed: [101, 102], requested: [], held: [103, 104] })).toBe(
      'Aquatic Centre: 2 weeks changed; 2 changes wait for your school’s approval.',
    );
  });

  it('changes the destination, passengers and notes of this and later weeks in one call, saying what became of each', async () => {
    const weeks = fourWeeks();
    let answer: { status?: number; body: unknown } = {
      status: 400,
      body: { message: 'Return time must be later than departure time.' },
    };
    const { calls } = mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/102/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      [`PATCH /api/trips/series/${SERIES}`]: () => answer,
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=102', session: makeSession(staff) });
    const series = await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByRole('region', {
      name: 'Weekly series',
    });
    await userEvent.click(within(series).getByRole('button', { name: 'Change this and later weeks' }));
    const form = await screen.findByRole('dialog', { name: 'Change this and later weeks' });
    expect(within(form).getByText('This week and the 2 after it (Thu 13 Mar 2031 to Thu 27 Mar 2031).')).toBeInTheDocument();
    const students = within(form).getByRole('textbox', { name: 'Students' });
    expect(students).toHaveValue(String(weeks[1].students));

    // nothing changed yet: said, and nothing sent
    await userEvent.click(within(form).getByRole('button', { name: 'Change 2 weeks' }));
    expect(await within(form).findByText(SeriesMessages.editEmpty)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.clear(students);
    await userEvent.type(students, '45');
    const destination = within(form).getByRole('textbox', { name: 'Destination' });
    expect(destination).toHaveValue('Aquatic Centre');
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Hamdan Pool');
    // a new destination, a new distance: the weeks had none, so nothing to ask about
    const distance = within(form).getByRole('textbox', { name: 'Distance (km, one way)' });
    expect(distance).toHaveValue('');
    await userEvent.type(distance, '25');
    const notes = within(form).getByRole('textbox', { name: 'Notes' });
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Bring swim caps');
    // the server refuses a value of one of the weeks: said in the form, which stays open
    await userEvent.click(within(form).getByRole('button', { name: 'Change 2 weeks' }));
    expect(await within(form).findByText('Return time must be later than departure time.')).toBeInTheDocument();

    const edits = { destination: 'Hamdan Pool', distanceKm: 25, students: 45, notes: 'Bring swim caps' };
    const changed = { ...weeks[1], ...edits, version: 2 };
    const requested = { ...weeks[2], ...edits, editRequest: true, status: 'Pending' as const, version: 2 };
    answer = { body: { trips: [changed, requested, weeks[3]], changed: [102], requested: [103], held: [] } };
    await userEvent.click(within(form).getByRole('button', { name: 'Change 2 weeks' }));
    expect(await screen.findByText('Aquatic Centre: 1 week changed; edit requested for 1.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`/api/trips/series/${SERIES}`, { from: 102, ...edits }],
      [`/api/trips/series/${SERIES}`, { from: 102, ...edits }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change this and later weeks' })).not.toBeInTheDocument());
    // the weeks as the answer left them
    await waitFor(() => expect(within(series).getAllByText('Pending')).toHaveLength(3));
  });

  it('says where a new weekday puts the weeks a change reaches, each within its own week', () => {
    const plan = seriesEditPlan(tripActorOf(staff), fourWeeks(), 102)!;
    // Thursdays to Tuesdays: the cancelled fourth week stays where it is
    expect(seriesMoveLine(plan, 2)).toBe('2 weeks move to Tuesday: Tue 11 Mar 2031 to Tue 18 Mar 2031.');
    expect(seriesMoveLine(plan, 7)).toBe('2 weeks move to Sunday: Sun 16 Mar 2031 to Sun 23 Mar 2031.');
    expect(seriesMoveLine(plan, 4)).toBeNull();
    expect(seriesMoveLine(seriesEditPlan(tripActorOf(staff), fourWeeks(), 103)!, 1)).toBe('1 week moves to Monday: Mon 17 Mar 2031.');
  });

  it('moves this and later weeks to another weekday with a new origin in one call', async () => {
    const weeks = fourWeeks();
    const { calls } = mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/102/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      [`PATCH /api/trips/series/${SERIES}`]: () => ({
        body: {
          trips: [
            { ...weeks[1], departureDate: '2031-03-11', returnDate: '2031-03-11', origin: 'North Campus', version: 2 },
            { ...weeks[2], editRequest: true, status: 'Pending', version: 2 },
            weeks[3],
          ],
          changed: [102],
          requested: [103],
          held: [],
        },
      }),
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=102', session: makeSession(staff) });
    const series = await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByRole('region', {
      name: 'Weekly series',
    });
    await userEvent.click(within(series).getByRole('button', { name: 'Change this and later weeks' }));
    const form = await screen.findByRole('dialog', { name: 'Change this and later weeks' });
    const weekday = within(form).getByRole('combobox', { name: 'Weekday' });
    expect(weekday).toHaveValue('Thursday');
    await userEvent.click(weekday);
    await userEvent.click(await screen.findByRole('option', { name: 'Tuesday' }));
    expect(weekday).toHaveValue('Tuesday');
    expect(weekday).toHaveAccessibleDescription('2 weeks move to Tuesday: Tue 11 Mar 2031 to Tue 18 Mar 2031.');
    const origin = within(form).getByRole('textbox', { name: 'Origin' });
    await userEvent.clear(origin);
    await userEvent.type(origin, 'North Campus');
    await userEvent.click(within(form).getByRole('button', { name: 'Change 2 weeks' }));
    expect(await screen.findByText('Aquatic Centre: 1 week changed; edit requested for 1.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ from: 102, weekday: 2, origin: 'North Campus' }]);
  });

  it('lets the bus company accept this and later weeks still Pending at once, after asking', async () => {
    const weeks = fourWeeks();
    const accepted = (w: TripDto) => ({ ...w, status: 'Accepted' as const, busCompanyOrgId: DESERT_STAR, version: 2 });
    const { calls } = mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/101/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      [`POST /api/trips/series/${SERIES}/accept`]: () => ({
        body: { trips: [accepted(weeks[0]), accepted(weeks[1]), weeks[2], weeks[3]], accepted: [101, 102] },
      }),
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=101', session: makeSession(dispatcher) });
    const series = await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByRole('region', {
      name: 'Weekly series',
    });
    await userEvent.click(within(series).getByRole('button', { name: 'Accept this and later weeks' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept this and later weeks' });
    expect(within(ask).getByText('Accept this week and the 3 after it (Thu 6 Mar 2031 to Thu 27 Mar 2031)?')).toBeInTheDocument();
    expect(within(ask).getByText('2 weeks will be accepted. 2 weeks stay as they are.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Aquatic Centre: 2 weeks accepted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`/api/trips/series/${SERIES}/accept`, { from: 101 }],
    ]);
    // the weeks as the answer left them; one week alone is accepted from its own buttons
    await waitFor(() => expect(within(series).getAllByText('Accepted')).toHaveLength(3));
    expect(within(series).queryByRole('button', { name: 'Accept this and later weeks' })).not.toBeInTheDocument();
  });

  it('lets the bus company reject this and later weeks still Pending at once, after asking', async () => {
    const weeks = fourWeeks();
    const rejected = (w: TripDto) => ({ ...w, status: 'Rejected' as const, version: 2 });
    const { calls } = mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/101/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      [`POST /api/trips/series/${SERIES}/reject`]: () => ({
        body: { trips: [rejected(weeks[0]), rejected(weeks[1]), weeks[2], weeks[3]], rejected: [101, 102] },
      }),
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=101', session: makeSession(dispatcher) });
    const series = await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByRole('region', {
      name: 'Weekly series',
    });
    await userEvent.click(within(series).getByRole('button', { name: 'Reject this and later weeks' }));
    const ask = await screen.findByRole('dialog', { name: 'Reject this and later weeks' });
    expect(within(ask).getByText('Reject this week and the 3 after it (Thu 6 Mar 2031 to Thu 27 Mar 2031)?')).toBeInTheDocument();
    expect(within(ask).getByText('2 weeks will be rejected. 2 weeks stay as they are.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Aquatic Centre: 2 weeks rejected.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`/api/trips/series/${SERIES}/reject`, { from: 101 }],
    ]);
    await waitFor(() => expect(within(series).getAllByText('Rejected')).toHaveLength(2));
    expect(within(series).queryByRole('button', { name: 'Reject this and later weeks' })).not.toBeInTheDocument();
  });

  it("offers a bus company the series' weeks but nothing to cancel", async () => {
    const weeks = fourWeeks();
    mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/103/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
    });
    renderWithApp(<TripsPage />, { route: '/trips?trip=103', session: makeSession(dispatcher) });
    const series = await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByRole('region', {
      name: 'Weekly series',
    });
    expect(within(series).getByText('Thu 20 Mar 2031 (this trip)')).toBeInTheDocument();
    expect(within(series).queryByRole('button', { name: 'Cancel this and later weeks' })).not.toBeInTheDocument();
    expect(within(series).queryByRole('button', { name: 'Change this and later weeks' })).not.toBeInTheDocument();
    expect(within(series).queryByRole('button', { name: 'Accept this and later weeks' })).not.toBeInTheDocument();
  });

  it('offers the later weeks without buses the same buses from Assign Bus, and says which week was refused them and why', async () => {
    const held = { status: 'Accepted' as const, busCompanyOrgId: DESERT_STAR, busCompanyName: 'Desert Star' };
    const weeks: TripDto[] = fourWeeks().map((w) => ({ ...w, ...held }));
    const bus = { busType: 'White Bus' as const, busSeats: 50, tripPrice: null, driverName: null, driverPhone: null, status: null };
    // the second week has its own bus already: the third and fourth are offered
    weeks[1] = { ...weeks[1], status: 'Confirmed', buses: [bus] };
    const plan = seriesLaterAssignable(tripActorOf(dispatcher), weeks, 101);
    expect(plan.map((w) => w.id)).toEqual([103, 104]);
    expect(seriesAssignOffer(plan)).toBe('Also assign them to the 2 later weeks without buses (Thu 20 Mar 2031 to Thu 27 Mar 2031)');
    expect(seriesAssignOffer(plan.slice(1))).toBe('Also assign them to the later week without buses (Thu 27 Mar 2031)');
    // school staff assign no buses
    expect(seriesLaterAssignable(tripActorOf(staff), weeks, 101)).toEqual([]);
    const refused = { tripId: 103, message: 'Bus 3 is already on Museum, Thu 20 Mar 2031, 8:00 AM to 3:00 PM.' };
    const done = `Aquatic Centre: the same buses assigned to 1 later week. Not Thu 20 Mar: ${refused.message}`;
    expect(seriesAssignDone('Aquatic Centre', { trips: weeks, assigned: [104], refused: [refused] })).toBe(done);

    const confirmed = (w: TripDto, body: object) => ({ ...w, ...body, status: 'Confirmed' as const, version: w.version + 1 });
    const { calls } = serveAssign(weeks, (body) => ({
      trips: [weeks[2], confirmed(weeks[3], { buses: body.buses })],
      assigned: [104],
      refused: [refused],
    }));
    const modal = await openAssignBus(101);
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Driver name' }), 'Sam');
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    await userEvent.click(within(modal).getByRole('checkbox', { name: seriesAssignOffer(plan) }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    // the week first, as Assign Bus saves it; then its buses, as saved, for the later weeks from the first offered
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(screen.getByText('Some later weeks still need a bus')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method !== 'GET');
    expect(sent.map((c) => c.path)).toEqual(['/api/trips/101', '/api/trips/101/subtrips', `/api/trips/series/${SERIES}/assign`]);
    const saved = (sent[0].body as { buses: unknown[] }).buses;
    expect(sent[2].body).toEqual({ from: 103, buses: saved });
  });

  it('offers to put new buses on the later weeks that have others, in place of theirs, and says which kept their own', async () => {
    const layla = { busType: 'White Bus' as const, busSeats: 50, tripPrice: null, driverName: 'Layla', driverPhone: null, status: null };
    const omar = { ...layla, driverName: 'Omar' };
    const held = { status: 'Confirmed' as const, busCompanyOrgId: DESERT_STAR, busCompanyName: 'Desert Star', buses: [layla] };
    // the whole term with Layla; the fourth week has Omar already
    const weeks: TripDto[] = fourWeeks().map((w, i) => ({ ...w, ...held, ...(i === 3 ? { buses: [omar] } : {}) }));
    const actor = tripActorOf(dispatcher);
    expect(seriesLaterReassignable(actor, weeks, 101, [omar]).map((w) => w.id)).toEqual([102, 103]);
    expect(seriesLaterReassignable(actor, weeks, 101, [layla]).map((w) => w.id)).toEqual([104]);
    expect(seriesLaterReassignable(actor, weeks, 101, [])).toEqual([]);
    expect(seriesLaterReassignable(tripActorOf(staff), weeks, 101, [omar])).toEqual([]);
    const plan = seriesLaterReassignable(actor, weeks, 101, [omar]);
    expect(seriesReassignOffer(plan)).toBe(
      'Also put them on the 2 later weeks that have other buses, in place of theirs (Thu 13 Mar 2031 to Thu 20 Mar 2031)',
    );
    expect(seriesReassignOffer(plan.slice(1))).toBe(
      'Also put them on the later week that has other buses, in place of its own (Thu 20 Mar 2031)',
    );
    expect(seriesAssignRefusedTitle([weeks[1]])).toBe('Some later weeks keep their own buses');
    expect(seriesAssignRefusedTitle([weeks[1], { ...weeks[2], buses: [] }])).toBe('Not every later week took these buses');

    const refused = { tripId: 103, message: 'Omar is already on Museum, Thu 20 Mar 2031, 8:00 AM to 3:00 PM.' };
    const done = `Aquatic Centre: the same buses assigned to 1 later week. Not Thu 20 Mar: ${refused.message}`;
    const { calls } = serveAssign(weeks, (body) => ({
      trips: [changed(weeks[1], { buses: body.buses }), weeks[2], weeks[3]],
      assigned: [102],
      refused: [refused],
    }));
    const modal = await openAssignBus(101);
    // with Layla still on the list, the only week with other buses is the fourth; none is without buses
    expect(within(modal).getByRole('checkbox', { name: seriesReassignOffer([weeks[3]]) })).not.toBeChecked();
    expect(within(modal).queryByRole('checkbox', { name: /^Also assign them/ })).not.toBeInTheDocument();
    // Layla's bus edited to Omar: the second and third weeks are offered
    await userEvent.click(within(modal).getAllByRole('button', { name: 'Edit bus 1' })[0]);
    const driver = within(modal).getByRole('textbox', { name: 'Driver name' });
    await userEvent.clear(driver);
    await userEvent.type(driver, 'Omar');
    await userEvent.click(within(modal).getByRole('button', { name: 'Update Bus' }));
    await userEvent.click(await within(modal).findByRole('checkbox', { name: seriesReassignOffer(plan) }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(screen.getByText('Some later weeks keep their own buses')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method !== 'GET');
    expect(sent.map((c) => c.path)).toEqual(['/api/trips/101', '/api/trips/101/subtrips', `/api/trips/series/${SERIES}/assign`]);
    const saved = (sent[0].body as { buses: { driverName: string }[] }).buses;
    expect(saved.map((b) => b.driverName)).toEqual(['Omar']);
    expect(sent[2].body).toEqual({ from: 102, buses: saved, withoutBuses: false, withBuses: true });
  });

  it('offers to confirm the later weeks whose accepted changes sent them back to Accepted with these buses', async () => {
    const layla = { busType: 'White Bus' as const, busSeats: 50, tripPrice: null, driverName: 'Layla', driverPhone: null, status: null };
    const held = { busCompanyOrgId: DESERT_STAR, busCompanyName: 'Desert Star', buses: [layla] };
    // a term moved to another weekday: its moves accepted, every week Accepted with the buses it had
    const weeks: TripDto[] = fourWeeks().map((w) => ({ ...w, ...held, status: 'Accepted' as const }));
    const actor = tripActorOf(dispatcher);
    const plan = seriesLaterConfirmable(actor, weeks, 101, [layla]);
    expect(plan.map((w) => w.id)).toEqual([102, 103, 104]);
    expect(seriesLaterConfirmable(actor, weeks, 101, [{ ...layla, driverName: 'Omar' }])).toEqual([]);
    expect(seriesLaterConfirmable(actor, [weeks[0], { ...weeks[1], status: 'Confirmed' }], 101, [layla])).toEqual([]);
    expect(seriesLaterConfirmable(tripActorOf(staff), weeks, 101, [layla])).toEqual([]);
    expect(seriesConfirmOffer(plan)).toBe(
      'Also confirm the 3 later weeks that already have these buses (Thu 13 Mar 2031 to Thu 27 Mar 2031)',
    );
    expect(seriesConfirmOffer(plan.slice(2))).toBe('Also confirm the later week that already has these buses (Thu 27 Mar 2031)');
    // the same buses are not "other buses": not offered to be put in place of theirs
    expect(seriesLaterReassignable(actor, weeks, 101, [layla])).toEqual([]);

    const { calls } = serveAssign(weeks, () => ({
      trips: weeks.slice(1).map((w) => changed(w, { status: 'Confirmed' })),
      assigned: [102, 103, 104],
      refused: [],
    }));
    const modal = await openAssignBus(101);
    const offer = within(modal).getByRole('checkbox', { name: seriesConfirmOffer(plan) });
    expect(offer).not.toBeChecked();
    expect(within(modal).queryByRole('checkbox', { name: /^Also (assign|put)/ })).not.toBeInTheDocument();
    await userEvent.click(offer);
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Aquatic Centre: the same buses assigned to 3 later weeks.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method !== 'GET');
    expect(sent.map((c) => c.path)).toEqual(['/api/trips/101', '/api/trips/101/subtrips', `/api/trips/series/${SERIES}/assign`]);
    expect(sent[2].body).toEqual({
      from: 102,
      buses: (sent[0].body as { buses: unknown }).buses,
      withoutBuses: false,
      withTheseBuses: true,
    });
  });

  it('assigns only this week when the later weeks are not asked for', async () => {
    const weeks = fourWeeks().map((w) => ({ ...w, status: 'Accepted' as const, busCompanyOrgId: DESERT_STAR }));
    const { calls } = mockFetch({
      ...tripRoutes(weeks),
      'GET /api/trips/102/history': () => ({ body: [] }),
      [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }),
      'PATCH /api/trips/102': (body) => ({ body: { ...weeks[1], ...(body as object), status: 'Confirmed', version: 2 } }),
      'POST /api/trips/102/subtrips': (body) => ({ status: 201, body: { id: 1, tripId: 102, ...(body as object) } }),
    });
    const modal = await openAssignBus(102);
    expect(within(modal).getByRole('checkbox', { name: /^Also assign them to the 2 later weeks/ })).not.toBeChecked();
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Buses assigned successfully!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.path)).toEqual(['/api/trips/102', '/api/trips/102/subtrips']);
  });
});
