import { DESERT_STAR, makeEstimate, makeTrip } from './test-trips';
import { cancelFeeNotice } from './trip-actions';
import { cancellationFeeText } from './trip-view';

describe('the cancellation fee in trip details', () => {
  it('says what it cost, of what, and which tier applied', () => {
    expect(
      cancellationFeeText({
        fee: 56_700,
        basis: 113_400,
        currency: 'AED',
        tier: { hoursBefore: 72, percent: 50 },
        requestedAt: '2031-03-01T08:00:00.000Z',
      }),
    ).toBe('AED 567.00: 50 % of AED 1,134.00, asked for within 72 hours of departure');
  });

  it('says why it cost nothing', () => {
    expect(cancellationFeeText({ fee: 0, basis: 113_400, currency: 'AED', tier: null, requestedAt: '2031-03-01T08:00:00.000Z' })).toBe(
      'None: cancelled before the cancellation terms applied',
    );
  });
});

describe('what cancelling now costs, said before the user confirms', () => {
  const estimate = makeEstimate();
  // departs Tue 4 Mar 2031, 09:00 AM; "now" on the browser's wall clock
  const trip = makeTrip({ departureDate: '2031-03-04', departureTime: '09:00 AM', busCompanyOrgId: DESERT_STAR, price: 0, estimate });
  const at = (wall: string) => new Date(`${wall}:00`);

  it("names the tier the request falls within, on the assigned price or else the quote's total", () => {
    expect(cancelFeeNotice(trip, at('2031-03-02T10:00'))).toBe(
      'Cancelling now costs AED 567.00: 50 % of AED 1,134.00, asked for within 72 hours of departure.',
    );
    expect(cancelFeeNotice({ ...trip, price: 1_200 }, at('2031-03-03T10:00'))).toBe(
      'Cancelling now costs AED 1,200.00: 100 % of AED 1,200.00, asked for within 24 hours of departure.',
    );
  });

  it('says when a fee would start, and nothing where none can apply', () => {
    expect(cancelFeeNotice(trip, at('2031-02-20T10:00'))).toBe('No cancellation fee now: one applies from 72 hours before departure.');
    expect(cancelFeeNotice({ ...trip, busCompanyOrgId: null }, at('2031-03-03T10:00'))).toBeNull();
    expect(cancelFeeNotice({ ...trip, estimate: null }, at('2031-03-03T10:00'))).toBeNull();
  });
});
