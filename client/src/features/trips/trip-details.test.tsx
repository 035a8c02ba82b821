import type { TripDto, TripHistoryDto } from '@contracts/trip-wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, onPhone, renderWithApp } from '../../test-utils';
import { DESERT_STAR, GREENFIELD, makeTrip, tripRoutes } from './test-trips';
import { TripsPage } from './trips-page';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const staff = makeProfile('school_staff', { active_org_id: GREENFIELD });

async function openDetails(trip: TripDto, profile = dispatcher, history: TripHistoryDto[] = []) {
  mockFetch({ ...tripRoutes([trip]), [`GET /api/trips/${trip.id}/history`]: () => ({ body: history }) });
  renderWithApp(<TripsPage />, { route: '/trips', session: makeSession(profile) });
  await userEvent.click(await screen.findByRole('button', { name: trip.destination }));
  return screen.findByRole('dialog', { name: 'View trip details' });
}

describe('trip details: what a dispatcher and a school must read', () => {
  it('an edit request shows what changed, old → new, in words, and the clash it makes', async () => {
    const request = makeTrip({
      id: 61,
      destination: 'Science Discovery Centre',
      status: 'Pending',
      editRequest: true,
      busCompanyOrgId: DESERT_STAR,
      requestedChanges: [
        { field: 'departure', label: 'Departure', from: 'Wed 2 Dec 09:15 AM', to: 'Thu 26 Nov 09:15 AM' },
        { field: 'students', label: 'Students', from: '30', to: '35' },
      ],
      clashes: [{ tripId: 60, resource: 'bus', resourceId: 22, resourceName: 'Bus 22' }],
    });
    const details = await openDetails(request);
    const changes = within(details).getByTestId('requested-changes');
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Departure: Wed 2 Dec 09:15 AM → Thu 26 Nov 09:15 AM', 'Students: 30 → 35']);
    expect(within(details).getByText('This trip needs another bus or driver')).toBeInTheDocument();
    expect(within(details).getByText(/Bus 22 is also on/).textContent).toBe('Bus 22 is also on trip #60 at an overlapping time.');
    // Accept is offered only with the changes and the clash on screen above it.
    expect(within(details).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('names the fleet bus with its plate, and its driver, for the school, in the list and the details', async () => {
    const trip = makeTrip({
      id: 62,
      destination: 'Aquarium of the Gulf',
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      buses: [
        {
          busType: 'Internal Yellow Bus',
          busSeats: 56,
          busId: 12,
          busName: 'Bus 12',
          busPlate: 'DXB 41212',
          driverId: 3,
          driverName: 'Omar Haddad',
          driverPhone: '+971 50 123 4567',
        },
      ],
    });
    const details = await openDetails(trip, staff);
    // the list names it too, under the destination
    expect(screen.getAllByTestId('trip-buses')[0]).toHaveTextContent('Bus 12 · DXB 41212 (Omar Haddad)');
    const table = within(details).getByRole('table');
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('Bus 12 · DXB 41212');
    expect(row).toHaveTextContent('Omar Haddad');
    // a desk calls the driver with a click, as a phone does with a tap
    expect(within(row).getByRole('link', { name: '+971 50 123 4567' })).toHaveAttribute('href', 'tel:+971501234567');
  });

  it("on a phone, gives each bus a card whose driver's number calls with a tap, with nothing off to the side", async () => {
    const trip = makeTrip({
      id: 64,
      destination: 'Marine Science Centre',
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      buses: [
        {
          busType: 'White Bus',
          busSeats: 35,
          busId: 9,
          busName: 'Bus 9',
          busPlate: 'DXB 10909',
          driverId: 4,
          driverName: 'Hassan Qureshi',
          driverPhone: '+971 50 321 7788',
          tripPrice: 1200,
        },
        { busType: 'External Yellow Bus', busSeats: 45, driverName: 'Ali Saleh' },
      ],
    });
    const restore = onPhone();
    try {
      const details = await openDetails(trip, staff);
      expect(within(details).queryByRole('table')).toBeNull();
      const cards = within(within(details).getByRole('list', { name: 'Assigned buses' })).getAllByRole('listitem');
      expect(cards.map((c) => c.textContent)).toEqual([
        'Bus 9 · DXB 10909ConfirmedWhite Bus · 35 seats · AED 1,200.00Driver: Hassan Qureshi · +971 50 321 7788',
        'External Yellow BusConfirmed45 seatsDriver: Ali Saleh',
      ]);
      expect(within(cards[0]).getByRole('link', { name: '+971 50 321 7788' })).toHaveAttribute('href', 'tel:+971503217788');
    } finally {
      restore();
    }
  });

  it('a bus out of service says so', async () => {
    const trip = makeTrip({
      id: 63,
      destination: 'Opera House',
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      needsBus: true,
      outOfService: [{ resource: 'bus', resourceId: 31, resourceName: 'Bus 31' }],
    });
    const details = await openDetails(trip);
    expect(within(details).getByText('Bus 31 is out of service.')).toBeInTheDocument();
  });
  it('tells Save Buses as one line of the history: the record of the buses it makes after assigning them is not another', async () => {
    const trip = makeTrip({ id: 64, destination: 'Natural History Museum', status: 'Confirmed', busCompanyOrgId: DESERT_STAR });
    const dev = { id: 7, name: 'Dev Desert' };
    const row = (id: number, action: TripHistoryDto['action'], at: string, by = dev, from = 'Confirmed', to = 'Confirmed') =>
      ({ id, tripId: trip.id, action, fromStatus: from, toStatus: to, fields: [], by, at }) as TripHistoryDto;
    const history = [
      row(4, 'recordSubtrip', '2026-11-28T17:50:31Z'),
      row(3, 'assignBuses', '2026-11-28T17:50:30Z', dev, 'Accepted', 'Confirmed'),
      row(2, 'accept', '2026-11-28T17:50:02Z', dev, 'Pending', 'Accepted'),
      // a record on its own (a day later, or by someone else) keeps its line
      row(1, 'recordSubtrip', '2026-11-29T09:00:00Z', { id: 9, name: 'Dana Admin' }),
    ];
    const details = await openDetails(trip, dispatcher, history);
    await within(details).findByText('Accepted (Pending → Accepted)');
    expect(
      within(details)
        .getAllByText(/^(Assigned buses \(|Recorded a bus assignment|Accepted \()/)
        .map((e) => e.textContent),
    ).toEqual(['Recorded a bus assignment', 'Assigned buses (Accepted → Confirmed)', 'Accepted (Pending → Accepted)']);
  });
});
