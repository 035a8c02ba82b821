import type { DriverAssignmentDto, StepBody } from '@contracts/driver-wire';
import { act, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { freshPhone, makeAssignment, makeDay, OMAR, omarProfile, recorded, TODAY } from './test-driver';
import { TodayPage } from './today-page';

type Routes = Parameters<typeof mockFetch>[0];

function renderToday(assignments: DriverAssignmentDto[], routes: Routes = {}) {
  const mocked = mockFetch({ 'GET /api/driver/today': () => ({ body: makeDay(assignments) }), ...routes });
  renderWithApp(<TodayPage driver={OMAR} />, { route: '/today', session: makeSession(omarProfile()) });
  return mocked;
}

const current = () => screen.getByRole('region', { name: /^Current trip to/ });
const stepPosts = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/driver/steps').map((c) => c.body as StepBody);

/** The server's answer to a step: the bus's progress with it recorded. */
function answerWith(assignment: DriverAssignmentDto, next: DriverAssignmentDto['next']) {
  return (body: unknown) => {
    const step = body as StepBody;
    const steps = [
      ...assignment.progress.steps,
      recorded(step.step, {
        id: step.id,
        at: step.at,
        receivedAt: new Date().toISOString(),
        passengers: step.passengers ?? null,
        note: step.note ?? null,
      }),
    ];
    return {
      status: 201,
      body: makeAssignment(assignment.tripId, { ...assignment, progress: { ...assignment.progress, steps, current: step.step }, next }),
    };
  };
}

beforeEach(freshPhone);

describe("the driver's day", () => {
  it('puts the trip of today on top with everything the bus needs, and the later ones below', async () => {
    const today = makeAssignment(1, {
      passengers: [
        { fullName: 'Sami Aziz', pickupPoint: 'Gate 2', dropoffPoint: null, notes: 'Asthma inhaler in bag' },
        { fullName: 'Maya Odeh', pickupPoint: null, dropoffPoint: 'Marina stop', notes: null },
      ],
    });
    const later = makeAssignment(2, {
      destination: 'Desert Farm',
      departureDate: '2031-03-12',
      returnDate: '2031-03-12',
      next: 'acknowledged',
    });
    renderToday([later, today].sort((a, b) => a.departureDate.localeCompare(b.departureDate)));

    const top = await screen.findByRole('region', { name: 'Current trip to Science Discovery Centre' });
    expect(within(top).getByRole('button', { name: 'Left depot' })).toBeInTheDocument();
    expect(within(top).getByText('Bus 7 · DXB 4821')).toBeInTheDocument();
    expect(within(top).getByText('09:15 AM at Al Noor School, Gate 2')).toBeInTheDocument();
    expect(within(top).getByText('02:30 PM')).toBeInTheDocument();
    expect(within(top).getByText('30 students + 3 staff (33 in all)')).toBeInTheDocument();
    expect(within(top).getByText('Two wheelchair users: use the ramp.')).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: 'lina@alnoor.test' })).toHaveAttribute('href', 'mailto:lina@alnoor.test');

    await userEvent.click(within(top).getByRole('button', { name: 'Passenger list (2)' }));
    const list = within(top).getByRole('list', { name: 'Passengers to Science Discovery Centre' });
    expect(within(list).getByText('Sami Aziz')).toBeInTheDocument();
    expect(within(list).getByText('On at Gate 2 · off at Science Discovery Centre')).toBeInTheDocument();
    expect(within(list).getByText('Asthma inhaler in bag')).toBeInTheDocument();
    expect(within(list).getByText('On at Al Noor School, Gate 2 · off at Marina stop')).toBeInTheDocument();

    const below = screen.getByRole('region', { name: 'Trip to Desert Farm' });
    expect(within(below).getByText('Wed 12 Mar')).toBeInTheDocument();
    expect(within(below).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it('offers Acknowledge for a trip of another day', async () => {
    renderToday([makeAssignment(2, { departureDate: '2031-03-12', returnDate: '2031-03-12', next: 'acknowledged' })]);
    expect(
      await within(await screen.findByRole('region', { name: /^Current trip/ })).findByRole('button', { name: 'Acknowledge' }),
    ).toBeInTheDocument();
  });

  it('says on which day to start an acknowledged trip, with no button to tap before', async () => {
    const progress = { ...makeAssignment(3).progress, steps: [recorded('acknowledged')], current: 'acknowledged' as const };
    renderToday([makeAssignment(3, { departureDate: '2031-03-12', returnDate: '2031-03-12', progress, next: 'leftDepot' })]);
    const top = await screen.findByRole('region', { name: /^Current trip/ });
    expect(await within(top).findByText('This trip runs on Wed 12 Mar: tap Left depot on that day.')).toBeInTheDocument();
    expect(within(top).queryByRole('button', { name: 'Left depot' })).not.toBeInTheDocument();
  });

  it('offers the step after the last one recorded, with the steps so far', async () => {
    const atPickup = makeAssignment(1, {
      progress: { ...makeAssignment(1).progress, steps: [recorded('leftDepot'), recorded('atPickup')] },
      next: 'departed',
    });
    renderToday([atPickup]);
    expect(
      await within(await screen.findByRole('region', { name: /^Current trip/ })).findByRole('button', { name: 'Departed' }),
    ).toBeInTheDocument();
    const done = within(current()).getByRole('list', { name: 'Steps done' });
    expect(
      within(done)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Left depot', 'At pickup']);
    // each at its time, written as the pickup and return times are ("hh:mm AM")
    const times = within(done)
      .getAllByRole('listitem')
      .map((li) => li.querySelectorAll('p')[1]?.textContent);
    expect(times).toEqual([dayjs('2031-03-10T07:00:00.000Z').format('hh:mm A'), dayjs('2031-03-10T07:00:00.000Z').format('hh:mm A')]);
    expect(times[0]).toMatch(/^\d{2}:\d{2} [AP]M$/);
  });

  it('says the bus is back once Returned is recorded, with no button left', async () => {
    const steps = (['leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination', 'returned'] as const).map((s) => recorded(s));
    renderToday([makeAssignment(1, { progress: { ...makeAssignment(1).progress, steps }, next: null })]);
    expect(await screen.findByText('Back at the depot: nothing more to tap.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Returned' })).not.toBeInTheDocument();
  });

  it('asks how many are on board before Departed, starting from the passenger list, and sends the count and a note', async () => {
    const list = [
      { fullName: 'Sami Aziz', pickupPoint: null, dropoffPoint: null, notes: null },
      { fullName: 'Maya Odeh', pickupPoint: null, dropoffPoint: null, notes: null },
      { fullName: 'Ali Nasser', pickupPoint: null, dropoffPoint: null, notes: null },
    ];
    const trip = makeAssignment(1, {
      passengers: list,
      progress: { ...makeAssignment(1).progress, steps: [recorded('leftDepot'), recorded('atPickup')] },
      next: 'departed',
    });
    const { calls } = renderToday([trip], { 'POST /api/driver/steps': answerWith(trip, 'arrived') });

    await userEvent.type(await screen.findByRole('textbox', { name: /Add a note/ }), 'Maya stayed home, sick.');
    await userEvent.click(screen.getByRole('button', { name: 'Departed' }));
    const count = screen.getByRole('textbox', { name: 'Passengers on board' });
    expect(count).toHaveValue('3');
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Departed with 2 passengers' }));

    expect(await within(current()).findByRole('button', { name: 'Arrived' })).toBeInTheDocument();
    const [sent] = stepPosts(calls);
    expect(sent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tripId: 1,
      step: 'departed',
      at: expect.any(String),
      passengers: 2,
      note: 'Maya stayed home, sick.',
    });
    expect(within(current()).getByText('Departed with 2 passengers')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Add a note/ })).toHaveValue('');
  });

  it('starts the count from students and staff when the school sent no list', async () => {
    renderToday([makeAssignment(1, { progress: { ...makeAssignment(1).progress, steps: [recorded('atPickup')] }, next: 'departed' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Departed' }));
    expect(screen.getByRole('textbox', { name: 'Passengers on board' })).toHaveValue('33');
    expect(screen.getByRole('button', { name: 'Departed with 33 passengers' })).toBeInTheDocument();
  });

  it('records one step for a double tap', async () => {
    const trip = makeAssignment(1);
    const { calls } = renderToday([trip], { 'POST /api/driver/steps': answerWith(trip, 'atPickup') });
    const button = await screen.findByRole('button', { name: 'Left depot' });
    await userEvent.dblClick(button);
    expect(await within(current()).findByRole('button', { name: 'At pickup' })).toBeDisabled();
    expect(stepPosts(calls).map((b) => b.step)).toEqual(['leftDepot']);
  });

  it("shows the server's refusal in words, and leaves the button as the server has it", async () => {
    const trip = makeAssignment(1);
    renderToday([trip], { 'POST /api/driver/steps': () => ({ status: 409, body: { message: 'This trip was canceled.' } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Left depot' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Left depot was not recorded: This trip was canceled.');
    expect(within(current()).queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(within(current()).getByRole('button', { name: 'Left depot' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes back the last step within its minute', async () => {
    const trip = makeAssignment(1, {
      progress: { ...makeAssignment(1).progress, steps: [recorded('leftDepot', { id: 'tap-1', receivedAt: new Date().toISOString() })] },
      next: 'atPickup',
    });
    const { calls } = renderToday([trip], {
      'POST /api/driver/steps/tap-1/undo': () => ({
        body: makeAssignment(1, {
          progress: { ...trip.progress, steps: [{ ...trip.progress.steps[0], undoneAt: new Date().toISOString() }], current: null },
        }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo Left depot' }));
    expect(await within(current()).findByRole('button', { name: 'Left depot' })).toBeInTheDocument();
    expect(within(current()).queryByRole('list', { name: 'Steps done' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/driver/steps/tap-1/undo']);
  });

  it('reads the day again when the server says one of its trips changed', async () => {
    let destination = 'Science Discovery Centre';
    mockFetch({ 'GET /api/driver/today': () => ({ body: makeDay([makeAssignment(1, { destination })]) }) });
    renderWithApp(<TodayPage driver={OMAR} />, { route: '/today', session: makeSession(omarProfile()) });
    await screen.findByRole('region', { name: 'Current trip to Science Discovery Centre' });
    destination = 'Desert Farm';
    act(() => emitLiveForTest('driver:changed', { tripIds: [1], seq: 1, tenantId: 1 }));
    expect(await screen.findByRole('region', { name: 'Current trip to Desert Farm' })).toBeInTheDocument();
  });

  it('says so when there is no trip in the coming week', async () => {
    renderToday([]);
    expect(await screen.findByText('No trips for you today or in the next 7 days.')).toBeInTheDocument();
  });
});

describe('the undo minute', () => {
  afterEach(() => jest.useRealTimers());

  it('shows Undo for the last step until a minute after the server received it, then hides it', async () => {
    jest.useFakeTimers({ now: new Date('2031-03-10T07:00:31.000Z') });
    renderToday([
      makeAssignment(1, {
        progress: { ...makeAssignment(1).progress, steps: [recorded('leftDepot', { receivedAt: '2031-03-10T07:00:01.000Z' })] },
        next: 'atPickup',
      }),
    ]);
    expect(await screen.findByRole('button', { name: 'Undo Left depot' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(29_000));
    expect(screen.getByRole('button', { name: 'Undo Left depot' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.queryByRole('button', { name: 'Undo Left depot' })).not.toBeInTheDocument();
    expect(within(current()).getByRole('button', { name: 'At pickup' })).toBeInTheDocument();
  });

  it('offers no Undo once the last bus back has completed the trip (the server would refuse it)', async () => {
    jest.useFakeTimers({ now: new Date('2031-03-10T07:00:31.000Z') });
    const steps = [
      recorded('leftDepot', { receivedAt: '2031-03-10T06:00:01.000Z' }),
      recorded('returned', { receivedAt: '2031-03-10T07:00:01.000Z' }),
    ];
    renderToday([makeAssignment(1, { status: 'Completed', progress: { ...makeAssignment(1).progress, steps }, next: null })]);
    expect(await within(await screen.findByRole('region', { name: /^Current trip to/ })).findByText('Returned')).toBeInTheDocument();
    expect(screen.getByText('Back at the depot: nothing more to tap.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });
});

describe('the hour of departure', () => {
  afterEach(() => jest.useRealTimers());

  it('says when Departed may be tapped, by the school’s clock, and offers the button at that hour without a reload', async () => {
    // the phone's own clock is years off: the server's reading of the school's clock counts
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
    const atPickup = makeAssignment(1, {
      progress: { ...makeAssignment(1).progress, steps: [recorded('leftDepot'), recorded('atPickup')] },
      next: 'departed',
    });
    mockFetch({ 'GET /api/driver/today': () => ({ body: makeDay([atPickup], { now: `${TODAY}T08:13` }) }) });
    renderWithApp(<TodayPage driver={OMAR} />, { route: '/today', session: makeSession(omarProfile()) });
    expect(
      await within(await screen.findByRole('region', { name: /^Current trip/ })).findByText(
        'This trip departs at 09:15 AM: tap Departed from 08:15 AM.',
      ),
    ).toBeInTheDocument();
    expect(within(current()).queryByRole('button', { name: 'Departed' })).not.toBeInTheDocument();
    // the page reads the clock every 30 s: its first reading past 08:15
    act(() => jest.advanceTimersByTime(150_000));
    expect(within(current()).getByRole('button', { name: 'Departed' })).toBeInTheDocument();
  });

  it('says when Returned may be tapped after an early departure: not before the planned departure', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
    const steps = (['leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination'] as const).map((s) => recorded(s));
    const away = makeAssignment(1, { progress: { ...makeAssignment(1).progress, steps }, next: 'returned' });
    mockFetch({ 'GET /api/driver/today': () => ({ body: makeDay([away], { now: `${TODAY}T08:58` }) }) });
    renderWithApp(<TodayPage driver={OMAR} />, { route: '/today', session: makeSession(omarProfile()) });
    expect(
      await within(await screen.findByRole('region', { name: /^Current trip/ })).findByText(
        'This trip departs at 09:15 AM: tap Returned from 09:15 AM.',
      ),
    ).toBeInTheDocument();
    expect(within(current()).queryByRole('button', { name: 'Returned' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(17 * 60_000 + 30_000));
    expect(within(current()).getByRole('button', { name: 'Returned' })).toBeInTheDocument();
  });
});
