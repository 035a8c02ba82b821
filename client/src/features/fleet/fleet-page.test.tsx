import { FleetMessages } from '@contracts/fleet-messages';
import type { BusDto, DriverDto } from '@contracts/fleet-wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { makeBoard, makeBus, makeDriver } from '../dispatch/test-board';
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
