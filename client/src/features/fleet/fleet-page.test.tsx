import { addDays, localDate } from '@contracts/fleet-rules';
import { FleetMessages } from '@contracts/fleet-messages';
import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { companyTrip, makeBoard, makeBus, makeDriver, onBus } from '../dispatch/test-board';
import { subscribeDispatchLive } from '../dispatch/dispatch.live';
import { DESERT_STAR } from '../trips/test-trips';
import { FleetPage } from './fleet-page';

const dispatcher = makeProfile('bus_company', {
  active_org_id: DESERT_STAR,
  active_org: { id: DESERT_STAR, name: 'Desert Star Buses', type: 'bus_company' },
});

function renderFleet(buses: BusDto[], drivers: DriverDto[], extra: Parameters<typeof mockFetch>[0] = {}, profile = dispatcher) {
  const mocked = mockFetch({
    'GET /api/fleet/buses': () => ({ body: buses }),
    'GET /api/fleet/drivers': () => ({ body: drivers }),
    ...extra,
  });
  renderWithApp(<FleetPage />, { route: '/fleet', session: makeSession(profile) });
  return mocked;
}

const busesTable = () => screen.getByRole('region', { name: 'Buses' });
const driversTable = () => screen.getByRole('region', { name: 'Drivers' });

let off: () => void;
beforeEach(() => {
  off = subscribeDispatchLive();
});
afterEach(() => off());

describe('Fleet', () => {
  it('lists the company’s buses and drivers, with licence warnings and inactive ones marked', async () => {
    renderFleet(
      [makeBus(1), makeBus(2, { active: false, plate: null })],
      [
        makeDriver(1, { name: 'Omar Haddad' }),
        makeDriver(2, { name: 'Sara Khan', licenceExpiry: '2031-03-15', licenceStatus: 'expiresSoon' }),
      ],
    );
    expect(await screen.findByRole('heading', { name: 'Fleet' })).toBeInTheDocument();
    expect(screen.getByText('Desert Star Buses')).toBeInTheDocument();
    const bus2 = (await within(busesTable()).findByText('Bus 2')).closest('tr') as HTMLElement;
    expect(within(bus2).getByText('Inactive')).toBeInTheDocument();
    expect(within(bus2).getByRole('button', { name: 'Reactivate Bus 2' })).toBeInTheDocument();
    const sara = within(driversTable()).getByText('Sara Khan').closest('tr') as HTMLElement;
    expect(within(sara).getByText('Sat 15 Mar 2031')).toBeInTheDocument();
    expect(within(sara).getByText('Expires soon')).toBeInTheDocument();
  });

  it('adds a bus: the form says what is missing in the server’s words, then sends it', async () => {
    const { calls } = renderFleet([makeBus(1)], [], {
      'POST /api/fleet/buses': (body) => ({ status: 201, body: makeBus(7, { ...(body as Partial<BusDto>) }) }),
    });
    await within(busesTable()).findByText('Bus 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Bus' }));
    const form = await screen.findByRole('dialog', { name: 'Add Bus' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add Bus' }));
    expect(within(form).getByText(FleetMessages.busNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(FleetMessages.seatsRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(form).getByRole('textbox', { name: /^Name or number/ }), 'Bus 7');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Seats/ }), '20');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Booster seats' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Booster seats' }), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Bus' }));
    expect(within(form).getByText(FleetMessages.boosterSeatsAboveSeats)).toBeInTheDocument();
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Booster seats' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Booster seats' }), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Bus' }));

    expect(await screen.findByText('Bus added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Bus 7',
      plate: null,
      busType: 'Internal Yellow Bus',
      seats: 20,
      boosterSeats: 4,
    });
    expect(within(busesTable()).getByText('Bus 7')).toBeInTheDocument();
  });

  it('shows a refused save in the server’s words', async () => {
    const taken = FleetMessages.busNameTaken('Bus 1', 'Desert Star Buses');
    renderFleet([makeBus(1), makeBus(2)], [], { 'PATCH /api/fleet/buses/2': () => ({ status: 409, body: { message: taken } }) });
    await within(busesTable()).findByText('Bus 2');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Bus 2' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Bus' });
    const name = within(form).getByRole('textbox', { name: /^Name or number/ });
    expect(name).toHaveValue('Bus 2');
    await userEvent.clear(name);
    await userEvent.type(name, 'bus 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Bus' }));
    expect(await screen.findByText(`Failed to update bus: ${taken}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Bus' })).toBeInTheDocument();
  });

  it('edits a driver with the version read, and checks the mobile and licence date first', async () => {
    const { calls } = renderFleet([], [makeDriver(1, { name: 'Omar Haddad', version: 3 })], {
      'PATCH /api/fleet/drivers/1': (body) => ({ body: makeDriver(1, { ...(body as Partial<DriverDto>), version: 4 }) }),
    });
    await within(driversTable()).findByText('Omar Haddad');
    expect(screen.getByText('No buses yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Omar Haddad' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Driver' });
    const mobile = within(form).getByRole('textbox', { name: /^Mobile/ });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, 'call me');
    await userEvent.clear(within(form).getByLabelText(/^Licence expiry/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save Driver' }));
    expect(within(form).getByText(FleetMessages.mobileInvalid)).toBeInTheDocument();
    expect(within(form).getByText(FleetMessages.licenceExpiryRequired)).toBeInTheDocument();
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '+971 50 123 4567');
    await userEvent.type(within(form).getByLabelText(/^Licence expiry/), '2032-06-30');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Driver' }));
    expect(await screen.findByText('Driver updated.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Omar Haddad',
      mobile: '+971 50 123 4567',
      licenceExpiry: '2032-06-30',
      version: 3,
    });
    expect(within(driversTable()).getByText('Wed 30 Jun 2032')).toBeInTheDocument();
  });

  it('saves an edit over an invitation sent while the form was open, but not over another edit of its fields', async () => {
    const omar = makeDriver(1, { name: 'Omar Haddad', mobile: '+971 50 000 0001', version: 3 });
    const { calls } = renderFleet([], [omar], {
      'PATCH /api/fleet/drivers/1': (body) => ({ body: makeDriver(1, { ...omar, ...(body as Partial<DriverDto>), version: 9 }) }),
    });
    await within(driversTable()).findByText('Omar Haddad');
    const fleetEvent = (seq: number, driver: DriverDto) =>
      act(() => emitLiveForTest('fleet:updated', { seq, tenantId: 1, at: '2031-03-03T08:00:00.000Z', driver } as never));
    const editMobile = async (mobile: string) => {
      await userEvent.click(screen.getByRole('button', { name: 'Edit Omar Haddad' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Driver' });
      const field = within(form).getByRole('textbox', { name: /^Mobile/ });
      return async () => {
        await userEvent.clear(field);
        await userEvent.type(field, mobile);
        await userEvent.click(within(form).getByRole('button', { name: 'Save Driver' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Driver' })).not.toBeInTheDocument());
      };
    };
    // the form is open; meanwhile the driver is invited (a new version of the row, none of the form's fields changed)
    let save = await editMobile('+971 50 000 0002');
    fleetEvent(1, { ...omar, version: 4, inviteExpiresAt: '2031-03-05T08:00:00.000Z' });
    await save();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { version: number }).version)).toEqual([4]);

    // open again (at version 9); someone else changes the mobile meanwhile: the form's own version goes, for the
    // server to refuse as stale (this stand-in takes it)
    save = await editMobile('+971 50 000 0003');
    fleetEvent(2, makeDriver(1, { ...omar, mobile: '+971 50 999 9999', version: 10 }));
    await save();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { version: number }).version)).toEqual([4, 9]);
  });

  it('deactivates a bus after asking, and shows a bus another console added', async () => {
    const { calls } = renderFleet([makeBus(1), makeBus(2)], [], {
      'PATCH /api/fleet/buses/1': () => ({ body: makeBus(1, { active: false, version: 2 }) }),
    });
    await within(busesTable()).findByText('Bus 1');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bus 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Bus' });
    expect(within(confirm).getByText(/^Deactivate Bus 1\? It stays on the trips it served/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Bus deactivated.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false, version: 1 });
    const bus1 = within(busesTable()).getByText('Bus 1').closest('tr') as HTMLElement;
    expect(within(bus1).getByText('Inactive')).toBeInTheDocument();

    act(() =>
      emitLiveForTest('fleet:updated', {
        seq: 1,
        tenantId: 1,
        at: '2031-03-03T08:00:00.000Z',
        bus: makeBus(3, { name: 'Bus 3' }),
      } as never),
    );
    expect(within(busesTable()).getByText('Bus 3')).toBeInTheDocument();
  });

  it('lists the upcoming trips a bus is on before it is deactivated, from today’s board of the next weeks', async () => {
    const board = makeBoard();
    const [bus2] = [board.buses[1]];
    const ended = companyTrip({
      id: 600,
      destination: 'Old Fort',
      departureDate: '2020-01-06',
      returnDate: '2020-01-06',
      buses: [onBus(bus2)],
    });
    const canceled = companyTrip({ id: 601, destination: 'Cancelled Park', status: 'Canceled', buses: [onBus(bus2)] });
    const { calls, queries } = renderFleet(board.buses, board.drivers, {
      'GET /api/dispatch/board': () => ({ body: { ...board, trips: [...board.trips, ended, canceled] } }),
    });
    await within(busesTable()).findByText('Bus 2');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bus 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Bus' });
    const list = await within(confirm).findByRole('list', { name: 'Upcoming trips of Bus 2' });
    expect(within(confirm).getByText('Bus 2 is on 2 upcoming trips')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Science Discovery Centre · Wed 5 Mar 09:00 AM–12:00 PM', 'Camel Racing Museum · Wed 5 Mar 10:00 AM–01:00 PM']);
    const boardCall = calls.findIndex((c) => c.path === '/api/dispatch/board');
    const from = localDate();
    expect(queries[boardCall].get('from')).toBe(from);
    expect(queries[boardCall].get('to')).toBe(addDays(from, 61));
  });

  it('lists a driver’s upcoming trips, and says so when there are none', async () => {
    const board = makeBoard();
    renderFleet(board.buses, [...board.drivers, makeDriver(3, { name: 'Zaid Amin' })], {
      'GET /api/dispatch/board': () => ({ body: board }),
    });
    await within(driversTable()).findByText('Sara Khan');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Sara Khan' }));
    let confirm = await screen.findByRole('dialog', { name: 'Deactivate Driver' });
    const list = await within(confirm).findByRole('list', { name: 'Upcoming trips of Sara Khan' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Science Discovery Centre · Wed 5 Mar 09:00 AM–12:00 PM']);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Driver' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Zaid Amin' }));
    confirm = await screen.findByRole('dialog', { name: 'Deactivate Driver' });
    expect(await within(confirm).findByText('No upcoming trips count on Zaid Amin.')).toBeInTheDocument();
  });

  it('shows each bus and driver as a card with its buttons on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      renderFleet([makeBus(1)], [makeDriver(1, { name: 'Omar Haddad' })]);
      const buses = await within(busesTable()).findByRole('list', { name: 'Buses' });
      expect(within(busesTable()).queryByRole('table')).toBeNull();
      const bus1 = within(buses).getByRole('listitem');
      expect(within(bus1).getByText('DXB 100 · White Bus')).toBeInTheDocument();
      expect(within(bus1).getByRole('button', { name: 'Edit Bus 1' })).toBeInTheDocument();
      expect(within(bus1).getByRole('button', { name: 'Deactivate Bus 1' })).toBeInTheDocument();
      const omar = within(within(driversTable()).getByRole('list', { name: 'Drivers' })).getByRole('listitem');
      expect(within(omar).getByText('Licence expiry Sat 1 Jan 2033')).toBeInTheDocument();
      expect(within(omar).getByRole('button', { name: 'Deactivate Omar Haddad' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('lets an admin choose the company', async () => {
    const board = makeBoard({
      companies: [
        { id: DESERT_STAR, tenantId: 1, name: 'Desert Star Buses' },
        { id: 22, tenantId: 1, name: 'Falcon Transport' },
      ],
    });
    const { fetchMock } = renderFleet([makeBus(1)], [], { 'GET /api/dispatch/board': () => ({ body: board }) }, makeProfile('admin'));
    await screen.findByRole('region', { name: 'Buses' });
    await within(busesTable()).findByText('Bus 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Bus company' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Falcon Transport' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/fleet/buses?companyId=22'));
    expect(screen.getByText('Falcon Transport', { selector: 'p' })).toBeInTheDocument();
  });
});
