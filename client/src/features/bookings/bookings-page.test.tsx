import type { BookingDto } from '@contracts/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, onPhone, renderWithApp } from '../../test-utils';
import { BookingsPage } from './bookings-page';

const manager = makeProfile('trip_manager', { id: 3, name: 'Mona Trips' });
const booking = (id: number, title: string, status: BookingDto['status']): BookingDto => ({
  id,
  tenant_id: 1,
  school_org_id: 6,
  school_org: { id: 6, name: 'Greenfield Primary' },
  title,
  purpose: null,
  date_start: '2026-12-14',
  date_end: '2026-12-14',
  start_time: '09:00 AM',
  end_time: '01:00 PM',
  duration_minutes: null,
  passengers_students: 40,
  passengers_adults: 4,
  pickup_points: [],
  dropoff_points: [],
  buses_requested: 1,
  bus_type: null,
  notes: null,
  status,
  created_by: 'Grace Lee',
  created_by_email: 'staff.greenfield@demo.test',
  created_by_id: 11,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
});

describe('Extra Bus Bookings', () => {
  it('on a phone, gives each booking a card with its status and its buttons in view', async () => {
    mockFetch({ 'GET /api/bookings': () => ({ body: [booking(1, 'Swimming gala', 'Requested'), booking(2, 'Sports day', 'approved')] }) });
    const restore = onPhone();
    try {
      renderWithApp(<BookingsPage />, { session: makeSession(manager) });
      const list = await screen.findByRole('list', { name: 'Bookings' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards.map((c) => c.textContent)).toEqual([
        expect.stringMatching(
          /^Swimming gala.*Requested.*Greenfield Primary.*1 bus · by Grace Lee.*40 students · 4 adults.*ApproveCancel$/,
        ),
        expect.stringMatching(/^Sports day.*approved.*Greenfield Primary.*40 students · 4 adults.*Cancel$/),
      ]);
      expect(within(cards[0]).getByRole('button', { name: 'Approve' })).toBeVisible();
      expect(within(cards[1]).queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });

  it('cancels a booking at once: the only guard is the hidden button of the status it holds', async () => {
    const { calls } = mockFetch({
      'GET /api/bookings': () => ({ body: [booking(1, 'Swimming gala', 'Requested')] }),
      'PATCH /api/bookings/1': () => ({ body: booking(1, 'Swimming gala', 'cancelled') }),
    });
    renderWithApp(<BookingsPage />, { session: makeSession(manager) });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
        ['PATCH', '/api/bookings/1', { status: 'cancelled' }],
      ]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = await screen.findByRole('row', { name: /Swimming gala/ });
    expect(within(row).getByText('cancelled')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeVisible();
  });

  it('says under each title what the booking asks for and who asked, for whoever approves it', async () => {
    const coach = {
      ...booking(3, 'Robotics fair shuttle', 'Requested'),
      buses_requested: 2,
      bus_type: 'Coach',
      purpose: 'Regional robotics fair at the university',
      pickup_points: [{ location: 'Main gate', address: null, time: '07:30 AM' }],
    };
    mockFetch({ 'GET /api/bookings': () => ({ body: [coach] }) });
    renderWithApp(<BookingsPage />, { session: makeSession(manager) });
    const row = await screen.findByRole('row', { name: /Robotics fair shuttle/ });
    expect(within(row).getByText('2 buses · Coach · 1 pickup point · by Grace Lee')).toBeInTheDocument();
    expect(within(row).getByText('Regional robotics fair at the university')).toBeInTheDocument();
  });
});
