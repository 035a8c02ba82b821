import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { DomainEvents } from '../common/domain-events';
import { GlobalAdminMessages as M, type PartnershipDto } from '../contracts/global-admin';
import type { OrgType } from '../contracts/roles';
import { Organization } from './organization.entity';
import { Partnership } from './partnership.entity';
import { toPartnershipDto } from './tenancy.mapper';
import type { CreatePartnershipBody } from './tenancy.schemas';
import { TenantsService } from './tenants.service';
import { isUniqueViolation } from './unique-violation';

const withNames = { schoolOrg: true, busCompany: true } as const;

@Injectable()
export class PartnershipsService {
  constructor(
    @InjectRepository(Partnership) private readonly partnerships: Repository<Partnership>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly tenants: TenantsService,
    private readonly events: DomainEvents,
  ) {}

  async list(caller: AuthUser, tenantId: number | undefined): Promise<PartnershipDto[]> {
    const scope = await this.tenants.scope(caller, tenantId);
    const rows = await this.partnerships.find({
      where: scope === undefined ? {} : { tenantId: scope },
      relations: withNames,
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toPartnershipDto);
  }

  /** spec §2 Partnerships: one school to one bus company, both of the tenant, each pair once. */
  async create(caller: AuthUser, body: CreatePartnershipBody): Promise<PartnershipDto> {
    const tenantId = await this.tenants.named(caller, body.tenant_id);
    const id = await this.db.transaction(async (tx) => {
      await this.checkOrg(tx, tenantId, body.school_org_id, 'school', M.partnershipSchoolInvalid);
      await this.checkOrg(tx, tenantId, body.bus_company_org_id, 'bus_company', M.partnershipBusInvalid);
      const pair = { schoolOrgId: body.school_org_id, busCompanyOrgId: body.bus_company_org_id };
      if (await tx.existsBy(Partnership, pair)) throw new ConflictException(M.partnershipExists);
      try {
        return (await tx.save(tx.create(Partnership, { tenantId, ...pair }))).id;
      } catch (e) {
        // the same pair added twice at once: the unique index decides
        if (isUniqueViolation(e)) throw new ConflictException(M.partnershipExists);
        throw e;
      }
    });
    const partnership = toPartnershipDto(await this.partnerships.findOneOrFail({ where: { id }, relations: withNames }));
    this.events.publish('partnership.created', { partnership, tenantId });
    return partnership;
  }

  async remove(caller: AuthUser, id: number): Promise<void> {
    const row = await this.partnerships.findOne({ where: { id }, relations: withNames });
    if (!row || (!isPlatformAdmin(caller) && row.tenantId !== caller.tenantId)) throw new NotFoundException(M.partnershipNotFound);
    const { affected } = await this.partnerships.delete({ id });
    // Removed by someone else a moment ago: already gone, and already announced.
    if (affected === 0) return;
    this.events.publish('partnership.deleted', { partnership: toPartnershipDto(row), tenantId: row.tenantId });
  }

  private async checkOrg(tx: EntityManager, tenantId: number, id: number, type: OrgType, message: string): Promise<void> {
    const org = await tx.findOne(Organization, { where: { id, tenantId } });
    if (!org || org.type !== type) throw new BadRequestException(message);
  }
}
