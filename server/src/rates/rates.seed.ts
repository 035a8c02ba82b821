import type { EntityManager } from 'typeorm';
import type { RateLine } from '../contracts/rates';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import { RateCard } from './rate-card.entity';

const line = (busType: RateLine['busType'], hourlyRate: number, perKmRate: number): RateLine => ({
  busType,
  hourlyRate,
  minimumMinutes: 180,
  includedKm: 100,
  perKmRate,
  minutesBefore: 30,
  minutesAfter: 30,
});

/** Each demo company's rates (fils): AED 150–260 an hour by bus type, 3 hours at least, 100 km included. */
const CARDS: Record<string, RateLine[]> = {
  desertStar: [line('Internal Yellow Bus', 22_000, 300), line('External Yellow Bus', 20_000, 300), line('White Bus', 15_000, 250)],
  falcon: [line('Internal Yellow Bus', 26_000, 350), line('White Bus', 18_000, 300)],
  northwindCoaches: [line('Internal Yellow Bus', 21_000, 280), line('White Bus', 16_000, 260)],
};

/**
 * Demo rate cards (docs/running.md, "Demo data"): one version for each demo company, AED with VAT at 5 %, and the usual
 * cancellation tiers (nothing until 72 hours before departure, half within 72 hours, all within 24), so a request shows
 * an estimate from the start.
 */
export const seedDemoRates: DemoSeeder = async (tx: EntityManager, refs: DemoRefs) => {
  const admins = Object.values(refs.users).filter((u) => u.role === 'admin' && u.tenantId !== null);
  await tx.insert(
    RateCard,
    Object.entries(CARDS).map(([key, lines]) => {
      const company = refs.orgs[key];
      const admin = admins.find((a) => a.tenantId === company.tenantId);
      return {
        tenantId: company.tenantId,
        companyOrgId: company.id,
        version: 1,
        currency: 'AED',
        vatBasisPoints: 500,
        lines,
        cancellationTiers: [
          { hoursBefore: 72, percent: 50 },
          { hoursBefore: 24, percent: 100 },
        ],
        createdById: admin?.id ?? null,
        createdByName: admin?.name ?? 'Demo',
      };
    }),
  );
};
