import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Public } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { RegistrationLimit, SignInLimit } from './auth-throttler.guard';
import { type LoginBody, loginSchema, type RegisterBody, registerSchema } from './auth.schemas';
import { AuthService } from './auth.service';
import { MicrosoftSignInService } from './microsoft-sign-in.service';

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
  login(@Body(new ZodPipe(loginSchema)) body: LoginBody) {
    return this.auth.login(body);
  }

  /** spec §7: the Microsoft access token as `Authorization: Bearer`, an empty JSON body. */
  @Public()
  @SignInLimit()
  @Post('login-microsoft')
  @HttpCode(200)
  loginMicrosoft(@Headers('authorization') authorization: string | undefined) {
    return this.microsoft.login(authorization);
  }

  @Public()
  @RegistrationLimit()
  @Post('register')
  register(@Body(new ZodPipe(registerSchema)) body: RegisterBody) {
    return this.auth.register(body);
  }

  @Get('session')
  async session(@CurrentUser() user: AuthUser) {
    return { user: await this.auth.session(user) };
  }

  @Post('logout')
  @HttpCode(204)
  logout(@CurrentUser() user: AuthUser) {
    return this.auth.logout(user);
  }
}
