import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import type { PermissionMatrixDto } from '../contracts/permissions';
import { UnitOfWork } from '../database/unit-of-work';
import { TenantsService } from '../tenancy/tenants.service';
import { PermissionMatrix } from './permission-matrix.entity';
import { toPermissionMatrixDto, toStoredRoles } from './permissions.mapper';
import { PermissionMessages as M, type PutPermissionsBody } from './permissions.schemas';

@Injectable()
export class PermissionsService {
  constructor(
    @InjectRepository(PermissionMatrix) private readonly matrices: Repository<PermissionMatrix>,
    private readonly tenants: TenantsService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The tenant's matrix, or the default when no admin has saved one yet (nothing is written on a read). */
  async get(caller: AuthUser, tenantId: number | undefined): Promise<PermissionMatrixDto> {
    const tenant = await this.tenantOf(caller, tenantId);
    return toPermissionMatrixDto(await this.matrices.findOne({ where: { tenantId: tenant } }));
  }

  /** Replaces the whole matrix in one statement (an upsert), so two admins saving at once leave one whole matrix. */
  async put(caller: AuthUser, tenantId: number | undefined, body: PutPermissionsBody): Promise<PermissionMatrixDto> {
    const tenant = await this.tenantOf(caller, tenantId);
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const matrix = { tenantId: tenant, roles: toStoredRoles(body.roles), updatedById: caller.id, updatedAt: new Date() };
      await tx.upsert(PermissionMatrix, matrix, ['tenantId']);
      const permissions = toPermissionMatrixDto(await tx.findOneOrFail(PermissionMatrix, { where: { tenantId: tenant } }));
      publish('permissions.updated', { tenantId: tenant, permissions });
      return permissions;
    });
  }

  // A platform admin has no tenant of their own and must name one; others work in theirs (another: 404).
  private async tenantOf(caller: AuthUser, requested: number | undefined): Promise<number> {
    if (isPlatformAdmin(caller) && requested === undefined) throw new BadRequestException(M.tenantRequired);
    const tenant = await this.tenants.scope(caller, requested);
    if (tenant === undefined) throw new BadRequestException(M.tenantRequired);
    return tenant;
  }
}
