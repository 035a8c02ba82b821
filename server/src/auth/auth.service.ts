import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { DomainEvents } from '../common/domain-events';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Messages } from '../contracts/messages';
import type { LoginResponse, ProfileDto } from '../contracts/wire';
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
    private readonly events: DomainEvents,
  ) {}

  async login(body: LoginBody): Promise<LoginResponse> {
    const user = await this.users.findOne({
      where: { email: body.email },
      select: { id: true, passwordHash: true, status: true, sessionGeneration: true },
    });
    const ok = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), body.password);
    if (!user || !ok) throw new UnauthorizedException(Messages.badCredentials);
    // Only after the password matched, so the message does not reveal who has an account.
    if (user.status !== 'approved') throw new ForbiddenException(Messages.awaitingApproval);
    return { token: this.sessions.issue(user), user: await this.usersService.profile(user.id) };
  }

  async register(body: RegisterBody): Promise<{ message: string; user: ProfileDto }> {
    const slug = body.tenant || this.config.defaultTenant;
    const tenant = await this.tenants.findOne({ where: { slug } });
    if (!tenant) throw new NotFoundException(Messages.unknownTenant);
    if (await this.users.existsBy({ email: body.email })) throw new ConflictException(Messages.emailTaken);
    const passwordHash = await hashPassword(body.password);
    let saved: User;
    try {
      saved = await this.users.save(
        this.users.create({
          name: body.name,
          email: body.email,
          passwordHash,
          role: body.role,
          status: 'pending',
          tenantId: tenant.id,
          activeOrgId: null,
        }),
      );
    } catch (e) {
      // two registrations racing for one address: the unique index decides
      if ((e as { code?: string }).code === '23505') throw new ConflictException(Messages.emailTaken);
      throw e;
    }
    const user = await this.usersService.profile(saved.id);
    // the tenant's admins see the newcomer in User Management and the pending count rise, without a reload
    this.events.publish('user.changed', { user, tenantId: tenant.id });
    this.events.publish('users.pending-changed', { tenantId: tenant.id });
    return { message: 'Registration successful! Wait for admin approval before logging in.', user };
  }

  session(user: AuthUser): Promise<ProfileDto> {
    return this.usersService.profile(user.id);
  }

  logout(user: AuthUser): Promise<void> {
    return this.sessions.revoke(user);
  }
}
