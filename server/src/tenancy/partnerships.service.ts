import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { GlobalAdminMessages as M, type PartnershipDto } from '../contracts/global-admin';
import type { OrgType } from '../contracts/roles';
import { UnitOfWork } from '../database/unit-of-work';
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
    private readonly tenants: TenantsService,
    private readonly unitOfWork: UnitOfWork,
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

  /** A partnership links one school to one bus company, both of the tenant; each pair exists once. */
  async create(caller: AuthUser, body: CreatePartnershipBody): Promise<PartnershipDto> {
    const tenantId = await this.tenants.named(caller, body.tenant_id);
    return this.unitOfWork.run(async ({ tx, publish }) => {
      await this.checkOrg(tx, tenantId, body.school_org_id, 'school', M.partnershipSchoolInvalid);
      await this.checkOrg(tx, tenantId, body.bus_company_org_id, 'bus_company', M.partnershipBusInvalid);
      const pair = { schoolOrgId: body.school_org_id, busCompanyOrgId: body.bus_company_org_id };
      if (await tx.existsBy(Partnership, pair)) throw new ConflictException(M.partnershipExists);
      const id = await this.saveUnique(tx, tx.create(Partnership, { tenantId, ...pair }));
      const partnership = toPartnershipDto(await tx.findOneOrFail(Partnership, { where: { id }, relations: withNames }));
      publish('partnership.created', { partnership, tenantId });
      return partnership;
    });
  }

  async remove(caller: AuthUser, id: number): Promise<void> {
    const row = await this.partnerships.findOne({ where: { id }, relations: withNames });
    if (!row || (!isPlatformAdmin(caller) && row.tenantId !== caller.tenantId)) throw new NotFoundException(M.partnershipNotFound);
    await this.unitOfWork.run(async ({ tx, publish }) => {
      const { affected } = await tx.delete(Partnership, { id });
      // Removed by someone else a moment ago: already gone, and already announced.
      if (affected === 0) return;
      publish('partnership.deleted', { partnership: toPartnershipDto(row), tenantId: row.tenantId });
    });
  }

  // The same pair added twice at once: the unique index decides, and the loser hears 409.
  private async saveUnique(tx: EntityManager, partnership: Partnership): Promise<number> {
    try {
      return (await tx.save(partnership)).id;
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException(M.partnershipExists);
      throw e;
    }
  }

  private async checkOrg(tx: EntityManager, tenantId: number, id: number, type: OrgType, message: string): Promise<void> {
    const org = await tx.findOne(Organization, { where: { id, tenantId } });
    if (!org || org.type !== type) throw new BadRequestException(message);
  }
}
