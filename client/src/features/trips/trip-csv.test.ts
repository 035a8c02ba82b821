import Papa from 'papaparse';
import { TRIP_CSV_COLUMNS, tripsCsv } from './trip-csv';
import { makeTrip } from './test-trips';

describe('trips CSV', () => {
  const trip = makeTrip({
    id: 42,
    tripType: 'Other',
    customType: 'Choir, "Festival"',
    destination: 'Opera House',
    departureDate: '2031-03-04',
    date: '2031-03-04',
    departureTime: '04:00 PM',
    returnDate: '2031-03-04',
    returnTime: '09:30 PM',
    status: 'Confirmed',
    price: 520,
    busInfo: { busType: 'White Bus', seats: 30 },
    driverInfo: { name: 'Sara Nasser', mobile: '+971 55 200 3344' },
    students: 28,
    boosterSeatsRequested: true,
    boosterSeatCount: 2,
    notes: 'Line one\nline two',
    createdBy: 'Grace Green',
    createdAt: '2031-01-02T10:00:00.000Z',
    paid: true,
  });

  it('has the export columns of contracts/trip-csv.ts in order and one row per trip', () => {
    const csv = tripsCsv([trip]);
    const [header, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(header).toEqual([...TRIP_CSV_COLUMNS]);
    expect(header).toEqual([
      'tripType',
      'destination',
      'date',
      'departureTime',
      'status',
      'price',
      'busInfo',
      'students',
      'boosterSeatCount',
      'returnDate',
      'returnTime',
      'driverInfo',
      'notes',
      'createdBy',
      'createdAt',
      'editRequest',
      'cancelRequest',
      'customType',
      'id',
    ]);
    expect(rows).toEqual([
      [
        'Other',
        'Opera House',
        '2031-03-04',
        '04:00 PM',
        'Confirmed',
        '520',
        'White Bus, 30 seats',
        '28',
        '2',
        '2031-03-04',
        '09:30 PM',
        'Sara Nasser, +971 55 200 3344',
        'Line one\nline two',
        'Grace Green',
        '2031-01-02T10:00:00.000Z',
        'false',
        'false',
        'Choir, "Festival"',
        '42',
      ],
    ]);
    // commas, quotes and line breaks are quoted, not split
    expect(csv).toContain('"Choir, ""Festival"""');
  });

  it('adds the paid column for finance and writes a header alone when nothing matches', () => {
    const [header, row] = Papa.parse<string[]>(tripsCsv([trip], { withPaid: true }), { skipEmptyLines: true }).data;
    expect(header.at(-1)).toBe('paid');
    expect(row.at(-1)).toBe('true');
    expect(tripsCsv([]).split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
