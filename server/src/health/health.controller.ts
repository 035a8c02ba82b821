import { Controller, Get, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../common/decorators';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { HealthDto } from '../contracts/wire';
import { ApiDoc } from '../docs/api-doc';
import { RedisLink } from '../infrastructure/redis/redis-link.service';
import { healthSchema } from '../docs/wire.schemas';

@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisLink,
  ) {}

  @Public()
  @Get()
  @ApiDoc({ summary: 'Whether the database and Redis answer.', response: healthSchema })
  async health(): Promise<HealthDto> {
    const database = await this.db
      .query('SELECT 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    // With REDIS_URL set the live events ride Socket.IO's Redis adapter (realtime/live-channel.service.ts); the link's
    // state says whether Redis really carries messages now (its probe, not only a connected socket).
    const rt: Pick<HealthDto, 'adapter' | 'redis'> = this.redis.enabled
      ? { adapter: 'redis', redis: this.redis.state === 'up' ? 'up' : 'down' }
      : { adapter: 'memory', redis: 'disabled' };
    return {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      databaseDriver: this.config.databaseUrl ? 'postgres' : 'pglite',
      ...rt,
    };
  }
}
