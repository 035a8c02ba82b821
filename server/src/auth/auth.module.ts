import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisModule } from '../infrastructure/redis/redis.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DriverSignUpController } from './driver-sign-up.controller';
import { DriverSignUpService } from './driver-sign-up.service';
import { MicrosoftSignInService } from './microsoft-sign-in.service';
import { MicrosoftTokenVerifier } from './microsoft-token.verifier';
import { SessionSync } from './session-sync.service';
import { SessionsService, signingKey, TOKEN_ALGORITHM } from './sessions.service';

@Module({
  imports: [
    UsersModule,
    RedisModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: signingKey(config.jwtSecret), signOptions: { algorithm: TOKEN_ALGORITHM } }),
    }),
  ],
  controllers: [AuthController, DriverSignUpController],
  providers: [AuthService, SessionsService, SessionSync, MicrosoftSignInService, MicrosoftTokenVerifier, DriverSignUpService],
  exports: [SessionsService],
})
export class AuthModule {}
