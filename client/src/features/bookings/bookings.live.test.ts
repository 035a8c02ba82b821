import type { BookingDto } from '@contracts/bookings';
import { bookingFeedItem } from './bookings.live';

const shuttle = {
  id: 7,
  title: 'Robotics fair shuttle',
  date_start: '2026-12-09',
  passengers_students: 30,
  passengers_adults: 4,
  status: 'Requested',
} as BookingDto;
const grace = { id: 11, name: 'Grace Green' };
const dana = { id: 1, name: 'Dana Admin' };

describe("the bell's booking notices", () => {
  it('says who booked what, for when and how many', () => {
    // it read "New bus booking: Robotics fair shuttle", with nobody named, on the booker's own phone too
    expect(bookingFeedItem({ booking: shuttle, by: grace }, 'created', 1)).toBe(
      'Grace Green booked Robotics fair shuttle (Wed 9 Dec, 34 passengers)',
    );
    expect(bookingFeedItem({ booking: { ...shuttle, title: null }, by: grace }, 'created', 1)).toBe(
      'Grace Green requested a bus booking (Wed 9 Dec, 34 passengers)',
    );
  });

  it('says who approved or cancelled it', () => {
    expect(bookingFeedItem({ booking: { ...shuttle, status: 'approved' }, by: dana }, 'updated', 11)).toBe(
      'Dana Admin approved Robotics fair shuttle (Wed 9 Dec, 34 passengers)',
    );
    expect(bookingFeedItem({ booking: { ...shuttle, status: 'cancelled' }, by: grace }, 'updated', 1)).toBe(
      'Grace Green cancelled Robotics fair shuttle (Wed 9 Dec, 34 passengers)',
    );
  });

  it("is never an echo of the reader's own action", () => {
    expect(bookingFeedItem({ booking: shuttle, by: grace }, 'created', grace.id)).toBeNull();
    expect(bookingFeedItem({ booking: { ...shuttle, status: 'approved' }, by: dana }, 'updated', dana.id)).toBeNull();
  });
});
