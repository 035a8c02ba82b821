import type { DriverAssignmentDto, StepBody } from '@contracts/driver-wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { driverStorage } from './offline/driver-storage';
import { freshPhone, makeAssignment, makeDay, noSignal, OMAR, omarProfile, recorded, setOnline } from './test-driver';
import { TodayPage } from './today-page';

const current = () => screen.getByRole('region', { name: /^Current trip to/ });
const banner = () => screen.getByRole('status', { name: 'Connection' });
const OFFLINE = 'You are offline. Taps are saved and will be sent when the signal returns.';

/** The big button for `step`, once it takes taps again (it rests a moment after each). */
async function bigButton(step: string) {
  const button = await within(current()).findByRole('button', { name: step });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** A server that records every step it is sent, in order, and answers the bus's progress with it. */
function recordingServer(trip: DriverAssignmentDto) {
  const received: StepBody[] = [];
  let signal = true;
  const routes = {
    'GET /api/driver/today': () => (signal ? { body: makeDay([trip]) } : noSignal()),
    'POST /api/driver/steps': (body: unknown) => {
      if (!signal) return noSignal();
      const step = body as StepBody;
      received.push(step);
      const steps = [
        ...trip.progress.steps,
        ...received.map((r) => recorded(r.step, { id: r.id, at: r.at, receivedAt: new Date().toISOString() })),
      ];
      return { status: 201, body: makeAssignment(trip.tripId, { progress: { ...trip.progress, steps, current: step.step }, next: null }) };
    },
  };
  return { routes, received, setSignal: (on: boolean) => (signal = on) };
}

function renderToday() {
  renderWithApp(<TodayPage driver={OMAR} />, { route: '/today', session: makeSession(omarProfile()) });
}

beforeEach(freshPhone);

describe('the driver without a signal', () => {
  it('keeps each tap, shows it as waiting with the button moved on, and sends them in order with the time of the tap', async () => {
    const server = recordingServer(makeAssignment(1));
    const { calls } = mockFetch(server.routes);
    renderToday();
    await within(await screen.findByRole('region', { name: /^Current trip/ })).findByRole('button', { name: 'Left depot' });

    server.setSignal(false);
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const tappedFrom = Date.now();
    await userEvent.click(within(current()).getByRole('button', { name: 'Left depot' }));
    await userEvent.click(await bigButton('At pickup'));
    expect(await within(current()).findByRole('button', { name: 'Departed' })).toBeInTheDocument();

    const done = within(current()).getByRole('list', { name: 'Steps done' });
    expect(within(done).getAllByText('Waiting to send')).toHaveLength(2);
    expect(banner()).toHaveTextContent(OFFLINE);
    expect(banner()).toHaveTextContent('2 taps are waiting to send.');
    expect(server.received).toHaveLength(0);
    // kept on the phone with its own ids and the times of the taps
    const kept = (await driverStorage().readQueue()).map((q) => q.body);
    expect(kept.map((b) => b.step)).toEqual(['leftDepot', 'atPickup']);
    for (const body of kept) expect(Date.parse(body.at)).toBeGreaterThanOrEqual(tappedFrom);
    expect(calls.filter((c) => c.method === 'POST').every((c) => (c.body as StepBody).id === kept[0].id)).toBe(true);

    server.setSignal(true);
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(banner()).toHaveTextContent('Everything is sent.'));
    expect(server.received.map((s) => s.step)).toEqual(['leftDepot', 'atPickup']);
    expect(server.received).toEqual(kept);
    expect(within(current()).queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(await driverStorage().readQueue()).toEqual([]);
  });

  it('takes back a tap not sent yet without asking the server', async () => {
    const server = recordingServer(makeAssignment(1));
    const { calls } = mockFetch(server.routes);
    renderToday();
    await within(await screen.findByRole('region', { name: /^Current trip/ })).findByRole('button', { name: 'Left depot' });
    server.setSignal(false);
    await userEvent.click(within(current()).getByRole('button', { name: 'Left depot' }));
    await userEvent.click(await within(current()).findByRole('button', { name: 'Undo Left depot' }));

    expect(await within(current()).findByRole('button', { name: 'Left depot' })).toBeInTheDocument();
    expect(within(current()).queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/undo'))).toHaveLength(0);
    await waitFor(async () => expect(await driverStorage().readQueue()).toEqual([]));
  });

  it('opens with the day kept on the phone when the server cannot be reached', async () => {
    const kept = makeDay([makeAssignment(1, { destination: 'Desert Farm' })]);
    await driverStorage().writeDay(OMAR.userId, { day: kept, savedAt: new Date().toISOString() });
    setOnline(false);
    mockFetch({ 'GET /api/driver/today': noSignal });
    renderToday();
    expect(await screen.findByRole('region', { name: 'Current trip to Desert Farm' })).toBeInTheDocument();
    expect(banner()).toHaveTextContent(OFFLINE);
    expect(banner()).toHaveTextContent(/Your day as it was at \d{1,2}:\d{2} [AP]M\./);
  });

  it('says so when it has no signal and kept nothing yet', async () => {
    mockFetch({ 'GET /api/driver/today': noSignal });
    renderToday();
    expect(await screen.findByText('There is no signal, and this phone has not kept your day yet.')).toBeInTheDocument();
  });

  it('sends the taps kept from an earlier visit as the page opens', async () => {
    const server = recordingServer(makeAssignment(1));
    mockFetch(server.routes);
    const body: StepBody = { id: '8d8c5b0e-5f8e-4c2a-9d55-3c1f0f6c2a10', tripId: 1, step: 'leftDepot', at: '2031-03-10T06:58:00.000Z' };
    await driverStorage().writeQueue([{ userId: OMAR.userId, body }]);
    renderToday();
    await waitFor(() => expect(server.received).toEqual([body]));
    expect(await driverStorage().readQueue()).toEqual([]);
  });

  it('tells the driver which waiting taps the server refused, and keeps none of them', async () => {
    const trip = makeAssignment(1);
    const answers: Record<string, { status: number; body: unknown }> = {};
    mockFetch({
      'GET /api/driver/today': () => ({ body: makeDay([trip]) }),
      'POST /api/driver/steps': (body) => answers[(body as StepBody).step] ?? noSignal(),
    });
    renderToday();
    await within(await screen.findByRole('region', { name: /^Current trip/ })).findByRole('button', { name: 'Left depot' });
    await userEvent.click(within(current()).getByRole('button', { name: 'Left depot' }));
    await userEvent.click(await bigButton('At pickup'));

    answers.leftDepot = { status: 409, body: { message: 'This trip was canceled.' } };
    answers.atPickup = { status: 409, body: { message: 'Tap Left depot first.' } };
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Left depot was not recorded: This trip was canceled.',
      'At pickup was not recorded: Tap Left depot first.',
    ]);
    expect(await driverStorage().readQueue()).toEqual([]);
  });
});
