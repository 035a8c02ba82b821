import { localDate } from '@contracts/fleet-rules';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR } from '../trips/test-trips';
import { DispatchBoardPage } from './dispatch-board-page';
import { subscribeDispatchLive } from './dispatch.live';
import { companyTrip, day, makeBoard, makeBus, onBus } from './test-board';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const envelope = { seq: 1, tenantId: 1 };
const wednesday = day(2);

function renderBoard(board: DispatchBoardDto, route: string, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocked = mockFetch({
    'GET /api/dispatch/board': () => ({ body: board }),
    'GET /api/trips': () => ({ body: [...board.trips, ...board.needsBus, ...board.requests] }),
    'GET /api/fleet/buses': () => ({ body: board.buses }),
    'GET /api/fleet/drivers': () => ({ body: board.drivers }),
    ...extra,
  });
  renderWithApp(<DispatchBoardPage />, { route, session: makeSession(dispatcher) });
  return mocked;
}

const row = (label: string) => screen.getByRole('group', { name: label });
const bar = (id: number) => document.querySelector(`[data-row] [data-trip-id="${id}"]`) as HTMLElement | null;
const timeline = (label: string) => row(label).querySelector('[data-timeline]') as HTMLElement;

let off: () => void;
beforeEach(() => {
  off = subscribeDispatchLive();
});
afterEach(() => off());

describe('the Today view', () => {
  const evening = companyTrip({
    id: 510,
    destination: 'Aquarium of the Gulf',
    schoolName: 'Al Noor School',
    students: 40,
    staff: 5,
    departureDate: wednesday,
    returnDate: wednesday,
    departureTime: '04:00 PM',
    returnTime: '09:30 PM',
    buses: [onBus(makeBus(3))],
  });

  it('shows the day’s hours across, widened so an evening trip is not cut off, each bar with time, destination, school and passengers', async () => {
    const base = makeBoard();
    renderBoard({ ...base, trips: [...base.trips, evening] }, `/dispatch?period=day&day=${wednesday}`);
    await screen.findByRole('group', { name: 'Bus 1' });
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    expect(screen.getByTestId('board-day')).toHaveTextContent('Wed 5 Mar 2031');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Bus 1', 'Bus 2', 'Bus 3']);
    const hours = [...screen.getByTestId('hour-ticks').querySelectorAll('[data-hour]')].map((t) => t.textContent);
    expect(hours[0]).toBe('06:00');
    expect(hours.at(-1)).toBe('22:00');

    // Monday's trip is not on Wednesday
    expect(bar(501)).toBeNull();
    const aquarium = within(row('Bus 3')).getByRole('button', { name: /^Aquarium of the Gulf, / });
    expect(aquarium).toHaveTextContent('16:00–21:30');
    expect(aquarium).toHaveTextContent('Aquarium of the Gulf');
    expect(aquarium).toHaveTextContent('Al Noor School');
    expect(aquarium).toHaveTextContent('45');
    // 16:00–21:30 on 06:00–22:00: it ends before the right edge
    expect(parseFloat(aquarium.style.left) + parseFloat(aquarium.style.width)).toBeCloseTo((15.5 / 16) * 100, 6);

    // both trips of a clash are red
    const clashes = within(row('Bus 2')).getAllByRole('button', { name: /, clash$/ });
    expect(clashes.map((b) => [b.dataset.tripId, b.dataset.color])).toEqual([
      ['502', 'red'],
      ['503', 'red'],
    ]);
    expect(clashes[0]).toHaveTextContent('09:00–12:00');
  });

  it('moves a day back and forth, and back to today', async () => {
    renderBoard(makeBoard(), `/dispatch?period=day&day=${wednesday}`);
    await screen.findByRole('group', { name: 'Bus 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByTestId('board-day')).toHaveTextContent('Thu 6 Mar 2031');
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByTestId('board-day')).toHaveTextContent('Tue 4 Mar 2031');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getByTestId('board-day')).toHaveTextContent(/ · Today$/));
  });

  it('switches between the week and the day with the Period control', async () => {
    renderBoard(makeBoard(), '/dispatch');
    await screen.findByRole('group', { name: 'Bus 1' });
    expect(screen.getByRole('region', { name: 'Week by bus' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Today' }));
    expect(await screen.findByTestId('hour-ticks')).toBeInTheDocument();
    expect(screen.getByTestId('board-day')).toHaveTextContent(/ · Today$/);
  });

  it('shows a trip’s facts in a card when its bar has keyboard focus, and hides it on Escape', async () => {
    renderBoard(makeBoard(), `/dispatch?period=day&day=${wednesday}`);
    await screen.findByRole('group', { name: 'Bus 1' });
    const science = within(row('Bus 2')).getByRole('button', { name: /^Science Discovery Centre/ });
    act(() => science.focus());
    const card = await screen.findByRole('tooltip');
    expect(within(card).getByText('Greenfield Primary')).toBeInTheDocument();
    expect(within(card).getByText('Wed 5 Mar 09:00 AM–12:00 PM')).toBeInTheDocument();
    expect(within(card).getByText('33 passengers (30 students, 3 staff)')).toBeInTheDocument();
    expect(within(card).getByText('Bus 2, driver Sara Khan (+971 50 000 002)')).toBeInTheDocument();
    expect(within(card).getByText('Bus 2 clashes with Camel Racing Museum, Wed 5 Mar 10:00 AM–01:00 PM')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('links each driver to the run sheet of the day shown', async () => {
    renderBoard(makeBoard(), `/dispatch?period=day&day=${wednesday}&view=drivers`);
    const link = await screen.findByRole('link', { name: 'Run sheet for Omar Haddad' });
    expect(link).toHaveAttribute('href', `/dispatch/run-sheet?driver=1&date=${wednesday}`);
    expect(link).toHaveTextContent('Run sheet');
  });

  it('links to today’s run sheet from the week', async () => {
    renderBoard(makeBoard(), '/dispatch?view=drivers');
    const link = await screen.findByRole('link', { name: 'Run sheet for Sara Khan' });
    expect(link).toHaveAttribute('href', `/dispatch/run-sheet?driver=2&date=${localDate()}`);
  });
});

describe('the lane of trips that need a bus', () => {
  it('lists a clashing trip and one whose bus is out of service with why, and opens Assign Bus from it', async () => {
    const base = makeBoard();
    const broken = companyTrip({
      id: 520,
      destination: 'Heritage Village',
      departureDate: day(3),
      returnDate: day(3),
      buses: [onBus(makeBus(9))],
      needsBus: true,
      outOfService: [{ resource: 'bus', resourceId: 9, resourceName: 'Bus 9' }],
    });
    renderBoard({ ...base, needsBus: [base.trips[1], broken, ...base.needsBus] }, '/dispatch');
    const lane = await screen.findByRole('region', { name: 'Needs a bus' });
    expect(within(lane).getByText('Bus 2 clashes with Camel Racing Museum, Wed 5 Mar 10:00 AM–01:00 PM')).toBeInTheDocument();
    expect(within(lane).getByText('Bus 9 is out of service')).toBeInTheDocument();
    expect(within(lane).queryByText('Every accepted trip has a bus.')).toBeNull();
    await userEvent.click(within(lane).getByRole('button', { name: /^Heritage Village, .*Bus 9 is out of service, .*assign a bus$/ }));
    expect(await screen.findByRole('dialog', { name: 'Assign Bus' })).toBeInTheDocument();
  });
});

describe('the request lane', () => {
  const fresh = (overrides: Partial<TripDto> = {}) =>
    companyTrip({
      id: 600,
      status: 'Pending',
      busCompanyOrgId: null,
      busCompanyName: null,
      destination: 'Aquarium of the Gulf',
      schoolName: 'Al Noor School',
      students: 40,
      staff: 5,
      departureDate: day(3),
      returnDate: day(3),
      updatedAt: '2031-03-02T10:00:00.000Z',
      ...overrides,
    });
  const edit = () =>
    companyTrip({
      id: 601,
      status: 'Pending',
      editRequest: true,
      destination: 'Camel Racing Museum',
      departureDate: day(2),
      returnDate: day(2),
      departureTime: '10:00 AM',
      returnTime: '01:00 PM',
      buses: [onBus(makeBus(2))],
      requestedChanges: [{ field: 'departure', label: 'Departure', from: 'Tue 4 Mar 10:00 AM', to: 'Wed 5 Mar 10:00 AM' }],
      clashes: [{ tripId: 502, resource: 'bus', resourceId: 2, resourceName: 'Bus 2' }],
      updatedAt: '2031-03-01T10:00:00.000Z',
    });

  it('lists each request with its date, school, passengers, changes and clash, and accepts or rejects it in place', async () => {
    const patches: { id: string; body: unknown }[] = [];
    const answer = (body: unknown, url: URL) => {
      patches.push({ id: url.pathname, body });
      const status = (body as { status: TripDto['status'] }).status;
      return { body: { ...fresh(), status, version: 2 } };
    };
    renderBoard(makeBoard({ requests: [fresh(), edit()] }), '/dispatch', {
      'PATCH /api/trips/600': answer,
      'PATCH /api/trips/601': answer,
      'GET /api/trips/600/history': () => ({ body: [] }),
    });
    const lane = await screen.findByRole('region', { name: 'Requests' });
    const cards = within(lane).getAllByRole('button', { name: /view details$/ });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Aquarium of the Gulf, new request, view details',
      'Camel Racing Museum, edit request, view details',
    ]);
    expect(within(lane).getByText('Thu 6 Mar 08:00 AM–03:00 PM · Al Noor School · 45 passengers')).toBeInTheDocument();
    expect(within(lane).getByText('Departure: Tue 4 Mar 10:00 AM → Wed 5 Mar 10:00 AM')).toBeInTheDocument();
    expect(within(lane).getByText('Bus 2 clashes with Science Discovery Centre, Wed 5 Mar 09:00 AM–12:00 PM')).toBeInTheDocument();

    await userEvent.click(within(lane).getByRole('button', { name: 'Accept Aquarium of the Gulf' }));
    await waitFor(() => expect(patches).toEqual([{ id: '/api/trips/600', body: { status: 'Accepted', version: 1 } }]));
    // the dispatcher stays on the board: a toast says it, no details open over the lane
    expect(await screen.findByText('Aquarium of the Gulf accepted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'View trip details' })).not.toBeInTheDocument();

    await userEvent.click(within(lane).getByRole('button', { name: 'Reject Camel Racing Museum' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject Trip' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches[1]).toEqual({ id: '/api/trips/601', body: { status: 'Rejected', version: 1 } }));
  });

  it('takes in a request pushed live, tells of it with a toast that opens it, and lets it go once accepted', async () => {
    renderBoard(makeBoard(), '/dispatch', { 'GET /api/trips/600/history': () => ({ body: [] }) });
    const lane = await screen.findByRole('region', { name: 'Requests' });
    expect(within(lane).getByText('No requests waiting.')).toBeInTheDocument();

    act(() => emitLiveForTest('trip:created', { ...envelope, trip: fresh(), by: { id: 99, name: 'Grace Green' } } as never));
    expect(within(lane).getByRole('button', { name: 'Aquarium of the Gulf, new request, view details' })).toBeInTheDocument();
    expect(await screen.findByText('New trip request: Aquarium of the Gulf, Thu 6 Mar, Al Noor School, 45 passengers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View trip' }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    expect(within(details).getByRole('heading', { name: 'Aquarium of the Gulf' })).toBeInTheDocument();
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));

    // accepted on another console: out of the requests, into the lane of trips needing a bus
    act(() =>
      emitLiveForTest('trip:updated', {
        ...envelope,
        trip: fresh({ status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 }),
        status: 'Accepted',
        by: { id: 98, name: 'Dina' },
      } as never),
    );
    expect(within(lane).getByText('No requests waiting.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Needs a bus' })).getByText('Aquarium of the Gulf')).toBeInTheDocument();
  });

  it('says nothing of a request the user made, and toasts a trip that turns into an edit request', async () => {
    renderBoard(makeBoard(), '/dispatch');
    const lane = await screen.findByRole('region', { name: 'Requests' });
    act(() => emitLiveForTest('trip:created', { ...envelope, trip: fresh(), by: { id: dispatcher.id, name: dispatcher.name } } as never));
    expect(within(lane).getByRole('button', { name: /^Aquarium of the Gulf, new request/ })).toBeInTheDocument();
    expect(screen.queryByText(/^New trip request:/)).toBeNull();

    const changed = { ...edit(), version: 2 };
    act(() =>
      emitLiveForTest('trip:updated', { ...envelope, trip: changed, status: 'Pending', by: { id: 3, name: 'Grace Green' } } as never),
    );
    expect(within(lane).getByRole('button', { name: /^Camel Racing Museum, edit request/ })).toBeInTheDocument();
    expect(await screen.findByText('Edit request: Camel Racing Museum, Wed 5 Mar, Greenfield Primary, 33 passengers')).toBeInTheDocument();
  });

  it('lists a school’s cancellation request of the company’s trip, pushed live, and approves it in place', async () => {
    const asked = () =>
      companyTrip({
        id: 602,
        status: 'Cancel Requested',
        destination: 'Opera House',
        departureDate: day(1),
        returnDate: day(1),
        buses: [onBus(makeBus(1))],
        updatedAt: '2031-03-02T11:00:00.000Z',
      });
    const patches: unknown[] = [];
    renderBoard(makeBoard(), '/dispatch', {
      'PATCH /api/trips/602': (body) => {
        patches.push(body);
        return { body: { ...asked(), status: 'Canceled', version: 2 } };
      },
    });
    const lane = await screen.findByRole('region', { name: 'Requests' });
    act(() =>
      emitLiveForTest('trip:updated', {
        ...envelope,
        trip: asked(),
        status: 'Cancel Requested',
        by: { id: 3, name: 'Grace Green' },
      } as never),
    );
    // it was only a pink bar further down the board
    expect(within(lane).getByRole('button', { name: 'Opera House, cancel request, view details' })).toBeInTheDocument();
    expect(await screen.findByText(/^Cancel request: Opera House, /)).toBeInTheDocument();
    expect(within(lane).queryByRole('button', { name: 'Accept Opera House' })).toBeNull();
    expect(within(lane).getByRole('button', { name: 'Decline Request Opera House' })).toBeInTheDocument();
    await userEvent.click(within(lane).getByRole('button', { name: 'Approve Cancel Opera House' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'Canceled', version: 1 }]));
    expect(await screen.findByText('Opera House canceled.')).toBeInTheDocument();
    // the change comes back live: the request is answered
    act(() =>
      emitLiveForTest('trip:updated', {
        ...envelope,
        trip: { ...asked(), status: 'Canceled', version: 2 },
        status: 'Canceled',
        by: { id: dispatcher.id, name: dispatcher.name },
      } as never),
    );
    expect(within(lane).getByText('No requests waiting.')).toBeInTheDocument();
  });

  const SERIES = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  /** Three Thursdays of swimming filed at once, as the board answers them (newest first: the last week first). */
  const term = (overrides: Partial<TripDto> = {}) =>
    [2, 1, 0].map((week) =>
      fresh({
        id: 610 + week,
        destination: 'Hamdan Pool',
        departureDate: day(3 + 7 * week),
        returnDate: day(3 + 7 * week),
        seriesId: SERIES,
        ...overrides,
      }),
    );

  it('shows the new requests of a weekly series as one card, accepts every week of it from there after asking, and lists them as one card needing a bus', async () => {
    const posts: unknown[] = [];
    renderBoard(makeBoard({ requests: [...term(), fresh(), edit()] }), '/dispatch', {
      [`GET /api/trips/series/${SERIES}`]: () => ({
        body: term({ status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 }).reverse(),
      }),
      [`POST /api/trips/series/${SERIES}/accept`]: (body) => {
        posts.push(body);
        const accepted = term({ status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 }).reverse();
        return { body: { trips: accepted, accepted: accepted.map((t) => t.id) } };
      },
    });
    const lane = await screen.findByRole('region', { name: 'Requests' });
    expect(
      within(lane)
        .getAllByRole('button', { name: /view details$/ })
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual([
      'Hamdan Pool, weekly request of 3 trips, view details',
      'Aquarium of the Gulf, new request, view details',
      'Camel Racing Museum, edit request, view details',
    ]);
    // the count is of requests, every week one
    expect(within(lane).getByLabelText('5 requests')).toBeInTheDocument();
    expect(within(lane).getByText('3 trips, every Thu from Thu 6 Mar 2031 to Thu 20 Mar 2031.')).toBeInTheDocument();
    expect(within(lane).getByText('First Thu 6 Mar 08:00 AM–03:00 PM · Al Noor School · 45 passengers')).toBeInTheDocument();
    expect(within(lane).queryByRole('button', { name: 'Accept Hamdan Pool' })).toBeNull();

    await userEvent.click(within(lane).getByRole('button', { name: 'Accept all 3 weeks of Hamdan Pool' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept this and later weeks' });
    expect(within(ask).getByText('Accept this week and the 2 after it (Thu 6 Mar 2031 to Thu 20 Mar 2031)?')).toBeInTheDocument();
    expect(within(ask).getByText('3 weeks will be accepted.')).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Hamdan Pool: 3 weeks accepted.')).toBeInTheDocument();
    // from the first week, which the server answers for with every later one
    expect(posts).toEqual([{ from: 610 }]);
    // the weeks come back live, as every console hears them: they leave the lane for the trips needing a bus
    for (const week of term({ status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 })) {
      act(() =>
        emitLiveForTest('trip:updated', {
          ...envelope,
          trip: week,
          status: 'Accepted',
          by: { id: dispatcher.id, name: dispatcher.name },
        } as never),
      );
    }
    expect(within(lane).queryByText('Hamdan Pool')).toBeNull();
    expect(within(lane).getByLabelText('2 requests')).toBeInTheDocument();
    // where they wait for a bus as one card too, which gives the first week its bus and offers it to the later ones
    const waiting = screen.getByRole('region', { name: 'Needs a bus' });
    expect(within(waiting).getAllByText('Hamdan Pool')).toHaveLength(1);
    expect(within(waiting).getByText('3 weeks without a bus: Thu 6 Mar 2031 to Thu 20 Mar 2031')).toBeInTheDocument();
    await userEvent.click(
      within(waiting).getByRole('button', {
        name: /^Hamdan Pool, 3 weeks without a bus: Thu 6 Mar 2031 to Thu 20 Mar 2031, first Thu 6 Mar 08:00 AM–03:00 PM, .*, assign a bus$/,
      }),
    );
    const assign = await screen.findByRole('dialog', { name: 'Assign Bus' });
    expect(
      await within(assign).findByRole('checkbox', {
        name: 'Also assign them to the 2 later weeks without buses (Thu 13 Mar 2031 to Thu 20 Mar 2031)',
      }),
    ).toBeInTheDocument();
  });

  it('waits the weeks a change sent back to Accepted with their buses as one card to confirm, apart from a week without a bus', async () => {
    const layla = { busType: 'White Bus' as const, busSeats: 50, tripPrice: null, driverName: 'Layla', driverPhone: null, status: null };
    const held = { status: 'Accepted' as const, busCompanyOrgId: DESERT_STAR, version: 3 };
    // the first week lost its bus; the two after it kept theirs through an accepted change
    const weeks = term(held)
      .reverse()
      .map((w, i) => ({ ...w, buses: i === 0 ? [] : [layla] }));
    renderBoard(makeBoard(), '/dispatch', { [`GET /api/trips/series/${SERIES}`]: () => ({ body: weeks }) });
    const waiting = await screen.findByRole('region', { name: 'Needs a bus' });
    for (const week of weeks) {
      act(() =>
        emitLiveForTest('trip:updated', { ...envelope, trip: week, status: 'Accepted', by: { id: dispatcher.id, name: 'Dev' } } as never),
      );
    }
    expect(within(waiting).getAllByText('Hamdan Pool')).toHaveLength(2);
    expect(within(waiting).getByRole('button', { name: /^Hamdan Pool, Thu 6 Mar .*, No bus yet, .*, assign a bus$/ })).toBeInTheDocument();
    expect(within(waiting).getByText('2 weeks with buses to confirm: Thu 13 Mar 2031 to Thu 20 Mar 2031')).toBeInTheDocument();
    await userEvent.click(within(waiting).getByRole('button', { name: /^Hamdan Pool, 2 weeks with buses to confirm: .*, assign a bus$/ }));
    const assign = await screen.findByRole('dialog', { name: 'Assign Bus' });
    expect(
      await within(assign).findByRole('checkbox', { name: 'Also confirm the later week that already has these buses (Thu 20 Mar 2031)' }),
    ).toBeInTheDocument();
  });

  it('tells of a weekly series pushed live in one toast that counts its weeks, and lists it as one card', async () => {
    renderBoard(makeBoard(), '/dispatch', { 'GET /api/trips/610/history': () => ({ body: [] }) });
    const lane = await screen.findByRole('region', { name: 'Requests' });
    // the server publishes the weeks in departure order, one event each
    for (const week of term().reverse()) {
      act(() => emitLiveForTest('trip:created', { ...envelope, trip: week, by: { id: 99, name: 'Grace Green' } } as never));
    }
    expect(within(lane).getByRole('button', { name: 'Hamdan Pool, weekly request of 3 trips, view details' })).toBeInTheDocument();
    expect(
      await screen.findByText('New trip request: Hamdan Pool, 3 weeks from Thu 6 Mar, Al Noor School, 45 passengers'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^New trip request: Hamdan Pool, Thu/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'View trip' }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    // the first week's
    expect(within(details).getByText('Thu 6 Mar 2031, 08:00 AM')).toBeInTheDocument();
  });

  it('is not shown to a trip manager', async () => {
    mockFetch({ 'GET /api/dispatch/board': () => ({ body: makeBoard({ company: null, companies: [], buses: [], drivers: [] }) }) });
    renderWithApp(<DispatchBoardPage />, { route: '/dispatch', session: makeSession(makeProfile('trip_manager')) });
    await screen.findByRole('region', { name: 'Needs a bus' });
    expect(screen.queryByRole('region', { name: 'Requests' })).toBeNull();
  });
});

describe('moving a trip to another bus', () => {
  it('drops a bar on another bus row: the bar moves, and snaps back with the server’s words when refused', async () => {
    const clash = 'Bus 3 is already on Science Discovery Centre, Mon 3 Mar 09:00 AM–12:00 PM.';
    let patched: { buses: Record<string, unknown>[]; version: number } | undefined;
    renderBoard(makeBoard(), '/dispatch', {
      'PATCH /api/trips/501': (body) => {
        patched = body as typeof patched;
        return { status: 409, body: { message: clash, conflicts: [] } };
      },
    });
    await screen.findByRole('group', { name: 'Bus 1' });
    const botanical = within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ });
    expect(botanical).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(botanical);
    fireEvent.dragOver(timeline('Bus 3'));
    expect(timeline('Bus 3')).toHaveAttribute('data-drop', 'true');
    fireEvent.drop(timeline('Bus 3'));

    expect(await screen.findByRole('alert')).toHaveTextContent(`Could not move Botanical Gardens to Bus 3. ${clash}`);
    expect(patched).toMatchObject({ version: 1, buses: [{ busId: 3, busName: 'Bus 3', driverId: 1, driverName: 'Omar Haddad' }] });
    // back on Bus 1
    expect(within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ })).toBeInTheDocument();
    expect(within(row('Bus 3')).queryByRole('button', { name: /^Botanical Gardens/ })).toBeNull();
  });

  it('closes the bar’s card as the drag starts, though the press focused the bar (an open card would cover the rows above)', async () => {
    renderBoard(makeBoard(), '/dispatch');
    await screen.findByRole('group', { name: 'Bus 1' });
    const botanical = within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ });
    fireEvent.mouseEnter(botanical);
    act(() => botanical.focus());
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    fireEvent.dragStart(botanical);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.dragOver(timeline('Bus 3'));
    expect(timeline('Bus 3')).toHaveAttribute('data-drop', 'true');
  });

  it('keeps a row highlighted when the pointer crosses onto one of its bars', async () => {
    renderBoard(makeBoard(), '/dispatch');
    await screen.findByRole('group', { name: 'Bus 1' });
    fireEvent.dragStart(within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ }));
    fireEvent.dragOver(timeline('Bus 2'));
    const barOnTwo = timeline('Bus 2').querySelector('button[data-trip-id]')!;
    // as the browser does it, in one go: the row's dragleave, then the dragover of its bar (bubbling to the row)
    act(() => {
      timeline('Bus 2').dispatchEvent(new Event('dragleave', { bubbles: true }));
      barOnTwo.dispatchEvent(new Event('dragover', { bubbles: true, cancelable: true }));
    });
    expect(timeline('Bus 2')).toHaveAttribute('data-drop', 'true');
  });

  it('does not take a drop on the row the bar came from', async () => {
    const { calls } = renderBoard(makeBoard(), '/dispatch');
    await screen.findByRole('group', { name: 'Bus 1' });
    const botanical = within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ });
    fireEvent.dragStart(botanical);
    fireEvent.dragOver(timeline('Bus 1'));
    expect(timeline('Bus 1')).not.toHaveAttribute('data-drop');
    fireEvent.drop(timeline('Bus 1'));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('moves the focused bar with M and a list of the other buses, the same PATCH', async () => {
    const board = makeBoard();
    let patched: { buses: Record<string, unknown>[]; version: number } | undefined;
    renderBoard(board, '/dispatch', {
      'PATCH /api/trips/501': (body) => {
        patched = body as typeof patched;
        return { body: { ...board.trips[0], buses: patched!.buses, version: 2 } };
      },
    });
    await screen.findByRole('group', { name: 'Bus 1' });
    const botanical = within(row('Bus 1')).getByRole('button', { name: /^Botanical Gardens/ });
    expect(botanical).toHaveAccessibleDescription('Press M to move it to another bus.');
    act(() => botanical.focus());
    await userEvent.keyboard('m');
    const dialog = await screen.findByRole('dialog', { name: 'Move Botanical Gardens to another bus' });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Bus/ })
        .map((b) => b.textContent),
    ).toEqual(['Bus 2 · Internal Yellow Bus · 50 seats', 'Bus 3 · White Bus · 40 seats']);
    within(dialog).getByRole('button', { name: 'Bus 3 · White Bus · 40 seats' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(row('Bus 3')).getByRole('button', { name: /^Botanical Gardens/ })).toBeInTheDocument());
    expect(patched).toEqual({ version: 1, buses: [expect.objectContaining({ busId: 3, busName: 'Bus 3', driverId: 1 })] });
    expect(await screen.findByText('Botanical Gardens moved to Bus 3.')).toBeInTheDocument();
  });
});
