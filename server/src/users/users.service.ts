import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Repository } from 'typeorm';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { endOtherSessions } from '../auth/sessions.service';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { Messages } from '../contracts/messages';
import { ORG_TYPE_FOR_ROLE, type OrgType } from '../contracts/roles';
import type { EmailNoticePrefs } from '../contracts/notices';
import type { ProfileDto } from '../contracts/wire';
import { UnitOfWork } from '../database/unit-of-work';
import { DriverInviteMessages } from '../fleet/driver-invite.messages';
import { Organization } from '../tenancy/organization.entity';
import { User } from './user.entity';
import { toProfile } from './user.mapper';
import type { ApproveBody, UpdateMeBody, UpdateUserBody } from './users.schemas';

const withNames = { tenant: true, activeOrg: true } as const;

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The user as the console shows them; inside a unit of work, read through its transaction (`manager`). */
  async profile(id: number, manager: EntityManager = this.users.manager): Promise<ProfileDto> {
    const user = await manager.findOne(User, { where: { id }, relations: withNames });
    if (!user) throw new NotFoundException(Messages.userNotFound);
    return toProfile(user);
  }

  /** Admins list their tenant's users; a platform admin lists everyone, or one tenant. */
  async list(caller: AuthUser, tenantId?: number): Promise<ProfileDto[]> {
    const scope = isPlatformAdmin(caller) ? tenantId : (caller.tenantId ?? undefined);
    const rows = await this.users.find({
      where: scope === undefined ? {} : { tenantId: scope },
      relations: withNames,
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map(toProfile);
  }

  /** Oneself, or (admins) a user of one's tenant. Anyone else's id answers 404 like a missing one, so ids cannot be probed. */
  async get(caller: AuthUser, id: number): Promise<ProfileDto> {
    if (caller.id === id) return this.profile(id);
    if (caller.role !== 'admin') throw new NotFoundException(Messages.userNotFound);
    return toProfile(await this.visibleUser(caller, id));
  }

  async listPending(caller: AuthUser): Promise<ProfileDto[]> {
    const rows = await this.users.find({
      where: isPlatformAdmin(caller) ? { status: 'pending' } : { status: 'pending', tenantId: caller.tenantId ?? -1 },
      relations: withNames,
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toProfile);
  }

  pendingCount(tenantId: number | null): Promise<number> {
    return this.users.countBy({ status: 'pending', tenantId: tenantId ?? IsNull() });
  }

  /**
   * An admin's change. The organization must fit the role (ORG_TYPE_FOR_ROLE): one named that does not is a
   * 400; when only the role changes, an organization that no longer fits is let go (the console's user list
   * changes roles without naming organizations). A driver's role and company follow their fleet driver: only their
   * name and status change here.
   */
  async update(caller: AuthUser, id: number, body: UpdateUserBody): Promise<ProfileDto> {
    return this.change(caller, id, async (user, tx) => {
      if (user.role === 'driver') refuseDriverChange(user, body);
      if (body.role !== undefined) user.role = body.role;
      if (body.status !== undefined) user.status = body.status;
      if (body.name !== undefined) user.name = body.name;
      if (body.active_org_id !== undefined) user.activeOrgId = await this.checkedOrg(tx, user, body.active_org_id);
      else if (body.role !== undefined) user.activeOrgId = await this.orgStillFitting(tx, user);
    });
  }

  /**
   * Approval may set the organization, which must fit the role, as on PUT /users/{id}. A school staff member or a
   * dispatcher is approved only with their school or bus company (400 otherwise): without one they could do nothing.
   */
  async approve(caller: AuthUser, id: number, body: ApproveBody): Promise<ProfileDto> {
    return this.change(caller, id, async (user, tx) => {
      if (user.role === 'driver') refuseDriverChange(user, { active_org_id: body.active_org_id });
      user.status = 'approved';
      user.activeOrgId =
        body.active_org_id !== undefined ? await this.checkedOrg(tx, user, body.active_org_id) : await this.orgStillFitting(tx, user);
    });
  }

  /**
   * Declines a registration awaiting approval: the account is removed (it never signed in to anything), so the queue
   * does not only grow. An approved account cannot be declined (409); set it back to pending or change its role instead.
   */
  async decline(caller: AuthUser, id: number): Promise<void> {
    await this.visibleUser(caller, id);
    await this.unitOfWork.run(async ({ tx, publish }) => {
      const user = await tx.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new NotFoundException(Messages.userNotFound);
      if (user.status !== 'pending') throw new ConflictException(Messages.declineOnlyPending);
      await tx.delete(User, { id });
      publish('users.pending-changed', { tenantId: user.tenantId });
    });
  }

  /**
   * The settings screen: a new name, the notices taken by e-mail, and a new password given with the current one. A new password ends
   * every other session of the user (their tokens answer 401, their sockets close); the caller's stays.
   */
  async updateMe(caller: AuthUser, body: UpdateMeBody): Promise<ProfileDto> {
    const patch: Partial<User> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.password) {
      const stored = await this.users.findOne({ where: { id: caller.id }, select: { id: true, passwordHash: true } });
      if (!stored || !(await verifyPassword(stored.passwordHash, body.currentPassword ?? ''))) {
        throw new BadRequestException({ message: Messages.currentPasswordWrong, field: 'currentPassword' });
      }
      patch.passwordHash = await hashPassword(body.password);
    }
    return this.unitOfWork.run(async ({ tx, publish }) => {
      if (Object.keys(patch).length > 0) await tx.update(User, { id: caller.id }, patch);
      if (body.emailNotices) await chooseEmailNotices(tx, caller.id, body.emailNotices);
      if (patch.passwordHash) await endOtherSessions(tx, caller);
      const profile = await this.profile(caller.id, tx);
      publish('user.changed', { user: profile, tenantId: profile.tenant_id });
      if (patch.passwordHash) publish('sessions.ended', { userId: caller.id, keptJti: caller.jti });
      return profile;
    });
  }

  /** Loads a user the caller may manage (404 across tenants), applies the change under a row lock, then announces it. */
  private async change(caller: AuthUser, id: number, apply: (user: User, tx: EntityManager) => Promise<void>): Promise<ProfileDto> {
    await this.visibleUser(caller, id);
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const user = await tx.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new NotFoundException(Messages.userNotFound);
      const before = { role: user.role, tenantId: user.tenantId, activeOrgId: user.activeOrgId, status: user.status };
      await apply(user, tx);
      if (before.status === 'pending' && user.status === 'approved' && user.activeOrgId === null) {
        const needs = ORG_TYPE_FOR_ROLE[user.role];
        if (needs !== null) throw new BadRequestException(needs === 'school' ? Messages.approveNeedsSchool : Messages.approveNeedsCompany);
      }
      if (before.role === 'admin' && before.status === 'approved' && (user.role !== 'admin' || user.status !== 'approved')) {
        await this.keepOneAdmin(tx, user);
      }
      await tx.save(user);
      const profile = await this.profile(id, tx);
      publish('user.changed', { user: profile, tenantId: profile.tenant_id, previous: before });
      if (before.status !== profile.status) publish('users.pending-changed', { tenantId: profile.tenant_id });
      return profile;
    });
  }

  // Locks the tenant's approved admins so two demotions at once cannot both pass.
  private async keepOneAdmin(tx: EntityManager, user: User): Promise<void> {
    const admins = await tx.find(User, {
      where: { tenantId: user.tenantId ?? IsNull(), role: 'admin', status: 'approved' },
      lock: { mode: 'pessimistic_write' },
    });
    if (admins.filter((a) => a.id !== user.id).length === 0) throw new ConflictException(Messages.lastAdmin);
  }

  /** An organization named for the user: of their tenant, and of the kind their role works in. */
  private async checkedOrg(tx: EntityManager, user: User, orgId: number | null): Promise<number | null> {
    if (orgId === null) return null;
    const org = await tx.findOne(Organization, { where: { id: orgId } });
    if (!org || org.tenantId !== user.tenantId) throw new BadRequestException(Messages.orgNotInTenant);
    const wanted = ORG_TYPE_FOR_ROLE[user.role];
    if (org.type !== wanted) throw new BadRequestException(orgMismatch(wanted));
    return org.id;
  }

  /** The user's organization if it still fits their role, else none. */
  private async orgStillFitting(tx: EntityManager, user: User): Promise<number | null> {
    if (user.activeOrgId === null) return null;
    const org = await tx.findOne(Organization, { where: { id: user.activeOrgId }, select: { id: true, type: true, tenantId: true } });
    return org && org.tenantId === user.tenantId && org.type === ORG_TYPE_FOR_ROLE[user.role] ? org.id : null;
  }

  private async visibleUser(caller: AuthUser, id: number): Promise<User> {
    const user = await this.users.findOne({ where: { id }, relations: withNames });
    if (!user || (!isPlatformAdmin(caller) && user.tenantId !== caller.tenantId)) throw new NotFoundException(Messages.userNotFound);
    return user;
  }
}

/** A driver's role and company belong to their fleet driver (docs/domain.md, "Drivers"): naming others is a 400. */
function refuseDriverChange(user: User, body: UpdateUserBody): void {
  const otherRole = body.role !== undefined && body.role !== user.role;
  const otherOrg = body.active_org_id !== undefined && body.active_org_id !== user.activeOrgId;
  if (otherRole || otherOrg) throw new BadRequestException(DriverInviteMessages.driverAccountFixed);
}

function orgMismatch(wanted: OrgType | null): string {
  if (wanted === 'school') return Messages.orgMustBeSchool;
  if (wanted === 'bus_company') return Messages.orgMustBeBusCompany;
  return Messages.orgNotForRole;
}

/** Merges the notices named into the stored choice in one statement, so two tabs choosing at once both count. */
async function chooseEmailNotices(tx: EntityManager, userId: number, chosen: Partial<EmailNoticePrefs>): Promise<void> {
  await tx.query(`UPDATE users SET email_notices = COALESCE(email_notices, '{}'::jsonb) || $2::jsonb WHERE id = $1`, [
    userId,
    JSON.stringify(chosen),
  ]);
}
