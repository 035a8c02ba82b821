import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { companyTrip, day, makeBoard, makeBus, makeDriver, onBus } from '../dispatch/test-board';
import { DESERT_STAR } from '../trips/test-trips';
import { RunSheetPage } from './run-sheet-page';

const dispatcher = makeProfile('bus_company', { active_org_id: DESERT_STAR });
const MONDAY = day(0); // 2031-03-03

const bus7 = makeBus(7, { name: 'Bus 7', plate: 'DXB 10707' });
const bus12 = makeBus(12, { name: 'Bus 12', plate: 'DXB 41212', busType: 'Internal Yellow Bus', seats: 56 });
const omar = makeDriver(1, { name: 'Omar Haddad', mobile: '+971 50 111 2233', licenceExpiry: '2033-01-01' });
const sara = makeDriver(2, { name: 'Sara Khan' });
const withPlate = (bus: typeof bus7, driver?: typeof omar) => ({ ...onBus(bus, driver), busPlate: bus.plate });

/** Omar drives two trips on Monday (listed out of order) and Sara one; nobody drives on Tuesday. */
function dayBoard(overrides: Partial<DispatchBoardDto> = {}): DispatchBoardDto {
  const afternoon: TripDto = companyTrip({
    id: 611,
    destination: 'Science Discovery Centre',
    departureDate: MONDAY,
    returnDate: MONDAY,
    departureTime: '01:00 PM',
    returnTime: '04:30 PM',
    origin: null,
    schoolName: 'Greenfield Primary',
    createdBy: 'Grace Green',
    createdByEmail: 'staff.greenfield@demo.test',
    students: 20,
    staff: 2,
    buses: [withPlate(bus12, omar)],
  });
  const morning: TripDto = companyTrip({
    id: 610,
    destination: 'Botanical Gardens',
    departureDate: MONDAY,
    returnDate: MONDAY,
    departureTime: '07:30 AM',
    returnTime: '11:45 AM',
    origin: 'North Gate',
    schoolName: 'Riverside Academy',
    createdBy: 'Rami Rivers',
    createdByEmail: 'staff.riverside@demo.test',
    students: 38,
    staff: 4,
    boosterSeatsRequested: true,
    boosterSeatCount: 3,
    notes: 'Two wheelchair users; ramp needed.',
    buses: [withPlate(bus7, omar)],
  });
  const sarasTrip: TripDto = companyTrip({
    id: 612,
    destination: 'Camel Racing Museum',
    departureDate: MONDAY,
    returnDate: MONDAY,
    buses: [withPlate(bus7, sara)],
  });
  return makeBoard({
    from: MONDAY,
    to: MONDAY,
    buses: [bus7, bus12],
    drivers: [omar, sara],
    trips: [afternoon, morning, sarasTrip],
    needsBus: [],
    ...overrides,
  });
}

function renderSheet(route: string, board: (url: URL) => DispatchBoardDto = () => dayBoard()) {
  const mocked = mockFetch({ 'GET /api/dispatch/board': (_body, url) => ({ body: board(url) }) });
  renderWithApp(<RunSheetPage />, { route, session: makeSession(dispatcher) });
  return mocked;
}

/** The value written beside a label on the sheet. */
const field = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Run Sheet', () => {
  it("lists the driver's trips of the day by departure: bus and plate, times, pickup, school, contact, passengers, notes", async () => {
    const { queries } = renderSheet(`/dispatch/run-sheet?driver=1&date=${MONDAY}`);
    expect(await screen.findByRole('heading', { name: 'Omar Haddad' })).toBeInTheDocument();
    expect(queries[0].get('from')).toBe(MONDAY);
    expect(queries[0].get('to')).toBe(MONDAY);

    const sheet = screen.getByRole('region', { name: 'Omar Haddad' });
    expect(within(sheet).getByText('Monday 3 March 2031')).toBeInTheDocument();
    expect(field(sheet, 'Mobile')).toBe('+971 50 111 2233');
    expect(field(sheet, 'Licence expiry')).toBe('Sat 1 Jan 2033');

    const trips = within(sheet).getAllByRole('article');
    expect(trips.map((t) => within(t).getByRole('heading').textContent)).toEqual([
      '07:30 AM · Botanical Gardens',
      '01:00 PM · Science Discovery Centre',
    ]);
    const [morning, afternoon] = trips;
    expect(field(morning, 'Bus')).toBe('Bus 7 · DXB 10707');
    expect(field(morning, 'Departure')).toBe('07:30 AM');
    expect(field(morning, 'Return')).toBe('11:45 AM');
    expect(field(morning, 'Pickup')).toBe('North Gate');
    expect(field(morning, 'Destination')).toBe('Botanical Gardens');
    expect(field(morning, 'School')).toBe('Riverside Academy');
    expect(field(morning, 'School contact')).toBe('Rami Rivers · staff.riverside@demo.test');
    expect(within(morning).getByRole('link', { name: 'staff.riverside@demo.test' })).toHaveAttribute(
      'href',
      'mailto:staff.riverside@demo.test',
    );
    expect(field(morning, 'Passengers')).toBe('38 students, 4 staff (42), 3 booster seats');
    expect(field(morning, 'Notes')).toBe('Two wheelchair users; ramp needed.');

    expect(field(afternoon, 'Bus')).toBe('Bus 12 · DXB 41212');
    // no origin written: the bus picks up at the school; no booster seats asked for, none mentioned
    expect(field(afternoon, 'Pickup')).toBe('School');
    expect(field(afternoon, 'Passengers')).toBe('20 students, 2 staff (22)');
    expect(field(afternoon, 'Notes')).toBe('None');

    // Sara's trip that day is not on Omar's sheet
    expect(screen.queryByText(/Camel Racing Museum/)).not.toBeInTheDocument();
  });

  it('shows a trip over several days with the day beside each time', async () => {
    const board = dayBoard({
      trips: [
        companyTrip({
          id: 620,
          destination: 'Desert Camp',
          departureDate: day(-1),
          departureTime: '04:00 PM',
          returnDate: day(1),
          returnTime: '10:00 AM',
          buses: [withPlate(bus12, omar)],
        }),
      ],
    });
    renderSheet(`/dispatch/run-sheet?driver=1&date=${MONDAY}`, () => board);
    const trip = await screen.findByRole('article', { name: '04:00 PM · Desert Camp' });
    expect(field(trip, 'Departure')).toBe('Sun 2 Mar 04:00 PM');
    expect(field(trip, 'Return')).toBe('Tue 4 Mar 10:00 AM');
  });

  it('prints the sheet with the Print button', async () => {
    const print = jest.fn();
    Object.assign(window, { print });
    renderSheet(`/dispatch/run-sheet?driver=1&date=${MONDAY}`);
    await screen.findByRole('heading', { name: 'Omar Haddad' });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says so when the driver has no trips that day', async () => {
    renderSheet(`/dispatch/run-sheet?driver=2&date=${day(1)}`, () => dayBoard({ from: day(1), to: day(1), trips: [] }));
    expect(await screen.findByText('No trips for Sara Khan on Tuesday 4 March 2031.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('asks for a driver until one is chosen, then switches driver and day from the pickers', async () => {
    const { queries } = renderSheet('/dispatch/run-sheet?date=' + MONDAY, (url) =>
      url.searchParams.get('from') === MONDAY ? dayBoard() : dayBoard({ from: day(1), to: day(1), trips: [] }),
    );
    expect(await screen.findByText('Choose a driver to see their run sheet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Driver' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sara Khan' }));
    const sheet = await screen.findByRole('region', { name: 'Sara Khan' });
    expect(within(sheet).getByRole('article', { name: '08:00 AM · Camel Racing Museum' })).toBeInTheDocument();

    // the whole date typed at once, as pasting it would
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: day(1) } });
    expect(await screen.findByText('No trips for Sara Khan on Tuesday 4 March 2031.')).toBeInTheDocument();
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe(day(1)));
    expect(queries.at(-1)?.get('to')).toBe(day(1));
  });

  it('says when the company has no drivers', async () => {
    renderSheet(`/dispatch/run-sheet?date=${MONDAY}`, () => dayBoard({ drivers: [], trips: [] }));
    expect(await screen.findByText('Desert Star Buses has no drivers yet.')).toBeInTheDocument();
  });
});
