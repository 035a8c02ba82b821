import dayjs from 'dayjs';
import type { EntityManager } from 'typeorm';
import type { BookingPoint, BookingStatus } from '../contracts/bookings';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import { Booking } from './booking.entity';

interface BookingSeed {
  by: string;
  school: string | null;
  title: string;
  purpose: string;
  /** days from today */
  inDays: number;
  days?: number;
  start: string;
  end: string;
  students: number;
  adults: number;
  buses: number;
  busType: string;
  status: BookingStatus;
  pickup: BookingPoint[];
  dropoff: BookingPoint[];
}

const gate = (time: string): BookingPoint => ({ location: 'Main gate', address: null, time });

const BOOKINGS: BookingSeed[] = [
  {
    by: 'staff.greenfield@demo.test',
    school: 'greenfield',
    title: 'Science museum visit',
    purpose: 'Year 5 field trip',
    inDays: 9,
    start: '08:00 AM',
    end: '03:30 PM',
    students: 48,
    adults: 5,
    buses: 2,
    busType: 'Internal Yellow Bus',
    status: 'Requested',
    pickup: [gate('07:45 AM')],
    dropoff: [{ location: 'Science Museum', address: 'Museum Road 1', time: '08:30 AM' }],
  },
  {
    by: 'staff.greenfield@demo.test',
    school: 'greenfield',
    title: 'Swimming gala',
    purpose: 'Inter-school competition',
    inDays: 16,
    start: '09:00 AM',
    end: '01:00 PM',
    students: 22,
    adults: 3,
    buses: 1,
    busType: 'White Bus',
    status: 'approved',
    pickup: [gate('08:40 AM')],
    dropoff: [{ location: 'Aquatics Centre', address: null, time: '09:15 AM' }],
  },
  {
    by: 'staff.riverside@demo.test',
    school: 'riverside',
    title: 'Desert camp',
    purpose: 'Year 8 overnight camp',
    inDays: 23,
    days: 1,
    start: '07:30 AM',
    end: '05:00 PM',
    students: 60,
    adults: 6,
    buses: 2,
    busType: 'External Yellow Bus',
    status: 'approved',
    pickup: [gate('07:00 AM'), { location: 'Sports hall', address: null, time: '07:10 AM' }],
    dropoff: [{ location: 'Desert camp site', address: null, time: '09:00 AM' }],
  },
  {
    by: 'staff.riverside@demo.test',
    school: 'riverside',
    title: 'Theatre matinee',
    purpose: 'English literature',
    inDays: 5,
    start: '12:00 PM',
    end: '04:00 PM',
    students: 30,
    adults: 3,
    buses: 1,
    busType: 'White Bus',
    status: 'cancelled',
    pickup: [gate('11:45 AM')],
    dropoff: [{ location: 'City Theatre', address: null, time: '12:30 PM' }],
  },
  {
    by: 'manager@demo.test',
    school: 'riverside',
    title: 'Sports day shuttle',
    purpose: 'Shuttle between the two campuses',
    inDays: 12,
    start: '08:00 AM',
    end: '03:30 PM',
    students: 80,
    adults: 8,
    buses: 3,
    busType: 'Internal Yellow Bus',
    status: 'Requested',
    pickup: [gate('07:40 AM')],
    dropoff: [{ location: 'Greenfield Primary', address: null, time: '08:00 AM' }],
  },
];

/** A few bookings for Greenfield and Riverside in each status, dated from today so the board looks alive. */
export const seedDemoBookings: DemoSeeder = async (tx: EntityManager, refs: DemoRefs) => {
  const today = dayjs();
  for (const b of BOOKINGS) {
    const user = refs.users[b.by];
    const start = today.add(b.inDays, 'day');
    await tx.save(
      tx.create(Booking, {
        tenantId: refs.tenants.demo.id,
        schoolOrgId: b.school ? refs.orgs[b.school].id : null,
        title: b.title,
        purpose: b.purpose,
        date: start.format('YYYY-MM-DD'),
        startTime: b.start,
        endDate: start.add(b.days ?? 0, 'day').format('YYYY-MM-DD'),
        endTime: b.end,
        durationMinutes: null,
        students: b.students,
        adults: b.adults,
        pickupPoints: b.pickup,
        dropoffPoints: b.dropoff,
        busesRequested: b.buses,
        busType: b.busType,
        notes: null,
        createdBy: user.name,
        createdByEmail: user.email,
        createdById: user.id,
        status: b.status,
      }),
    );
  }
};
