import { changeText, describeTripChanges, type TripFormSnapshot } from './trip-changes';

const before: TripFormSnapshot = {
  tripType: 'Day Trip',
  customType: null,
  origin: 'School',
  destination: 'Science Park',
  departureDate: '2031-03-04',
  departureTime: '09:00 AM',
  returnDate: '2031-03-04',
  returnTime: '02:00 PM',
  students: 23,
  staff: 2,
  notes: null,
  boosterSeatsRequested: false,
  boosterSeatCount: 0,
  distanceKm: 18,
};

describe('describeTripChanges', () => {
  it('says a new destination and its distance, in the order a dispatcher checks them', () => {
    const changes = describeTripChanges(before, { ...before, destination: 'Desert Camp', distanceKm: 160 });
    expect(changes.map(changeText)).toEqual(['Destination: Science Park → Desert Camp', 'Distance: 18 km → 160 km']);
    expect(describeTripChanges(before, { ...before, distanceKm: null }).map(changeText)).toEqual(['Distance: 18 km → none']);
  });

  it('says nothing of the distance when the kept snapshot is older than trips carrying one in their form', () => {
    const { distanceKm: _dropped, ...older } = before;
    const changes = describeTripChanges(older as TripFormSnapshot, { ...before, students: 30 });
    expect(changes.map(changeText)).toEqual(['Students: 23 → 30']);
  });
});
