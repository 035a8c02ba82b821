import dayjs from 'dayjs';
import type { EntityManager } from 'typeorm';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import type { BusAssignment, TripHistoryAction, TripStatus, TripType } from '../contracts/trip-wire';
import type { User } from '../users/user.entity';
import { Passenger } from './passenger.entity';
import { Subtrip } from './subtrip.entity';
import { Trip } from './trip.entity';
import { TripHistory } from './trip-history.entity';

/**
 * Demo data (docs/running.md, "Demo data"): about a dozen trips across every status, around today, so a newcomer sees a living board:
 * Greenfield Primary (partner Desert Star Buses), Riverside Academy (Falcon Transport), Northwind High
 * (Northwind Coaches). Each trip carries the history that would have brought it to its status.
 */

interface TripSeed {
  school: string;
  company: string;
  requester: string;
  type: TripType;
  customType?: string;
  destination: string;
  /** Days from today. */
  inDays: number;
  /** Extra days until the return (0: same day). */
  nights?: number;
  /** Departure and return times; 'later today': leaving about an hour after the seed runs (`laterToday`). */
  times: [string, string] | 'later today';
  students: number;
  staff: number;
  notes?: string;
  booster?: number;
  /** The steps taken after the request, in order. */
  path: Step[];
  buses?: BusAssignment[];
  paid?: boolean;
  passengers?: string[];
}

type Step = 'accept' | 'reject' | 'assignBuses' | 'complete' | 'cancel' | 'requestCancel' | 'editRequest';

const bus = (
  busType: BusAssignment['busType'],
  busSeats: number,
  tripPrice: number,
  driverName: string,
  driverPhone: string,
): BusAssignment => ({
  busType,
  busSeats,
  tripPrice,
  driverName,
  driverPhone,
  status: null,
});

const GREENFIELD = { school: 'greenfield', company: 'desertStar', requester: 'staff.greenfield@demo.test' };
const RIVERSIDE = { school: 'riverside', company: 'falcon', requester: 'staff.riverside@demo.test' };
const NORTHWIND = { school: 'northwindHigh', company: 'northwindCoaches', requester: 'staff@northwind.test' };

const TRIPS: TripSeed[] = [
  {
    ...GREENFIELD,
    type: 'Academic Trip',
    destination: 'Natural History Museum',
    inDays: -21,
    times: ['08:30 AM', '02:30 PM'],
    students: 48,
    staff: 4,
    path: ['accept', 'assignBuses', 'complete'],
    buses: [bus('Internal Yellow Bus', 56, 850, 'Omar Haddad', '+971 50 111 2233')],
    paid: true,
    passengers: ['Lina Farah', 'Yusuf Khan', 'Maya Patel'],
  },
  {
    ...GREENFIELD,
    type: 'Sports Trip',
    destination: 'City Aquatics Centre',
    inDays: -6,
    times: ['09:00 AM', '12:00 PM'],
    students: 22,
    staff: 2,
    path: ['accept', 'assignBuses', 'complete'],
    buses: [bus('White Bus', 30, 420, 'Sara Nasser', '+971 55 200 3344')],
  },
  {
    ...GREENFIELD,
    type: 'Day Trip',
    destination: 'Botanical Gardens',
    inDays: 3,
    times: ['08:00 AM', '01:30 PM'],
    students: 60,
    staff: 5,
    booster: 6,
    notes: 'Two pupils use wheelchairs; please send an accessible bus.',
    path: ['accept', 'assignBuses'],
    buses: [
      bus('Internal Yellow Bus', 40, 600, 'Omar Haddad', '+971 50 111 2233'),
      bus('External Yellow Bus', 30, 480, 'Ravi Menon', '+971 52 333 4455'),
    ],
    passengers: ['Noah Ibrahim', 'Aisha Rahman', 'Leo Martins', 'Zara Ali'],
  },
  {
    ...GREENFIELD,
    type: 'Academic Trip',
    destination: 'Science Discovery Centre',
    inDays: 9,
    times: ['09:15 AM', '03:00 PM'],
    students: 35,
    staff: 3,
    path: [],
  },
  {
    ...GREENFIELD,
    type: 'Other',
    customType: 'Choir Festival',
    destination: 'Opera House',
    inDays: 14,
    times: ['04:00 PM', '09:30 PM'],
    students: 28,
    staff: 3,
    path: ['accept', 'assignBuses', 'requestCancel'],
    buses: [bus('White Bus', 35, 520, 'Sara Nasser', '+971 55 200 3344')],
  },
  // This week on the dispatch board: fleet buses and drivers are linked by fleet/fleet.seed.ts.
  {
    ...GREENFIELD,
    type: 'Academic Trip',
    destination: 'Central Library',
    inDays: 0,
    // the day of travel as a newcomer opens the demo: its bus leaves soon (at 09:00, a demo opened after ten showed a
    // late bus and its alerts to every console, the driver's day already over)
    times: 'later today',
    students: 20,
    staff: 2,
    path: ['accept', 'assignBuses'],
    buses: [bus('White Bus', 30, 300, 'Sara Nasser', '+971 55 200 3344')],
  },
  {
    ...GREENFIELD,
    type: 'Day Trip',
    destination: 'Aquarium of the Gulf',
    inDays: 1,
    times: ['08:30 AM', '01:00 PM'],
    students: 40,
    staff: 4,
    path: ['accept', 'assignBuses'],
    buses: [bus('External Yellow Bus', 45, 560, 'Hassan Qureshi', '+971 50 321 7788')],
  },
  {
    ...GREENFIELD,
    type: 'Day Trip',
    destination: 'Eco Farm Workshop',
    inDays: 2,
    times: ['08:00 AM', '02:00 PM'],
    students: 28,
    staff: 3,
    path: ['accept', 'assignBuses'],
    buses: [bus('White Bus', 35, 450, 'Layla Aziz', '+971 52 640 1122')],
  },
  {
    // Accepted with no bus two days out: the board's "Needs a bus" lane and an alert in the bell.
    ...GREENFIELD,
    type: 'Academic Trip',
    destination: 'Space Museum',
    inDays: 2,
    times: ['10:00 AM', '03:00 PM'],
    students: 35,
    staff: 3,
    path: ['accept'],
  },
  {
    ...RIVERSIDE,
    type: 'Academic Trip',
    destination: 'Camel Racing Museum',
    inDays: 1,
    times: ['09:00 AM', '02:00 PM'],
    students: 24,
    staff: 2,
    path: ['accept', 'assignBuses'],
    buses: [bus('White Bus', 30, 380, 'Karim Saleh', '+971 56 444 5566')],
  },
  {
    ...RIVERSIDE,
    type: 'Academic Trip',
    destination: 'Robotics Fair',
    inDays: 3,
    times: ['10:00 AM', '04:00 PM'],
    students: 45,
    staff: 4,
    path: ['accept', 'assignBuses'],
    buses: [bus('Internal Yellow Bus', 50, 640, 'Mona Said', '+971 50 778 9900')],
  },
  {
    ...RIVERSIDE,
    type: 'Boarding House Trip',
    destination: 'Mountain Lodge',
    inDays: 5,
    nights: 2,
    times: ['07:30 AM', '05:00 PM'],
    students: 40,
    staff: 4,
    notes: 'Weekend stay; luggage space needed.',
    path: ['accept'],
  },
  {
    ...RIVERSIDE,
    type: 'Sports Trip',
    destination: 'National Stadium',
    inDays: 1,
    times: ['10:00 AM', '04:00 PM'],
    students: 18,
    staff: 2,
    path: [],
  },
  {
    ...RIVERSIDE,
    type: 'Day Trip',
    destination: 'Desert Safari Camp',
    inDays: 12,
    times: ['01:00 PM', '08:00 PM'],
    students: 55,
    staff: 6,
    path: ['reject'],
    notes: 'Rejected: no coaches free that evening.',
  },
  {
    ...RIVERSIDE,
    type: 'Academic Trip',
    destination: 'Heritage Village',
    inDays: -2,
    times: ['08:45 AM', '12:45 PM'],
    students: 30,
    staff: 3,
    path: ['cancel'],
  },
  {
    ...RIVERSIDE,
    type: 'Academic Trip',
    destination: 'Marine Research Institute',
    inDays: 20,
    times: ['09:00 AM', '02:00 PM'],
    students: 26,
    staff: 2,
    path: ['accept', 'assignBuses', 'editRequest'],
    buses: [bus('External Yellow Bus', 30, 500, 'Karim Saleh', '+971 56 444 5566')],
    notes: 'Edit request: 26 students instead of 24.',
  },
  {
    // Requested by the trip manager, so that account sees its own trip (trip managers see those they requested).
    ...RIVERSIDE,
    requester: 'manager@demo.test',
    type: 'Academic Trip',
    destination: 'Inter-school Debate Finals',
    inDays: 16,
    times: ['11:00 AM', '05:30 PM'],
    students: 12,
    staff: 2,
    path: [],
  },
  {
    ...NORTHWIND,
    type: 'Sports Trip',
    destination: 'Lakeside Rowing Club',
    inDays: 4,
    times: ['07:00 AM', '11:30 AM'],
    students: 16,
    staff: 2,
    path: ['accept', 'assignBuses'],
    buses: [bus('White Bus', 20, 300, 'Nick Ferris', '+1 555 0100')],
    passengers: ['Ella Brooks', 'Finn Walsh'],
  },
  {
    ...NORTHWIND,
    type: 'Academic Trip',
    destination: 'Planetarium',
    inDays: 8,
    times: ['10:30 AM', '02:30 PM'],
    students: 44,
    staff: 4,
    path: [],
  },
  {
    ...NORTHWIND,
    type: 'Day Trip',
    destination: 'Harbour Ferry Tour',
    inDays: -10,
    times: ['09:00 AM', '03:30 PM'],
    students: 32,
    staff: 3,
    path: ['accept', 'assignBuses', 'complete'],
    buses: [bus('Internal Yellow Bus', 40, 700, 'Nick Ferris', '+1 555 0100')],
    paid: false,
  },
];

/** A trip run and billed: requested, accepted, given its buses and completed; `paid` when its invoice was paid. */
const billed = (
  party: typeof GREENFIELD,
  type: TripType,
  destination: string,
  inDays: number,
  passengers: [students: number, staff: number],
  buses: BusAssignment[],
  paid: boolean,
): TripSeed => ({
  ...party,
  type,
  destination,
  inDays,
  times: ['08:00 AM', '02:00 PM'],
  students: passengers[0],
  staff: passengers[1],
  path: ['accept', 'assignBuses', 'complete'],
  buses,
  paid,
});

/**
 * A term of trips already run and billed (docs/running.md, "Demo data"): four months back, so Finance has invoices of
 * every age: paid ones, and unpaid ones from just past due to over two months overdue.
 */
const BILLED: TripSeed[] = [
  billed(
    GREENFIELD,
    'Academic Trip',
    'Louvre Abu Dhabi',
    -125,
    [44, 4],
    [bus('Internal Yellow Bus', 56, 1150, 'Omar Haddad', '+971 50 111 2233')],
    false,
  ),
  billed(
    RIVERSIDE,
    'Day Trip',
    'Al Ain Zoo',
    -110,
    [61, 5],
    [bus('Internal Yellow Bus', 40, 780, 'Rami Saleh', '+971 50 333 4455'), bus('White Bus', 30, 640, 'Hana Qasim', '+971 55 444 5566')],
    false,
  ),
  billed(RIVERSIDE, 'Academic Trip', 'Etihad Museum', -104, [28, 3], [bus('White Bus', 35, 560, 'Rami Saleh', '+971 50 333 4455')], true),
  billed(
    GREENFIELD,
    'Day Trip',
    'Sharjah Aquarium',
    -89,
    [36, 3],
    [bus('Internal Yellow Bus', 56, 720, 'Sara Nasser', '+971 55 200 3344')],
    false,
  ),
  billed(
    GREENFIELD,
    'Day Trip',
    'Hatta Dam',
    -75,
    [52, 6],
    [bus('Internal Yellow Bus', 56, 1380, 'Omar Haddad', '+971 50 111 2233'), bus('White Bus', 30, 690, 'Sara Nasser', '+971 55 200 3344')],
    true,
  ),
  billed(
    RIVERSIDE,
    'Academic Trip',
    'Expo City Dubai',
    -62,
    [33, 3],
    [bus('Internal Yellow Bus', 40, 940, 'Hana Qasim', '+971 55 444 5566')],
    false,
  ),
  billed(RIVERSIDE, 'Day Trip', 'Dubai Frame', -48, [24, 2], [bus('White Bus', 30, 480, 'Rami Saleh', '+971 50 333 4455')], true),
  billed(
    GREENFIELD,
    'Sports Trip',
    'Hamdan Sports Complex',
    -40,
    [18, 2],
    [bus('White Bus', 30, 450, 'Sara Nasser', '+971 55 200 3344')],
    false,
  ),
  billed(
    RIVERSIDE,
    'Academic Trip',
    'Dubai Science Park',
    -33,
    [30, 3],
    [bus('White Bus', 35, 520, 'Hana Qasim', '+971 55 444 5566')],
    false,
  ),
];

interface HistoryStep {
  action: TripHistoryAction;
  from: TripStatus | null;
  to: TripStatus;
  fields: string[];
  actor: User;
}

/**
 * Times of a trip leaving about an hour from `now`, on the half hour, for three hours: between 07:00 and 21:00 (a demo
 * started late in the evening finds it already gone), back by 23:30 at the latest.
 */
export function laterToday(now: dayjs.Dayjs): [string, string] {
  const minutes = now.hour() * 60 + now.minute();
  const leaves = Math.min(Math.max(Math.ceil((minutes + 60) / 30) * 30, 7 * 60), 21 * 60);
  const back = Math.min(leaves + 180, 23 * 60 + 30);
  const at = (m: number) => now.startOf('day').add(m, 'minute').format('hh:mm A');
  return [at(leaves), at(back)];
}

export const seedDemoTrips: DemoSeeder = async (tx: EntityManager, refs: DemoRefs) => {
  const today = dayjs().startOf('day');
  const companyUser = (company: string) =>
    Object.values(refs.users).find((u) => u.role === 'bus_company' && u.activeOrgId === refs.orgs[company].id);
  // Seeded oldest first, so ids (the list order) follow the request dates.
  const ordered = [...TRIPS, ...BILLED].sort((a, b) => a.inDays - b.inDays);
  for (const seed of ordered) {
    const school = refs.orgs[seed.school];
    const requester = refs.users[seed.requester];
    const dispatcher = companyUser(seed.company) ?? requester;
    const admin = Object.values(refs.users).find((u) => u.role === 'admin' && u.tenantId === school.tenantId) ?? requester;
    const departure = today.add(seed.inDays, 'day');
    const [departureTime, returnTime] = seed.times === 'later today' ? laterToday(dayjs()) : seed.times;

    // Replay the path to find the final state and its history.
    let status = 'Pending' as TripStatus;
    let before: TripStatus | null = null;
    const steps: HistoryStep[] = [{ action: 'request', from: null, to: 'Pending', fields: [], actor: requester }];
    const move = (action: TripHistoryAction, to: TripStatus, fields: string[], actor: User) => {
      steps.push({ action, from: status, to, fields, actor });
      status = to;
    };
    for (const step of seed.path) {
      if (step === 'accept') move('accept', 'Accepted', ['status', 'busCompanyOrgId'], dispatcher);
      if (step === 'reject') move('reject', 'Rejected', ['status'], dispatcher);
      if (step === 'assignBuses') move('assignBuses', 'Confirmed', ['status', 'busInfo', 'driverInfo', 'price', 'buses'], dispatcher);
      if (step === 'complete') move('complete', 'Completed', ['status'], dispatcher);
      if (step === 'cancel') move('cancel', 'Canceled', ['status'], requester);
      if (step === 'editRequest') move('edit', 'Pending', ['students', 'status', 'editRequest'], requester);
      if (step === 'requestCancel') {
        before = status;
        move('requestCancel', 'Cancel Requested', ['status', 'cancelRequest', 'statusBeforeCancelRequest'], requester);
      }
    }
    if (seed.paid) steps.push({ action: 'markPaid', from: status, to: status, fields: ['paid'], actor: admin });

    const buses = seed.buses ?? [];
    const assigned = seed.path.includes('accept');
    const trip = await tx.save(
      tx.create(Trip, {
        tenantId: school.tenantId,
        schoolOrgId: school.id,
        busCompanyOrgId: assigned ? refs.orgs[seed.company].id : null,
        createdById: requester.id,
        createdBy: requester.name,
        createdByEmail: requester.email,
        tripType: seed.type,
        customType: seed.customType ?? null,
        origin: 'School',
        destination: seed.destination,
        departureDate: departure.format('YYYY-MM-DD'),
        departureTime,
        returnDate: departure.add(seed.nights ?? 0, 'day').format('YYYY-MM-DD'),
        returnTime,
        students: seed.students,
        staff: seed.staff,
        notes: seed.notes ?? null,
        boosterSeatsRequested: seed.booster !== undefined,
        boosterSeatCount: seed.booster ?? 0,
        status,
        statusBeforeCancelRequest: before,
        cancelRequest: status === 'Cancel Requested',
        editRequest: seed.path.includes('editRequest'),
        buses,
        busInfo: buses.length
          ? { busType: [...new Set(buses.map((b) => b.busType))].join(', '), seats: buses.reduce((n, b) => n + b.busSeats, 0) }
          : null,
        driverInfo: buses.length ? { name: buses[0].driverName ?? null, mobile: buses[0].driverPhone ?? null } : null,
        price: buses.reduce((n, b) => n + (b.tripPrice ?? 0), 0).toFixed(2),
        paid: seed.paid ?? false,
        deleted: false,
        version: steps.length,
      }),
    );
    await tx.insert(
      TripHistory,
      steps.map((s) => ({
        tripId: trip.id,
        action: s.action,
        fromStatus: s.from,
        toStatus: s.to,
        fields: s.fields,
        actorId: s.actor.id,
        actorName: s.actor.name,
      })),
    );
    if (buses.length > 0) await tx.insert(Subtrip, { tripId: trip.id, buses, createdById: dispatcher.id, createdBy: dispatcher.name });
    if (seed.passengers?.length) {
      await tx.insert(
        Passenger,
        seed.passengers.map((fullName, i) => ({
          tripId: trip.id,
          fullName,
          guardianName: `Guardian of ${fullName.split(' ')[0]}`,
          guardianPhone: `+971 50 900 ${String(1000 + i)}`,
          pickupPoint: i % 2 === 0 ? 'Main gate' : 'North car park',
          dropoffPoint: 'Main gate',
          notes: null,
          checkedIn: status === 'Completed',
          createdById: requester.id,
        })),
      );
    }
  }
};
