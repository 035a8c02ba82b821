import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-utils';
import { BookingForm } from './booking-form';
import { emptyBooking, toPayload, validateBooking } from './booking-values';

describe('booking form rules', () => {
  it('requires start and end dates and defaults to 08:00 AM – 03:30 PM with 0 students and adults', () => {
    const values = emptyBooking();
    expect(values).toMatchObject({ startTime: '08:00 AM', endTime: '03:30 PM', students: 0, adults: 0 });
    expect(validateBooking(values)).toEqual({ date: 'Start date is required.', endDate: 'End date is required.' });
  });

  it('refuses an end that is not after the start', () => {
    const values = { ...emptyBooking(), date: '2026-12-01', endDate: '2026-12-01', startTime: '03:30 PM', endTime: '08:00 AM' };
    expect(validateBooking(values).form).toBe('End must be after Start.');
  });

  it('needs a location name and a time for each point', () => {
    const values = {
      ...emptyBooking(),
      date: '2026-12-01',
      endDate: '2026-12-01',
      pickupPoints: [{ location: ' ', address: null, time: '07:30 AM' }],
    };
    expect(validateBooking(values).points).toBe('Each pickup or drop-off point needs a location name and a time.');
  });

  it('sends empty optional texts as null and status Requested', () => {
    const values = { ...emptyBooking(), date: '2026-12-01', endDate: '2026-12-02', title: '  ', notes: ' Bring water ' };
    expect(toPayload(values, { name: 'Grace', email: 'g@demo.test', id: 3 })).toMatchObject({
      title: null,
      purpose: null,
      notes: 'Bring water',
      busType: null,
      students: 0,
      adults: 0,
      status: 'Requested',
      createdBy: 'Grace',
    });
  });
});

describe('BookingForm', () => {
  it('shows the messages and does not submit an end before the start', async () => {
    const onSubmit = jest.fn(async () => true);
    renderWithApp(<BookingForm onSubmit={onSubmit} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    expect(screen.getByText('Start date is required.')).toBeInTheDocument();
    expect(screen.getByText('End date is required.')).toBeInTheDocument();
    // the refused submit takes the user to the first message, far above the button on a phone
    await waitFor(() => expect(screen.getByLabelText(/^Start date/)).toHaveFocus());

    // the end date follows the start date
    const start = screen.getByLabelText(/^Start date/);
    await userEvent.type(start, '2026-12-05');
    expect(screen.getByLabelText(/^End date/)).toHaveValue('2026-12-05');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
