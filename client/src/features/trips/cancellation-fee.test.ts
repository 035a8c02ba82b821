import { cancellationFeeText } from './trip-summary';

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
