import type { EntityManager } from 'typeorm';
import type { RateCardDto } from '../contracts/rates';
import type { BusType } from '../contracts/trip-wire';
import type { Organization } from '../tenancy/organization.entity';
import { RateCard } from './rate-card.entity';

/** Reads and writes of `rate_cards`: insert-only, newest version first. */

export function toRateCardDto(row: RateCard, company: Pick<Organization, 'name'>): RateCardDto {
  return {
    id: row.id,
    companyId: row.companyOrgId,
    companyName: company.name,
    tenantId: row.tenantId,
    version: row.version,
    currency: row.currency,
    vatBasisPoints: row.vatBasisPoints,
    dueDays: row.dueDays,
    lines: row.lines.map((l) => ({ ...l, busType: l.busType as BusType })),
    cancellationTiers: row.cancellationTiers,
    createdAt: row.createdAt.toISOString(),
    createdBy: { id: row.createdById, name: row.createdByName },
  };
}

export function rateCardVersions(em: EntityManager, companyOrgId: number): Promise<RateCard[]> {
  return em.find(RateCard, { where: { companyOrgId }, order: { version: 'DESC' } });
}

export function currentRateCard(em: EntityManager, companyOrgId: number): Promise<RateCard | null> {
  return em.findOne(RateCard, { where: { companyOrgId }, order: { version: 'DESC' } });
}

/**
 * Holds the company's row until the transaction ends, so that two changes of one card take turns: the second reads
 * the first's version and writes the one after it (docs/domain.md, "Rate cards").
 */
export async function lockCompanyForRates(tx: EntityManager, companyOrgId: number): Promise<void> {
  await tx.query(`SELECT "id" FROM "organizations" WHERE "id" = $1 FOR UPDATE`, [companyOrgId]);
}

export async function nextRateCardVersion(tx: EntityManager, companyOrgId: number): Promise<number> {
  const rows: { max: number | null }[] = await tx.query(`SELECT MAX("version") AS "max" FROM "rate_cards" WHERE "company_org_id" = $1`, [
    companyOrgId,
  ]);
  return Number(rows[0]?.max ?? 0) + 1;
}
