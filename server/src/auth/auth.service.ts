import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Messages } from '../contracts/messages';
import type { LoginResponse, ProfileDto } from '../contracts/wire';
import { UnitOfWork } from '../database/unit-of-work';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { LoginBody, RegisterBody } from './auth.schemas';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';
import { SessionsService } from './sessions.service';

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Tenant) private readonly tenants: Repository<Tenant>,
    private readonly usersService: UsersService,
    private readonly sessions: SessionsService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async login(body: LoginBody): Promise<LoginResponse> {
    const user = await this.users.findOne({
      where: { email: body.email },
      select: { id: true, passwordHash: true, status: true, sessionGeneration: true, role: true, fleetDriverId: true },
    });
    const ok = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), body.password);
    if (!user || !ok) throw new UnauthorizedException(Messages.badCredentials);
    // Only after the password matched, so the message does not reveal who has an account.
    if (user.status !== 'approved') throw new ForbiddenException(Messages.awaitingApproval);
    await this.sessions.refuseDriverOutOfService(user);
    return { token: this.sessions.issue(user), user: await this.usersService.profile(user.id) };
  }

  async register(body: RegisterBody): Promise<{ message: string; user: ProfileDto }> {
    const slug = body.tenant || this.config.defaultTenant;
    const tenant = await this.tenants.findOne({ where: { slug } });
    if (!tenant) throw new NotFoundException(Messages.unknownTenant);
    if (await this.users.existsBy({ email: body.email })) throw new ConflictException(Messages.emailTaken);
    const passwordHash = await hashPassword(body.password);
    const newcomer = { name: body.name, email: body.email, passwordHash, role: body.role, status: 'pending' as const };
    const user = await this.unitOfWork.run(async ({ tx, publish }) => {
      const saved = await saveUnique(tx, tx.create(User, { ...newcomer, tenantId: tenant.id, activeOrgId: null }));
      const profile = await this.usersService.profile(saved.id, tx);
      // the tenant's admins see the newcomer in User Management and the pending count rise, without a reload
      publish('user.changed', { user: profile, tenantId: tenant.id, created: true });
      publish('users.pending-changed', { tenantId: tenant.id });
      return profile;
    });
    return { message: 'Registration successful! Wait for admin approval before logging in.', user };
  }

  session(user: AuthUser): Promise<ProfileDto> {
    return this.usersService.profile(user.id);
  }

  logout(user: AuthUser): Promise<void> {
    return this.sessions.revoke(user);
  }
}

// Two registrations racing for one address: the unique index decides, and the loser hears 409.
async function saveUnique(tx: EntityManager, user: User): Promise<User> {
  try {
    return await tx.save(user);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new ConflictException(Messages.emailTaken);
    throw e;
  }
}
