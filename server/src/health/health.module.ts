import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { HealthController } from './health.controller';

// RealtimeModule provides REALTIME_STATUS: which socket adapter runs and whether Redis answers.
@Module({ imports: [RealtimeModule], controllers: [HealthController] })
export class HealthModule {}
