import { seedDemoBookings } from '../../bookings/bookings.seed';
import { seedDemoTrips } from '../../trips/trips.seed';
import type { DemoSeeder } from './demo.seed';

/** Feature seeds (trips, bookings, passengers) run after tenants, organizations and users. */
export const DEMO_SEEDERS: DemoSeeder[] = [seedDemoBookings, seedDemoTrips];
