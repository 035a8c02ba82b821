import { statusColor } from './trip-view';

describe('status colours', () => {
  it('gives the named statuses their colours and every other status grey, Cancel Requested included', () => {
    expect(['Pending', 'Accepted', 'Confirmed', 'Rejected'].map((s) => statusColor(s))).toEqual(['yellow', 'blue', 'green', 'red']);
    expect(statusColor('Cancel Requested')).toBe('gray');
    expect(statusColor('Cancel Requested', 'calendar')).toBe('gray');
    expect(statusColor('Cancel Requested', 'filter')).toBe('gray');
    expect(statusColor('Something new')).toBe('gray');
  });

  it('keeps the two dots that differ: Completed dark grey and Canceled red in the calendar', () => {
    expect([statusColor('Completed', 'calendar'), statusColor('Completed', 'filter')]).toEqual(['dark', 'gray']);
    expect([statusColor('Cancelled', 'calendar'), statusColor('Canceled', 'filter')]).toEqual(['red', 'gray.4']);
  });
});
