import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { type ApprovalPolicyBody, type ApprovalPolicyDto, ApprovalMessages } from '../contracts/approvals';
import { UnitOfWork } from '../database/unit-of-work';
import { Organization } from '../tenancy/organization.entity';
import { ApprovalPolicy } from './approval-policy.entity';
import { policyOf, userNames } from './approvals.repository';

/** One of a school's staff, as the policy editor offers them as approvers. */
export interface SchoolStaffDto {
  id: number;
  name: string;
  email: string;
}

/**
 * A school's approval policy (docs/domain.md, "Approval at the school"): read by the tenant's admins, trip managers and
 * the school's own staff; changed by the tenant's admins and the school's current approvers. Approvers must be approved
 * staff of the school. A stale `version` answers 409 with the policy as it is.
 */
@Injectable()
export class ApprovalPolicyService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async get(caller: AuthUser, schoolOrgId: number): Promise<ApprovalPolicyDto> {
    const school = await this.readable(this.db.manager, caller, schoolOrgId);
    return this.dto(this.db.manager, school);
  }

  async staff(caller: AuthUser, schoolOrgId: number): Promise<SchoolStaffDto[]> {
    const school = await this.readable(this.db.manager, caller, schoolOrgId);
    return this.db.manager.query<SchoolStaffDto[]>(
      `SELECT id, name, email FROM users
        WHERE tenant_id = $1 AND role = 'school_staff' AND active_org_id = $2 AND status = 'approved' ORDER BY name, id`,
      [school.tenantId, school.id],
    );
  }

  async replace(caller: AuthUser, schoolOrgId: number, body: ApprovalPolicyBody): Promise<ApprovalPolicyDto> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const school = await this.school(tx, caller, schoolOrgId);
      // The row (when there is one) is locked, so two editors' versions are compared one after the other.
      const current = await tx
        .createQueryBuilder(ApprovalPolicy, 'p')
        .where('p.schoolOrgId = :id', { id: school.id })
        .setLock('pessimistic_write')
        .getOne();
      const approvers = new Set((current?.steps ?? []).flatMap((s) => s.approverIds));
      const admin = caller.role === 'admin';
      const approver = caller.role === 'school_staff' && caller.activeOrgId === school.id && approvers.has(caller.id);
      if (!admin && !approver) throw new ForbiddenException(ApprovalMessages.forbidden);
      const version = current?.version ?? 0;
      if (body.version !== undefined && body.version !== version) {
        throw new ConflictException({ message: ApprovalMessages.staleVersion, policy: await this.dto(tx, school) });
      }
      const named = [...new Set(body.steps.flatMap((s) => s.approverIds))];
      if (named.length > 0) {
        const [{ n }] = await tx.query<{ n: string | number }[]>(
          `SELECT count(*) AS n FROM users WHERE id = ANY($1::int[]) AND tenant_id = $2 AND role = 'school_staff' AND active_org_id = $3 AND status = 'approved'`,
          [named, school.tenantId, school.id],
        );
        if (Number(n) !== named.length) throw new BadRequestException(ApprovalMessages.approversNotStaff);
      }
      const steps = body.steps.map((s, i) => ({
        approverIds: [...new Set(s.approverIds)],
        aboveFils: i === 0 ? null : (s.aboveFils ?? null),
      }));
      await tx.upsert(
        ApprovalPolicy,
        {
          schoolOrgId: school.id,
          tenantId: school.tenantId,
          steps,
          budgetCodeRequired: body.budgetCodeRequired,
          reminderDays: body.reminderDays,
          expiryDays: body.expiryDays,
          version: version + 1,
          updatedById: caller.id,
          updatedBy: caller.name,
        },
        ['schoolOrgId'],
      );
      // Whoever was or is now named may see a different count.
      publish('approvals.recount', { tenantId: school.tenantId, userIds: [...new Set([...approvers, ...named])] });
      return this.dto(tx, school);
    });
  }

  /** The school, if it is one of the caller's tenant (else 404, as a missing one). */
  private async school(em: EntityManager, caller: AuthUser, schoolOrgId: number): Promise<Organization> {
    const school = await em.findOneBy(Organization, { id: schoolOrgId, type: 'school' });
    if (!school || (!isPlatformAdmin(caller) && school.tenantId !== caller.tenantId)) {
      throw new NotFoundException(ApprovalMessages.schoolNotFound);
    }
    return school;
  }

  /** The school, if the caller may read its policy: admins, trip managers, its own staff. */
  private async readable(em: EntityManager, caller: AuthUser, schoolOrgId: number): Promise<Organization> {
    const school = await this.school(em, caller, schoolOrgId);
    const ok =
      caller.role === 'admin' || caller.role === 'trip_manager' || (caller.role === 'school_staff' && caller.activeOrgId === school.id);
    if (!ok) throw new ForbiddenException(ApprovalMessages.forbiddenRead);
    return school;
  }

  private async dto(em: EntityManager, school: Organization): Promise<ApprovalPolicyDto> {
    const policy = await policyOf(em, school.id);
    const row = await em.findOneBy(ApprovalPolicy, { schoolOrgId: school.id });
    const names = await userNames(
      em,
      policy.steps.flatMap((s) => s.approverIds),
    );
    return {
      schoolOrgId: school.id,
      schoolName: school.name,
      steps: policy.steps,
      budgetCodeRequired: policy.budgetCodeRequired,
      reminderDays: policy.reminderDays,
      expiryDays: policy.expiryDays,
      approvers: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id),
      version: policy.version,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row ? { id: row.updatedById, name: row.updatedBy } : null,
    };
  }
}
