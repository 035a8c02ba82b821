import { ApprovalMessages } from '@contracts/approvals';
import { TripMessages } from '@contracts/trip-messages';
import { SeriesMessages } from '@contracts/trip-series';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { TripForm } from './trip-form';
import { emptyTripForm, toNewTripBody, type TripFormValues, validateTripForm } from './trip-form-values';
import { TripRequestForm } from './trip-request-form';
import { makePolicy } from '../approvals/test-approvals';
import { GREENFIELD, makeTrip } from './test-trips';

const filled = (over: Partial<TripFormValues> = {}): TripFormValues => ({
  ...emptyTripForm(),
  destination: 'Science Museum',
  departureDate: '2031-03-04',
  departureTime: '08:00 AM',
  returnDate: '2031-03-04',
  returnTime: '03:00 PM',
  students: 30,
  ...over,
});

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('trip request form rules', () => {
  it('defaults to origin School and Academic Trip', () => {
    expect(emptyTripForm()).toMatchObject({ origin: 'School', tripType: 'Academic Trip', boosterSeatsRequested: false });
  });

  it('requires destination, departure and return date and time, and students', () => {
    expect(validateTripForm(emptyTripForm())).toEqual({
      destination: TripMessages.destinationRequired,
      departureDate: TripMessages.departureDateRequired,
      departureTime: TripMessages.departureTimeRequired,
      returnDate: TripMessages.returnDateRequired,
      returnTime: TripMessages.returnTimeRequired,
      students: TripMessages.studentsRequired,
    });
    expect(validateTripForm(filled())).toEqual({});
  });

  it('requires the custom type when the type is Other', () => {
    expect(validateTripForm(filled({ tripType: 'Other', customType: '  ' })).customType).toBe(TripMessages.customTypeRequired);
    expect(validateTripForm(filled({ tripType: 'Other', customType: 'Choir tour' }))).toEqual({});
  });

  it('wants the return later than the departure', () => {
    const message = 'Return time must be later than departure time.';
    expect(validateTripForm(filled({ returnTime: '08:00 AM' })).returnTime).toBe(message);
    expect(validateTripForm(filled({ returnTime: '07:45 AM' })).returnTime).toBe(message);
    expect(validateTripForm(filled({ returnDate: '2031-03-03', returnTime: '11:00 PM' })).returnTime).toBe(message);
    expect(validateTripForm(filled({ returnDate: '2031-03-05', returnTime: '07:00 AM' }))).toEqual({});
  });

  it('wants a booster seat count above 0 when booster seats are requested', () => {
    const message = 'Please enter a valid number of booster seats (> 0).';
    expect(validateTripForm(filled({ boosterSeatsRequested: true, boosterSeatCount: '' })).boosterSeatCount).toBe(message);
    expect(validateTripForm(filled({ boosterSeatsRequested: true, boosterSeatCount: 0 })).boosterSeatCount).toBe(message);
    expect(validateTripForm(filled({ boosterSeatsRequested: true, boosterSeatCount: 3 }))).toEqual({});
    expect(validateTripForm(filled({ boosterSeatsRequested: false, boosterSeatCount: 0 }))).toEqual({});
  });

  it('sends staff empty as null, the booster count only when requested, and a new trip as Pending at price 0', () => {
    expect(toNewTripBody(filled({ staff: '', boosterSeatsRequested: false, boosterSeatCount: 5, notes: '  ', origin: ' ' }))).toEqual({
      tripType: 'Academic Trip',
      customType: null,
      origin: null,
      destination: 'Science Museum',
      date: '2031-03-04',
      departureDate: '2031-03-04',
      departureTime: '08:00 AM',
      returnDate: '2031-03-04',
      returnTime: '03:00 PM',
      students: 30,
      staff: null,
      notes: null,
      boosterSeatsRequested: false,
      boosterSeatCount: 0,
      distanceKm: null,
      status: 'Pending',
      price: 0,
      editRequest: false,
      cancelRequest: false,
    });
    expect(toNewTripBody(filled({ staff: 4, boosterSeatsRequested: true, boosterSeatCount: 2, distanceKm: 18 }), 11)).toMatchObject({
      staff: 4,
      boosterSeatCount: 2,
      distanceKm: 18,
      schoolOrgId: 11,
    });
  });
});

describe('TripForm', () => {
  it('fills the return date from the departure, leaves the return time empty until picked, and shows the messages', async () => {
    const onSubmit = jest.fn(async () => true);
    renderWithApp(<TripForm submitLabel="Submit Request" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText(TripMessages.destinationRequired)).toBeInTheDocument();
    expect(screen.getByText(TripMessages.studentsRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Departure date/), '2031-03-04');
    expect(screen.getByLabelText(/^Return date/)).toHaveValue('2031-03-04');
    await pick(/^Departure time/, '08:00 AM');
    expect(screen.getByRole('combobox', { name: /^Return time/ })).toHaveValue('');

    await userEvent.type(screen.getByRole('textbox', { name: /^Destination/ }), 'Zoo');
    await userEvent.type(screen.getByRole('textbox', { name: /^Students/ }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText(TripMessages.returnTimeRequired)).toBeInTheDocument();
    await pick(/^Return time/, '07:00 AM');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText('Return time must be later than departure time.')).toBeInTheDocument();

    await pick(/^Return time/, '02:00 PM');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Booster seats requested' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText('Please enter a valid number of booster seats (> 0).')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Booster seats/ }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ destination: 'Zoo', students: 12, returnTime: '02:00 PM', boosterSeatCount: 2 }),
    ]);
  });

  it('takes the refused submit to the first field with a message (on a phone it was far above the button)', async () => {
    renderWithApp(<TripForm submitLabel="Submit Request" onSubmit={async () => true} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Destination/ }), 'Zoo');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    // the destination is filled: the first message is the departure date's
    await waitFor(() => expect(screen.getByLabelText(/^Departure date/)).toHaveFocus());
  });

  it('takes a return time typed in as typed, with nothing of the departure time in front of it', async () => {
    renderWithApp(<TripForm submitLabel="Save" onSubmit={async () => true} />);
    await pick(/^Departure time/, '09:00 AM');
    const returnTime = screen.getByRole('combobox', { name: /^Return time/ });
    await userEvent.type(returnTime, '3:00');
    expect(returnTime).toHaveValue('3:00');
    await userEvent.click(await screen.findByRole('option', { name: '03:00 PM' }));
    expect(returnTime).toHaveValue('03:00 PM');
  });

  it('replaces a time already chosen when one is typed over it', async () => {
    renderWithApp(<TripForm initial={{ ...filled(), returnTime: '09:00 AM' }} submitLabel="Save" onSubmit={async () => true} />);
    const returnTime = screen.getByRole('combobox', { name: /^Return time/ });
    await userEvent.click(returnTime);
    await userEvent.keyboard('3:00');
    expect(returnTime).toHaveValue('3:00');
  });

  it('asks for a custom type when the type is Other', async () => {
    renderWithApp(<TripForm submitLabel="Save" onSubmit={async () => true} />);
    await pick(/^Trip type/, 'Other');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(TripMessages.customTypeRequired)).toBeInTheDocument();
  });
});

describe('TripRequestForm', () => {
  const staff = makeProfile('school_staff', {
    active_org_id: GREENFIELD,
    active_org: { id: GREENFIELD, name: 'Greenfield Primary', type: 'school' },
  });

  async function fillAndSubmit() {
    await userEvent.type(screen.getByRole('textbox', { name: /^Destination/ }), 'Science Museum');
    await userEvent.type(screen.getByLabelText(/^Departure date/), '2031-03-04');
    await pick(/^Departure time/, '08:00 AM');
    await pick(/^Return time/, '03:00 PM');
    await userEvent.type(screen.getByRole('textbox', { name: /^Students/ }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
  }

  it('posts a Pending trip for the school and says "Trip submitted successfully!"', async () => {
    const { calls } = mockFetch({ 'POST /api/trips': (body) => ({ status: 201, body: makeTrip(body as object) }) });
    renderWithApp(<TripRequestForm profile={staff} />, { session: makeSession(staff) });
    expect(screen.getByText('For Greenfield Primary')).toBeInTheDocument();
    await fillAndSubmit();
    expect(await screen.findByText('Trip submitted successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/trips',
      body: { destination: 'Science Museum', status: 'Pending', price: 0, staff: null, boosterSeatCount: 0 },
    });
    // the form starts afresh
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Destination/ })).toHaveValue(''));
  });

  it('says "Submission failed. Please try again." when the server refuses', async () => {
    mockFetch({ 'POST /api/trips': () => ({ status: 500 }) });
    renderWithApp(<TripRequestForm profile={staff} />, { session: makeSession(staff) });
    await fillAndSubmit();
    expect(await screen.findByText('Submission failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Destination/ })).toHaveValue('Science Museum');
  });

  it('requires the budget code when the school’s approval policy does, and sends it', async () => {
    const { calls } = mockFetch({
      [`GET /api/schools/${GREENFIELD}/approval-policy`]: () => ({ body: makePolicy({ budgetCodeRequired: true }) }),
      'POST /api/trips': (body) => ({ status: 201, body: makeTrip(body as object) }),
    });
    renderWithApp(<TripRequestForm profile={staff} />, { session: makeSession(staff) });
    const budget = screen.getByRole('textbox', { name: /^Budget code/ });
    await waitFor(() => expect(budget).toBeRequired());
    expect(screen.getByText('Requests of this school wait for its approval before a bus company sees them.')).toBeInTheDocument();
    await fillAndSubmit();
    expect(await screen.findByText(ApprovalMessages.budgetCodeRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(budget, ' EDU-42 ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Trip submitted successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ destination: 'Science Museum', budgetCode: 'EDU-42' });
    await waitFor(() => expect(budget).toHaveValue(''));
  });

  it('takes a budget code as optional when the school asks for none, and leaves it out when empty', async () => {
    const { calls } = mockFetch({
      [`GET /api/schools/${GREENFIELD}/approval-policy`]: () => ({ body: makePolicy({ budgetCodeRequired: false, steps: [] }) }),
      'POST /api/trips': (body) => ({ status: 201, body: makeTrip(body as object) }),
    });
    renderWithApp(<TripRequestForm profile={staff} />, { session: makeSession(staff) });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/approval-policy'))).toBe(true));
    expect(screen.getByRole('textbox', { name: /^Budget code/ })).not.toBeRequired();
    await fillAndSubmit();
    expect(await screen.findByText('Trip submitted successfully!')).toBeInTheDocument();
    expect(screen.queryByText(ApprovalMessages.budgetCodeRequired)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('budgetCode');
  });

  it('repeats the request every week up to the last day chosen, saying what the series makes, and posts it as one', async () => {
    const { calls } = mockFetch({
      'POST /api/trips/series': (body) => {
        const { repeatUntil: _until, ...trip } = body as { repeatUntil: string };
        const days = ['2031-03-04', '2031-03-11', '2031-03-18'];
        return { status: 201, body: days.map((d, i) => makeTrip({ ...trip, id: 900 + i, departureDate: d, returnDate: d })) };
      },
    });
    renderWithApp(<TripRequestForm profile={staff} />, { session: makeSession(staff) });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Repeat every week' }));
    const until = screen.getByLabelText(/^Repeat until/);
    // without a last day the request is not sent
    await fillAndSubmit();
    expect(await screen.findByText(SeriesMessages.untilRequired)).toBeInTheDocument();
    // a day within the first week is not taken (the field's first day is a week after the departure)
    await userEvent.type(until, '2031-03-09');
    await userEvent.tab();
    expect(until).toHaveValue('');
    await userEvent.type(until, '2031-03-20');
    expect(await screen.findByText('3 trips, every Tue from Tue 4 Mar 2031 to Tue 18 Mar 2031.')).toBeInTheDocument();
    expect(screen.queryByText(SeriesMessages.untilRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('3 weekly trips submitted successfully!')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/trips/series']);
    expect(posts[0].body).toMatchObject({ destination: 'Science Museum', departureDate: '2031-03-04', repeatUntil: '2031-03-20' });
    // the form starts afresh, a single trip again
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Repeat every week' })).not.toBeChecked());
    expect(screen.queryByLabelText(/^Repeat until/)).toBeNull();
  });

  it('makes an admin pick the school', async () => {
    const admin = makeProfile('admin');
    const { calls } = mockFetch({
      'GET /api/global/orgs': () => ({
        body: [
          { id: 11, tenant_id: 1, type: 'school', name: 'Greenfield Primary' },
          { id: 21, tenant_id: 1, type: 'bus_company', name: 'Desert Star Buses' },
        ],
      }),
      'POST /api/trips': (body) => ({ status: 201, body: makeTrip(body as object) }),
    });
    renderWithApp(<TripRequestForm profile={admin} />, { session: makeSession(admin) });
    await fillAndSubmit();
    expect(await screen.findByText('Please choose the school this trip is for.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /^School/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Greenfield Primary']);
    await userEvent.click(options[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Trip submitted successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ schoolOrgId: 11 });
  });
});
