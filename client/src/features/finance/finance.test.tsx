import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { makeTrip, tripRoutes } from '../trips/test-trips';
import { subscribeTripsLive } from '../trips/trips.live';
import { FinancePage } from './finance-page';

const bus = (tripPrice: number) => ({ busType: 'White Bus' as const, busSeats: 40, tripPrice });
const trips = [
  makeTrip({
    id: 1,
    destination: 'Zoo',
    createdBy: 'Grace Green',
    departureDate: '2031-03-04',
    date: '2031-03-04',
    status: 'Completed',
    busCompanyName: 'Desert Star Buses',
    paid: true,
    buses: [bus(300), bus(200)],
    price: 500, // the server sets a trip's price to its buses' prices when they are assigned
  }),
  makeTrip({
    id: 2,
    destination: 'Museum',
    createdBy: 'Rami Rivers',
    departureDate: '2031-04-10',
    date: '2031-04-10',
    status: 'Completed',
    busCompanyName: 'Falcon Transport',
    paid: true,
    price: 120.5,
  }),
  makeTrip({
    id: 3,
    destination: 'Opera',
    createdBy: 'Grace Green',
    departureDate: '2031-03-20',
    date: '2031-03-20',
    status: 'Confirmed',
    busCompanyName: 'Desert Star Buses',
    paid: false,
    price: 800,
  }),
];

describe('FinancePage', () => {
  it('shows the paid revenue in AED and toggles paid with PATCH {paid}, merging live changes', async () => {
    const off = subscribeTripsLive();
    // the server's trips: each change below happens there first, and Finance asks the server for its totals again
    let server = trips;
    const { calls } = mockFetch({
      ...tripRoutes(() => server),
      'PATCH /api/trips/3': (body) => {
        const updated = { ...trips[2], ...(body as object), version: 2 };
        server = server.map((t) => (t.id === 3 ? updated : t));
        return { body: updated };
      },
    });
    renderWithApp(<FinancePage />, { session: makeSession(makeProfile('finance')) });
    expect(await screen.findByTestId('paid-revenue')).toHaveTextContent('AED 620.50');

    await userEvent.click(screen.getByRole('switch', { name: 'Paid: Opera' }));
    expect(await screen.findByText('Marked paid.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ paid: true, version: 1 });
    await waitFor(() => expect(screen.getByTestId('paid-revenue')).toHaveTextContent('AED 1,420.50'));

    const unpaidZoo = { ...trips[0], paid: false, version: 2 };
    server = server.map((t) => (t.id === 1 ? unpaidZoo : t));
    act(() => emitLiveForTest('trip:updated', { seq: 1, tenantId: 1, trip: unpaidZoo, status: 'Completed', by: null }));
    await waitFor(() => expect(screen.getByTestId('paid-revenue')).toHaveTextContent('AED 920.50'));

    await userEvent.click(screen.getByRole('radio', { name: 'Unpaid' }));
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).queryByText('Opera')).toBeNull());
    expect(within(table).getByText('Zoo')).toBeInTheDocument();
    off();
  });

  it('offers the paid toggle only on trips the company accepted and nobody cancelled, and names each trip’s bus company', async () => {
    const more = [
      makeTrip({ id: 4, destination: 'Aquarium', status: 'Rejected', price: 90 }),
      makeTrip({ id: 5, destination: 'Farm', status: 'Pending', price: 60 }),
      makeTrip({ id: 6, destination: 'Castle', status: 'Canceled', price: 70 }),
      makeTrip({ id: 7, destination: 'Harbour', status: 'Accepted', price: 50, busCompanyName: 'Falcon Transport' }),
      makeTrip({ id: 8, destination: 'Fort', status: 'Cancel Requested', price: 40 }),
    ];
    mockFetch(tripRoutes([...trips, ...more]));
    renderWithApp(<FinancePage />, { session: makeSession(makeProfile('finance')) });
    const table = await screen.findByRole('table');
    await within(table).findByText('Aquarium');
    const row = (destination: string) => within(table).getByText(destination).closest('tr') as HTMLElement;
    for (const destination of ['Aquarium', 'Farm', 'Castle']) {
      expect(within(row(destination)).queryByRole('switch')).toBeNull();
      expect(within(row(destination)).getByText('Not billed')).toBeInTheDocument();
    }
    for (const destination of ['Opera', 'Harbour', 'Fort', 'Zoo']) {
      expect(within(row(destination)).getByRole('switch', { name: `Paid: ${destination}` })).toBeInTheDocument();
    }
    expect(within(table).getByRole('columnheader', { name: 'Bus company' })).toBeInTheDocument();
    expect(within(row('Harbour')).getByText('Falcon Transport')).toBeInTheDocument();
    expect(within(row('Opera')).getByText('Desert Star Buses')).toBeInTheDocument();
    // no company yet
    expect(within(row('Farm')).getByText('—')).toBeInTheDocument();
  });

  it('exports the shown trips as finance-trips.csv', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { calls, queries } = mockFetch(tripRoutes(trips));
    renderWithApp(<FinancePage />, { session: makeSession(makeProfile('admin')) });
    await screen.findByText('Zoo');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['finance-trips.csv']));
    const exported = queries.filter((_q, i) => calls[i].path === '/api/trips/export');
    expect(Object.fromEntries(exported[0])).toEqual({ sort: 'date', dir: 'desc', fileName: 'finance-trips', withPaid: 'true' });
    click.mockRestore();
  });
});
