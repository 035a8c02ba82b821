import { DEPARTURE_MINUTE_KEY } from '../../database/migrations/1795430256957-TripListIndexes';
import { departureMinuteSql } from './trip-list.repository';

describe('the trip list SQL', () => {
  it('orders by the very expression the date indexes hold (or PostgreSQL would sort a million rows instead)', () => {
    // If this fails, the query's minute changed: write a migration that rebuilds the date indexes with the new text.
    expect(departureMinuteSql('departure_time')).toBe(DEPARTURE_MINUTE_KEY);
  });
});
