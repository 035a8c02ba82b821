import { tripCsvCell } from './trip-csv';
import type { TripDto } from './trip-wire';

const trip = (over: Partial<TripDto>) =>
  ({ busInfo: { busType: 'Internal Yellow Bus', seats: 56 }, driverInfo: null, buses: [], ...over }) as TripDto;

describe('the CSV names the bus a school looks for', () => {
  it('lists fleet buses by name and plate, and every driver', () => {
    const buses = [
      {
        busType: 'Internal Yellow Bus' as const,
        busSeats: 56,
        busName: 'Bus 12',
        busPlate: 'DXB 41212',
        driverName: 'Omar Haddad',
        driverPhone: '050 1',
      },
      { busType: 'White Bus' as const, busSeats: 40, busName: 'Bus 7', driverName: 'Sara Ali', driverPhone: '050 2' },
    ];
    expect(tripCsvCell(trip({ buses }), 'busInfo')).toBe('Bus 12 · DXB 41212; Bus 7');
    expect(tripCsvCell(trip({ buses }), 'driverInfo')).toBe('Omar Haddad, 050 1; Sara Ali, 050 2');
  });

  it('keeps the type and seats for buses typed in without a name', () => {
    expect(tripCsvCell(trip({ buses: [{ busType: 'Internal Yellow Bus', busSeats: 56 }] }), 'busInfo')).toBe(
      'Internal Yellow Bus, 56 seats',
    );
  });
});
