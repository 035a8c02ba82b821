import type { TripDto } from '@contracts/trip-wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR, GREENFIELD, makeTrip, makeTrips, tripRoutes } from './test-trips';
import { TripsPage } from './trips-page';
import { subscribeTripsLive } from './trips.live';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const staff = makeProfile('school_staff', { active_org_id: GREENFIELD });
const admin = makeProfile('admin');

function renderTrips(trips: TripDto[], profile = dispatcher, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocked = mockFetch({ ...tripRoutes(trips), ...extra });
  renderWithApp(<TripsPage />, { route: '/trips', session: makeSession(profile) });
  return mocked;
}

const rowOf = (id: number) => document.querySelector(`tr[data-trip-id="${id}"]`) as HTMLElement;
const range = () => screen.getByTestId('page-range').textContent;
const indicator = () => screen.getByTestId('page-indicator').textContent;

describe('All Trips table and pagination', () => {
  it('shows "No trips found", "0 of 0 Trips" and a disabled export with no trips', async () => {
    renderTrips([]);
    expect(await screen.findByText('No trips found')).toBeInTheDocument();
    expect(range()).toBe('0 of 0 Trips');
    expect(indicator()).toBe('0 / 0');
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('fits exactly 12 trips on one page, without first and last buttons', async () => {
    renderTrips(makeTrips(12));
    await screen.findByText('Place 12');
    expect(range()).toBe('1–12 of 12 Trips');
    expect(indicator()).toBe('1 / 1');
    expect(screen.queryByRole('button', { name: 'First page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
    expect(document.querySelectorAll('tr[data-trip-id]')).toHaveLength(12);
  });

  it('puts the 13th trip on page 2 and jumps only to pages that exist', async () => {
    renderTrips(makeTrips(13));
    await screen.findByText('Place 13');
    expect(range()).toBe('1–12 of 13 Trips');
    expect(indicator()).toBe('1 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(range()).toBe('13–13 of 13 Trips');
    expect(indicator()).toBe('2 / 2');
    expect(screen.getByText('Place 1')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Page number' });
    await userEvent.type(box, 'x3');
    expect(box).toHaveValue('3'); // digits only
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(indicator()).toBe('2 / 2'); // out of range: nothing happens
    await userEvent.clear(box);
    await userEvent.type(box, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(indicator()).toBe('1 / 2');
    expect(box).toHaveValue('');
  });

  it('shows first and last with more than 2 pages, and changes rows per page', async () => {
    renderTrips(makeTrips(40));
    await screen.findByText('Place 40');
    expect(indicator()).toBe('1 / 4');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(range()).toBe('37–40 of 40 Trips');
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(range()).toBe('1–12 of 40 Trips');
    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(await screen.findByRole('option', { name: '25' }));
    expect(range()).toBe('1–25 of 40 Trips');
    expect(indicator()).toBe('1 / 2');
  });

  it('filters by search, resets, and cycles the Date sort', async () => {
    const trips = makeTrips(30, (i) => ({ notes: i === 4 ? 'Bring SUNSCREEN' : null }));
    renderTrips(trips);
    await screen.findByText('Place 30');
    await userEvent.type(screen.getByPlaceholderText('Search destination, notes, or type'), 'sunscreen');
    await waitFor(() => expect(range()).toBe('1–1 of 1 Trips'));
    expect(screen.getByText('Place 5')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search destination, notes, or type'), ' nowhere');
    expect(await screen.findByText('No trips found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(range()).toBe('1–12 of 30 Trips'));

    const firstDestination = () =>
      within(document.querySelector('tbody tr[data-trip-id]') as HTMLElement).getAllByRole('cell')[1].textContent;
    expect(firstDestination()).toBe('Place 30'); // the server's order: newest first
    await userEvent.click(screen.getByRole('button', { name: 'Date, not sorted' }));
    expect(firstDestination()).toBe('Place 1');
    await userEvent.click(screen.getByRole('button', { name: 'Date, ascending' }));
    expect(firstDestination()).toBe('Place 30');
    await userEvent.click(screen.getByRole('button', { name: 'Date, descending' }));
    expect(screen.getByRole('button', { name: 'Date, not sorted' })).toBeInTheDocument();
  });

  it("downloads the server's CSV of the filtered trips as trips.csv", async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => (created.push(b), 'blob:x')), revokeObjectURL: jest.fn() });
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { calls, queries } = renderTrips(makeTrips(3));
    await screen.findByText('Place 3');
    await userEvent.type(screen.getByPlaceholderText('Search destination, notes, or type'), 'place 2');
    await waitFor(() => expect(range()).toBe('1–1 of 1 Trips'));
    await userEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(clicks).toEqual(['trips.csv']));
    const exported = queries.filter((_q, i) => calls[i].path === '/api/trips/export');
    expect(exported).toHaveLength(1);
    expect(Object.fromEntries(exported[0])).toEqual({ search: 'place 2', sort: 'id', dir: 'desc', fileName: 'trips' });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'tripType,destination,date,departureTime,status,price,busInfo,students,boosterSeatCount,returnDate,returnTime,driverInfo,notes,createdBy,createdAt,editRequest,cancelRequest,customType,id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Place 2');
    click.mockRestore();
  });

  it('writes Pending rows in bold', async () => {
    renderTrips([makeTrip({ id: 1, status: 'Pending' }), makeTrip({ id: 2, status: 'Confirmed', busCompanyOrgId: DESERT_STAR })]);
    await screen.findByText('Destination 1');
    expect(rowOf(1).style.fontWeight).toBe('700');
    expect(rowOf(2).style.fontWeight).toBe('');
  });
});

describe('trip actions from the table', () => {
  it('shows each role its buttons in the row, from the trip rules', async () => {
    const pending = makeTrip({ id: 1, status: 'Pending' });
    // back since 2020, so it may be completed
    const confirmed = makeTrip({ id: 2, status: 'Confirmed', busCompanyOrgId: DESERT_STAR, departureDate: '2020-03-04' });
    renderTrips([pending, confirmed], admin);
    await screen.findByText('Destination 1');
    await userEvent.click(screen.getByRole('button', { name: 'Show actions for Destination 2' }));
    const actions = screen.getByRole('group', { name: 'Actions for Destination 2' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View', 'Edit', 'Assign Bus', 'Complete', 'Cancel', 'View Passengers']);
  });

  it('names the passengers button "Manage Passengers" for school staff', async () => {
    renderTrips([makeTrip({ id: 2, status: 'Accepted', busCompanyOrgId: DESERT_STAR })], staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Show actions for Destination 2' }));
    expect(screen.getByRole('button', { name: 'Manage Passengers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('asks before rejecting, then closes the row and opens the details', async () => {
    const trip = makeTrip({ id: 7, status: 'Pending', version: 3 });
    const { calls } = renderTrips([trip], dispatcher, {
      'PATCH /api/trips/7': () => ({ body: { ...trip, status: 'Rejected', version: 4 } }),
      'GET /api/trips/7/history': () => ({ body: [] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show actions for Destination 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Trip' });
    expect(within(dialog).getByText('Are you sure you want to reject this trip?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'Rejected', version: 3 });
    await waitFor(() => expect(within(details).getAllByText('Rejected').length).toBeGreaterThan(0));
    expect(screen.queryByRole('group', { name: 'Actions for Destination 7' })).toBeNull(); // the row closed
    expect(rowOf(7)).toHaveTextContent('Rejected');
  });

  it('accepts at once, without a question', async () => {
    const trip = makeTrip({ id: 8, status: 'Pending' });
    const { calls } = renderTrips([trip], dispatcher, {
      'PATCH /api/trips/8': () => ({ body: { ...trip, status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 } }),
      'GET /api/trips/8/history': () => ({ body: [] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show actions for Destination 8' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('dialog', { name: 'View trip details' });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(rowOf(8)).toHaveTextContent('Accepted');
  });

  it('shows what changed when another dispatcher was first (409), with the current trip', async () => {
    const trip = makeTrip({ id: 9, status: 'Pending', version: 1 });
    const current = { ...trip, status: 'Rejected' as const, version: 2 };
    renderTrips([trip], dispatcher, {
      'PATCH /api/trips/9': () => ({
        status: 409,
        body: { message: 'Only Pending trips can be accepted; this trip is Rejected.', trip: current },
      }),
      'GET /api/trips/9/history': () => ({ body: [] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show actions for Destination 9' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    const alert = within(details).getByRole('alert');
    expect(alert).toHaveTextContent('This trip was changed by someone else');
    expect(alert).toHaveTextContent('Only Pending trips can be accepted; this trip is Rejected.');
    expect(alert).toHaveTextContent('Status: Pending → Rejected');
    expect(rowOf(9)).toHaveTextContent('Rejected');
  });
});

describe('live trips', () => {
  let off: () => void;
  beforeEach(() => {
    off = subscribeTripsLive();
  });
  afterEach(() => off());

  it('merges created, updated and deleted trips without a refetch, skipping stale versions', async () => {
    const trip = makeTrip({ id: 1, status: 'Pending', version: 2 });
    const { calls } = renderTrips([trip]);
    await screen.findByText('Destination 1');
    const live = { seq: 1, tenantId: 1 };

    act(() => emitLiveForTest('trip:created', { ...live, trip: makeTrip({ id: 2, destination: 'Live Zoo' }) }));
    expect(await screen.findByText('Live Zoo')).toBeInTheDocument();
    expect(range()).toBe('1–2 of 2 Trips');

    act(() => emitLiveForTest('trip:updated', { ...live, trip: { ...trip, status: 'Accepted', version: 3 }, status: 'Accepted' }));
    await waitFor(() => expect(rowOf(1)).toHaveTextContent('Accepted'));
    act(() => emitLiveForTest('trip:updated', { ...live, trip: { ...trip, status: 'Rejected', version: 2 }, status: 'Rejected' }));
    expect(rowOf(1)).toHaveTextContent('Accepted'); // an older version is skipped

    act(() => emitLiveForTest('trip:deleted', { ...live, tripId: 2 }));
    await waitFor(() => expect(screen.queryByText('Live Zoo')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/trips')).toHaveLength(1);
  });

  it('updates an open details modal as the trip changes', async () => {
    const trip = makeTrip({ id: 5, status: 'Pending', version: 1 });
    renderTrips([trip], dispatcher, { 'GET /api/trips/5/history': () => ({ body: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Destination 5' }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    expect(within(details).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    act(() =>
      emitLiveForTest('trip:updated', {
        seq: 2,
        tenantId: 1,
        trip: { ...trip, status: 'Accepted', busCompanyOrgId: DESERT_STAR, version: 2 },
        status: 'Accepted',
      }),
    );
    await waitFor(() => expect(within(details).queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(within(details).getByRole('button', { name: 'Assign Bus' })).toBeInTheDocument();
  });
});
