import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from './auth/auth.module';
import { authThrottlers } from './auth/auth-throttler.guard';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { SharedThrottlerStorage, ThrottlerStorageModule } from './auth/redis-throttler.storage';
import { BookingsModule } from './bookings/bookings.module';
import { ClientErrorsModule } from './client-errors/client-errors.module';
import { CommonModule } from './common/common.module';
import { HttpErrorFilter } from './common/http-exception.filter';
import { RolesGuard } from './common/roles.guard';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DocsModule } from './docs/docs.module';
import { FleetModule } from './fleet/fleet.module';
import { HealthModule } from './health/health.module';
import { NoticesModule } from './notices/notices.module';
import { PermissionsModule } from './permissions/permissions.module';
import { ProgressModule } from './progress/progress.module';
import { RatesModule } from './rates/rates.module';
import { ApprovalsModule } from './approvals/approvals.module';
import { InvoicesModule } from './invoices/invoices.module';
import { RealtimeModule } from './realtime/realtime.module';
import { TenancyModule } from './tenancy/tenancy.module';
import { TripsModule } from './trips/trips.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        EventEmitterModule.forRoot(),
        ThrottlerModule.forRootAsync({
          imports: [ThrottlerStorageModule],
          inject: [SharedThrottlerStorage],
          useFactory: (storage: SharedThrottlerStorage) => ({
            throttlers: authThrottlers(config),
            storage,
          }),
        }),
        CommonModule,
        DatabaseModule,
        AuthModule,
        UsersModule,
        HealthModule,
        TenancyModule,
        BookingsModule,
        PermissionsModule,
        TripsModule,
        FleetModule,
        ProgressModule,
        RatesModule,
        ApprovalsModule,
        InvoicesModule,
        NoticesModule,
        RealtimeModule,
        DocsModule,
        ClientErrorsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
    };
  }
}
