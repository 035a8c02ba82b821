import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DriverInviteInfoDto } from '../contracts/driver-wire';
import { localDate } from '../contracts/fleet-rules';
import type { LoginResponse } from '../contracts/wire';
import { UnitOfWork } from '../database/unit-of-work';
import { FleetDriver } from '../fleet/driver.entity';
import { DriverInvite } from '../fleet/driver-invite.entity';
import { DriverInviteMessages as M } from '../fleet/driver-invite.messages';
import { inviteByHash, touchDriver } from '../fleet/driver-invite.repository';
import { inviteTokenHash, looksLikeInviteToken } from '../fleet/driver-invite.tokens';
import { lockFleetRow, readDriver } from '../fleet/repository/fleet-read.repository';
import { Organization } from '../tenancy/organization.entity';
import { isUniqueViolation } from '../tenancy/unique-violation';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { DriverSignUpInput } from './auth.schemas';
import { hashPassword } from './passwords';
import { SessionsService } from './sessions.service';

/**
 * The public half of a driver's invitation (docs/domain.md, "Drivers"): whose link it is, and the sign-up that makes
 * the driver's account and signs them in. A link is unknown or replaced (404), used (409) or expired (400); only an
 * open one of a driver in service makes an account, once, under a lock on the invitation.
 */
@Injectable()
export class DriverSignUpService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly usersService: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  async info(token: string): Promise<DriverInviteInfoDto> {
    const { invite, driver } = await this.openInvite(this.db.manager, token, false);
    const company = await this.db.manager.findOneBy(Organization, { id: driver.companyOrgId });
    return {
      driverName: driver.name,
      companyName: company?.name ?? '',
      email: invite.email,
      expiresAt: invite.expiresAt.toISOString(),
    };
  }

  /**
   * Makes the driver's account (role driver, approved, in the driver's company) and marks the link used, in one
   * transaction: a refusal writes nothing. Answers exactly as POST /auth/login does.
   */
  async signUp(token: string, body: DriverSignUpInput): Promise<LoginResponse> {
    if (!looksLikeInviteToken(token)) throw new NotFoundException(M.inviteNotFound);
    const passwordHash = await hashPassword(body.password);
    const { user, profile } = await this.unitOfWork.run(async ({ tx, publish }) => {
      const { invite, driver } = await this.openInvite(tx, token, true);
      if (await tx.existsBy(User, { fleetDriverId: driver.id })) throw new ConflictException(M.inviteUsed);
      if (await tx.existsBy(User, { email: body.email })) throw new ConflictException(M.emailTaken);
      const saved = await saveAccount(
        tx,
        tx.create(User, {
          name: driver.name,
          email: body.email,
          passwordHash,
          role: 'driver',
          status: 'approved',
          tenantId: driver.tenantId,
          activeOrgId: driver.companyOrgId,
          fleetDriverId: driver.id,
        }),
      );
      await tx.update(DriverInvite, { id: invite.id }, { usedAt: new Date() });
      await touchDriver(tx, driver.id);
      const profile = await this.usersService.profile(saved.id, tx);
      // The tenant's admins see the new account in User Management; the Fleet screen shows the driver's account.
      publish('user.changed', { user: profile, tenantId: driver.tenantId, created: true });
      const dto = (await readDriver(tx, driver.id, localDate()))!;
      publish('fleet.updated', { driver: dto, tenantId: dto.tenantId, companyOrgId: dto.companyId });
      return { user: saved, profile };
    });
    return { token: this.sessions.issue(user), user: profile };
  }

  /** The open invitation of a token and its driver, in service; anything else is refused with the words the page shows. */
  private async openInvite(em: EntityManager, token: string, lock: boolean): Promise<{ invite: DriverInvite; driver: FleetDriver }> {
    if (!looksLikeInviteToken(token)) throw new NotFoundException(M.inviteNotFound);
    const invite = await inviteByHash(em, inviteTokenHash(token), lock);
    if (!invite || invite.voidedAt) throw new NotFoundException(M.inviteNotFound);
    if (invite.usedAt) throw new ConflictException(M.inviteUsed);
    if (invite.expiresAt.getTime() <= Date.now()) throw new BadRequestException(M.inviteExpired);
    // Locked too when signing up: a deactivation of the driver waits, then finds the new account and ends its sessions.
    const driver = lock ? await lockFleetRow(em, FleetDriver, invite.driverId) : await em.findOneBy(FleetDriver, { id: invite.driverId });
    if (!driver) throw new NotFoundException(M.inviteNotFound);
    if (!driver.active) throw new ConflictException(M.outOfService);
    return { invite, driver };
  }
}

/** Two sign-ups racing for one e-mail (or one driver): the unique index decides, and the loser hears 409. */
async function saveAccount(tx: EntityManager, user: User): Promise<User> {
  try {
    return await tx.save(user);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const constraint = (e as { driverError?: { constraint?: string } }).driverError?.constraint;
    throw new ConflictException(constraint === 'UQ_users_fleet_driver' ? M.inviteUsed : M.emailTaken);
  }
}
