import { screen, within } from '@testing-library/react';
import { companyTrip, day, makeBoard, makeBus, makeDriver, onBus } from '../features/dispatch/test-board';
import { DESERT_STAR } from '../features/trips/test-trips';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../test-utils';
import { AppRoutes } from './app-routes';

const MONDAY = day(0);
const bus7 = makeBus(7, { name: 'Bus 7', plate: 'DXB 10707' });
const omar = makeDriver(1, { name: 'Omar Haddad' });
/** Omar drives one trip on Monday. */
const mondayBoard = makeBoard({
  from: MONDAY,
  to: MONDAY,
  buses: [bus7],
  drivers: [omar],
  trips: [companyTrip({ id: 610, departureDate: MONDAY, returnDate: MONDAY, buses: [onBus(bus7, omar)] })],
  needsBus: [],
});

describe('Run Sheet route', () => {
  const open = (role: 'bus_company' | 'admin' | 'trip_manager') => {
    mockFetch({
      'GET /api/dispatch/board': () => ({ body: mondayBoard }),
      'GET /api/notifications': () => ({ body: [] }),
      'GET /api/admin/users/pending': () => ({ body: [] }),
    });
    renderWithApp(<AppRoutes />, {
      route: `/dispatch/run-sheet?driver=1&date=${MONDAY}`,
      session: makeSession(makeProfile(role, { active_org_id: role === 'bus_company' ? DESERT_STAR : null })),
    });
  };

  it.each(['bus_company', 'admin'] as const)('opens for a %s, under Dispatch in the breadcrumb', async (role) => {
    open(role);
    expect(await screen.findByRole('heading', { name: 'Omar Haddad' })).toBeInTheDocument();
    const breadcrumb = screen.getByLabelText('Breadcrumb');
    expect(within(breadcrumb).getByText('Run Sheet')).toBeInTheDocument();
  });

  it('sends a trip manager, who has no fleet, to /unauthorized', async () => {
    open('trip_manager');
    expect(await screen.findByRole('heading', { name: "You don't have access to that page" })).toBeInTheDocument();
  });
});
