import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../common/decorators';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { HealthDto } from '../contracts/wire';
import { REALTIME_STATUS, type RealtimeStatus } from '../realtime/realtime-status';
import { ApiDoc } from '../docs/api-doc';
import { healthSchema } from '../docs/wire.schemas';

@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(REALTIME_STATUS) private readonly realtime?: RealtimeStatus,
  ) {}

  @Public()
  @Get()
  @ApiDoc({ summary: 'Whether the database and Redis answer.', response: healthSchema })
  async health(): Promise<HealthDto> {
    const database = await this.db
      .query('SELECT 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const rt: Pick<HealthDto, 'adapter' | 'redis'> = this.realtime?.status() ?? {
      adapter: 'memory',
      redis: this.config.redisUrl ? 'down' : 'disabled',
    };
    return {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      databaseDriver: this.config.databaseUrl ? 'postgres' : 'pglite',
      ...rt,
    };
  }
}
