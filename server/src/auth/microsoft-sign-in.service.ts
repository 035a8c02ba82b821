import {
  ForbiddenException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Messages } from '../contracts/messages';
import type { LoginResponse } from '../contracts/wire';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { MicrosoftTokenError, type MicrosoftTokenProblem } from './microsoft-token';
import { MicrosoftTokenVerifier } from './microsoft-token.verifier';
import { SessionsService } from './sessions.service';

const REFUSALS: Record<MicrosoftTokenProblem, () => HttpException> = {
  invalid: () => new UnauthorizedException(Messages.microsoftTokenInvalid),
  expired: () => new UnauthorizedException(Messages.microsoftTokenExpired),
  audience: () => new UnauthorizedException(Messages.microsoftWrongAudience),
  scope: () => new UnauthorizedException(Messages.microsoftWrongAudience),
  issuer: () => new UnauthorizedException(Messages.microsoftWrongIssuer),
  'no-email': () => new UnauthorizedException(Messages.microsoftNoEmail),
  unavailable: () => new ServiceUnavailableException(Messages.microsoftUnavailable),
};

/**
 * `POST /auth/login-microsoft`: a verified Microsoft access token signs in the approved
 * user with that e-mail, answering `{token, user}` exactly as `POST /auth/login` does.
 */
@Injectable()
export class MicrosoftSignInService {
  private readonly logger = new Logger('MicrosoftSignIn');

  constructor(
    private readonly verifier: MicrosoftTokenVerifier,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly usersService: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  async login(authorization: string | undefined): Promise<LoginResponse> {
    if (!this.verifier.configured) throw new ServiceUnavailableException(Messages.microsoftNotConfigured);
    const [scheme, token, ...rest] = (authorization ?? '').trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) throw new UnauthorizedException(Messages.microsoftTokenMissing);

    let email: string;
    try {
      ({ email } = await this.verifier.verify(token));
    } catch (e) {
      if (!(e instanceof MicrosoftTokenError)) throw e;
      // Why a token was refused helps whoever configures the app registration; the token itself is never logged.
      if (e.problem === 'unavailable') this.logger.warn(`Microsoft key set unavailable: ${e.message}`);
      else this.logger.log(`Microsoft token refused: ${e.message}`);
      throw REFUSALS[e.problem]();
    }

    const user = await this.users.findOne({
      where: { email },
      select: { id: true, status: true, sessionGeneration: true, role: true, fleetDriverId: true },
    });
    if (!user) throw new NotFoundException(Messages.microsoftNoAccount);
    if (user.status !== 'approved') throw new ForbiddenException(Messages.awaitingApproval);
    await this.sessions.refuseDriverOutOfService(user);
    return { token: this.sessions.issue(user), user: await this.usersService.profile(user.id) };
  }
}
