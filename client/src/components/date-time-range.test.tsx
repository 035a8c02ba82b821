import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithApp } from '../test-utils';
import dayjs from 'dayjs';
import { DateTimeRangeFields, PAST_DAY } from './date-time-range';

const FIELDS = {
  startDate: { name: 'from', label: 'From date' },
  startTime: { name: 'fromTime', label: 'From time' },
  endDate: { name: 'to', label: 'To date' },
  endTime: { name: 'toTime', label: 'To time' },
} as const;
type Range = Record<'from' | 'fromTime' | 'to' | 'toTime', string>;

/** The group in a form of its own, recording every change it asks for. */
function Harness({
  flags,
  patches,
}: {
  flags: { endTimeFollowsStart?: boolean; endDateStaysAfterStart?: boolean; warnIfPast?: boolean };
  patches: object[];
}) {
  const [values, setValues] = useState<Range>({ from: '', fromTime: '', to: '', toTime: '' });
  return (
    <DateTimeRangeFields
      fields={FIELDS}
      values={values}
      errors={{ to: 'To date is required.' }}
      onChange={(patch) => {
        patches.push(patch);
        setValues((v) => ({ ...v, ...patch }));
      }}
      {...flags}
    />
  );
}

/** Types a whole date into a field and leaves it, as a person moving on to the next field does. */
function date(label: RegExp, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}
async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('DateTimeRangeFields (the booking and trip forms’ start and end)', () => {
  it('shows the four fields, required, with the form’s labels and messages, and never lets the end date fall before the start', () => {
    renderWithApp(<Harness flags={{}} patches={[]} />);
    for (const label of [/^From date/, /^To date/]) expect(screen.getByLabelText(label)).toBeRequired();
    for (const label of [/^From time/, /^To time/]) expect(screen.getByRole('combobox', { name: label })).toBeRequired();
    expect(screen.getByText('To date is required.')).toBeInTheDocument();
    date(/^From date/, '2031-03-04');
    // an end date typed before the start is not taken: the field goes back to the day it holds
    date(/^To date/, '2031-03-01');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-04');
  });

  it('lets the end date follow the start date until it is set apart, and hands the end along with every start change', () => {
    const patches: object[] = [];
    renderWithApp(<Harness flags={{}} patches={patches} />);
    date(/^From date/, '2031-03-04');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-04');
    date(/^From date/, '2031-03-05');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-05');
    date(/^To date/, '2031-03-09');
    date(/^From date/, '2031-03-06');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-09');
    // a trip keeps an earlier return date the person chose (the form then says why it cannot be saved)
    date(/^From date/, '2031-03-20');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-09');
    expect(patches.at(-1)).toEqual({ from: '2031-03-20', to: '2031-03-09' });
    expect(patches.at(-2)).toEqual({ from: '2031-03-06', to: '2031-03-09' });
  });

  it('carries an end date that a later start passed, when the form asks (bookings)', () => {
    renderWithApp(<Harness flags={{ endDateStaysAfterStart: true }} patches={[]} />);
    date(/^From date/, '2031-03-04');
    date(/^To date/, '2031-03-09');
    date(/^From date/, '2031-03-06');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-09');
    date(/^From date/, '2031-03-20');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2031-03-20');
  });

  it('lets the end time follow the start time only when the form asks (trips), until it is set apart', async () => {
    renderWithApp(<Harness flags={{ endTimeFollowsStart: true }} patches={[]} />);
    await pick(/^From time/, '08:00 AM');
    expect(screen.getByRole('combobox', { name: /^To time/ })).toHaveValue('08:00 AM');
    await pick(/^To time/, '02:00 PM');
    await pick(/^From time/, '09:00 AM');
    expect(screen.getByRole('combobox', { name: /^To time/ })).toHaveValue('02:00 PM');
  });

  it('leaves the end time alone otherwise (bookings)', async () => {
    renderWithApp(<Harness flags={{}} patches={[]} />);
    await pick(/^From time/, '08:00 AM');
    expect(screen.getByRole('combobox', { name: /^To time/ })).toHaveValue('');
  });

  it('says when a new request’s start day has passed, and lets it be', () => {
    renderWithApp(<Harness flags={{ warnIfPast: true }} patches={[]} />);
    const from = screen.getByLabelText(/^From date/);
    date(/^From date/, dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    expect(screen.getByText(PAST_DAY)).toBeInTheDocument();
    // read out with the field, and not an error: the field stays valid
    expect(from).toHaveAccessibleDescription(PAST_DAY);
    expect(from).not.toHaveAttribute('aria-invalid', 'true');
    date(/^From date/, dayjs().format('YYYY-MM-DD'));
    expect(screen.queryByText(PAST_DAY)).toBeNull();
  });

  it('says nothing of a past day where the form did not ask (an edit of a trip that has run)', () => {
    renderWithApp(<Harness flags={{}} patches={[]} />);
    date(/^From date/, '2020-01-06');
    expect(screen.queryByText(PAST_DAY)).toBeNull();
  });
});
