import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, DriversToo, Public } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { RegistrationLimit, SignInLimit } from './auth-throttler.guard';
import { type LoginBody, loginSchema, type RegisterBody, registerSchema } from './auth.schemas';
import { AuthService } from './auth.service';
import { MicrosoftSignInService } from './microsoft-sign-in.service';
import { ApiDoc } from '../docs/api-doc';
import { loginResponseSchema, registerResponseSchema, sessionSchema } from '../docs/wire.schemas';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly microsoft: MicrosoftSignInService,
  ) {}

  @Public()
  @SignInLimit()
  @Post('login')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Sign in with e-mail and password.',
    response: loginResponseSchema,
    errors: { 401: 'Wrong e-mail or password.', 403: 'The account awaits approval, or is a driver out of service.' },
  })
  login(@Body(new ZodPipe(loginSchema)) body: LoginBody) {
    return this.auth.login(body);
  }

  /** Microsoft sign-in: the Microsoft access token as `Authorization: Bearer`, an empty JSON body. */
  @Public()
  @SignInLimit()
  @Post('login-microsoft')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Sign in with a Microsoft access token (empty JSON body).',
    response: loginResponseSchema,
    auth: 'microsoft',
    errors: {
      401: 'No token, or a token that does not verify.',
      403: 'The account awaits approval.',
      404: 'No account has this Microsoft identity or e-mail.',
      503: 'Microsoft sign-in is not configured.',
    },
  })
  loginMicrosoft(@Headers('authorization') authorization: string | undefined) {
    return this.microsoft.login(authorization);
  }

  @Public()
  @RegistrationLimit()
  @Post('register')
  @ApiDoc({
    summary: 'Register an account; it waits for an admin to approve it.',
    response: registerResponseSchema,
    errors: { 404: 'No organization tenant matches this invite.', 409: 'An account with this email already exists.' },
  })
  register(@Body(new ZodPipe(registerSchema)) body: RegisterBody) {
    return this.auth.register(body);
  }

  @Get('session')
  @DriversToo()
  @ApiDoc({ summary: 'The signed-in user.', response: sessionSchema })
  async session(@CurrentUser() user: AuthUser) {
    return { user: await this.auth.session(user) };
  }

  @Post('logout')
  @DriversToo()
  @HttpCode(204)
  @ApiDoc({ summary: 'Sign out: this token stops working at once, on every replica.', response: null })
  logout(@CurrentUser() user: AuthUser) {
    return this.auth.logout(user);
  }
}
