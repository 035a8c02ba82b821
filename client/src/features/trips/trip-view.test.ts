import { makeTrip } from './test-trips';
import { displayType, statusBucket, statusColor, tripPrice } from './trip-view';

describe('status colours', () => {
  it('gives the named statuses their colours and every other status grey, Cancel Requested included', () => {
    expect(['Pending', 'Accepted', 'Confirmed', 'Rejected'].map((s) => statusColor(s))).toEqual(['yellow', 'blue', 'green', 'red']);
    expect(statusColor('Cancel Requested')).toBe('gray');
    expect(statusColor('Cancel Requested', 'calendar')).toBe('gray');
    expect(statusColor('Cancel Requested', 'filter')).toBe('gray');
    expect(statusColor('Something new')).toBe('gray');
  });

  it('gives each status of a request at its school a colour of its own, the same in the list, the filter and the calendar', () => {
    const statuses = ['Awaiting Approval', 'Changes Requested', 'Denied', 'Withdrawn'];
    for (const where of ['badge', 'filter', 'calendar'] as const) {
      expect(statuses.map((s) => statusColor(s, where))).toEqual(['violet', 'orange', 'pink', 'cyan']);
    }
  });

  it('keeps the two dots that differ: Completed dark grey and Canceled red in the calendar', () => {
    expect([statusColor('Completed', 'calendar'), statusColor('Completed', 'filter')]).toEqual(['dark', 'gray']);
    expect([statusColor('Cancelled', 'calendar'), statusColor('Canceled', 'filter')]).toEqual(['red', 'gray.4']);
  });
});

describe('trip view', () => {
  const museum = makeTrip({ id: 2, destination: 'Museum', notes: 'Bring packed LUNCHES', tripType: 'Academic Trip' });
  const choir = makeTrip({ id: 3, destination: 'Opera House', tripType: 'Other', customType: 'Choir Festival', status: 'Confirmed' });

  it('shows the custom type for Other, and prices from the buses when they have one', () => {
    expect(displayType(choir)).toBe('Choir Festival');
    expect(displayType(museum)).toBe('Academic Trip');
    expect(tripPrice(makeTrip({ price: 99 }))).toBe(99);
    expect(
      tripPrice(
        makeTrip({
          price: 99,
          buses: [
            { busType: 'White Bus', busSeats: 30, tripPrice: 300 },
            { busType: 'White Bus', busSeats: 30, tripPrice: 250.5 },
          ],
        }),
      ),
    ).toBe(550.5);
  });

  it('puts statuses in their buckets (pending, approved, rejected, cancelled, completed) and colours', () => {
    expect(['Pending', 'requested', 'awaiting_approval'].map(statusBucket)).toEqual(['pending', 'pending', 'pending']);
    expect(['approved', 'Confirmed', 'Accepted'].map(statusBucket)).toEqual(['approved', 'approved', 'approved']);
    expect(['Canceled', 'Cancelled', 'Rejected', 'Completed'].map(statusBucket)).toEqual([
      'cancelled',
      'cancelled',
      'rejected',
      'completed',
    ]);
    expect(statusColor('Pending', 'filter')).toBe('yellow');
    expect(statusColor('Accepted', 'filter')).toBe('blue');
    expect(statusColor('Confirmed', 'filter')).toBe('green');
    expect(statusColor('Rejected', 'filter')).toBe('red');
    expect(statusColor('Completed', 'filter')).toBe('gray');
    expect(statusColor('Completed', 'calendar')).toBe('dark');
    expect(statusColor('Canceled', 'filter')).toBe('gray.4');
    expect(statusColor('Canceled', 'calendar')).toBe('red');
    expect(statusColor('Something else', 'calendar')).toBe('gray');
  });
});
