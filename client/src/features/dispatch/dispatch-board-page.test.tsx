import type { DispatchBoardDto } from '@contracts/fleet-wire';
import { FleetMessages } from '@contracts/fleet-messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR } from '../trips/test-trips';
import { weekOf } from './board-data';
import { DispatchBoardPage } from './dispatch-board-page';
import { subscribeDispatchLive } from './dispatch.live';
import { makeBoard, makeBus, makeDriver, onBus } from './test-board';
import { addDays } from '@contracts/fleet-rules';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const envelope = { seq: 1, tenantId: 1 };

function renderBoard(board: DispatchBoardDto = makeBoard(), extra: Parameters<typeof mockFetch>[0] = {}, route = '/dispatch') {
  const mocked = mockFetch({
    'GET /api/dispatch/board': () => ({ body: board }),
    'GET /api/trips': () => ({ body: [...board.trips, ...board.needsBus] }),
    'GET /api/fleet/buses': () => ({ body: board.buses }),
    'GET /api/fleet/drivers': () => ({ body: board.drivers }),
    ...extra,
  });
  renderWithApp(<DispatchBoardPage />, { route, session: makeSession(dispatcher) });
  return mocked;
}

const row = (label: string) => screen.getByRole('group', { name: label });
const bar = (id: number) => document.querySelector(`[data-row] [data-trip-id="${id}"]`) as HTMLElement | null;
const boardCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/dispatch/board');

let off: () => void;
beforeEach(() => {
  off = subscribeDispatchLive();
});
afterEach(() => off());

describe('Dispatch Board', () => {
  it('shows a row per bus, each trip a bar placed by day and time, clashes in red, and the waiting lane', async () => {
    renderBoard();
    await screen.findByRole('group', { name: 'Bus 1' });
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Bus 1', 'Bus 2', 'Bus 3']);
    expect(within(row('Bus 1')).getByText('White Bus · 40 seats')).toBeInTheDocument();

    const monday = within(row('Bus 1')).getByRole('button', {
      name: /^Botanical Gardens, Mon 3 Mar 06:00 AM–06:00 PM, Greenfield Primary, 33 passengers, Confirmed$/,
    });
    // the week view gives Monday's trip the whole Monday column
    expect(monday.style.left).toBe('0%');
    expect(parseFloat(monday.style.width)).toBeCloseTo(100 / 7, 6);
    expect(monday.dataset.color).toBe('green');

    const clashes = within(row('Bus 2')).getAllByRole('button', { name: /, clash$/ });
    expect(clashes).toHaveLength(2);
    for (const b of clashes) {
      expect(b.dataset.color).toBe('red');
      expect(b).toHaveAttribute('data-clash', 'true');
    }
    expect(within(row('Bus 3')).queryAllByRole('button', { name: /Mar/ })).toHaveLength(0);

    const lane = screen.getByRole('region', { name: 'Needs a bus' });
    expect(within(lane).getByText('Space Museum')).toBeInTheDocument();
    expect(within(lane).getByText(/^Departs in \d+ days?$|^Departed$/)).toBeInTheDocument();
    expect(screen.getByLabelText('1 waiting')).toBeInTheDocument();
  });

  it('switches to drivers: one row per driver, a licence expiring within 30 days shows', async () => {
    renderBoard();
    await screen.findByRole('group', { name: 'Bus 1' });
    await userEvent.click(screen.getByRole('radio', { name: 'Drivers' }));
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Omar Haddad', 'Sara Khan', 'Other drivers']);
    expect(within(row('Sara Khan')).getByText('Licence expires Sat 15 Mar 2031')).toBeInTheDocument();
    expect(within(row('Omar Haddad')).getByRole('button', { name: /^Botanical Gardens/ })).toBeInTheDocument();
  });

  it('moves a week back and forth and back to this week with Today', async () => {
    const { fetchMock } = renderBoard();
    await screen.findByRole('group', { name: 'Bus 1' });
    const thisWeek = weekOf();
    expect(boardCalls(fetchMock).at(-1)?.searchParams.get('from')).toBe(thisWeek.from);
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(boardCalls(fetchMock).at(-1)?.searchParams.get('from')).toBe(addDays(thisWeek.from, 7)));
    expect(boardCalls(fetchMock).at(-1)?.searchParams.get('to')).toBe(addDays(thisWeek.to, 7));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(boardCalls(fetchMock).at(-1)?.searchParams.get('from')).toBe(addDays(thisWeek.from, -7)));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByRole('group', { name: 'Bus 1' });
    expect(screen.getByTestId('board-week')).toHaveTextContent(/^\w{3} \d+ \w{3} – \w{3} \d+ \w{3} \d{4}$/);
    // the week already read comes from the cache
    expect(boardCalls(fetchMock).filter((u) => u.searchParams.get('from') === thisWeek.from)).toHaveLength(1);
  });

  it('merges live trips and fleet changes from the cache, without reading the board again', async () => {
    const board = makeBoard();
    const { fetchMock } = renderBoard(board);
    await screen.findByRole('group', { name: 'Bus 1' });
    const waiting = board.needsBus[0];

    // the waiting trip gets Bus 3 on another console
    act(() =>
      emitLiveForTest('trip:updated', {
        ...envelope,
        trip: { ...waiting, status: 'Confirmed', buses: [onBus(board.buses[2])], needsBus: false, version: 2 },
        status: 'Confirmed',
      } as never),
    );
    expect(within(row('Bus 3')).getByRole('button', { name: /^Space Museum, .*Confirmed$/ })).toBeInTheDocument();
    // the red bars of Bus 2 are still shown, so the lane does not claim every trip has its bus
    expect(screen.getByText('No trip is waiting for a bus.')).toBeInTheDocument();

    // a bus is added and a driver renamed
    act(() => emitLiveForTest('fleet:updated', { ...envelope, bus: makeBus(4, { name: 'Bus 4' }) } as never));
    expect(row('Bus 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Drivers' }));
    act(() => emitLiveForTest('fleet:updated', { ...envelope, driver: makeDriver(1, { name: 'Omar H.', version: 2 }) } as never));
    expect(row('Omar H.')).toBeInTheDocument();

    // a trip deleted leaves
    act(() => emitLiveForTest('trip:deleted', { ...envelope, tripId: 501 } as never));
    expect(bar(501)).toBeNull();
    expect(boardCalls(fetchMock)).toHaveLength(1);
  });

  it('opens the trip details from a bar', async () => {
    renderBoard();
    await screen.findByRole('group', { name: 'Bus 1' });
    await userEvent.click(within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    expect(within(details).getByRole('heading', { name: 'Botanical Gardens' })).toBeInTheDocument();
  });

  it('shows a list per day on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      renderBoard();
      const list = await screen.findByTestId('board-day-list');
      expect(screen.queryByTestId('board-grid')).toBeNull();
      const wednesday = within(list).getByRole('region', { name: 'Wed 5 Mar' });
      expect(
        within(wednesday)
          .getAllByRole('button')
          .map((b) => b.getAttribute('data-trip-id')),
      ).toEqual(['502', '503']);
      expect(within(wednesday).getAllByText('Clash')).toHaveLength(2);
      expect(within(wednesday).getByText('Bus 2 (Sara Khan)')).toBeInTheDocument();
      expect(within(list).getByRole('region', { name: `Mon 3 Mar · Today` })).toBeInTheDocument();
      expect(within(within(list).getByRole('region', { name: 'Sun 9 Mar' })).getByText('No trips.')).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

describe('Assign Bus from the board, with the fleet picker', () => {
  it('fills type and seats from the fleet bus, sends busId and driverId, and shows the server’s clash message', async () => {
    const board = makeBoard();
    const clash = 'Bus 2 is already on Science Discovery Centre, Wed 5 Mar 09:00 AM–12:00 PM.';
    let patched: unknown;
    renderBoard(board, {
      'PATCH /api/trips/504': (body) => {
        patched = body;
        return { status: 409, body: { message: clash, conflicts: [] } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Space Museum, .*assign a bus$/ }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet bus' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Bus 2 · Internal Yellow Bus · 50 seats/ }));
    expect(within(modal).getByRole('textbox', { name: /^Seats/ })).toHaveValue('50');
    expect(within(modal).getByRole('combobox', { name: /^Bus type/ })).toHaveValue('Internal Yellow Bus');
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet driver' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Sara Khan/ }));
    expect(within(modal).getByRole('textbox', { name: 'Driver name' })).toHaveValue('Sara Khan');
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    expect(within(modal).getByText('Bus 2 · Internal Yellow Bus')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));

    expect(await within(modal).findByText(clash)).toBeInTheDocument();
    expect(patched).toMatchObject({
      status: 'Confirmed',
      buses: [{ busId: 2, busName: 'Bus 2', driverId: 2, busType: 'Internal Yellow Bus', busSeats: 50, driverName: 'Sara Khan' }],
    });
    expect(screen.getByRole('dialog', { name: 'Assign Bus' })).toBeInTheDocument();
  });

  it('shows the server’s seat and licence refusals in its words', async () => {
    const board = makeBoard();
    renderBoard(board, { 'PATCH /api/trips/504': () => ({ status: 400, body: { message: FleetMessages.tooFewSeats(45, 40) } }) });
    await userEvent.click(await screen.findByRole('button', { name: /^Space Museum, .*assign a bus$/ }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet bus' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Bus 1 · White Bus · 40 seats/ }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await within(modal).findByText('45 passengers, 40 seats assigned.')).toBeInTheDocument();
  });

  it('starts from a bus row’s "+" with that bus chosen, and a hired vehicle stays free text', async () => {
    const board = makeBoard();
    let patched: { buses: Record<string, unknown>[] } | undefined;
    renderBoard(board, {
      'PATCH /api/trips/504': (body) => {
        patched = body as typeof patched;
        return { body: { ...board.needsBus[0], status: 'Confirmed', version: 2, buses: patched!.buses } };
      },
      'POST /api/trips/504/subtrips': () => ({ status: 201, body: {} }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign a waiting trip to Bus 3' }));
    const picker = await screen.findByRole('dialog', { name: 'A trip for Bus 3' });
    await userEvent.click(within(picker).getByRole('button', { name: /^Space Museum/ }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    await waitFor(() => expect(within(modal).getByRole('combobox', { name: 'Fleet bus' })).toHaveValue('Bus 3 · White Bus · 40 seats'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    // a second bus, hired: typed in
    await userEvent.clear(within(modal).getByRole('textbox', { name: /^Seats/ }));
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Seats/ }), '10');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Driver name' }), 'Hired Hamid');
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    await screen.findByText('Buses assigned successfully!');
    expect(patched?.buses[0]).toMatchObject({ busId: 3, busName: 'Bus 3', busSeats: 40 });
    expect(patched?.buses[1]).toEqual({
      busType: 'Internal Yellow Bus',
      busSeats: 10,
      tripPrice: null,
      driverName: 'Hired Hamid',
      driverPhone: null,
      status: null,
    });
    // the board moved it out of the lane at once
    await waitFor(() => expect(within(row('Bus 3')).getByRole('button', { name: /^Space Museum/ })).toBeInTheDocument());
  });
});
