import { Module } from '@nestjs/common';
import { RedisModule } from '../infrastructure/redis/redis.module';
import { HealthController } from './health.controller';

// The Redis link tells whether Redis answers (and so which adapter carries the live events).
@Module({ imports: [RedisModule], controllers: [HealthController] })
export class HealthModule {}
