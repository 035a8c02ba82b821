import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { GlobalAdminMessages as M, type OrganizationDto } from '../contracts/global-admin';
import type { OrgType } from '../contracts/roles';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { Organization } from './organization.entity';
import { Partnership } from './partnership.entity';
import { toOrganizationDto } from './tenancy.mapper';
import { type CreateOrgBody, orgSlugFrom, type UpdateOrgBody } from './tenancy.schemas';
import { TenantsService } from './tenants.service';
import { isUniqueViolation } from './unique-violation';

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
    private readonly tenants: TenantsService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** One tenant's organizations; a platform admin without tenant_id gets every tenant's. */
  async list(caller: AuthUser, tenantId: number | undefined): Promise<OrganizationDto[]> {
    const scope = await this.tenants.scope(caller, tenantId);
    const rows = await this.orgs.find({
      where: scope === undefined ? {} : { tenantId: scope },
      relations: { parent: true },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map(toOrganizationDto);
  }

  async create(caller: AuthUser, body: CreateOrgBody): Promise<OrganizationDto> {
    const tenantId = await this.tenants.named(caller, body.tenant_id);
    const slug = orgSlugFrom(body.slug, body.name);
    if (!slug) throw new BadRequestException(M.orgSlugEmpty);
    return this.unitOfWork.run(async (work) => {
      const { tx } = work;
      const parentOrgId = await this.checkedParent(tx, tenantId, body.type, body.parent_org_id ?? null);
      await this.checkSlugFree(tx, tenantId, slug);
      const org = tx.create(Organization, { tenantId, type: body.type, name: body.name, slug, code: body.code ?? null, parentOrgId });
      return this.announce(work, 'org.created', (await this.saveUnique(tx, org)).id);
    });
  }

  /** PATCH {name, type, slug, code, parent_org_id}: each field is optional; an organization never changes tenant. */
  async update(caller: AuthUser, id: number, body: UpdateOrgBody): Promise<OrganizationDto> {
    await this.visible(caller, id);
    return this.unitOfWork.run(async (work) => {
      const { tx } = work;
      const org = await tx.findOne(Organization, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!org) throw new NotFoundException(M.orgNotFound);
      const type = body.type ?? org.type;
      if (type !== org.type) await this.checkTypeChange(tx, org);
      if (body.name !== undefined) org.name = body.name;
      // A blank slug is taken from the name; an absent one is kept, so links stay stable on a rename.
      if (body.slug !== undefined) {
        const slug = orgSlugFrom(body.slug, org.name);
        if (!slug) throw new BadRequestException(M.orgSlugEmpty);
        if (slug !== org.slug) await this.checkSlugFree(tx, org.tenantId, slug);
        org.slug = slug;
      }
      if (body.code !== undefined) org.code = body.code;
      const parent = body.parent_org_id !== undefined ? body.parent_org_id : type === 'school' ? org.parentOrgId : null;
      org.parentOrgId = await this.checkedParent(tx, org.tenantId, type, parent, org.id);
      org.type = type;
      await this.saveUnique(tx, org);
      return this.announce(work, 'org.updated', id);
    });
  }

  /** The organization, if the caller may manage it; another tenant's answers 404 exactly as a missing one. */
  private async visible(caller: AuthUser, id: number): Promise<Organization> {
    const org = await this.orgs.findOne({ where: { id } });
    if (!org || (!isPlatformAdmin(caller) && org.tenantId !== caller.tenantId)) throw new NotFoundException(M.orgNotFound);
    return org;
  }

  // parent_org_id applies to schools only, and its choices are the tenant's edu groups.
  private async checkedParent(
    tx: EntityManager,
    tenantId: number,
    type: OrgType,
    parentId: number | null,
    selfId?: number,
  ): Promise<number | null> {
    if (parentId === null) return null;
    if (type !== 'school') throw new BadRequestException(M.parentSchoolOnly);
    if (parentId === selfId) throw new BadRequestException(M.parentMustBeEduGroup);
    const parent = await tx.findOne(Organization, { where: { id: parentId, tenantId } });
    if (!parent || parent.type !== 'edu_group') throw new BadRequestException(M.parentMustBeEduGroup);
    return parent.id;
  }

  // A type change must not leave schools under a non-group, nor partnerships linking the wrong kinds.
  private async checkTypeChange(tx: EntityManager, org: Organization): Promise<void> {
    if (org.type === 'edu_group' && (await tx.existsBy(Organization, { parentOrgId: org.id }))) {
      throw new ConflictException(M.orgHasChildren);
    }
    const partnered = await tx.exists(Partnership, { where: [{ schoolOrgId: org.id }, { busCompanyOrgId: org.id }] });
    if (partnered) throw new ConflictException(M.orgHasPartnerships);
  }

  private async checkSlugFree(tx: EntityManager, tenantId: number, slug: string): Promise<void> {
    if (await tx.existsBy(Organization, { tenantId, slug })) throw new ConflictException(M.orgSlugTaken);
  }

  // Two admins taking one slug at once: the unique index decides, and the loser hears 409.
  private async saveUnique(tx: EntityManager, org: Organization): Promise<Organization> {
    try {
      return await tx.save(org);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException(M.orgSlugTaken);
      throw e;
    }
  }

  /** Reads the row as written, with its parent's name, and tells the realtime module once it has committed. */
  private async announce({ tx, publish }: Work, event: 'org.created' | 'org.updated', id: number): Promise<OrganizationDto> {
    const org = toOrganizationDto(await tx.findOneOrFail(Organization, { where: { id }, relations: { parent: true } }));
    publish(event, { org, tenantId: org.tenant_id });
    return org;
  }
}
