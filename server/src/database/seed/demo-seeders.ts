import { seedDemoApprovals } from '../../approvals/approvals.seed';
import { seedDemoBookings } from '../../bookings/bookings.seed';
import { seedDemoFleet } from '../../fleet/fleet.seed';
import { seedDemoInvoices } from '../../invoices/invoices.seed';
import { seedDemoRates } from '../../rates/rates.seed';
import { seedDemoTrips } from '../../trips/trips.seed';
import type { DemoSeeder } from './demo.seed';

/** Feature seeds (trips, bookings, passengers, fleets) run after tenants, organizations and users; fleets link the seeded trips. */
export const DEMO_SEEDERS: DemoSeeder[] = [
  seedDemoBookings,
  seedDemoTrips,
  seedDemoFleet,
  seedDemoRates,
  seedDemoApprovals,
  seedDemoInvoices,
];
