import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { MicrosoftSignInService } from './microsoft-sign-in.service';
import { MicrosoftTokenVerifier } from './microsoft-token.verifier';
import { SessionsService } from './sessions.service';

@Module({
  imports: [
    UsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A KeyObject, not the string: given a string, jsonwebtoken first tries it as a public key (which throws and
      // is caught) on every verification, about 50x slower per request and per socket handshake.
      useFactory: (config: AppConfig) => ({ secret: createSecretKey(Buffer.from(config.jwtSecret)), signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, SessionsService, MicrosoftSignInService, MicrosoftTokenVerifier],
  exports: [SessionsService],
})
export class AuthModule {}
