import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { GlobalAdminMessages as M } from '../contracts/global-admin';
import { Messages } from '../contracts/messages';
import type { TenantDto } from '../contracts/wire';
import { UnitOfWork } from '../database/unit-of-work';
import { toTenantDto } from './tenancy.mapper';
import type { CreateTenantBody, UpdateTenantBody } from './tenancy.schemas';
import { Tenant } from './tenant.entity';
import { isUniqueViolation } from './unique-violation';

@Injectable()
export class TenantsService {
  constructor(
    @InjectRepository(Tenant) private readonly tenants: Repository<Tenant>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * The tenant a call works on (docs/domain.md, tenancy). A platform admin may name any existing tenant, or none
   * (every tenant: `undefined`); anyone else works in their own, and naming another tenant answers
   * 404, exactly as a missing one.
   */
  async scope(caller: AuthUser, requested: number | undefined): Promise<number | undefined> {
    if (isPlatformAdmin(caller)) {
      if (requested === undefined) return undefined;
      if (!(await this.tenants.existsBy({ id: requested }))) throw new NotFoundException(M.tenantNotFound);
      return requested;
    }
    // Only platform admins are without a tenant; anyone else without one reaches nothing.
    if (caller.tenantId === null) throw new ForbiddenException(Messages.forbidden);
    if (requested !== undefined && requested !== caller.tenantId) throw new NotFoundException(M.tenantNotFound);
    return caller.tenantId;
  }

  /** Like `scope`, for a call that must name its tenant (a write, or a platform admin's read). */
  async named(caller: AuthUser, requested: number): Promise<number> {
    return (await this.scope(caller, requested)) ?? requested;
  }

  /** A platform admin lists every tenant; a tenant admin only their own. */
  async list(caller: AuthUser): Promise<TenantDto[]> {
    const rows = await this.tenants.find({
      where: isPlatformAdmin(caller) ? {} : { id: caller.tenantId ?? -1 },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map(toTenantDto);
  }

  /** Creating a tenant is for platform admins only. */
  async create(caller: AuthUser, body: CreateTenantBody): Promise<TenantDto> {
    if (!isPlatformAdmin(caller)) throw new ForbiddenException(M.onlyPlatformCreatesTenants);
    return this.unitOfWork.run(async ({ tx, publish }) => {
      if (await tx.existsBy(Tenant, { slug: body.slug })) throw new ConflictException(M.tenantSlugTaken);
      const dto = toTenantDto(await this.saveUnique(tx, tx.create(Tenant, { name: body.name, slug: body.slug })));
      publish('tenant.created', { tenant: dto });
      return dto;
    });
  }

  /**
   * A platform admin renames any tenant. A tenant admin may rename their own tenant, but not change its
   * slug: the slug is the tenant's invite link and registration key, so moving it is a
   * platform decision. Sending the unchanged slug (as the inline edit does) is fine.
   */
  async update(caller: AuthUser, id: number, body: UpdateTenantBody): Promise<TenantDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const tenant = await tx.findOne(Tenant, { where: { id } });
      if (!tenant || (!isPlatformAdmin(caller) && tenant.id !== caller.tenantId)) throw new NotFoundException(M.tenantNotFound);
      if (body.slug !== undefined && body.slug !== tenant.slug) {
        if (!isPlatformAdmin(caller)) throw new ForbiddenException(M.onlyPlatformChangesSlug);
        if (await tx.existsBy(Tenant, { slug: body.slug })) throw new ConflictException(M.tenantSlugTaken);
        tenant.slug = body.slug;
      }
      if (body.name !== undefined) tenant.name = body.name;
      const dto = toTenantDto(await this.saveUnique(tx, tenant));
      publish('tenant.updated', { tenant: dto });
      return dto;
    });
  }

  // Two admins claiming one slug at once: the unique index decides, and the loser hears 409.
  private async saveUnique(tx: EntityManager, tenant: Tenant): Promise<Tenant> {
    try {
      return await tx.save(tenant);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException(M.tenantSlugTaken);
      throw e;
    }
  }
}
