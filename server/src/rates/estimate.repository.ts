import type { EntityManager } from 'typeorm';
import { type BusOption, quoteTrip, type QuoteTrip, type TripEstimate } from '../contracts/pricing';
import type { BusType, TripFormFields } from '../contracts/trip-wire';
import { currentRateCard } from './rate-card.repository';

/**
 * The estimate of a trip's form as it stands (a request, an edit, a change approved): quoted on its distance and its
 * passengers, students and staff; none without a distance.
 */
export async function quoteForm(em: EntityManager, schoolOrgId: number, form: TripFormFields): Promise<TripEstimate | null> {
  if (form.distanceKm === null) return null;
  return estimateFor(em, schoolOrgId, { ...form, distanceKm: form.distanceKm, passengers: form.students + (form.staff ?? 0) });
}

/**
 * A trip's estimate (docs/domain.md, "Rate cards"): the school's partner companies, first by id, the first that has a
 * rate card pricing a bus type of its active fleet; the quote on that card's current version. Null: no partner prices
 * any bus it runs (the request goes on without an estimate).
 */
export async function estimateFor(em: EntityManager, schoolOrgId: number, trip: QuoteTrip): Promise<TripEstimate | null> {
  const partners = await em.query<{ id: number; name: string }[]>(
    `SELECT o.id, o.name FROM partnerships p JOIN organizations o ON o.id = p.bus_company_org_id WHERE p.school_org_id = $1 ORDER BY o.id`,
    [schoolOrgId],
  );
  for (const company of partners) {
    const card = await currentRateCard(em, company.id);
    if (!card) continue;
    const options = await em.query<{ bus_type: BusType; seats: number }[]>(
      `SELECT bus_type, max(seats)::int AS seats FROM fleet_buses WHERE company_org_id = $1 AND active GROUP BY bus_type ORDER BY bus_type`,
      [company.id],
    );
    const buses: BusOption[] = options.map((o) => ({ busType: o.bus_type, seats: Number(o.seats) }));
    const quote = quoteTrip(card, buses, trip);
    if (!quote) continue;
    return {
      companyId: company.id,
      companyName: company.name,
      rateCardId: card.id,
      rateCardVersion: card.version,
      quote,
      cancellationTiers: card.cancellationTiers,
    };
  }
  return null;
}
