import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { FleetMessages as FM } from '../contracts/fleet-messages';
import { canManageFleet } from '../contracts/fleet-rules';
import { Messages } from '../contracts/messages';
import { DEFAULT_DUE_DAYS, type RateCardDto } from '../contracts/rates';
import { UnitOfWork } from '../database/unit-of-work';
import { Organization } from '../tenancy/organization.entity';
import { RateCard } from './rate-card.entity';
import { currentRateCard, lockCompanyForRates, nextRateCardVersion, rateCardVersions, toRateCardDto } from './rate-card.repository';
import type { RateCardInput, RateQuery } from './rates.schemas';

/**
 * A bus company's rate card (docs/domain.md, "Rate cards"), with exactly the rights of its fleet: its dispatchers,
 * the tenant's admins, platform admins (canManageFleet). Every change inserts the next version; nothing is updated
 * or deleted. `rates.updated` goes out after the commit.
 */
@Injectable()
export class RatesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The newest version, or null while the company has none (the Rates screen then offers a first card). */
  async current(caller: AuthUser, query: RateQuery): Promise<RateCardDto | null> {
    const company = await companyFor(this.db.manager, caller, query.companyId);
    const row = await currentRateCard(this.db.manager, company.id);
    return row ? toRateCardDto(row, company) : null;
  }

  async versions(caller: AuthUser, query: RateQuery): Promise<RateCardDto[]> {
    const company = await companyFor(this.db.manager, caller, query.companyId);
    return (await rateCardVersions(this.db.manager, company.id)).map((row) => toRateCardDto(row, company));
  }

  async replace(caller: AuthUser, body: RateCardInput): Promise<RateCardDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const company = await companyFor(tx, caller, body.companyId);
      await lockCompanyForRates(tx, company.id);
      const { companyId: _companyId, ...card } = body;
      const saved = await tx.save(
        tx.create(RateCard, {
          ...card,
          dueDays: card.dueDays ?? DEFAULT_DUE_DAYS,
          lines: card.lines as RateCard['lines'],
          tenantId: company.tenantId,
          companyOrgId: company.id,
          version: await nextRateCardVersion(tx, company.id),
          createdById: caller.id,
          createdByName: caller.name,
        }),
      );
      const rateCard = toRateCardDto(saved, company);
      publish('rates.updated', { rateCard, tenantId: company.tenantId, companyOrgId: company.id });
      return rateCard;
    });
  }
}

/**
 * The bus company a rate call works on, resolved like the fleet's: a dispatcher's own (naming another: 404); an admin
 * must name one they manage (none: 400; another tenant's, a school, a missing one: 404); everyone else 403.
 */
async function companyFor(em: EntityManager, caller: AuthUser, requested: number | undefined): Promise<Organization> {
  if (caller.role === 'bus_company') {
    const own = caller.activeOrgId === null ? null : await em.findOneBy(Organization, { id: caller.activeOrgId });
    if (!own || own.type !== 'bus_company' || own.tenantId !== caller.tenantId) throw new ForbiddenException(FM.noCompany);
    if (requested !== undefined && requested !== own.id) throw new NotFoundException(FM.companyNotFound);
    return own;
  }
  if (caller.role !== 'admin') throw new ForbiddenException(Messages.forbidden);
  if (requested === undefined) throw new BadRequestException(FM.companyRequired);
  const company = await em.findOneBy(Organization, { id: requested });
  if (!company || company.type !== 'bus_company' || !canManageFleet(caller, company)) throw new NotFoundException(FM.companyNotFound);
  return company;
}
