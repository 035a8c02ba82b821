import { ApprovalMessages } from '@contracts/approvals';
import { PricingMessages } from '@contracts/pricing';
import type { TripDto } from '@contracts/trip-wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { makeApproval } from '../approvals/test-approvals';
import { makeBoard, makeBus, makeDriver, onBus } from '../dispatch/test-board';
import { DESERT_STAR, GREENFIELD, makeEstimate, makeTrip, tripRoutes } from './test-trips';
import { TripsPage } from './trips-page';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const staff = makeProfile('school_staff', { active_org_id: GREENFIELD });
const admin = makeProfile('admin');

type Routes = Parameters<typeof mockFetch>[0];

async function openDetails(trip: TripDto, profile = staff, routes: Routes = {}) {
  const mocked = mockFetch({
    ...tripRoutes([trip]),
    [`GET /api/trips/${trip.id}/history`]: () => ({ body: [] }),
    ...routes,
  });
  renderWithApp(<TripsPage />, { route: '/trips', session: makeSession(profile) });
  await userEvent.click(await screen.findByRole('button', { name: trip.destination }));
  const details = await screen.findByRole('dialog', { name: 'View trip details' });
  return { ...mocked, details };
}

const patches = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('Edit Trip modal', () => {
  const confirmed = makeTrip({ id: 31, status: 'Confirmed', busCompanyOrgId: DESERT_STAR, version: 5, destination: 'Aquarium' });

  it('sends school staff’s edit of a Confirmed trip as a request: status Pending', async () => {
    const { details, calls } = await openDetails(confirmed, staff, {
      'PATCH /api/trips/31': (body) => ({ body: { ...confirmed, ...(body as object), status: 'Pending', editRequest: true, version: 6 } }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    expect(within(edit).getByText(/sent as an edit request/)).toBeInTheDocument();
    const destination = within(edit).getByRole('textbox', { name: /^Destination/ });
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Big Aquarium');
    await userEvent.click(within(edit).getByRole('button', { name: 'Send Edit Request' }));
    expect(await screen.findByText('Edit request sent. Awaiting bus officer approval.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([expect.objectContaining({ destination: 'Big Aquarium', status: 'Pending', version: 5 })]);
  });

  it('asks whether the distance still holds when the trip goes elsewhere, and sends the new one with it', async () => {
    const pending = makeTrip({ id: 32, status: 'Pending', version: 2, destination: 'Aquarium', distanceKm: 18 });
    const { details, calls } = await openDetails(pending, staff, {
      'PATCH /api/trips/32': (body) => ({ body: { ...pending, ...(body as object), version: 3 } }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    const distance = within(edit).getByRole('textbox', { name: 'Distance (km, one way)' });
    expect(distance).toHaveValue('18');
    const ordinary = 'From the school to the destination: the estimate counts there and back.';
    expect(within(edit).getByText(ordinary)).toBeInTheDocument();
    const destination = within(edit).getByRole('textbox', { name: /^Destination/ });
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Desert Camp');
    const asked = 'The trip goes somewhere else now: is it still 18 km? The estimate counts the distance there and back.';
    expect(within(edit).getByText(asked)).toBeInTheDocument();
    expect(distance).toHaveAccessibleDescription(asked);
    await userEvent.clear(distance);
    await userEvent.type(distance, '160');
    expect(within(edit).queryByText(asked)).not.toBeInTheDocument();
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Trip updated successfully!')).toBeInTheDocument();
    expect(patches(calls)).toEqual([expect.objectContaining({ destination: 'Desert Camp', distanceKm: 160, version: 2 })]);
  });

  it('refuses a distance that is not a whole number of kilometres, in the server’s words', async () => {
    const pending = makeTrip({ id: 33, status: 'Pending', version: 2, destination: 'Aquarium', distanceKm: 18 });
    const { details, calls } = await openDetails(pending, staff);
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    const distance = within(edit).getByRole('textbox', { name: 'Distance (km, one way)' });
    await userEvent.clear(distance);
    await userEvent.type(distance, '0');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await within(edit).findByText(PricingMessages.distanceInvalid)).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);
  });

  it('saves an admin’s edit as it is and says "Trip updated successfully!"', async () => {
    const { details, calls } = await openDetails(confirmed, admin, {
      'PATCH /api/trips/31': (body) => ({ body: { ...confirmed, ...(body as object), version: 6 } }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Trip updated successfully!')).toBeInTheDocument();
    expect(patches(calls)[0]).not.toHaveProperty('status');
    // back on the details
    expect(await screen.findByRole('dialog', { name: 'View trip details' })).toBeInTheDocument();
  });

  it('checks booster seats and says "Failed to update trip. Please try again." when saving fails', async () => {
    const { details } = await openDetails(confirmed, admin, { 'PATCH /api/trips/31': () => ({ status: 500 }) });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.click(within(edit).getByRole('checkbox', { name: 'Booster seats requested' }));
    await userEvent.type(within(edit).getByRole('textbox', { name: /^Booster seats/ }), '0');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(within(edit).getByText('Please enter a valid number of booster seats (> 0).')).toBeInTheDocument();
    await userEvent.clear(within(edit).getByRole('textbox', { name: /^Booster seats/ }));
    await userEvent.type(within(edit).getByRole('textbox', { name: /^Booster seats/ }), '2');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update trip. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Trip' })).toBeInTheDocument();
  });

  it('keeps the user’s edit on a 409, shows what changed, and saves it over the current trip when asked', async () => {
    const current = { ...confirmed, students: 45, version: 6 };
    let attempt = 0;
    const { details, calls } = await openDetails(confirmed, admin, {
      'PATCH /api/trips/31': (body) =>
        ++attempt === 1
          ? { status: 409, body: { message: 'This trip was changed by someone else in the meantime.', trip: current } }
          : { body: { ...current, ...(body as object), version: 7 } },
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.type(within(edit).getByRole('textbox', { name: /^Notes/ }), 'Bring hats');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(edit).findByRole('alert');
    expect(alert).toHaveTextContent('Students: 30 → 45');
    expect(within(edit).getByRole('textbox', { name: /^Notes/ })).toHaveValue('Bring hats');
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep my changes' }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Trip updated successfully!')).toBeInTheDocument();
    expect(patches(calls)).toEqual([
      expect.objectContaining({ notes: 'Bring hats', version: 5 }),
      expect.objectContaining({ notes: 'Bring hats', version: 6 }),
    ]);
  });

  it('loads the current trip instead when asked', async () => {
    const current = { ...confirmed, destination: 'Sea World', version: 6 };
    const { details } = await openDetails(confirmed, admin, {
      'PATCH /api/trips/31': () => ({ status: 409, body: { message: 'Changed meanwhile.', trip: current } }),
      'GET /api/trips/31/history': () => ({ body: [] }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(await within(edit).findByRole('button', { name: 'Load the current trip' }));
    expect(within(edit).getByRole('textbox', { name: /^Destination/ })).toHaveValue('Sea World');
    expect(within(edit).queryByRole('alert')).toBeNull();
  });

  it('asks before a cancel request and sends {status: Pending, cancelRequest: true}', async () => {
    const { details, calls } = await openDetails(confirmed, staff, {
      'PATCH /api/trips/31': () => ({ status: 500 }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Request Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Cancel' });
    expect(within(dialog).getByText('Are you sure you want to request to cancel this trip?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to request cancellation.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ status: 'Pending', cancelRequest: true, version: 5 }]);
  });

  it('asks the request question before Cancel Trip too, as the Edit modal’s cancel buttons both do', async () => {
    const pending = makeTrip({ id: 32, status: 'Pending', busCompanyOrgId: null, version: 2, destination: 'Zoo' });
    const { details, calls } = await openDetails(pending, staff, {
      'PATCH /api/trips/32': (body) => ({ body: { ...pending, ...(body as object), version: 3 } }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Cancel Trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Trip' });
    expect(within(dialog).getByText('Are you sure you want to request to cancel this trip?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ status: 'Canceled', version: 2 }]));
  });

  it('shows the school’s message when the change waits for approval there (202), and keeps the trip as it was', async () => {
    const held = makeApproval(
      { tripId: 31, kind: 'change', changes: [{ field: 'students', label: 'Students', from: '30', to: '52' }] },
      { destination: 'Aquarium', status: 'Confirmed', version: 5 },
    );
    const { details, calls } = await openDetails(confirmed, staff, {
      'PATCH /api/trips/31': () => ({ status: 202, body: { message: ApprovalMessages.changeHeld, trip: confirmed, approval: held } }),
      'GET /api/trips/31/approval': () => ({ body: held }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Trip' });
    const students = within(edit).getByRole('textbox', { name: /^Students/ });
    await userEvent.clear(students);
    await userEvent.type(students, '52');
    await userEvent.click(within(edit).getByRole('button', { name: 'Send Edit Request' }));

    expect(await screen.findByText(ApprovalMessages.changeHeld)).toBeInTheDocument();
    expect(screen.queryByText('Edit request sent. Awaiting bus officer approval.')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Trip' })).toBeNull());
    const back = screen.getByRole('dialog', { name: 'View trip details' });
    // the company sees no change yet, and neither do the details: the change waits in the Approval section
    expect(within(back).getByText('30 / 3')).toBeInTheDocument();
    const approval = await within(back).findByRole('region', { name: 'Approval' });
    expect(within(approval).getByText('Students: 30 → 52')).toBeInTheDocument();
    expect(patches(calls)).toEqual([expect.objectContaining({ students: 52, status: 'Pending', version: 5 })]);
  });

  it('offers the requester Resubmit once changes were made, sending {status: Awaiting Approval, version}', async () => {
    const returned = makeTrip({ id: 33, status: 'Changes Requested', version: 4, destination: 'Planetarium' });
    const { details, calls } = await openDetails(returned, staff, {
      'PATCH /api/trips/33': (body) => ({ body: { ...returned, ...(body as object), version: 5 } }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ status: 'Awaiting Approval', version: 4 }]));
    expect(
      await within(await screen.findByRole('dialog', { name: 'View trip details' })).findByText('Awaiting Approval'),
    ).toBeInTheDocument();
  });

  it('closes the top modal on Escape', async () => {
    const { details } = await openDetails(confirmed, admin);
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit Trip' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Trip' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'View trip details' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'View trip details' })).toBeNull());
  });
});

describe('Assign Bus modal', () => {
  const accepted = makeTrip({
    id: 41,
    status: 'Accepted',
    busCompanyOrgId: DESERT_STAR,
    students: 30,
    staff: 3,
    version: 2,
    destination: 'Fort',
  });

  async function openAssign(routes: Routes = {}) {
    const opened = await openDetails(accepted, dispatcher, routes);
    await userEvent.click(within(opened.details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    return { ...opened, modal };
  }

  it('checks seats and the list, adds and updates buses, then confirms the trip and records a subtrip', async () => {
    const { modal, calls } = await openAssign({
      'PATCH /api/trips/41': (body) => ({ body: { ...accepted, ...(body as object), status: 'Confirmed', version: 3 } }),
      'POST /api/trips/41/subtrips': (body) => ({ status: 201, body: { id: 1, tripId: 41, ...(body as object) } }),
    });
    const seats = within(modal).getByRole('textbox', { name: /^Seats/ });
    expect(seats).toHaveValue('33'); // students + staff
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(within(modal).getByText('Please add at least one bus.')).toBeInTheDocument();

    await userEvent.clear(seats);
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    expect(within(modal).getByText('Please enter number of seats.')).toBeInTheDocument();
    await userEvent.type(seats, '40');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Price (AED)' }), '300');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Driver name' }), ' Sam Driver ');
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    expect(await screen.findByText('Bus added to list.')).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('button', { name: 'Edit bus 1' }));
    await userEvent.clear(seats);
    await userEvent.type(seats, '45');
    await userEvent.click(within(modal).getByRole('button', { name: 'Update Bus' }));
    expect(await screen.findByText('Bus updated successfully.')).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Buses assigned successfully!')).toBeInTheDocument();
    const bus = { busType: 'Internal Yellow Bus', busSeats: 45, tripPrice: 300, driverName: 'Sam Driver', driverPhone: null, status: null };
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PATCH', path: '/api/trips/41', body: { buses: [bus], status: 'Confirmed', version: 2 } },
      { method: 'POST', path: '/api/trips/41/subtrips', body: { buses: [bus] } },
    ]);
    // saved from the details: the details close with it
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Bus' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'View trip details' })).toBeNull());
  });

  it('warns that buses without a price leave the trip uninvoiced, until a bus has its price', async () => {
    const { modal } = await openAssign();
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Driver name' }), 'Sam Driver');
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    expect(await within(modal).findByTestId('no-price')).toHaveTextContent(
      'No price: the trip will not be invoiced when it completes. Give each bus its price.',
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Edit bus 1' }));
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Price (AED)' }), '300');
    await userEvent.click(within(modal).getByRole('button', { name: 'Update Bus' }));
    await waitFor(() => expect(within(modal).queryByTestId('no-price')).toBeNull());
  });

  it('asks why before confirming a quoted trip with buses that have no price, as the server will', async () => {
    const quoted = { ...accepted, id: 42, price: 0, estimate: makeEstimate() };
    const { details, calls } = await openDetails(quoted, dispatcher, {
      'PATCH /api/trips/42': (body) => ({ body: { ...quoted, ...(body as object), status: 'Confirmed', version: 3 } }),
      'POST /api/trips/42/subtrips': (body) => ({ status: 201, body: { id: 1, tripId: 42, ...(body as object) } }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    const reason = () => within(modal).queryByRole('textbox', { name: /^Why the price differs from the quote/ });
    expect(reason()).toBeNull();
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    // no price on any bus: the trip's own (none) is far from the AED 1,134.00 quote
    await waitFor(() => expect(reason()).not.toBeNull());
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(within(modal).getByText(PricingMessages.priceReasonRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await userEvent.type(reason()!, 'Hired coach, price to follow');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Buses assigned successfully!')).toBeInTheDocument();
    expect(patches(calls)).toEqual([expect.objectContaining({ status: 'Confirmed', priceReason: 'Hired coach, price to follow' })]);
  });

  it('says "Failed to assign buses. Please try again." when the server refuses', async () => {
    const { modal } = await openAssign({ 'PATCH /api/trips/41': () => ({ status: 500 }) });
    await userEvent.click(within(modal).getByRole('button', { name: 'Add Bus' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Failed to assign buses. Please try again.')).toBeInTheDocument();
  });
});

describe('Assign Bus modal with the fleet', () => {
  // Tuesday 4 March 2031, 08:00 AM–03:00 PM, 30 students and 3 staff
  const accepted = makeTrip({
    id: 61,
    status: 'Accepted',
    busCompanyOrgId: DESERT_STAR,
    students: 30,
    staff: 3,
    version: 2,
    destination: 'Fort',
  });
  const buses = [
    makeBus(12, { seats: 50 }),
    makeBus(9, { seats: 35 }),
    makeBus(7, { seats: 40, busType: 'Internal Yellow Bus' }),
    makeBus(3, { seats: 20 }),
    makeBus(15, { seats: 34, active: false }),
  ];
  const drivers = [
    makeDriver(1, { name: 'Ali Rahman', licenceExpiry: '2031-03-01', licenceStatus: 'expired' }),
    makeDriver(2, { name: 'Badr Said' }),
    makeDriver(3, { name: 'Cyrus Nabil', licenceExpiry: '2031-03-20', licenceStatus: 'expiresSoon' }),
  ];
  // Bus 9 and Badr are out on another trip that morning
  const aquarium = makeTrip({
    id: 62,
    status: 'Confirmed',
    busCompanyOrgId: DESERT_STAR,
    destination: 'Aquarium of the Gulf',
    departureTime: '07:00 AM',
    returnTime: '02:00 PM',
    buses: [onBus(buses[1], drivers[1])],
  });
  const board = makeBoard({ from: '2031-03-04', to: '2031-03-04', trips: [aquarium], needsBus: [accepted], buses, drivers });

  async function openAssign(routes: Routes = {}) {
    const opened = await openDetails(accepted, dispatcher, {
      'GET /api/fleet/buses': () => ({ body: buses }),
      'GET /api/fleet/drivers': () => ({ body: drivers }),
      'GET /api/dispatch/board': () => ({ body: board }),
      'POST /api/trips/61/subtrips': () => ({ status: 201, body: {} }),
      ...routes,
    });
    await userEvent.click(within(opened.details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    return { ...opened, modal };
  }

  it('proposes the smallest free bus that seats everyone and a free driver licensed for the trip, and Save alone assigns them', async () => {
    let patched: { buses: Record<string, unknown>[] } | undefined;
    const { modal, queries, calls } = await openAssign({
      'PATCH /api/trips/61': (body) => {
        patched = body as typeof patched;
        return { body: { ...accepted, ...(body as object), version: 3 } };
      },
    });
    await waitFor(() =>
      expect(within(modal).getByRole('combobox', { name: 'Fleet bus' })).toHaveValue('Bus 7 · Internal Yellow Bus · 40 seats'),
    );
    expect(within(modal).getByRole('combobox', { name: 'Fleet driver' })).toHaveValue('Cyrus Nabil');
    expect(within(modal).getByText(/Suggested: Bus 7 with Cyrus Nabil/)).toBeInTheDocument();
    // the company's trips around the trip's days were asked for
    const boardCall = calls.findIndex((c) => c.path === '/api/dispatch/board');
    expect(Object.fromEntries(queries[boardCall])).toEqual({ from: '2031-03-04', to: '2031-03-04', companyId: String(DESERT_STAR) });

    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Buses assigned successfully!')).toBeInTheDocument();
    expect(patched).toMatchObject({ status: 'Confirmed', version: 2 });
    expect(patched?.buses).toEqual([
      expect.objectContaining({ busId: 7, busName: 'Bus 7', busSeats: 40, driverId: 3, driverName: 'Cyrus Nabil' }),
    ]);
  });

  it('lists buses and drivers in natural order, marked free, busy (with the trip) or not allowed', async () => {
    const { modal } = await openAssign();
    await waitFor(() =>
      expect(within(modal).getByRole('combobox', { name: 'Fleet bus' })).toHaveValue('Bus 7 · Internal Yellow Bus · 40 seats'),
    );
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet bus' }));
    const busList = await screen.findByRole('listbox');
    expect(
      within(busList)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Bus 3 · White Bus · 20 seats — free',
      'Bus 7 · Internal Yellow Bus · 40 seats — free',
      'Bus 9 · White Bus · 35 seats — busy 07:00 AM–02:00 PM, Aquarium of the Gulf',
      'Bus 12 · White Bus · 50 seats — free',
    ]);
    await userEvent.click(within(busList).getByRole('option', { name: /^Bus 9/ }));
    // the clash shows on the chosen bus before Save
    expect(within(modal).getByText('Busy 07:00 AM–02:00 PM, Aquarium of the Gulf.')).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet driver' }));
    const driverList = await screen.findByRole('listbox');
    expect(
      within(driverList)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Ali Rahman — licence invalid for this trip',
      'Badr Said — busy 07:00 AM–02:00 PM, Aquarium of the Gulf',
      'Cyrus Nabil — free',
    ]);
  });

  it('clears the server’s seat refusal once a bigger bus is chosen', async () => {
    const { modal } = await openAssign({
      'PATCH /api/trips/61': () => ({ status: 400, body: { message: '33 passengers, 20 seats assigned.' } }),
    });
    await waitFor(() =>
      expect(within(modal).getByRole('combobox', { name: 'Fleet bus' })).toHaveValue('Bus 7 · Internal Yellow Bus · 40 seats'),
    );
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet bus' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Bus 3 / }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await within(modal).findByText('33 passengers, 20 seats assigned.')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Fleet bus' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Bus 12 / }));
    expect(within(modal).queryByText('33 passengers, 20 seats assigned.')).toBeNull();
  });
});

describe('Assign Bus on a phone', () => {
  it('shows the buses in the list as cards with their edit and remove buttons, no table to scroll sideways', async () => {
    const withBus = makeTrip({
      id: 81,
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      destination: 'Dunes',
      buses: [
        { busType: 'White Bus', busSeats: 40, tripPrice: 250, driverName: 'Sam Driver', driverPhone: '+971 50 111 2222', status: null },
      ],
    });
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      const { details } = await openDetails(withBus, admin);
      await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
      const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
      const list = within(modal).getByRole('list', { name: 'Buses in the list' });
      expect(within(modal).queryByRole('table')).toBeNull();
      const card = within(list).getByRole('listitem');
      expect(card).toHaveTextContent('White Bus');
      expect(card).toHaveTextContent('Driver: Sam Driver · +971 50 111 2222');
      expect(within(card).getByRole('button', { name: 'Edit bus 1' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Remove bus 1' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

describe('Assign Bus modal without the fleet', () => {
  const accepted = makeTrip({
    id: 71,
    status: 'Accepted',
    busCompanyOrgId: DESERT_STAR,
    students: 20,
    staff: 0,
    version: 4,
    destination: 'Farm',
  });

  it('saves the row that is filled in without "Add Bus", and the list message goes once a row is filled', async () => {
    const { details, calls } = await openDetails(accepted, dispatcher, {
      'PATCH /api/trips/71': (body) => ({ body: { ...accepted, ...(body as object), version: 5 } }),
      'POST /api/trips/71/subtrips': () => ({ status: 201, body: {} }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Assign Bus' }));
    const modal = await screen.findByRole('dialog', { name: 'Assign Bus' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(within(modal).getByText('Please add at least one bus.')).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Driver name' }), 'Hired Hamid');
    expect(within(modal).queryByText('Please add at least one bus.')).toBeNull();
    await userEvent.click(within(modal).getByRole('button', { name: 'Save Buses' }));
    expect(await screen.findByText('Buses assigned successfully!')).toBeInTheDocument();
    expect(patches(calls)).toEqual([
      {
        buses: [
          { busType: 'Internal Yellow Bus', busSeats: 20, tripPrice: null, driverName: 'Hired Hamid', driverPhone: null, status: null },
        ],
        status: 'Confirmed',
        version: 4,
      },
    ]);
  });
});

describe('Passengers modal', () => {
  const confirmed = makeTrip({ id: 51, status: 'Confirmed', busCompanyOrgId: DESERT_STAR, destination: 'Zoo' });
  const lina = {
    id: 1,
    tripId: 51,
    fullName: 'Lina Farah',
    guardianName: null,
    guardianPhone: null,
    pickupPoint: null,
    dropoffPoint: null,
    notes: null,
    checkedIn: false,
    createdAt: '',
  };

  it('lets school staff add a passenger: full name required after trimming, the rest trimmed to null', async () => {
    const { details, calls } = await openDetails(confirmed, staff, {
      'GET /api/trips/51/passengers': () => ({ body: [lina] }),
      'POST /api/trips/51/passengers': (body) => ({
        status: 201,
        body: (body as { passengers: object[] }).passengers.map((p, i) => ({ id: 10 + i, tripId: 51, createdAt: '', ...p })),
      }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Manage Passengers' }));
    const modal = await screen.findByRole('dialog', { name: 'Manage Passengers' });
    expect(await within(modal).findByText('Lina Farah')).toBeInTheDocument();
    const add = within(modal).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Full name/ }), '   ');
    expect(add).toBeDisabled();
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Full name/ }), ' Yusuf Khan ');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Guardian name' }), '   ');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Pickup point' }), ' Gate 2 ');
    await userEvent.click(add);
    expect(await screen.findByText('Added "Yusuf Khan".')).toBeInTheDocument();
    expect(within(modal).getByText('Yusuf Khan')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      passengers: [
        {
          fullName: 'Yusuf Khan',
          guardianName: null,
          guardianPhone: null,
          pickupPoint: 'Gate 2',
          dropoffPoint: null,
          notes: null,
          checkedIn: false,
        },
      ],
    });
  });

  it('is read-only for an admin, titled "View Passengers"', async () => {
    const { details } = await openDetails(confirmed, admin, { 'GET /api/trips/51/passengers': () => ({ body: [lina] }) });
    await userEvent.click(within(details).getByRole('button', { name: 'View Passengers' }));
    const modal = await screen.findByRole('dialog', { name: 'View Passengers' });
    expect(await within(modal).findByText('Lina Farah')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('says "Could not load passengers." and "Failed to add passengers."', async () => {
    const { details } = await openDetails(confirmed, staff, {
      'GET /api/trips/51/passengers': () => ({ status: 500 }),
      'POST /api/trips/51/passengers': () => ({ status: 500 }),
    });
    await userEvent.click(within(details).getByRole('button', { name: 'Manage Passengers' }));
    const modal = await screen.findByRole('dialog', { name: 'Manage Passengers' });
    expect((await screen.findAllByText('Could not load passengers.')).length).toBeGreaterThan(0);
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Full name/ }), 'Maya');
    await userEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add passengers.')).toBeInTheDocument();
  });
});
