import type { TripStatus } from '@contracts/trip-wire';
import { makeTrip } from '../features/trips/test-trips';
import { tripFeedItem } from './trip-feed-item';

const layla = { id: 5, name: 'Layla Aziz' };
const sara = { id: 12, name: 'Sara Nasser' };
const gala = makeTrip({ id: 41, destination: 'Swimming Gala', departureDate: '2026-11-26', students: 40, staff: 5 });

describe("the bell's trip notices", () => {
  it('says who did what to which trip, with its date and passengers, and links to the trip', () => {
    expect(tripFeedItem({ trip: { ...gala, status: 'Accepted' }, by: layla, from: 'Pending' }, 'updated', 9)).toEqual({
      text: 'Layla Aziz accepted Swimming Gala (Thu 26 Nov, 45 passengers)',
      link: '/trips?trip=41',
    });
    expect(tripFeedItem({ trip: gala, by: layla }, 'created', 9)?.text).toBe(
      'Layla Aziz requested Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
    expect(
      tripFeedItem({ trip: { ...gala, status: 'Pending', editRequest: true }, by: layla, from: 'Confirmed' }, 'updated', 9)?.text,
    ).toBe('Layla Aziz asked to change Swimming Gala (Thu 26 Nov, 45 passengers)');
  });

  it('tells a school what became of a request at its approval steps', () => {
    const said = (status: 'Awaiting Approval' | 'Changes Requested' | 'Denied', from: TripStatus = 'Awaiting Approval') =>
      tripFeedItem({ trip: { ...gala, status }, by: layla, from }, 'updated', 9)?.text;
    expect(said('Changes Requested')).toBe('Layla Aziz asked for changes to Swimming Gala (Thu 26 Nov, 45 passengers)');
    expect(said('Denied')).toBe('Layla Aziz denied Swimming Gala (Thu 26 Nov, 45 passengers)');
    expect(said('Awaiting Approval', 'Changes Requested')).toBe('Layla Aziz put forward Swimming Gala (Thu 26 Nov, 45 passengers)');
  });

  it("is never an echo of the reader's own action", () => {
    expect(tripFeedItem({ trip: { ...gala, status: 'Accepted' }, by: layla }, 'updated', layla.id)).toBeNull();
  });

  it('says nothing when only computed flags changed (another trip clashed with this one)', () => {
    expect(tripFeedItem({ trip: { ...gala, status: 'Confirmed' }, by: null }, 'updated', 9)).toBeNull();
    expect(tripFeedItem({ trip: { ...gala, status: 'Confirmed' } }, 'updated', 9)).toBeNull();
  });
});

describe('a driver on the day of travel', () => {
  it("passes over a step, which the trip's progress shows, and tells of the step that completes the trip", () => {
    // a step used to read as "Sara Nasser confirmed the buses of …", once per tap
    expect(tripFeedItem({ trip: { ...gala, status: 'Confirmed' }, by: sara, driverStep: true }, 'updated', 9)).toBeNull();
    expect(tripFeedItem({ trip: { ...gala, status: 'Completed' }, by: sara, from: 'Confirmed' }, 'updated', 9)?.text).toBe(
      'Sara Nasser completed Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
  });
});

describe('a request its school approved', () => {
  it('reads "approved" to the school, where it came from Awaiting Approval', () => {
    const tariq = { id: 14, name: 'Tariq Haddad' };
    const approved = tripFeedItem({ trip: { ...gala, status: 'Pending' }, by: tariq, from: 'Awaiting Approval' }, 'updated', 9);
    expect(approved?.text).toBe('Tariq Haddad approved Swimming Gala (Thu 26 Nov, 45 passengers)');
    // an edit of a Pending trip is still an update
    expect(tripFeedItem({ trip: { ...gala, status: 'Pending' }, by: tariq }, 'updated', 9)?.text).toBe(
      'Tariq Haddad updated Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
  });
});

describe('a change that left the status as it was', () => {
  it('is an update, not the status read as the act', () => {
    const fin = { id: 20, name: 'Fin Ance' };
    // marking a completed trip paid used to read "Fin Ance completed …", and new buses for a Confirmed trip "confirmed the buses of"
    expect(tripFeedItem({ trip: { ...gala, status: 'Completed', paid: true }, by: fin }, 'updated', 9)?.text).toBe(
      'Fin Ance updated Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
    expect(tripFeedItem({ trip: { ...gala, status: 'Confirmed' }, by: layla }, 'updated', 9)?.text).toBe(
      'Layla Aziz updated Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
    expect(tripFeedItem({ trip: { ...gala, status: 'Confirmed' }, by: layla, from: 'Accepted' }, 'updated', 9)?.text).toBe(
      'Layla Aziz confirmed the buses of Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
  });

  it('tells a declined cancellation from a confirmation', () => {
    expect(tripFeedItem({ trip: { ...gala, status: 'Confirmed' }, by: layla, from: 'Cancel Requested' }, 'updated', 9)?.text).toBe(
      'Layla Aziz declined the cancellation of Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
    expect(tripFeedItem({ trip: { ...gala, status: 'Canceled' }, by: layla, from: 'Cancel Requested' }, 'updated', 9)?.text).toBe(
      'Layla Aziz canceled Swimming Gala (Thu 26 Nov, 45 passengers)',
    );
  });
});
