import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { DomainEvents } from '../common/domain-events';
import { GlobalAdminMessages as M } from '../contracts/global-admin';
import { Messages } from '../contracts/messages';
import type { TenantDto } from '../contracts/wire';
import { toTenantDto } from './tenancy.mapper';
import type { CreateTenantBody, UpdateTenantBody } from './tenancy.schemas';
import { Tenant } from './tenant.entity';
import { isUniqueViolation } from './unique-violation';

@Injectable()
export class TenantsService {
  constructor(
    @InjectRepository(Tenant) private readonly tenants: Repository<Tenant>,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The tenant a call works on (DESIGN §3). A platform admin may name any existing tenant, or none
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

  /** A platform admin lists every tenant; a tenant admin only their own (DESIGN §3 Global Admin). */
  async list(caller: AuthUser): Promise<TenantDto[]> {
    const rows = await this.tenants.find({
      where: isPlatformAdmin(caller) ? {} : { id: caller.tenantId ?? -1 },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map(toTenantDto);
  }

  /** Creating a tenant is for platform admins only (DESIGN §3). */
  async create(caller: AuthUser, body: CreateTenantBody): Promise<TenantDto> {
    if (!isPlatformAdmin(caller)) throw new ForbiddenException(M.onlyPlatformCreatesTenants);
    if (await this.tenants.existsBy({ slug: body.slug })) throw new ConflictException(M.tenantSlugTaken);
    const tenant = await this.saveUnique(this.tenants.create({ name: body.name, slug: body.slug }));
    const dto = toTenantDto(tenant);
    this.events.publish('tenant.created', { tenant: dto });
    return dto;
  }

  /**
   * A platform admin renames any tenant. A tenant admin may rename their own tenant, but not change its
   * slug: the slug is the tenant's invite link and registration key (DESIGN §5), so moving it is a
   * platform decision. Sending the unchanged slug (as the inline edit does) is fine.
   */
  async update(caller: AuthUser, id: number, body: UpdateTenantBody): Promise<TenantDto> {
    const tenant = await this.tenants.findOne({ where: { id } });
    if (!tenant || (!isPlatformAdmin(caller) && tenant.id !== caller.tenantId)) throw new NotFoundException(M.tenantNotFound);
    if (body.slug !== undefined && body.slug !== tenant.slug) {
      if (!isPlatformAdmin(caller)) throw new ForbiddenException(M.onlyPlatformChangesSlug);
      if (await this.tenants.existsBy({ slug: body.slug })) throw new ConflictException(M.tenantSlugTaken);
      tenant.slug = body.slug;
    }
    if (body.name !== undefined) tenant.name = body.name;
    const dto = toTenantDto(await this.saveUnique(tenant));
    this.events.publish('tenant.updated', { tenant: dto });
    return dto;
  }

  // Two admins claiming one slug at once: the unique index decides, and the loser hears 409.
  private async saveUnique(tenant: Tenant): Promise<Tenant> {
    try {
      return await this.tenants.save(tenant);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException(M.tenantSlugTaken);
      throw e;
    }
  }
}
