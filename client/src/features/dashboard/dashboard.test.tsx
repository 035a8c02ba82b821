import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { subscribeApprovalsLive } from '../approvals/approvals.live';
import { makeApproval } from '../approvals/test-approvals';
import { busProgress, makeBus, makeDriver, onBus, stepDone } from '../dispatch/test-board';
import { DESERT_STAR, GREENFIELD, makeTrip, tripRoutes } from '../trips/test-trips';
import { todayIso } from '../trips/trip-view';
import { subscribeTripsLive } from '../trips/trips.live';
import { subscribeDashboardLive } from './dashboard.live';
import { DashboardPage } from './dashboard-page';
import { tripStats, upcomingTrips } from './dashboard-stats';

const TODAY = '2031-03-10';
const on = (date: string, over: Parameters<typeof makeTrip>[0] = {}) => makeTrip({ departureDate: date, date, returnDate: date, ...over });

describe('dashboard numbers (status buckets)', () => {
  const trips = [
    on('2031-03-09', { status: 'Pending' }), // past
    on('2031-03-10', { status: 'Accepted' }), // today counts as upcoming
    on('2031-03-12', { status: 'Canceled' }),
    on('2031-03-13', { status: 'Rejected' }),
    on('2031-03-14', { status: 'Pending' }),
    on('2031-03-15', { status: 'Cancel Requested' }),
    on('2031-03-16', { status: 'Completed' }),
  ];

  it('counts total, upcoming from today, pending requests and cancelled', () => {
    expect(tripStats(trips, TODAY)).toEqual({ total: 7, upcoming: 4, pending: 2, cancelled: 1 });
  });

  it('lists at most 10 upcoming trips by date ascending, without cancelled or rejected ones', () => {
    expect(upcomingTrips(trips, TODAY).map((t) => t.departureDate)).toEqual(['2031-03-10', '2031-03-14', '2031-03-15', '2031-03-16']);
    const many = Array.from({ length: 14 }, (_, i) => on(`2031-04-${String(28 - i).padStart(2, '0')}`));
    const shown = upcomingTrips(many, TODAY);
    expect(shown).toHaveLength(10);
    expect(shown[0].departureDate).toBe('2031-04-15');
    expect(shown[9].departureDate).toBe('2031-04-24');
  });
});

describe('DashboardPage', () => {
  const future = (days: number) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    return todayIso(d);
  };

  it('shows "Loading dashboard..." and then greets an admin as "Admin", with the user table', async () => {
    mockFetch({
      ...tripRoutes([on(future(2), { id: 1, destination: 'Zoo', status: 'Pending' })]),
      'GET /api/users': () => ({ body: [makeProfile('school_staff', { id: 3, name: 'Grace Green' })] }),
    });
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('admin', { name: 'Dana Admin' })) });
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Admin.')).toBeInTheDocument();
    expect(await screen.findByText('Upcoming Trips')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Total trips')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-Pending requests')).toHaveTextContent('1');
    expect(screen.getByText('Accept or reject')).toBeInTheDocument();
    expect(screen.getByText('User and Role Management')).toBeInTheDocument();
    expect(await screen.findByText('Grace Green')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request New Trip' })).toBeNull();
  });

  it('shows "Failed to load trips" in a red panel', async () => {
    mockFetch({ 'GET /api/trips/stats': () => ({ status: 500 }) });
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    expect(await screen.findByText('Failed to load trips')).toBeInTheDocument();
  });

  it('opens trip details from a destination, and school staff’s button opens the request form', async () => {
    mockFetch({
      ...tripRoutes([on(future(3), { id: 4, destination: 'Planetarium', status: 'Confirmed', busCompanyOrgId: DESERT_STAR })]),
      'GET /api/trips/4/history': () => ({ body: [] }),
    });
    const staff = makeProfile('school_staff', { name: 'Grace Green', active_org_id: GREENFIELD });
    renderWithApp(<DashboardPage />, { session: makeSession(staff) });
    expect(await screen.findByText('Welcome back, Grace Green.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Planetarium' }));
    const details = await screen.findByRole('dialog', { name: 'View trip details' });
    expect(within(details).getByRole('heading', { name: 'Planetarium' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Request New Trip' }));
    const form = await screen.findByRole('dialog', { name: 'Request New Trip' });
    expect(within(form).getByRole('button', { name: 'Submit Request' })).toBeInTheDocument();
  });

  it('takes the figures the server pushes (trips:stats) into the cards and the list, and asks again on no trip event', async () => {
    const offs = [subscribeTripsLive(), subscribeDashboardLive(false)];
    const trip = on(future(1), { id: 1, destination: 'Zoo', status: 'Pending' });
    const { calls } = mockFetch(tripRoutes([trip]));
    const statsGets = () => calls.filter((c) => c.path === '/api/trips/stats').length;
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    await screen.findByText('Zoo');
    expect(statsGets()).toBe(1);

    // A trip event: the figures wait for the server's push (it counts once for every console of the audience).
    const canceled = { ...trip, status: 'Canceled' as const, version: 2 };
    await act(async () => emitLiveForTest('trip:updated', { seq: 2, tenantId: 1, trip: canceled, status: 'Canceled' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(statsGets()).toBe(1);

    const museum = on(future(2), { id: 2, destination: 'Museum', status: 'Pending' });
    const stats = { total: 2, upcoming: 1, pending: 1, cancelled: 1, upcomingTrips: [museum] };
    act(() => emitLiveForTest('trips:stats', { seq: 3, tenantId: 1, scope: `org:${DESERT_STAR}`, today: todayIso(), stats }));
    expect(await screen.findByText('Museum')).toBeInTheDocument();
    expect(screen.queryByText('Zoo')).toBeNull();
    expect(screen.getByTestId('stat-Total trips')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-Cancelled')).toHaveTextContent('1');
    expect(statsGets()).toBe(1);

    // Figures of another day than the one shown (the server's date is not this browser's): the shown day is asked again.
    act(() => emitLiveForTest('trips:stats', { seq: 4, tenantId: 1, scope: `org:${DESERT_STAR}`, today: '1999-01-01', stats }));
    await waitFor(() => expect(statsGets()).toBe(2));
    offs.forEach((off) => off());
  });

  it("has a platform admin's dashboard take the platform's pushed figures, and neither a tenant's nor a GET on a trip event", async () => {
    const offs = [subscribeTripsLive(), subscribeDashboardLive(true)];
    const trip = on(future(1), { id: 1, destination: 'Zoo', status: 'Pending' });
    const { calls } = mockFetch({ ...tripRoutes([trip]), 'GET /api/users': () => ({ body: [] }) });
    const statsGets = () => calls.filter((c) => c.path === '/api/trips/stats').length;
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('admin', { tenant_id: null, tenant: null })) });
    await screen.findByText('Zoo');
    expect(statsGets()).toBe(1);

    // One tenant's figures are not the platform's.
    const tenantStats = { total: 9, upcoming: 0, pending: 0, cancelled: 9, upcomingTrips: [] };
    act(() => emitLiveForTest('trips:stats', { seq: 2, tenantId: 1, scope: 'tenant:1', today: todayIso(), stats: tenantStats }));
    expect(screen.getByTestId('stat-Total trips')).toHaveTextContent('1');

    const canceled = { ...trip, status: 'Canceled' as const, version: 2 };
    await act(async () => emitLiveForTest('trip:updated', { seq: 3, tenantId: 1, trip: canceled, status: 'Canceled' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(statsGets()).toBe(1);

    const museum = on(future(2), { id: 2, destination: 'Museum', status: 'Pending' });
    const platformStats = { total: 12, upcoming: 1, pending: 1, cancelled: 4, upcomingTrips: [museum] };
    act(() => emitLiveForTest('trips:stats', { seq: 1, tenantId: null, scope: 'platform', today: todayIso(), stats: platformStats }));
    expect(await screen.findByText('Museum')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Total trips')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-Cancelled')).toHaveTextContent('4');
    expect(statsGets()).toBe(1);
    offs.forEach((off) => off());
  });

  it('shows school staff what waits for their approval, linking to Approvals, kept by approvals:count', async () => {
    const off = subscribeApprovalsLive();
    mockFetch({ ...tripRoutes([]), 'GET /api/approvals/count': () => ({ body: { waiting: 3 } }) });
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('school_staff', { active_org_id: GREENFIELD })) });
    const card = await screen.findByRole('region', { name: 'Waiting for your approval' });
    expect(within(card).getByTestId('stat-Waiting for your approval')).toHaveTextContent('3');
    expect(within(card).getByRole('link', { name: 'Review requests' })).toHaveAttribute('href', '/approvals');
    act(() => emitLiveForTest('approvals:count', { seq: 1, tenantId: 1, waiting: 4 }));
    expect(within(card).getByTestId('stat-Waiting for your approval')).toHaveTextContent('4');
    act(() => emitLiveForTest('approvals:count', { seq: 2, tenantId: 1, waiting: 0 }));
    expect(screen.queryByRole('region', { name: 'Waiting for your approval' })).toBeNull();
    off();
  });

  it('tells an approver which upcoming trips wait for their decision, and drops it once decided', async () => {
    const off = subscribeApprovalsLive();
    const museum = on(future(1), { id: 7, destination: 'Natural History Museum', status: 'Awaiting Approval', busCompanyOrgId: null });
    const heritage = on(future(20), { id: 8, destination: 'Heritage Village', status: 'Awaiting Approval', busCompanyOrgId: null });
    let waiting = [makeApproval({ tripId: 7 }, { destination: 'Natural History Museum' })];
    mockFetch({
      ...tripRoutes([museum, heritage]),
      'GET /api/approvals/count': () => ({ body: { waiting: waiting.length } }),
      'GET /api/approvals': () => ({ body: waiting }),
    });
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('school_staff', { active_org_id: GREENFIELD })) });
    const mine = () => screen.getByText('Natural History Museum').closest('tr') as HTMLElement;
    // it waits for this user: theirs to decide, not "Awaiting school approval"
    await screen.findByText('Natural History Museum');
    expect(await within(mine()).findByText('Review request')).toBeInTheDocument();
    // the other one waits for someone else at the school (its second step, say)
    const other = screen.getByText('Heritage Village').closest('tr') as HTMLElement;
    expect(within(other).getByText('Awaiting school approval')).toBeInTheDocument();
    waiting = [];
    act(() => emitLiveForTest('approvals:count', { seq: 1, tenantId: 1, waiting: 0 }));
    await waitFor(() => expect(within(mine()).getByText('Awaiting school approval')).toBeInTheDocument());
    off();
  });

  it('asks a bus company for no approval count', async () => {
    const { calls } = mockFetch(tripRoutes([]));
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    await screen.findByText('Upcoming Trips');
    expect(calls.some((c) => c.path.startsWith('/api/approvals'))).toBe(false);
    expect(screen.queryByText('Waiting for your approval')).toBeNull();
  });

  it("tells a school, on the day of travel, where each of its trip's buses is, and follows the pushed figures", async () => {
    const offs = [subscribeTripsLive(), subscribeDashboardLive(false)];
    const today = todayIso();
    const [bus7, sara] = [makeBus(7), makeDriver(2, { name: 'Sara Nasser' })];
    const library = (progress: ReturnType<typeof busProgress>) =>
      on(today, {
        id: 8,
        destination: 'Central Library',
        status: 'Confirmed',
        busCompanyOrgId: DESERT_STAR,
        buses: [onBus(bus7, sara)],
        progress: [progress],
      });
    const later = on(future(3), {
      id: 9,
      destination: 'Opera House',
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      buses: [onBus(bus7, sara)],
    });
    mockFetch(tripRoutes([library(busProgress(bus7, sara, [stepDone('atPickup', `${today}T08:50:00`)])), later]));
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('school_staff', { active_org_id: GREENFIELD })) });
    const row = (destination: string) => screen.getByText(destination).closest('tr') as HTMLElement;
    await screen.findByText('Central Library');
    expect(within(row('Central Library')).getByTestId('trip-buses')).toHaveTextContent(/^Bus 7 \(Sara Nasser\): At pickup$/);
    // a trip days away names its bus, and says nothing of a day not yet come
    expect(within(row('Opera House')).getByTestId('trip-buses')).toHaveTextContent(/^Bus 7 \(Sara Nasser\)$/);

    const late = library(busProgress(bus7, sara, [stepDone('atPickup', `${today}T08:50:00`)], 'departure'));
    const stats = { total: 2, upcoming: 2, pending: 0, cancelled: 0, upcomingTrips: [late, later] };
    act(() => emitLiveForTest('trips:stats', { seq: 2, tenantId: 1, scope: `org:${GREENFIELD}`, today, stats }));
    await waitFor(() => expect(within(row('Central Library')).getByTestId('trip-buses')).toHaveTextContent(/: Late departure$/));
    offs.forEach((off) => off());
  });

  it('tells only the company (and admins) that a driver has not acknowledged, in orange: a school reads a bus on time', async () => {
    const [bus7, hassan] = [makeBus(7), makeDriver(3, { name: 'Hassan Qureshi' })];
    const tomorrow = on(future(1), {
      id: 10,
      destination: 'Museum of the Future',
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      buses: [onBus(bus7, hassan)],
      progress: [busProgress(bus7, hassan, [], 'acknowledge')],
    });
    mockFetch(tripRoutes([tomorrow]));
    const { unmount } = renderWithApp(<DashboardPage />, {
      session: makeSession(makeProfile('school_staff', { active_org_id: GREENFIELD })),
    });
    // the school: the bus and its driver, and nothing of a day not yet come (it was "Not acknowledged", in red)
    expect(await screen.findByTestId('trip-buses')).toHaveTextContent(/^Bus 7 \(Hassan Qureshi\)$/);
    unmount();

    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    expect(await screen.findByTestId('trip-buses')).toHaveTextContent(/^Bus 7 \(Hassan Qureshi\): Not acknowledged$/);
    expect(screen.getByText('Not acknowledged')).toHaveStyle({ color: 'var(--mantine-color-orange-text)' });
  });

  it('says "Needs a bus" in Action needed for an accepted trip without a bus close to departure', async () => {
    mockFetch(
      tripRoutes([
        on(future(2), { id: 5, destination: 'Space Museum', status: 'Accepted', busCompanyOrgId: DESERT_STAR, needsBus: true }),
        on(future(9), { id: 6, destination: 'Eco Farm', status: 'Accepted', busCompanyOrgId: DESERT_STAR }),
      ]),
    );
    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    const urgent = (await screen.findByText('Space Museum')).closest('tr') as HTMLElement;
    expect(within(urgent).getByText('Needs a bus')).toBeInTheDocument();
    const later = screen.getByText('Eco Farm').closest('tr') as HTMLElement;
    expect(within(later).getByText('Assign bus')).toBeInTheDocument();
  });

  it('marks a bus taken out of service on its trip, for the school and the company, and tells the company it needs a bus', async () => {
    const [bus22, hassan] = [makeBus(22), makeDriver(3, { name: 'Hassan Qureshi' })];
    const aquarium = on(future(1), {
      id: 11,
      destination: 'Aquarium of the Gulf',
      status: 'Confirmed',
      busCompanyOrgId: DESERT_STAR,
      buses: [onBus(bus22, hassan)],
      needsBus: true,
      outOfService: [{ resource: 'bus', resourceId: bus22.id, resourceName: bus22.name }],
    });
    mockFetch(tripRoutes([aquarium]));
    const { unmount } = renderWithApp(<DashboardPage />, {
      session: makeSession(makeProfile('school_staff', { active_org_id: GREENFIELD })),
    });
    // it read "Bus 22 (Hassan Qureshi)", and "None" to the company, after the bus was deactivated
    expect(await screen.findByTestId('trip-buses')).toHaveTextContent(/^Bus 22 \(Hassan Qureshi\): Out of service$/);
    expect(screen.getByText('Out of service')).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    unmount();

    renderWithApp(<DashboardPage />, { session: makeSession(makeProfile('bus_company', { active_org_id: DESERT_STAR })) });
    const row = (await screen.findByText('Aquarium of the Gulf')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('trip-buses')).toHaveTextContent(/: Out of service$/);
    expect(within(row).getByText('Needs a bus')).toBeInTheDocument();
  });
});
