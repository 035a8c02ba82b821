import { Module } from '@nestjs/common';
import { RedisLink } from './redis-link.service';

/**
 * The replica's one link to Redis (REDIS_URL), shared by every feature that needs it: the live events between
 * replicas and presence (realtime), the shared sign-in limits (auth). Infrastructure: it knows no feature.
 */
@Module({ providers: [RedisLink], exports: [RedisLink] })
export class RedisModule {}
